import { CoreError } from '../domain/errors.ts';
import { budgetError, budgetSleep, raceBudget, type Budget } from './budget.ts';
import { CdpConnection, CdpProtocolError, CdpTransportError } from './cdp-connection.ts';
import { elementFunction, pageExpression } from './script-source.ts';

/** How long a `Runtime.terminateExecution` may take before the socket is closed anyway. */
export const TERMINATE_WAIT_MS = 500;

export type EvaluateTarget = { kind: 'page' } | { kind: 'element'; backendDOMNodeId: number };

export interface CdpEvaluateRequest {
  browserWsUrl: string;
  targetId: string;
  /** A function's source (`() => …`, `(el) => …`) or an expression; a function is called, on the element if any. */
  fn: string;
  target: EvaluateTarget;
  budget: Budget;
  /** Run again every `intervalMs` on the same session until the value is truthy (`wait {fn}`). */
  poll?: { intervalMs: number };
  /** The name in timeout and abort errors; `evaluate` unless given. */
  operation?: string;
}

export interface TerminateReport {
  sent: boolean;
  acknowledged: boolean;
}

/** What happened on the way; the service turns it into counters and diagnostic lines. */
export interface CdpEvaluateHooks {
  terminated?(report: TerminateReport, cause: 'timeout' | 'aborted'): void;
}

/** The CDP engine could not be used at all (no attach): the caller may fall back to Playwright. */
export class CdpUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`CDP evaluate unavailable: ${reason}`);
    this.name = 'CdpUnavailableError';
  }
}

interface RemoteObject {
  type?: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  objectId?: string;
  description?: string;
}

interface EvaluateAnswer {
  result?: RemoteObject;
  exceptionDetails?: { text?: string; exception?: RemoteObject };
}

/**
 * Runs `fn` in the tab on a socket and session of its own, outside Playwright's per-page queue. When
 * the budget ends first: `Runtime.terminateExecution` (best effort, bounded), the socket closes, and
 * the error says whether it timed out or was aborted. The script still ran in the page, so it may
 * have had side effects by then.
 */
export async function evaluateOverCdp(
  request: CdpEvaluateRequest,
  hooks: CdpEvaluateHooks = {},
): Promise<unknown> {
  const { budget } = request;
  const operation = request.operation ?? 'evaluate';
  if (budget.ended()) throw budgetError(budget, operation);
  let connection: CdpConnection;
  try {
    connection = await CdpConnection.open(
      request.browserWsUrl,
      Math.max(1, budget.remainingMs()),
      budget.signal,
    );
  } catch (error) {
    if (budget.ended()) throw budgetError(budget, operation);
    throw new CdpUnavailableError((error as Error).message);
  }
  let sessionId: string | undefined;
  try {
    try {
      const attached = await raceBudget(
        budget,
        operation,
        connection.send<{ sessionId: string }>('Target.attachToTarget', {
          targetId: request.targetId,
          flatten: true,
        }),
      );
      sessionId = attached.sessionId;
    } catch (error) {
      if (budget.ended()) throw budgetError(budget, operation);
      if (error instanceof CdpProtocolError && /no target|not found/i.test(error.message)) {
        throw new CoreError('BROWSER_TAB_NOT_FOUND', `tab not found: ${request.targetId}`);
      }
      throw new CdpUnavailableError(`attach failed (${(error as Error).message})`);
    }
    let inScript = false;
    try {
      for (;;) {
        inScript = true;
        const value = await raceBudget(budget, operation, runInSession(connection, sessionId, request));
        inScript = false;
        if (!request.poll || value) return value;
        await budgetSleep(budget, operation, request.poll.intervalMs);
      }
    } catch (error) {
      if (!budget.ended()) throw typedRunError(error);
      // Ended between two polls: nothing runs in the page to stop.
      if (!inScript) throw error;
      const cause = budget.ended() === 'aborted' ? 'aborted' : 'timeout';
      const report = await terminate(connection, sessionId);
      hooks.terminated?.(report, cause);
      throw budgetError(
        budget,
        operation,
        report.acknowledged
          ? 'the script was stopped with Runtime.terminateExecution; it may have changed the page before that'
          : 'Runtime.terminateExecution got no answer; the CDP session was closed',
      );
    }
  } finally {
    connection.close();
  }
}

/** One command per evaluate: nothing between two steps for a navigation to slip into. */
async function runInSession(
  connection: CdpConnection,
  sessionId: string,
  request: CdpEvaluateRequest,
): Promise<unknown> {
  if (request.target.kind === 'page') {
    const answer = await connection.send<EvaluateAnswer>(
      'Runtime.evaluate',
      { expression: pageExpression(request.fn), awaitPromise: true, returnByValue: true, userGesture: true },
      sessionId,
    );
    throwIfException(answer);
    return primitiveValue(answer.result ?? {});
  }
  const declaration = elementFunction(request.fn);
  let objectId: string | undefined;
  try {
    const resolved = await connection.send<{ object?: RemoteObject }>(
      'DOM.resolveNode',
      { backendNodeId: request.target.backendDOMNodeId },
      sessionId,
    );
    objectId = resolved.object?.objectId;
  } catch (error) {
    if (!(error instanceof CdpProtocolError)) throw error;
  }
  if (!objectId) {
    throw new CoreError('BROWSER_REF_NOT_FOUND', 'the element of this ref is gone from the page', {
      detail: 'take a new snapshot',
    });
  }
  const answer = await connection.send<EvaluateAnswer>(
    'Runtime.callFunctionOn',
    {
      functionDeclaration: declaration,
      objectId,
      awaitPromise: true,
      returnByValue: true,
      userGesture: true,
    },
    sessionId,
  );
  throwIfException(answer);
  return primitiveValue(answer.result ?? {});
}

/** Sends `Runtime.terminateExecution` and waits at most TERMINATE_WAIT_MS for its answer. */
export async function terminate(connection: CdpConnection, sessionId: string): Promise<TerminateReport> {
  if (connection.closed) return { sent: false, acknowledged: false };
  const answer = connection.send('Runtime.terminateExecution', {}, sessionId).then(
    () => true,
    () => false,
  );
  const acknowledged = await Promise.race([
    answer,
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), TERMINATE_WAIT_MS).unref()),
  ]);
  return { sent: true, acknowledged };
}

/** A CDP or socket failure while the script ran, as a typed error (the page may have navigated away). */
function typedRunError(error: unknown): unknown {
  if (error instanceof CdpProtocolError) {
    const navigated = /context with specified id|context was destroyed/i.test(error.message);
    return new CoreError(
      'BROWSER_ACTION_FAILED',
      navigated
        ? 'evaluate failed: the page navigated while the script ran'
        : `evaluate failed: ${error.message}`,
      { detail: navigated ? 'run it again once the page has loaded' : null },
    );
  }
  if (error instanceof CdpTransportError) {
    return new CoreError('BROWSER_NOT_RUNNING', 'the browser stopped while the script ran', {
      detail: error.message,
    });
  }
  return error;
}

function throwIfException(answer: EvaluateAnswer): void {
  const details = answer.exceptionDetails;
  if (!details) return;
  const description = details.exception?.description ?? details.text ?? 'the script threw';
  throw new CoreError('BROWSER_SCRIPT_ERROR', `the script threw: ${firstLine(description)}`, {
    detail: description.slice(0, 2_000),
  });
}

function primitiveValue(object: RemoteObject): unknown {
  if (object.unserializableValue !== undefined) return object.unserializableValue;
  if (object.type === 'undefined') return null;
  return object.value ?? null;
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? text).slice(0, 300);
}
