import { reactive } from 'vue';
import { ApiError, type Api } from '../lib/api.ts';
import { openEventsSocket } from '../lib/events-socket.ts';
import type {
  AgentMessage,
  BootStatus,
  BootWarning,
  CoreEvent,
  ErrorPayload,
  PlanWaveRecord,
  SessionSummary,
} from '../lib/types.ts';
import {
  applyEvent,
  replayPatches,
  typingFromWorld,
  type EventOutcome,
  type Refetch,
} from './apply-event.ts';
import type { McpStatusView, PendingListing, StoredToolCall, Toast, ToolRow, World } from './world.ts';
import { toolRowFromStored } from './world.ts';

export interface VillageState {
  /** `connecting` until the first state fetch; `booting` while the core opens the village. */
  phase: 'connecting' | 'booting' | 'ready' | 'failed';
  bootError: ErrorPayload | null;
  /** What the village runs without (conversations not saved, the log refused), from boot_status. */
  bootWarnings: BootWarning[];
  connected: boolean;
  world: World | null;
  messages: AgentMessage[];
  toolRows: ToolRow[];
  typing: Record<string, boolean>;
  interrupting: Record<string, boolean>;
  pending: PendingListing;
  waves: PlanWaveRecord[];
  mcp: McpStatusView | null;
  session: SessionSummary | null;
  planReviewBypass: boolean;
  toasts: Toast[];
}

export type ToastSink = (outcome: NonNullable<EventOutcome['toast']>) => void;

/** The village as the UI sees it: socket first, then fetch, then apply what arrived meanwhile. */
export class VillageStore {
  readonly state: VillageState = reactive({
    phase: 'connecting',
    bootError: null,
    bootWarnings: [],
    connected: false,
    world: null,
    messages: [],
    toolRows: [],
    typing: {},
    interrupting: {},
    pending: { agents: [], total: 0 },
    waves: [],
    mcp: null,
    session: null,
    planReviewBypass: false,
    toasts: [],
  }) as VillageState;

  private queued: CoreEvent[] | null = null;
  private closeSocket: (() => void) | null = null;
  private toastSeq = 0;
  onToast: ToastSink | null = null;

  constructor(readonly api: Api) {}

  start(): void {
    this.closeSocket = openEventsSocket(this.api.token, {
      onOpen: () => {
        this.state.connected = true;
        void this.refreshAll();
      },
      onEvent: (event) => {
        if (this.queued) this.queued.push(event);
        else this.apply(event);
      },
      onClose: () => {
        this.state.connected = false;
      },
    });
  }

  stop(): void {
    this.closeSocket?.();
  }

