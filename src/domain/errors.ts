import { boundedText } from './chars.ts';

/**
 * Error codes: every code of ledger part 3 §5.2, plus a few API-layer codes of this server
 * (like IPC_FAILED, they never come from the core's domain rules).
 */
export const LEDGER_ERROR_CODES = [
  'AGENT_NOT_FOUND',
  'DUPLICATE_AGENT',
  'DUPLICATE_AGENT_NAME',
  'MODEL_TEMPLATE_NOT_FOUND',
  'SCHEDULE_NOT_FOUND',
  'INVALID_SCHEDULE',
  'SCHEDULE_STORE_BLOCKED',
  'SESSION_NOT_FOUND',
  'SESSION_STORE_FAILED',
  'SESSION_SWITCH_BLOCKED',
  'INVALID_TOKEN_BUDGET',
  'INVALID_TOPOLOGY',
  'ALREADY_RUNNING',
  'NOT_RUNNING',
  'MAILBOX_FULL',
  'CONFIG_IO',
  'UNSAFE_IDENTIFIER',
  'INVALID_ICON',
  'SECRET_STORE_FAILED',
  'CREDENTIAL_MISSING',
  'COMPUTE_FAILED',
  'SERDE_FAILED',
  'LLM_CONFIG',
  'LLM_HTTP',
  'LLM_API',
  'LLM_EMPTY_RESPONSE',
  'LLM_OUTPUT_TRUNCATED',
  'LLM_BLOCKED',
  'LLM_NO_STRUCTURED_OUTPUT',
  'LLM_PARSE',
  'IPC_FAILED',
] as const;

/**
 * Codes this implementation adds. The ledger's CoreError has InvalidUserName and an ask-timeout
 * range check without naming a code; the rest belong to the HTTP layer.
 */
export const EXTRA_ERROR_CODES = [
  'INVALID_USER_NAME',
  'INVALID_ASK_TIMEOUT',
  'INVALID_ARGUMENT',
  'ROLE_NOT_FOUND',
  'GROUP_NOT_FOUND',
  'TEMPLATE_IN_USE',
  'UNKNOWN_COMMAND',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BOOT_FAILED',
  'NOT_READY',
  'INTERNAL',
  'PLAN_NOT_FOUND',
  'PLAN_NOT_PENDING',
  // The browser control service (ARCHITECTURE §8).
  'BROWSER_NOT_RUNNING',
  'BROWSER_START_FAILED',
  'BROWSER_CONNECT_TIMEOUT',
  'BROWSER_TAB_NOT_FOUND',
  'BROWSER_REF_NOT_FOUND',
  'BROWSER_EVALUATE_DISABLED',
  'BROWSER_TIMEOUT',
  'BROWSER_ABORTED',
  'BROWSER_SCRIPT_ERROR',
  'BROWSER_ACTION_FAILED',
  // The price table fetch button (ledger part 3 Spec 41 D2 names no codes for it).
  'PRICE_URL_INVALID',
  'PRICE_URL_UNSET',
  'PRICE_FETCH_FAILED',
  'PRICE_TABLE_INVALID',
  'PRICE_NOT_FOUND',
  // Attachments (ledger part 2 §1.5, §5.3): the ledger says a refusal is an IPC error in the
  // dictionary's words and names no code; these follow INVALID_ICON, the icon's validator.
  /** Not a kind we take (by magic bytes), unreadable as its kind, animated, over its size, or a second one. */
  'INVALID_ATTACHMENT',
  /** The target's wire cannot carry this kind (`carries`). */
  'ATTACHMENT_NOT_CARRIED',
  /** The file is gone (the startup GC removed it after its retention period). */
  'ATTACHMENT_NOT_FOUND',
  // The Blackboard tab's delete (ledger part 1 §1.8 names the code, not its status): an unsafe note or
  // state name, a folder that is no servant's work folder, a note gone or not plain, or no usable trash.
  'BLACKBOARD_DELETE_FAILED',
] as const;

export type LedgerErrorCode = (typeof LEDGER_ERROR_CODES)[number];
export type ErrorCode = LedgerErrorCode | (typeof EXTRA_ERROR_CODES)[number];

/** The most of a message and of a detail any payload carries (characters). */
export const MAX_ERROR_MESSAGE_CHARS = 1_000;
export const MAX_ERROR_DETAIL_CHARS = 2_000;

