/** The clocks of the MCP client; the defaults unless a test needs short ones. */

/** The ledger's connect + handshake limit. */
export const MCP_CONNECT_TIMEOUT_MS = 30_000;
/** A long tool (a build, a crawl) may run this long; progress notifications restart the clock. */
export const MCP_CALL_TIMEOUT_MS = 600_000;

/**
 * A server that crashed, hung up or could not be reached is tried again by itself after 1 s, then
 * after twice the wait each time, never more than 60 s apart (issue 17).
 */
export interface RetryPolicy {
  initialMs: number;
  maxMs: number;
}

export const MCP_RETRY: RetryPolicy = { initialMs: 1_000, maxMs: 60_000 };

export interface McpTimings {
  connectTimeoutMs: number;
  callTimeoutMs: number;
  retry: RetryPolicy;
}

/** The wait before the next attempt after `failures` failed ones in a row (0 for the first retry). */
export function retryDelayMs(failures: number, policy: RetryPolicy): number {
  return Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(failures, 30));
}
