import type { BootStatus, BootWarning } from '../domain/boot.ts';
import { CoreError, isCoreError, type ErrorPayload } from '../domain/errors.ts';
import type { EventBus } from '../domain/events.ts';
import type { DiagLog } from '../diag/log.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { Orchestrator } from '../orchestrator/orchestrator.ts';
import { Sessions } from '../orchestrator/sessions.ts';
import { SessionStore, sessionStorePath } from '../store/index.ts';
import { VillageToolRegistry } from '../tools/registry.ts';
import { McpManager } from '../mcp/client/manager.ts';
// Not the door's index: it names the tool's module, which loads the SDK's server half at start.
import { McpDoor } from '../mcp/door/door-server.ts';
import { DoorSettingsStore } from '../mcp/door/door-settings.ts';
import { askExternal, noteRefusedExternalAttachment } from '../orchestrator/external-ask.ts';
import { bundledTools } from '../tools/bundled.ts';
import { PriceFetcher, PriceUrlStore } from '../price-table/index.ts';
import { openVillage } from '../world/open-village.ts';
import {
  attachmentGcLine,
  collectAttachments,
  type AttachmentGcOptions,
} from '../world/attachments/index.ts';
import { ProbeApprovals, probeApprovalsPath } from '../schedule/probe/index.ts';
import { startVillageScheduler } from '../schedule/village-scheduler.ts';
import { ScheduleStore } from '../schedule/store/schedule-store.ts';
import type { VillagePaths } from '../world/paths.ts';
import type { Language } from '../domain/enums.ts';
import type { ModelTemplate } from '../domain/template.ts';
import type { LlmBackend } from '../llm/backend.ts';
import type { AppContext } from './context.ts';
import { osTrash } from '../tools/file/file-remove.ts';
import type { BrowserService } from '../browser/service.ts';
import { dispatchBrowser } from '../browser/routes.ts';
import type { BrowserDispatch } from '../tools/browser/browser-tool.ts';

export interface BootDeps {
  paths: VillagePaths;
  log: DiagLog;
  events: EventBus;
  secrets: SecretStore;
  detectLanguage?: () => Language;
  /** Tests may route templates to scripted models; the HTTP/echo backends by default. */
  backendFor?: (template: ModelTemplate) => Promise<LlmBackend>;
  /** The MCP connect + handshake limit; the ledger's 30 s unless a test needs a short one. */
  mcpConnectTimeoutMs?: number;
  /** The browser control service the bundled `browser` tool drives (none: the tool answers that there is no browser). */
  browser?: BrowserService;
  /** Tests only: the CA a local https price table server is signed with (production trusts the system roots). */
  priceTableCa?: string;
  /** Tests only: smaller GC limits than the ledger's 30 days / 500 MB. */
  attachmentGc?: Pick<AttachmentGcOptions, 'maxAgeMs' | 'maxTotalBytes'>;
}

