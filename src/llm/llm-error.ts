import { CoreError, type ErrorCode } from '../domain/errors.ts';
import type { Usage } from './canonical.ts';
import type { RetryClass } from './retry.ts';

export type HintSource = 'none' | 'header' | 'body' | 'both';

/**
 * Failures of one LLM call, kept apart from CoreError until they leave the LLM layer (`toCoreError`).
 * Messages never contain the API key or request bodies.
 */
export type LlmErrorInfo =
  | {
      kind: 'api';
      status: number;
      /** The provider's error body, at most 2,000 characters. */
      body: string;
      class: RetryClass;
      /** The provider's error code, first 40 characters; null when it sent none. */
      code: string | null;
      retryAfterMs: number | null;
      hintSrc: HintSource;
    }
  | { kind: 'http'; class: 'Timeout' | 'Network'; detail: string }
  | { kind: 'empty_response'; usage: Usage }
  | { kind: 'output_truncated'; usage: Usage }
  | { kind: 'blocked'; reason: string; usage: Usage }
  | { kind: 'parse'; raw: string };

const CODES: Record<LlmErrorInfo['kind'], ErrorCode> = {
  api: 'LLM_API',
  http: 'LLM_HTTP',
  empty_response: 'LLM_EMPTY_RESPONSE',
  output_truncated: 'LLM_OUTPUT_TRUNCATED',
  blocked: 'LLM_BLOCKED',
  parse: 'LLM_PARSE',
};

const RETRYABLE_CLASSES: ReadonlySet<RetryClass> = new Set([
  'RateLimit',
  'Overloaded',
  'ServerError',
  'Timeout',
  'Network',
]);

export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly info: LlmErrorInfo,
    message: string,
    /**
     * Set when a streamed reply failed after some of it was shown (a cut stream, issue 23): the text
     * the deltas had shown so far ('' when only a thinking summary or a tool call was). The turn
     * loop keeps it visible, marked as cut; it never enters history. Such an error is not retried:
     * a second attempt would show the person a different reply after the first.
     */
    readonly partialText: string | null = null,
  ) {
    super(message);
  }

  /** The same failure, cut after `partialText` was shown (never retried). */
  cutAfter(partialText: string): LlmError {
    return new LlmError(this.info, this.message, partialText);
  }

  /** An Api error with a default status and no wait; for tests and message rewrites. */
  static api(message: string, fields: Partial<Extract<LlmErrorInfo, { kind: 'api' }>> = {}): LlmError {
    return new LlmError(
      {
        kind: 'api',
        status: 500,
        body: '',
        class: 'ServerError',
        code: null,
        retryAfterMs: null,
        hintSrc: 'none',
        ...fields,
      },
      message,
    );
  }

  get code(): ErrorCode {
    return CODES[this.info.kind];
  }

  /**
   * Worth another attempt: HTTP failures and Api errors whose class says Retry, unless the stream
   * had already shown part of the reply.
   */
  isTransient(): boolean {
    if (this.partialText !== null) return false;
    switch (this.info.kind) {
      case 'http':
        return true;
      case 'api':
        return RETRYABLE_CLASSES.has(this.info.class);
      default:
        return false;
    }
  }

  /**
   * Whether the agent should go down (status failed) rather than just end the turn: when the
   * configuration needs a person. A 400 is fatal (ledger part 6); a too-long input is not (a smaller
   * next request can pass), and neither are transient classes.
   */
  stopsTheAgent(): boolean {
    if (this.info.kind !== 'api') return false;
    return this.info.class === 'Auth' || this.info.class === 'Billing' || this.info.class === 'ClientError';
  }

  /** Usage the provider billed for this failed call, where it is known. */
  usage(): Usage | null {
    return this.info.kind === 'output_truncated' ||
      this.info.kind === 'blocked' ||
      this.info.kind === 'empty_response'
      ? this.info.usage
      : null;
  }

  toCoreError(agentId: string | null = null): CoreError {
    const detail =
      this.info.kind === 'api'
        ? `status ${this.info.status}${this.info.code ? ` code ${this.info.code}` : ''}`
        : this.info.kind === 'http'
          ? this.info.detail
          : null;
    return new CoreError(this.code, this.message, { detail, agentId, retryable: this.isTransient() });
  }
}

export function isLlmError(value: unknown): value is LlmError {
  return value instanceof LlmError;
}
