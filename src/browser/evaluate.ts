import { CoreError } from '../domain/errors.ts';
import { actionError } from './action-error.ts';
import { budgetError, raceBudget, stepTimeoutMs, type Budget } from './budget.ts';
import {
  CdpUnavailableError,
  evaluateOverCdp,
  type EvaluateTarget,
  type TerminateReport,
} from './cdp-evaluate.ts';
import { recordDuration, type EvaluateEngine, type FallbackReason } from './counters.ts';
import { locatorFor } from './locator.ts';
import type { RoleRef } from './role-refs.ts';
import { elementSource, pageExpression } from './script-source.ts';
import type { Page } from 'playwright-core';
import type { ActRequest } from './schemas.ts';
import type { BrowserService } from './service.ts';

type EvaluateRequest = Extract<ActRequest, { kind: 'evaluate' }>;

/** How often `wait {fn}` asks the page again. */
const WAIT_POLL_MS = 100;

/**
 * `act:evaluate` routing: no ref -> CDP page evaluate; a ref with a backendDOMNodeId (or the id
 * itself) -> CDP element evaluate; a ref without one, or no CDP attach -> Playwright, still bounded,
 * with the last-resort recovery. Every path counts and times itself.
 */
export async function evaluateInTab(
  service: BrowserService,
  request: EvaluateRequest,
  budget: Budget,
): Promise<unknown> {
  const { targetId, fn } = request;
  const tab = await service.requireTab(targetId, budget);
  let ref: RoleRef | undefined;
  let target: EvaluateTarget = { kind: 'page' };
  let fallback: FallbackReason | null = null;
  if (request.backendDOMNodeId !== undefined) {
    target = { kind: 'element', backendDOMNodeId: request.backendDOMNodeId };
  } else if (request.ref !== undefined) {
    ref = service.refFor(targetId, request.ref, tab.url);
    if (ref.backendDOMNodeId === undefined) fallback = 'no_backend_node_id';
    else target = { kind: 'element', backendDOMNodeId: ref.backendDOMNodeId };
  }
  if (service.evaluateEngine === 'playwright') fallback = 'engine_playwright';

  if (fallback === null) {
    const engine: EvaluateEngine = target.kind === 'page' ? 'cdp_page' : 'cdp_element';
    try {
      return await counted(service, engine, budget, () =>
        evaluateOverCdp(
          { browserWsUrl: service.browserWsUrl, targetId, fn, target, budget },
          { terminated: (report, cause) => noteTermination(service, targetId, report, cause, engine) },
        ),
      );
    } catch (error) {
      if (!(error instanceof CdpUnavailableError)) throw error;
      fallback = 'cdp_unavailable';
    }
  }
  if (request.backendDOMNodeId !== undefined) {
    throw new CoreError('BROWSER_ACTION_FAILED', 'evaluate by backendDOMNodeId needs the CDP engine', {
      detail: fallback,
    });
  }
  service.counters.fallbacks.total++;
  service.counters.fallbacks.byReason[fallback]++;
  service.log.note(
    `browser evaluate: fallback engine=playwright reason=${fallback} target=${short(targetId)}${request.ref ? ` ref=${request.ref}` : ''}`,
  );
  return counted(service, 'playwright', budget, () => playwrightEvaluate(service, targetId, fn, ref, budget));
}

/**
 * The Playwright path. If the budget ends first, the last-resort recovery: terminate on a separate
 * CDP socket, retire the Playwright connection without waiting for it, reconnect on the next action.
 */
async function playwrightEvaluate(
  service: BrowserService,
  targetId: string,
  fn: string,
  ref: RoleRef | undefined,
  budget: Budget,
): Promise<unknown> {
  const page = await service.page(targetId, budget, 'evaluate');
  const run = ref === undefined ? page.evaluate(pageExpression(fn)) : elementEvaluate(page, ref, fn, budget);
  try {
    return await raceBudget(
      budget,
      'evaluate',
      run.catch((error: unknown) => {
        throw scriptOrActionError(error);
      }),
    );
  } catch (error) {
    if (budget.ended() === null) throw error;
    const cause = budget.ended() === 'aborted' ? 'aborted' : 'timeout';
    const report = await service.terminateOnWatchdog(targetId);
    noteTermination(service, targetId, report, cause, 'playwright');
    service.retirePlaywright();
    service.counters.playwrightRecoveries++;
    service.log.note(
      `browser evaluate: recovery retired the playwright connection target=${short(targetId)}`,
    );
    throw budgetError(budget, 'evaluate', 'the Playwright connection was reset; the next action reconnects');
  }
}

