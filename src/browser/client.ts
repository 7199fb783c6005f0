import { CoreError, type ErrorCode } from '../domain/errors.ts';
import {
  createBudget,
  DEFAULT_BROWSER_TIMEOUT_MS,
  MAX_BROWSER_TIMEOUT_MS,
  TRANSPORT_MARGIN_MS,
} from './budget.ts';
import { dispatchBrowser } from './routes.ts';
import type { BrowserService } from './service.ts';

/**
 * One way to call the browser routes (`status`, `tabs/open`, `act`, …): in this process or over
 * HTTP. Both answer the same shapes and fail with the same CoreError codes.
 */
export interface BrowserClient {
  call(route: string, body: unknown, signal?: AbortSignal): Promise<unknown>;
}

/** The routes that run under a budget, and so take the default `timeoutMs` when none is given. */
const BUDGETED_ROUTES: ReadonlySet<string> = new Set([
  'tabs/open',
  'navigate',
  'snapshot',
  'screenshot',
  'act',
]);

/** Calls `dispatchBrowser` directly (it validates and fails with the same typed errors as HTTP). */
export class InProcessBrowserClient implements BrowserClient {
  constructor(private readonly service: BrowserService) {}

  async call(route: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    return dispatchBrowser(this.service, route, body, signal);
  }
}

export interface HttpBrowserClientOptions {
  /** The server's origin, e.g. `http://127.0.0.1:7420`. */
  baseUrl: string;
  token: string;
}

/**
 * `POST {baseUrl}/api/browser/<route>` with the bearer token. The fetch waits the request's budget
 * plus TRANSPORT_MARGIN_MS, so the server's own timeout error normally arrives first; the caller's
 * signal aborts the fetch, and the server's request signal then ends the running work.
 */
export class HttpBrowserClient implements BrowserClient {
  private readonly origin: string;
  private readonly token: string;

  constructor({ baseUrl, token }: HttpBrowserClientOptions) {
    // Only the origin: a pasted UI URL carries `?token=…`, which must never reach an error message.
    this.origin = new URL(baseUrl).origin;
    this.token = token;
  }

  async call(route: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    // The request's own budget, waited for with the margin: the server's timeout answer comes first.
    const budget = createBudget({
      timeoutMs: requestBudgetMs(route, body),
      marginMs: TRANSPORT_MARGIN_MS,
      signal,
    });
    const path = route.split('/').map(encodeURIComponent).join('/');
    try {
      const response = await fetch(`${this.origin}/api/browser/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
        signal: budget.signal,
      });
      const text = await response.text();
      if (!response.ok) throw this.answerError(response.status, text);
      const parsed = parseJson(text);
      if (!parsed) throw this.failed(`the server at ${this.origin} answered with a body that is not JSON`);
      return parsed.value;
    } catch (error) {
      if (error instanceof CoreError) throw error;
      if (budget.ended() === 'aborted') {
        throw new CoreError('BROWSER_ABORTED', `browser ${route} was aborted by the caller`);
      }
      if (budget.ended() === 'timeout') {
        const waitMs = budget.timeoutMs + TRANSPORT_MARGIN_MS;
        throw new CoreError(
          'BROWSER_TIMEOUT',
          `browser ${route}: no answer from the server within ${waitMs} ms`,
          {
            detail: `server: ${this.origin}`,
          },
        );
      }
      throw this.failed(
        `the server at ${this.origin} does not answer; start it with \`fuseforks serve\``,
        error,
      );
    } finally {
      budget.dispose();
    }
  }

  /** The server's error body as the same CoreError; anything else (a proxy page, say) as IPC_FAILED. */
  private answerError(status: number, text: string): CoreError {
    return (
      coreErrorOfAnswer(text) ??
      this.failed(`the server at ${this.origin} answered HTTP ${status} without an error body`)
    );
  }

  private failed(message: string, cause?: unknown): CoreError {
    // fetch says only "fetch failed"; the reason (ECONNREFUSED, "bad port", …) is its cause.
    const inner = (cause as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
    const detail =
      typeof inner?.code === 'string'
        ? inner.code
        : typeof inner?.message === 'string'
          ? inner.message
          : cause instanceof Error
            ? cause.message
            : null;
    return new CoreError('IPC_FAILED', message, { detail });
  }
}

/**
 * The request's budget as the server will take it: the body's `timeoutMs`, else the default for a
 * budgeted route. Routes without a budget get the ceiling, so a stuck server never hangs the caller.
 */
function requestBudgetMs(route: string, body: unknown): number {
  const given = (body as { timeoutMs?: unknown } | null | undefined)?.timeoutMs;
  const valid =
    Number.isInteger(given) && (given as number) >= 1 && (given as number) <= MAX_BROWSER_TIMEOUT_MS;
  if (valid) return given as number;
  return BUDGETED_ROUTES.has(route) ? DEFAULT_BROWSER_TIMEOUT_MS : MAX_BROWSER_TIMEOUT_MS;
}

/** How long the fetch waits: the request's budget plus the margin. */
export function transportWaitMs(route: string, body: unknown): number {
  return requestBudgetMs(route, body) + TRANSPORT_MARGIN_MS;
}

/** The parsed body (an empty body is null), or null when it is not JSON. */
/** An API error body (`{code, message, detail?, …}`) as the CoreError it was; null for anything else. */
export function coreErrorOfAnswer(text: string): CoreError | null {
  const payload = parseJson(text)?.value as Partial<Record<string, unknown>> | null | undefined;
  if (!payload || typeof payload.code !== 'string' || typeof payload.message !== 'string') return null;
  return new CoreError(payload.code as ErrorCode, payload.message, {
    detail: typeof payload.detail === 'string' ? payload.detail : null,
    agentId: typeof payload.agentId === 'string' ? payload.agentId : null,
    ...(typeof payload.retryable === 'boolean' ? { retryable: payload.retryable } : {}),
  });
}

function parseJson(text: string): { value: unknown } | null {
  if (text === '') return { value: null };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}