  /** Waits for the core to open the village, then fetches everything; events queue meanwhile. */
  async refreshAll(): Promise<void> {
    this.queued ??= [];
    try {
      const ready = await this.waitForBoot();
      if (!ready) return;
      // One surface that fails (say mcp_status) is reported and the others still load.
      const surfaces: Refetch[] = ['world', 'messages', 'pending', 'waves', 'mcp', 'session'];
      const results = await Promise.allSettled(surfaces.map((r) => this.refetch(r)));
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') return;
        // Without the world there is nothing to draw; anything else shows as a toast.
        if (surfaces[i] === 'world') throw result.reason;
        this.toastError(result.reason);
      });
      this.state.planReviewBypass = (
        await this.api.call<{ enabled: boolean }>('get_plan_review_bypass')
      ).enabled;
      this.state.phase = 'ready';
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'IPC_FAILED') this.toastError(error);
    } finally {
      const queued = this.queued ?? [];
      this.queued = null;
      for (const event of queued) this.apply(event);
    }
  }

  private async waitForBoot(): Promise<boolean> {
    for (;;) {
      const status = await this.api.call<BootStatus>('boot_status');
      this.state.bootWarnings = status.warnings ?? [];
      if (status.ready) return true;
      if (status.error) {
        this.state.phase = 'failed';
        this.state.bootError = status.error;
        return false;
      }
      if (this.state.phase === 'connecting') this.state.phase = 'booting';
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async retryBoot(): Promise<void> {
    this.state.bootError = null;
    this.state.phase = 'booting';
    const status = await this.api.call<BootStatus>('retry_boot');
    this.state.bootWarnings = status.warnings ?? [];
    if (status.error) {
      this.state.phase = 'failed';
      this.state.bootError = status.error;
      return;
    }
    await this.refreshAll();
  }

  apply(event: CoreEvent): void {
    for (const seen of this.sinceFetch) seen.push(event);
    const outcome = applyEvent(this.state, event, Date.now());
    for (const what of outcome.refetch) void this.refetch(what).catch((error) => this.toastError(error));
    if (outcome.toast && this.onToast) this.onToast(outcome.toast);
  }

  /** Events seen while a world or message fetch is on its way (one list per fetch). */
  private readonly sinceFetch = new Set<CoreEvent[]>();

  /** Stores a fetched snapshot, then re-applies what happened meanwhile, so no newer event is lost. */
  private async fetchThenReplay<T>(load: () => Promise<T>, put: (value: T) => void): Promise<void> {
    const seen: CoreEvent[] = [];
    this.sinceFetch.add(seen);
    try {
      put(await load());
      replayPatches(this.state, seen, Date.now());
    } finally {
      this.sinceFetch.delete(seen);
    }
  }

  /**
   * The open conversation's stored tool rows replace the live ones (issue 22: rows survive reload,
   * resume and fork). Rows that arrive live during the fetch are kept when the store does not have them.
   */
  private async refetchToolRows(): Promise<void> {
    const stored = await this.api.call<StoredToolCall[]>('list_tool_calls', { limit: 5000 });
    const rows = stored.map(toolRowFromStored);
    const newest = rows.at(-1)?.tsMs ?? -Infinity;
    const later = this.state.toolRows.filter((r) => r.tsMs > newest);
    this.state.toolRows.splice(0, this.state.toolRows.length, ...rows, ...later);
  }

  async refetch(what: Refetch): Promise<void> {
    const s = this.state;
    switch (what) {
      case 'world':
        return this.fetchThenReplay(
          () => this.api.call<World>('get_world'),
          (world) => {
            s.world = world;
            typingFromWorld(s);
          },
        );
      case 'messages':
        return this.fetchThenReplay(
          () => this.api.call<AgentMessage[]>('list_messages', { limit: 5000 }),
          (messages) => s.messages.splice(0, s.messages.length, ...messages),
        ).then(() => this.refetchToolRows());
      case 'pending':
        s.pending = await this.api.call<PendingListing>('list_pending_commands');
        return;
      case 'waves':
        s.waves = await this.api.call<PlanWaveRecord[]>('list_plan_waves');
        return;
      case 'mcp':
        s.mcp = await this.api.call<McpStatusView>('mcp_status');
        return;
      case 'session':
        s.session = await this.api.call<SessionSummary | null>('current_session');
        return;
    }
  }

  /** Runs a command; a failure becomes a toast and `undefined` (the caller's state is untouched). */
  async run<T>(command: string, args: Record<string, unknown> = {}): Promise<T | undefined> {
    try {
      return await this.api.call<T>(command, args);
    } catch (error) {
      this.toastError(error);
      return undefined;
    }
  }

  /** Asks to interrupt a servant's turn; it stops at its next round boundary (ledger part 3, Spec 10). */
  async interrupt(agentId: string): Promise<void> {
    this.state.interrupting[agentId] = true;
    const result = await this.run<{ interrupted: boolean }>('interrupt_turn', { agentId });
    if (!result?.interrupted) delete this.state.interrupting[agentId];
  }

  toast(kind: Toast['kind'], text: string): void {
    const id = ++this.toastSeq;
    this.state.toasts.push({ id, kind, text });
    setTimeout(() => this.dismissToast(id), kind === 'error' ? 8000 : 5000);
  }

  dismissToast(id: number): void {
    const index = this.state.toasts.findIndex((t) => t.id === id);
    if (index >= 0) this.state.toasts.splice(index, 1);
  }

  /** Set by the app: turns an error into display text in the current language. */
  formatError: (payload: ErrorPayload) => string = (p) => p.message;

  toastError(error: unknown): void {
    const payload = error instanceof ApiError ? error.payload : null;
    this.toast('error', payload ? this.formatError(payload) : String((error as Error)?.message ?? error));
  }
}
