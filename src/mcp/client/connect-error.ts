import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { boundedText } from '../../domain/chars.ts';
import type { Language } from '../../domain/enums.ts';
import { MCP_CALL_TEXTS } from './call-texts.ts';

/** A failure of our own making (timeout, command not found): its text is ours, safe to show. */
export class McpLocalError extends Error {
  override readonly name = 'McpLocalError';
  /** Trying again cannot help until someone changes something (a missing command). */
  readonly final: boolean;

  constructor(message: string, options: { final?: boolean } = {}) {
    super(message);
    this.final = options.final ?? false;
  }
}

function errnoCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code)) return code;
  }
  return null;
}

/**
 * The text of a connection or call failure for `McpServerStatus.error` and the log (English, like
 * every status and log line). Never the server's response body nor a header value (a server may echo
 * the headers it got): only the class, the HTTP status or the errno code. 401/403 are final and say
 * to check the configuration.
 */
export function describeMcpError(error: unknown): string {
  return describeMcpErrorIn(error, 'en');
}

/** describeMcpError in the village language, for the text a model reads after a failed call. */
export function describeMcpErrorIn(error: unknown, language: Language): string {
  const t = MCP_CALL_TEXTS[language];
  if (error instanceof McpLocalError) return error.message;
  if (isAuthRefused(error))
    return t.authRefused(error instanceof StreamableHTTPError ? (error.code ?? 401) : 401);
  if (error instanceof StreamableHTTPError) {
    const status = error.code;
    if (status === undefined || status < 0) return t.notMcp;
    return t.httpStatus(status);
  }
  if (error instanceof McpError) {
    if (error.code === -32000) return t.closed;
    if (error.code === -32001) return t.noAnswerInTime;
    return t.mcpErrorCode(error.code);
  }
  const code = errnoCode(error);
  if (code === 'ECONNREFUSED') return t.refused;
  if (code !== null) return t.couldNotConnect(code);
  return t.connectionFailed;
}

/**
 * Not retried by itself: 401/403 are final (ledger §5.3), and so is a command that is not there.
 * Everything else (refused, reset, timed out, crashed) is retried with backoff.
 */
export function isFinalFailure(error: unknown): boolean {
  if (error instanceof McpLocalError) return error.final;
  return isAuthRefused(error);
}

/** 401/403: the configuration (url, headers) is wrong, and trying again cannot help (ledger §5.3). */
function isAuthRefused(error: unknown): boolean {
  if (error instanceof UnauthorizedError) return true;
  return error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403);
}

/** "600 s", or "250 ms" for the short limits tests use. */
export function formatLimit(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

export const TOO_LARGE_TEXT = `a message from the server was over the transport's limit of ${Math.round(
  STDIO_DEFAULT_MAX_BUFFER_SIZE / (1024 * 1024),
)} MiB (a result too large), which reset the connection`;

/** The stdio transport's own bound on one message (the SDK's ReadBuffer): the connection is reset. */
export function isTransportTooLarge(error: unknown): boolean {
  return error instanceof Error && /ReadBuffer exceeded maximum size/.test(error.message);
}

const SERVER_MESSAGE_MAX = 500;

/** The server's own text of a JSON-RPC error, without the SDK's "MCP error -32602: " prefix, bounded. */
function serverMessage(error: McpError): string {
  const text = error.message.replace(/^MCP error -?\d+: /, '').trim();
  return boundedText(text, SERVER_MESSAGE_MAX);
}

/**
 * The text of a failed tools/call for the model. Unlike the status text, a JSON-RPC error carries the
 * server's message (issue 17: a code alone tells the model nothing); it is the server's answer to this
 * call, not an HTTP body that may echo headers. The timeout names the limit.
 */
export function describeCallError(error: unknown, callTimeoutMs: number, language: Language): string {
  const t = MCP_CALL_TEXTS[language];
  if (error instanceof McpError && error.code === -32001) return t.callTimeout(formatLimit(callTimeoutMs));
  if (error instanceof McpError && error.code !== -32000)
    return t.serverError(error.code, serverMessage(error));
  return describeMcpErrorIn(error, language);
}

const GONE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/**
 * The connection itself is gone (an HTTP server stopped, its session expired, a pipe closed): the
 * server's tools must leave rather than fail on every call. A tool's own error is not this.
 */
export function isConnectionGone(error: unknown): boolean {
  if (error instanceof StreamableHTTPError) return error.code === 404;
  if (error instanceof McpError) return error.code === -32000;
  const code = errnoCode(error);
  return code !== null && GONE_ERRNO.has(code);
}
