import type { Page } from 'playwright-core';
import type { DiagLog } from '../diag/log.ts';
import { CoreError } from '../domain/errors.ts';
import { playwrightStep } from './action-error.ts';
import { raceBudget, type Budget } from './budget.ts';
import { CdpConnection, CdpProtocolError } from './cdp-connection.ts';
import { ControlChannel, protocolError } from './control-channel.ts';
import { terminate, type TerminateReport } from './cdp-evaluate.ts';
import { ChromiumProcess, chromiumPath } from './chromium-process.ts';
import { emptyCounters, type BrowserCounters } from './counters.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, PlaywrightLink } from './playwright-link.ts';
import type { RoleRef } from './role-refs.ts';
import type { BrowserSettings, BrowserSettingsStore } from './settings.ts';
import type { BrowserStatus, ScreenshotResponse, SnapshotResponse, TabInfo } from './schemas.ts';
import { takeSnapshot } from './snapshot.ts';

/** How long a recovery waits for a watchdog session still attaching (normally it is there already). */
const WATCHDOG_WAIT_MS = 300;

export interface BrowserServiceOptions {
  log: DiagLog;
  settings: BrowserSettingsStore;
  executablePath?: string;
  /** The hard limit on Playwright's connect (a frozen renderer must not hang it). */
  connectTimeoutMs?: number;
  /** `auto`: CDP evaluate where it can, Playwright otherwise; `playwright`: Playwright only (the old path, for comparison). */
  evaluateEngine?: 'auto' | 'playwright';
}

interface Running {
  chromium: ChromiumProcess;
  control: ControlChannel;
  link: PlaywrightLink;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  title: string;
}

/** The refs of a tab's latest snapshot, and the page they were taken on. */
interface RefTable {
  url: string;
  refs: Record<string, RoleRef>;
}

/**
 * Owns one Chromium and everything done with it. Tabs are named by CDP `targetId`; tab bookkeeping
 * goes over a browser-level CDP socket of our own (it never waits on a page), page actions go
 * through Playwright, and `act:evaluate` through the isolated CDP engine (evaluate.ts).
 */
export class BrowserService {
  private running: Running | null = null;
  private starting: Promise<Running> | null = null;
  private focused: string | null = null;
  private readonly refTables = new Map<string, RefTable>();
  /**
   * A session per tab on the control socket, attached while the tab is well: a stuck page does
   * not finish attaching a new session, but an existing one still takes `Runtime.terminateExecution`.
   */
  private readonly watchdogs = new Map<string, Promise<string>>();
  readonly counters: BrowserCounters = emptyCounters();
  readonly log: DiagLog;
  readonly evaluateEngine: 'auto' | 'playwright';

  constructor(private readonly options: BrowserServiceOptions) {
    this.log = options.log;
    this.evaluateEngine = options.evaluateEngine ?? 'auto';
  }

  get executable(): string {
    return this.options.executablePath ?? chromiumPath();
  }

  settings(): Promise<BrowserSettings> {
    return this.options.settings.read();
  }

  async updateSettings(change: Partial<BrowserSettings>): Promise<BrowserSettings> {
    const next = await this.options.settings.update(change);
    this.log.note(`browser: settings evaluateEnabled=${String(next.evaluateEnabled)}`);
    return next;
  }

  /** The gate for caller-supplied scripts, checked before the tab is touched. */
  async requireEvaluateEnabled(what: string): Promise<void> {
    if (!(await this.settings()).evaluateEnabled) {
      throw new CoreError('BROWSER_EVALUATE_DISABLED', `${what} is turned off (evaluateEnabled is false)`, {
        detail: 'turn it on with POST /api/browser/settings {"evaluateEnabled": true}',
      });
    }
  }

