import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

/** A failure of our own making (timeout, command not found): its text is ours, safe to show. */
export class McpLocalError extends Error {
  override readonly name = 'McpLocalError';
}

function errnoCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code)) return code;
  }
  return null;
}

/**
 * The text of a connection or call failure for `McpServerStatus.error` and the log. Never the
 * server's response body nor a header value (a server may echo the headers it got): only the class,
 * the HTTP status or the errno code. 401/403 are final and say to check the configuration.
 */
export function describeMcpError(error: unknown): string {
  if (error instanceof McpLocalError) return error.message;
  if (error instanceof UnauthorizedError) {
    return 'authentication refused (HTTP 401): check the configuration (url and headers); not retried';
  }
  if (error instanceof StreamableHTTPError) {
    const status = error.code;
    if (status === 401 || status === 403) {
      return `authentication refused (HTTP ${status}): check the configuration (url and headers); not retried`;
    }
    if (status === undefined || status < 0) return 'the server sent a response that is not MCP';
    return `the server answered HTTP ${status}`;
  }
  if (error instanceof McpError) {
    if (error.code === -32000) return 'the server closed the connection';
    if (error.code === -32001) return 'the server did not answer in time';
    return `the server answered an MCP error (code ${error.code})`;
  }
  const code = errnoCode(error);
  if (code === 'ECONNREFUSED') return 'could not connect: connection refused (is the server running?)';
  if (code !== null) return `could not connect (${code})`;
  return 'the connection failed';
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
