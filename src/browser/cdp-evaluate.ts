import { CoreError } from '../domain/errors.ts';
import { budgetError, raceBudget, type Budget } from './budget.ts';
import { CdpConnection, CdpProtocolError } from './cdp-connection.ts';
import { classifySource, elementSource } from './script-source.ts';

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

const CALL_SELF = 'async function () { return typeof this === "function" ? await this() : this; }';
const CALL_ON_ELEMENT = 'async function (fn) { return typeof fn === "function" ? await fn(this) : fn; }';

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
  if (budget.ended()) throw budgetError(budget, 'evaluate');
  let connection: CdpConnection;
  try {
    connection = await CdpConnection.open(
      request.browserWsUrl,
      Math.max(1, budget.remainingMs()),
      budget.signal,
    );
  } catch (error) {
    if (budget.ended()) throw budgetError(budget, 'evaluate');
    throw new CdpUnavailableError((error as Error).message);
  }
  let sessionId: string | undefined;
  try {
    try {
      const attached = await raceBudget(
        budget,
        'evaluate',
        connection.send<{ sessionId: string }>('Target.attachToTarget', {
          targetId: request.targetId,
          flatten: true,
        }),
      );
      sessionId = attached.sessionId;
    } catch (error) {
      if (budget.ended()) throw budgetError(budget, 'evaluate');
      if (error instanceof CdpProtocolError && /no target|not found/i.test(error.message)) {
        throw new CoreError('BROWSER_TAB_NOT_FOUND', `tab not found: ${request.targetId}`);
      }
      throw new CdpUnavailableError(`attach failed (${(error as Error).message})`);
    }
    const run = runInSession(connection, sessionId, request);
    try {
      return await raceBudget(budget, 'evaluate', run);
    } catch (error) {
      if (!budget.ended()) throw error;
      const cause = budget.ended() === 'aborted' ? 'aborted' : 'timeout';
      const report = await terminate(connection, sessionId);
      hooks.terminated?.(report, cause);
      throw budgetError(
        budget,
        'evaluate',
        report.acknowledged
          ? 'the script was stopped with Runtime.terminateExecution; it may have changed the page before that'
          : 'Runtime.terminateExecution got no answer; the CDP session was closed',
      );
    }
  } finally {
    connection.close();
  }
}

async function runInSession(
  connection: CdpConnection,
  sessionId: string,
  request: CdpEvaluateRequest,
): Promise<unknown> {
  if (request.target.kind === 'page') {
    const first = await connection.send<EvaluateAnswer>(
      'Runtime.evaluate',
      {
        expression: classifySource(request.fn).source,
        awaitPromise: true,
        userGesture: true,
        objectGroup: 'fuseforks',
      },
      sessionId,
    );
    throwIfException(first);
    const value = first.result ?? {};
    if (!value.objectId) return primitiveValue(value);
    const called = await connection.send<EvaluateAnswer>(
      'Runtime.callFunctionOn',
      {
        functionDeclaration: CALL_SELF,
        objectId: value.objectId,
        awaitPromise: true,
        returnByValue: true,
        userGesture: true,
      },
      sessionId,
    );
    throwIfException(called);
    return primitiveValue(called.result ?? {});
  }
  const source = elementSource(request.fn);
  let objectId: string | undefined;
  try {
    const resolved = await connection.send<{ object?: RemoteObject }>(
      'DOM.resolveNode',
      { backendNodeId: request.target.backendDOMNodeId, objectGroup: 'fuseforks' },
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
  // The function source is evaluated first (it may be an expression), then called with the element as its argument.
  const fnObject = await connection.send<EvaluateAnswer>(
    'Runtime.evaluate',
    { expression: source, objectGroup: 'fuseforks' },
    sessionId,
  );
  throwIfException(fnObject);
  const argument = fnObject.result?.objectId
    ? { objectId: fnObject.result.objectId }
    : { value: primitiveValue(fnObject.result ?? {}) };
  const called = await connection.send<EvaluateAnswer>(
    'Runtime.callFunctionOn',
    {
      functionDeclaration: CALL_ON_ELEMENT,
      objectId,
      arguments: [argument],
      awaitPromise: true,
      returnByValue: true,
      userGesture: true,
    },
    sessionId,
  );
  throwIfException(called);
  return primitiveValue(called.result ?? {});
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