  async status(): Promise<BrowserStatus> {
    const running = this.running;
    let tabs = 0;
    if (running) tabs = (await this.pageTargets(running.control).catch(() => [])).length;
    return {
      running: running !== null,
      pid: running?.chromium.pid ?? null,
      executable: this.executable,
      evaluateEnabled: (await this.settings()).evaluateEnabled,
      tabs,
      playwrightConnected: running?.link.isConnected ?? false,
    };
  }

  /** Starts Chromium once; a start while one is on its way joins it. */
  async start(): Promise<BrowserStatus> {
    await this.ensureRunning();
    return this.status();
  }

  private async ensureRunning(): Promise<Running> {
    if (this.running) return this.running;
    this.starting ??= this.launch().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  async stop(): Promise<BrowserStatus> {
    await this.starting?.catch(() => undefined);
    const running = this.running;
    if (running) {
      this.running = null;
      this.reset();
      running.control.close();
      running.link.retire();
      await running.chromium.close();
      this.log.note('browser: stopped');
    }
    return this.status();
  }

  /** The running browser, or BROWSER_NOT_RUNNING. */
  requireRunning(): Running {
    if (!this.running) {
      throw new CoreError('BROWSER_NOT_RUNNING', 'the browser is not running', {
        detail: 'start it first (POST /api/browser/start)',
      });
    }
    return this.running;
  }

  async tabs(): Promise<{ tabs: TabInfo[] }> {
    const running = this.requireRunning();
    const targets = await this.pageTargets(running.control);
    return {
      tabs: targets.map((t) => ({
        targetId: t.targetId,
        url: t.url,
        title: t.title,
        focused: t.targetId === this.focused,
      })),
    };
  }

  /** Opens a tab; with a URL it answers once the page has loaded (so a snapshot right after sees it). */
  async openTab(url: string | undefined, budget: Budget): Promise<{ targetId: string; url: string }> {
    const running = this.requireRunning();
    const { targetId } = await raceBudget(
      budget,
      'tabs/open',
      running.control
        .send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })
        .catch((error: unknown) => {
          throw protocolError(error, 'tabs/open');
        }),
    );
    this.focused = targetId;
    if (url === undefined) return { targetId, url: 'about:blank' };
    try {
      const loaded = await this.navigate(targetId, url, budget);
      return { targetId, url: loaded.url };
    } catch (error) {
      // The caller never learns this tab's id: it must not stay behind.
      void running.control.send('Target.closeTarget', { targetId }).catch(() => undefined);
      throw error;
    }
  }

  async focusTab(targetId: string): Promise<{ ok: true; targetId: string }> {
    const running = this.requireRunning();
    await this.requireTab(targetId);
    await running.control.send('Target.activateTarget', { targetId }).catch((error: unknown) => {
      throw protocolError(error, 'tabs/focus', targetId);
    });
    this.focused = targetId;
    return { ok: true, targetId };
  }

  /** Closes over CDP: works on a tab whose page is stuck in a script. */
  async closeTab(targetId: string): Promise<{ ok: true; targetId: string }> {
    const running = this.requireRunning();
    await this.requireTab(targetId);
    await running.control.send('Target.closeTarget', { targetId }).catch((error: unknown) => {
      throw protocolError(error, 'tabs/close', targetId);
    });
    this.refTables.delete(targetId);
    this.watchdogs.delete(targetId);
    // closeTarget answers before the target is gone; wait (briefly) so a stale id is stale at once.
    for (let i = 0; i < 40 && (await this.isListed(running.control, targetId)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (this.focused === targetId) this.focused = null;
    return { ok: true, targetId };
  }

  async navigate(
    targetId: string,
    url: string,
    budget: Budget,
  ): Promise<{ ok: true; targetId: string; url: string }> {
    const page = await this.page(targetId, budget, 'navigate');
    this.refTables.delete(targetId);
    await playwrightStep(budget, 'navigate', (timeout) => page.goto(url, { timeout, waitUntil: 'load' }));
    return { ok: true, targetId, url: page.url() };
  }

  async snapshot(targetId: string, selector: string | undefined, budget: Budget): Promise<SnapshotResponse> {
    const page = await this.page(targetId, budget, 'snapshot');
    const taken = await takeSnapshot({ page, selector, budget, browserWsUrl: this.browserWsUrl, targetId });
    this.refTables.set(targetId, { url: taken.url, refs: taken.refs });
    // The scope stays inside (it only builds the locator); the answer has the documented ref fields.
    const refs = Object.fromEntries(
      Object.entries(taken.refs).map(([ref, { scope: _scope, ...shown }]) => [ref, shown]),
    );
    return { targetId, url: taken.url, snapshot: taken.text, refs, mapped: taken.mapped };
  }

  async screenshot(targetId: string, fullPage: boolean, budget: Budget): Promise<ScreenshotResponse> {
    const page = await this.page(targetId, budget, 'screenshot');
    const bytes = await playwrightStep(budget, 'screenshot', (timeout) =>
      page.screenshot({ type: 'png', fullPage, timeout }),
    );
    return { targetId, url: page.url(), mimeType: 'image/png', base64: bytes.toString('base64') };
  }

  /**
   * The ref of the tab's latest snapshot; fails fast when there is none or the page has moved on
   * (`currentUrl`: what the caller already knows of the tab, so no extra lookup is made).
   */
  refFor(targetId: string, ref: string, currentUrl: string): RoleRef {
    const table = this.refTables.get(targetId);
    const entry = table?.refs[ref];
    if (!table || !entry) {
      throw new CoreError('BROWSER_REF_NOT_FOUND', `unknown ref ${ref} for this tab`, {
        detail: 'take a new snapshot',
      });
    }
    if (currentUrl !== table.url) {
      this.refTables.delete(targetId);
      throw new CoreError('BROWSER_REF_NOT_FOUND', `the page has changed since the snapshot (${ref})`, {
        detail: 'take a new snapshot',
      });
    }
    return entry;
  }

  /** The tab's CDP info; a stale id is "tab not found", never a guess by URL. */
  async requireTab(targetId: string, budget?: Budget): Promise<TargetInfo> {
    const running = this.requireRunning();
    try {
      const asked = running.control.send<{ targetInfo: TargetInfo }>('Target.getTargetInfo', { targetId });
      const { targetInfo } = await (budget ? raceBudget(budget, 'the tab lookup', asked) : asked);
      if (targetInfo.type === 'page') return targetInfo;
    } catch (error) {
      if (!(error instanceof CdpProtocolError)) throw error;
    }
    this.refTables.delete(targetId);
    throw new CoreError('BROWSER_TAB_NOT_FOUND', `tab not found: ${targetId}`, {
      detail: 'list the tabs again',
    });
  }

  /** The Playwright page of a tab (connecting Playwright if needed). */
  async page(targetId: string, budget: Budget, operation: string): Promise<Page> {
    const running = this.requireRunning();
    await this.requireTab(targetId, budget);
    await this.requireResponsive(running, targetId, budget, operation);
    const connectsBefore = running.link.connects;
    const page = await running.link.page(targetId, budget, operation);
    this.counters.playwrightConnects += running.link.connects - connectsBefore;
    return page;
  }

  /** The last-resort recovery's first half: stop what runs in the tab, on the tab's watchdog session. */
  async terminateOnWatchdog(targetId: string): Promise<TerminateReport> {
    const running = this.running;
    const watchdog = this.watchdogs.get(targetId);
    if (!running || !watchdog) return { sent: false, acknowledged: false };
    const sessionId = await Promise.race([
      watchdog.catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), WATCHDOG_WAIT_MS).unref()),
    ]);
    if (sessionId === null) return { sent: false, acknowledged: false };
    return terminate(running.control.connection, sessionId);
  }

  /**
   * Before Playwright touches a tab: the tab answers a trivial evaluate on its watchdog session, or
   * the operation fails within its budget naming the tab (Playwright would wait on it for good).
   */
  private async requireResponsive(
    running: Running,
    targetId: string,
    budget: Budget,
    operation: string,
  ): Promise<void> {
    try {
      await raceBudget(budget, operation, this.ping(running, targetId));
    } catch (error) {
      if (budget.ended() !== 'timeout') throw error;
      throw new CoreError(
        'BROWSER_TIMEOUT',
        `${operation} timed out after ${budget.timeoutMs} ms: tab ${targetId} does not answer`,
        {
          detail:
            'a script may be running in the page; close the tab (tabs/close works on it) or stop the browser',
        },
      );
    }
  }

  /**
   * Resolves when the tab's renderer answers a trivial evaluate on its watchdog session; on the raw
   * socket, so a page busy for a while is bounded by the caller, not by the control ceiling.
   */
  private ping(running: Running, targetId: string): Promise<unknown> {
    return this.watchdog(running, targetId).then((sessionId) =>
      running.control.connection.send('Runtime.evaluate', { expression: '1' }, sessionId),
    );
  }

  /** The tab's watchdog session, attached once while the tab answers. */
  private watchdog(running: Running, targetId: string): Promise<string> {
    let session = this.watchdogs.get(targetId);
    if (!session) {
      session = running.control
        .send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })
        .then(({ sessionId }) => sessionId);
      const attempt = session;
      attempt.catch(() => {
        if (this.watchdogs.get(targetId) === attempt) this.watchdogs.delete(targetId);
      });
      this.watchdogs.set(targetId, attempt);
    }
    return session;
  }

  /** Stops a stuck Playwright evaluate: terminate is sent elsewhere; here the connection is retired without waiting. */
  retirePlaywright(): void {
    this.running?.link.retire();
  }

  get browserWsUrl(): string {
    return this.requireRunning().chromium.browserWsUrl;
  }

  private async launch(): Promise<Running> {
    const chromium = await ChromiumProcess.launch(this.executable);
    let control: ControlChannel;
    try {
      control = new ControlChannel(await CdpConnection.open(chromium.browserWsUrl, 10_000));
    } catch (error) {
      await chromium.close();
      throw new CoreError(
        'BROWSER_START_FAILED',
        `could not open the DevTools socket (${(error as Error).message})`,
      );
    }
    const link = new PlaywrightLink(
      chromium.browserWsUrl,
      this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      { frozen: () => this.frozenTargets(), listed: (targetId) => this.isListed(control, targetId) },
    );
    const running: Running = { chromium, control, link };
    chromium.onExit(() => {
      if (this.running !== running) return;
      this.running = null;
      this.reset();
      control.close();
      link.retire();
      // Removes the profile folder and the process exit hook (the process itself is gone).
      void chromium.close();
      this.log.warn('browser: Chromium exited');
    });
    this.running = running;
    this.log.note(`browser: started pid=${String(chromium.pid)} executable=${chromium.executable}`);
    return running;
  }

  private reset(): void {
    this.refTables.clear();
    this.watchdogs.clear();
    this.focused = null;
  }

  private async isListed(control: ControlChannel, targetId: string): Promise<boolean> {
    return (await this.pageTargets(control)).some((t) => t.targetId === targetId);
  }

  private async pageTargets(control: ControlChannel): Promise<TargetInfo[]> {
    const { targetInfos } = await control.send<{ targetInfos: TargetInfo[] }>('Target.getTargets');
    return targetInfos.filter((t) => t.type === 'page');
  }

  /** Page targets whose renderer does not answer a trivial evaluate within 500 ms, as `id (url)`. */
  private async frozenTargets(): Promise<string[]> {
    const running = this.running;
    if (!running) return [];
    const targets = await this.pageTargets(running.control);
    const answers = await Promise.all(
      targets.map((target) =>
        Promise.race([
          this.ping(running, target.targetId).then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500).unref()),
        ]).catch(() => false),
      ),
    );
    return targets
      .filter((_, index) => !answers[index])
      .map((target) => `${target.targetId} (${target.url.slice(0, 200)})`);
  }
}
