// Types only: Playwright takes about 0.3 s to load, so `connect` imports it on the first browser action.
import type { Browser, Page } from 'playwright-core';
import { CoreError } from '../domain/errors.ts';
import { budgetSleep, raceBudget, type Budget } from './budget.ts';

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** What the link asks the service (over its own CDP socket) about tabs. */
export interface TargetQueries {
  /** Names the targets that do not answer, for a connect that timed out (a frozen renderer). */
  frozen(): Promise<string[]>;
  /** Whether the target is still open (a tab opened a moment ago reaches Playwright shortly after). */
  listed(targetId: string): Promise<boolean>;
}

/**
 * Playwright's connection to our Chromium over CDP, made lazily. A recovery may retire it without
 * waiting (a wedged page can keep Playwright's close from finishing); the next action reconnects.
 */
export class PlaywrightLink {
  private browser: Promise<Browser> | null = null;
  /** Each page's targetId, asked once (the answer, or the question still in flight on a stuck page). */
  private readonly targetIds = new WeakMap<Page, Promise<string | null>>();
  connects = 0;

  constructor(
    private readonly wsUrl: string,
    private readonly connectTimeoutMs: number,
    private readonly targets: TargetQueries,
  ) {}

  /** The Playwright page of a CDP target; BROWSER_TAB_NOT_FOUND when Playwright does not see it in time. */
  async page(targetId: string, budget: Budget, operation: string): Promise<Page> {
    const browser = await this.connected(budget, operation);
    for (;;) {
      const pages = browser.contexts().flatMap((context) => context.pages());
      const found = await raceBudget(
        budget,
        operation,
        firstMatch(pages, (page) => this.targetIdOf(page), targetId),
      );
      if (found) return found;
      await budgetSleep(budget, operation, 50);
      if (!(await raceBudget(budget, operation, this.targets.listed(targetId)))) break;
    }
    throw new CoreError('BROWSER_TAB_NOT_FOUND', `tab not found: ${targetId}`);
  }

  /** Drops the connection without waiting for it to close; the next `page` reconnects. */
  retire(): void {
    const old = this.browser;
    this.browser = null;
    void old?.then((browser) => browser.close()).catch(() => undefined);
  }

  get isConnected(): boolean {
    return this.browser !== null;
  }

  private async connected(budget: Budget, operation: string): Promise<Browser> {
    if (!this.browser) {
      this.connects++;
      const attempt = this.connect();
      this.browser = attempt;
      attempt.catch(() => {
        if (this.browser === attempt) this.browser = null;
      });
    }
    const current = this.browser;
    const browser = await raceBudget(budget, operation, current);
    if (!browser.isConnected()) {
      if (this.browser === current) this.browser = null;
      return this.connected(budget, operation);
    }
    return browser;
  }

  /** A hard limit on connecting: Playwright's own connect waits on every page, a frozen one included. */
  private async connect(): Promise<Browser> {
    const { chromium } = await import('playwright-core');
    // Playwright's own limit is set later than ours so that ours, which names the frozen tab, answers.
    const attempt = chromium.connectOverCDP(this.wsUrl, { timeout: this.connectTimeoutMs + 5_000 });
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        void this.targets
          .frozen()
          .catch(() => [] as string[])
          .then((frozen) => {
            const which = frozen.length > 0 ? `; not answering: ${frozen.join(', ')}` : '';
            reject(
              new CoreError(
                'BROWSER_CONNECT_TIMEOUT',
                `Playwright could not connect to Chromium within ${this.connectTimeoutMs} ms${which}`,
                {
                  detail:
                    'a page may be running a script that never ends; close that tab or stop the browser',
                },
              ),
            );
          });
      }, this.connectTimeoutMs);
    });
    timeout.catch(() => undefined);
    try {
      const browser = await Promise.race([attempt, timeout]);
      // Connected while the frozen tabs were being named: the limit has passed all the same.
      if (timedOut) {
        void browser.close().catch(() => undefined);
        return await timeout;
      }
      browser.on('disconnected', () => {
        const current = this.browser;
        // The current connection may be a newer attempt that fails: that is its caller's to see.
        void current?.then(
          (b) => {
            if (b === browser && this.browser === current) this.browser = null;
          },
          () => undefined,
        );
      });
      return browser;
    } catch (error) {
      // A connect that completes after we gave up must not linger.
      void attempt.then((late) => late.close()).catch(() => undefined);
      if (error instanceof CoreError) throw error;
      const first = ((error as Error).message ?? String(error)).split('\n')[0]!.slice(0, 300);
      throw new CoreError('BROWSER_ACTION_FAILED', `Playwright could not connect to Chromium: ${first}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Asked through a CDP session on the page: on a stuck page the answer waits, so it is asked only once. */
  private targetIdOf(page: Page): Promise<string | null> {
    const known = this.targetIds.get(page);
    if (known) return known;
    if (page.isClosed()) return Promise.resolve(null);
    const asked = (async () => {
      try {
        const session = await page.context().newCDPSession(page);
        const { targetInfo } = (await session.send('Target.getTargetInfo')) as {
          targetInfo: { targetId: string };
        };
        await session.detach().catch(() => undefined);
        return targetInfo.targetId;
      } catch {
        this.targetIds.delete(page);
        return null;
      }
    })();
    this.targetIds.set(page, asked);
    return asked;
  }
}

/**
 * The first page whose id is `targetId`, without waiting on the others (a stuck page answers late);
 * null once every page has answered and none matched.
 */
function firstMatch(
  pages: Page[],
  idOf: (page: Page) => Promise<string | null>,
  targetId: string,
): Promise<Page | null> {
  return new Promise((resolve) => {
    let left = pages.length;
    if (left === 0) resolve(null);
    for (const page of pages) {
      void idOf(page).then((id) => {
        if (id === targetId) resolve(page);
        else if (--left === 0) resolve(null);
      });
    }
  });
}