/** The door opens as its settings say; an unreadable settings file leaves it shut (one WARN). */
async function openDoor(store: DoorSettingsStore, door: McpDoor, log: DiagLog): Promise<void> {
  try {
    const read = await store.read();
    if (!read.readable) {
      log.warn(`mcp door: settings unreadable, the door stays shut: ${read.problem}`);
      return;
    }
    await door.apply(read.settings);
  } catch (error) {
    log.warn(`mcp door: not opened: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The startup attachment GC (ledger 凍結 8), once the session is open: what its messages reference
 * is kept from the size pass. One `attachment gc:` line; a failure (a planted link in place of the
 * folder, an unreadable session) is one WARN and nothing removed, never a failed boot.
 */
async function collectAttachmentsAtBoot(
  paths: VillagePaths,
  sessions: Sessions,
  log: DiagLog,
  limits: BootDeps['attachmentGc'],
): Promise<void> {
  try {
    const keep = await sessions.attachmentIdsInCurrentSession();
    const report = await collectAttachments(paths, { nowMs: Date.now(), keep, ...limits });
    log.note(attachmentGcLine(report));
  } catch (error) {
    const why = isCoreError(error) ? `${error.code}: ${error.message}` : ((error as Error).name ?? 'error');
    log.warn(`attachment gc: not run (${why})`);
  }
}

/**
 * The session store, or null (with one WARN and the reason) when it cannot be opened: the village
 * never fails to start for it, but says why in `boot_status` and in every sessions command.
 */
function openStore(
  paths: VillagePaths,
  log: DiagLog,
): { store: SessionStore | null; problem: string | null } {
  try {
    return {
      store: SessionStore.open(sessionStorePath(paths.workspace), { workspace: paths.workspace }),
      problem: null,
    };
  } catch (error) {
    // A refusal (CONFIG_IO: a planted link) says which file in its message; the rest name the step.
    const why = isCoreError(error) && error.code === 'CONFIG_IO' ? error.message : null;
    const problem = why ?? (error as CoreError).detail ?? (error as Error).name;
    log.warn(`session: store not opened (${problem}); conversations are not saved`);
    return { store: null, problem };
  }
}

/**
 * Initialisation runs in the background so `boot_status` can always answer. A failure (a corrupt
 * world.json, say) is kept and reported; nothing is overwritten, and `retry` runs init again once
 * the file is fixed.
 */
export class Boot {
  private context: AppContext | null = null;
  private failure: ErrorPayload | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly deps: BootDeps) {}

  start(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.running ??= this.init().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Runs init again after a failure; a ready village is left alone. */
  retry(): Promise<void> {
    if (this.context) return Promise.resolve();
    return this.start();
  }

  /**
   * Stops what the village is running: the door first (no new outside requests), then tickers and
   * turns, MCP servers, the store. An init still in progress is waited for, so nothing it starts
   * (the door, shared MCP servers) outlives the close.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => undefined);
    const context = this.context;
    if (!context) return;
    await context.door.close();
    context.scheduler.stop();
    await context.orchestrator.close();
    await context.mcp.close();
    context.sessions.close();
  }

  /** The browser routes in process, for the bundled tool: the same handlers as `/api/browser/*`. */
  private browserDispatch(): BrowserDispatch | undefined {
    const browser = this.deps.browser;
    if (!browser) return undefined;
    return (route, body, signal) => dispatchBrowser(browser, route, body, signal);
  }

  status(): BootStatus {
    const warnings: BootWarning[] = [];
    const storeProblem = this.context?.sessions.storeProblem ?? null;
    if (storeProblem !== null) warnings.push({ code: 'SESSION_STORE_FAILED', message: storeProblem });
    const logProblem = this.deps.log.problem?.() ?? null;
    if (logProblem !== null) warnings.push({ code: 'LOG_NOT_WRITTEN', message: logProblem });
    const schedulesBlocked = this.context?.schedules.store.blocked ?? null;
    if (schedulesBlocked !== null) {
      warnings.push({ code: 'SCHEDULE_STORE_BLOCKED', message: schedulesBlocked });
    }
    return { ready: this.context !== null, error: this.failure, warnings };
  }

  /** The context, or the error that says why there is none. */
  require(): AppContext {
    if (this.context) return this.context;
    if (this.failure) {
      throw new CoreError('BOOT_FAILED', this.failure.message, {
        detail: this.failure.detail,
        retryable: this.failure.retryable,
      });
    }
    throw new CoreError('NOT_READY', 'the village is still starting');
  }

  private async init(): Promise<void> {
    const { paths, log, events, secrets } = this.deps;
    try {
      const { village, villageId } = await openVillage(
        { paths, log, events, secrets },
        this.deps.detectLanguage,
      );
      const opened = openStore(paths, log);
      const sessions = new Sessions(
        opened.store,
        log,
        events,
        Sessions.exportsDir(paths.workspace),
        opened.problem,
      );
      const mcp = new McpManager({
        paths,
        log,
        onChange: () => events.emit({ type: 'mcpStatusChanged' }),
        ...(this.deps.mcpConnectTimeoutMs === undefined ? {} : { timeoutMs: this.deps.mcpConnectTimeoutMs }),
      });
      const orchestrator = new Orchestrator({
        village,
        paths,
        log,
        events,
        secrets,
        tools: new VillageToolRegistry(village, bundledTools(village, events, this.browserDispatch()), mcp),
        lifecycle: {
          agentStarted: (id) => void mcp.agentStarted(id),
          agentStopped: (id) => void mcp.agentStopped(id),
        },
        backendFor: this.deps.backendFor,
        turnSink: sessions,
        messageSink: sessions,
      });
      sessions.attach(orchestrator);
      await collectAttachmentsAtBoot(paths, sessions, log, this.deps.attachmentGc);
      orchestrator.startTicker();
      // Shared servers connect in the background: boot never waits on them (a turn does, briefly).
      void mcp.openShared();
      const doorSettings = new DoorSettingsStore(paths.mcpServerSettings);
      const door = new McpDoor({
        ask: (message, client, signal, attachment, onProgress) =>
          askExternal(orchestrator, client, message, signal, attachment ?? null, onProgress ?? null),
        language: () => orchestrator.language(),
        onAttachmentRefused: () => noteRefusedExternalAttachment(orchestrator),
        log,
      });
      await openDoor(doorSettings, door, log);
      // Nothing is fetched here: the fetcher only runs when the Fetch button sends its command.
      const priceUrls = new PriceUrlStore(paths.priceTableSettings);
      const download = this.deps.priceTableCa === undefined ? {} : { ca: this.deps.priceTableCa };
      const prices = new PriceFetcher({ urls: priceUrls, log, download });
      // After openVillage (village_id exists) and before any scheduler: entries are checked against
      // the agents that exist now.
      const scheduleStore = await ScheduleStore.open({
        workspace: paths.workspace,
        file: paths.schedules,
        log,
        agentExists: (id) => village.state.agents.some((a) => a.id === id),
      });
      // Approvals are per device (app data) and bound to this village's id (ledger part 3 §5).
      const approvals = new ProbeApprovals(probeApprovalsPath(paths.home), villageId);
      // Schedules run only while this server runs: a tick now, then one a minute until close.
      const scheduler = startVillageScheduler({
        orchestrator,
        sessions,
        schedules: scheduleStore,
        approvals,
        workspace: paths.workspace,
        log,
      });
      this.context = {
        paths,
        log,
        events,
        secrets,
        village,
        villageId,
        orchestrator,
        sessions,
        mcp,
        door,
        doorSettings,
        priceUrls,
        prices,
        schedules: {
          store: scheduleStore,
          approvals,
          runtime: scheduler.runtime,
          now: Date.now,
        },
        scheduler,
        trash: osTrash,
      };
      this.failure = null;
      log.note(`boot: ready agents=${village.state.agents.length} secrets=${secrets.kind}`);
    } catch (error) {
      // One shape whatever failed: boot_status and every refused command report the same payload.
      const message = error instanceof Error ? error.message : String(error);
      const cause = isCoreError(error) ? ` (${error.code})` : '';
      this.failure = {
        code: 'BOOT_FAILED',
        message: `the village could not be opened: ${message}`,
        detail: `fix it, then retry_boot (nothing was overwritten)${cause}`,
        agentId: null,
        retryable: true,
      };
      log.warn(`boot failed: ${this.failure.message}`);
    }
  }
}