/** The wire shape of every failure (ledger part 3 §2.5). */
export interface ErrorPayload {
  code: ErrorCode;
  message: string;
  detail: string | null;
  agentId: string | null;
  retryable: boolean;
}

/** Whether the same request may succeed later unchanged. */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'MAILBOX_FULL',
  'SESSION_SWITCH_BLOCKED',
  'SESSION_STORE_FAILED',
  'CONFIG_IO',
  'SECRET_STORE_FAILED',
  'LLM_HTTP',
  'NOT_READY',
  'BROWSER_CONNECT_TIMEOUT',
  'PRICE_FETCH_FAILED',
]);

export function isRetryableCode(code: ErrorCode): boolean {
  return RETRYABLE.has(code);
}

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  AGENT_NOT_FOUND: 404,
  MODEL_TEMPLATE_NOT_FOUND: 404,
  SCHEDULE_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  PLAN_NOT_FOUND: 404,
  ATTACHMENT_NOT_FOUND: 404,
  PLAN_NOT_PENDING: 409,
  ROLE_NOT_FOUND: 404,
  GROUP_NOT_FOUND: 404,
  UNKNOWN_COMMAND: 404,
  DUPLICATE_AGENT: 409,
  DUPLICATE_AGENT_NAME: 409,
  TEMPLATE_IN_USE: 409,
  ALREADY_RUNNING: 409,
  NOT_RUNNING: 409,
  SESSION_SWITCH_BLOCKED: 409,
  SCHEDULE_STORE_BLOCKED: 409,
  MAILBOX_FULL: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  LLM_CONFIG: 422,
  CREDENTIAL_MISSING: 422,
  CONFIG_IO: 500,
  SESSION_STORE_FAILED: 500,
  SECRET_STORE_FAILED: 500,
  COMPUTE_FAILED: 500,
  INTERNAL: 500,
  LLM_HTTP: 502,
  LLM_API: 502,
  LLM_EMPTY_RESPONSE: 502,
  LLM_OUTPUT_TRUNCATED: 502,
  LLM_BLOCKED: 502,
  LLM_NO_STRUCTURED_OUTPUT: 502,
  LLM_PARSE: 502,
  IPC_FAILED: 502,
  BOOT_FAILED: 503,
  NOT_READY: 503,
  BROWSER_NOT_RUNNING: 409,
  BROWSER_START_FAILED: 502,
  BROWSER_CONNECT_TIMEOUT: 504,
  BROWSER_TAB_NOT_FOUND: 404,
  BROWSER_REF_NOT_FOUND: 404,
  BROWSER_EVALUATE_DISABLED: 403,
  BROWSER_TIMEOUT: 504,
  BROWSER_ABORTED: 409,
  BROWSER_SCRIPT_ERROR: 422,
  BROWSER_ACTION_FAILED: 422,
  PRICE_URL_UNSET: 409,
  PRICE_FETCH_FAILED: 502,
  PRICE_TABLE_INVALID: 502,
  PRICE_NOT_FOUND: 404,
  // One code, one status: most refusals are of the request (unsafe name, not a work folder, a note
  // gone since the board was read), so 409 "the board is not in the state the request assumes"; a
  // trash failure says so in its message and is retryable by hand.
  BLACKBOARD_DELETE_FAILED: 409,
};

/** HTTP status for a code; anything not listed is a client error (400). */
export function httpStatusFor(code: ErrorCode): number {
  return HTTP_STATUS[code] ?? 400;
}

export interface CoreErrorOptions {
  detail?: string | null;
  agentId?: string | null;
  retryable?: boolean;
  cause?: unknown;
}

/** The one error type the core throws; the server turns it into an ErrorPayload. */
export class CoreError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | null;
  readonly agentId: string | null;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: CoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CoreError';
    this.code = code;
    this.detail = options.detail ?? null;
    this.agentId = options.agentId ?? null;
    this.retryable = options.retryable ?? isRetryableCode(code);
  }

  /** Bounded: a message built from outside text never makes the payload grow with its input. */
  toPayload(): ErrorPayload {
    return {
      code: this.code,
      message: boundedText(this.message, MAX_ERROR_MESSAGE_CHARS),
      detail: this.detail === null ? null : boundedText(this.detail, MAX_ERROR_DETAIL_CHARS),
      agentId: this.agentId,
      retryable: this.retryable,
    };
  }
}

export function isCoreError(value: unknown): value is CoreError {
  return value instanceof CoreError;
}
