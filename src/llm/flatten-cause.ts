/** One readable line from an error and its causes ("fetch failed: connect ECONNREFUSED ..."). */
export function flattenCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { message?: unknown; code?: unknown; cause?: unknown };
    const message = typeof e.message === 'string' ? e.message : String(current);
    const code = typeof e.code === 'string' && !message.includes(e.code) ? ` (${e.code})` : '';
    if (message) parts.push(`${message}${code}`);
    current = e.cause;
  }
  return parts.join(': ') || 'unknown error';
}