function elementEvaluate(page: Page, ref: RoleRef, fn: string, budget: Budget): Promise<unknown> {
  const source = elementSource(fn);
  return locatorFor(page, ref).evaluate(
    async (element, text) => {
      // Playwright evaluates string sources the same way (an eval in the page).
      const value: unknown = (0, eval)(text);
      return typeof value === 'function' ? await (value as (el: unknown) => unknown)(element) : value;
    },
    source,
    { timeout: stepTimeoutMs(budget, 'evaluate') },
  );
}

/** `wait {fn}`: asks the page through the CDP engine until the function returns something truthy. */
export async function waitForFunction(
  service: BrowserService,
  targetId: string,
  fn: string,
  budget: Budget,
): Promise<void> {
  const counters = service.counters.waitFunction;
  counters.total++;
  try {
    // One socket and session for every poll of this wait.
    await evaluateOverCdp(
      {
        browserWsUrl: service.browserWsUrl,
        targetId,
        fn,
        target: { kind: 'page' },
        budget,
        poll: { intervalMs: WAIT_POLL_MS },
        operation: 'wait',
      },
      { terminated: (report, cause) => noteTermination(service, targetId, report, cause, 'cdp_page') },
    );
    counters.ok++;
  } catch (error) {
    if (budget.ended() === 'timeout') counters.timeouts++;
    if (budget.ended() === 'aborted') counters.aborts++;
    if (error instanceof CdpUnavailableError) throw new CoreError('BROWSER_ACTION_FAILED', error.message);
    throw error;
  }
}

async function counted<T>(
  service: BrowserService,
  engine: EvaluateEngine,
  budget: Budget,
  work: () => Promise<T>,
): Promise<T> {
  const counters = service.counters.evaluate;
  const started = performance.now();
  const took = () => recordDuration(counters.byEngine[engine], Math.round(performance.now() - started));
  try {
    const value = await work();
    counters.total++;
    counters.ok++;
    took();
    return value;
  } catch (error) {
    // It never ran: the fallback counts this evaluate.
    if (error instanceof CdpUnavailableError) throw error;
    counters.total++;
    counters.failed++;
    if (budget.ended() === 'timeout') counters.timeouts++;
    if (budget.ended() === 'aborted') counters.aborts++;
    took();
    throw error;
  }
}

function noteTermination(
  service: BrowserService,
  targetId: string,
  report: TerminateReport,
  cause: 'timeout' | 'aborted',
  engine: EvaluateEngine,
): void {
  if (report.sent) service.counters.terminateExecution.sent++;
  if (report.acknowledged) service.counters.terminateExecution.acknowledged++;
  service.log.note(
    `browser evaluate: terminateExecution target=${short(targetId)} engine=${engine} cause=${cause} sent=${String(report.sent)} acknowledged=${String(report.acknowledged)}`,
  );
}

function scriptOrActionError(error: unknown): CoreError {
  const message = error instanceof Error ? error.message : String(error);
  const first = (message.split('\n')[0] ?? '').replace(/^(page|locator)\.evaluate: /, '');
  if (/^(Error|TypeError|ReferenceError|SyntaxError|RangeError)\b/.test(first)) {
    return new CoreError('BROWSER_SCRIPT_ERROR', `the script threw: ${first.slice(0, 300)}`);
  }
  return actionError('evaluate', error);
}

/** Target ids are 32 hex digits; 8 are enough to tell tabs apart in a log line. */
function short(targetId: string): string {
  return targetId.slice(0, 8);
}
