/**
 * RepeatGuard (per turn): the same tool with the same arguments returning the same result body twice
 * blocks the third call. Counts are per (tool + arguments), not only for neighbours; a different
 * result starts the count again.
 */
export class RepeatGuard {
  private readonly seen = new Map<string, { result: string; count: number }>();

  private static key(tool: string, args: Record<string, unknown>): string {
    return `${tool}\u0000${stableJson(args)}`;
  }

  /** True when this call has already returned the same body twice. */
  blocks(tool: string, args: Record<string, unknown>): boolean {
    const entry = this.seen.get(RepeatGuard.key(tool, args));
    return entry !== undefined && entry.count >= 2;
  }

  record(tool: string, args: Record<string, unknown>, result: string): void {
    const key = RepeatGuard.key(tool, args);
    const entry = this.seen.get(key);
    if (entry && entry.result === result) entry.count += 1;
    else this.seen.set(key, { result, count: 1 });
  }
}

/** JSON with object keys sorted, so argument order does not make two calls differ. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
