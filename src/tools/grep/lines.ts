import { MAX_LINE_CHARS } from '../work-dir/limits.ts';

/** A file's lines: split on `\n`, a trailing `\r` dropped, no phantom line after a final newline. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  // Most files have no \r at all: one search of the text spares a pass over every line.
  if (!text.includes('\r')) return lines;
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** Indices (0-based) of the lines the pattern matches. The regex carries no `g` flag: test is stateless. */
export function matchingLines(lines: readonly string[], pattern: RegExp): number[] {
  const found: number[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (pattern.test(lines[index]!)) found.push(index);
  }
  return found;
}

/**
 * A line cut to MAX_LINE_CHARS code points. A matching line longer than that is cut around its first
 * match (so the match stays visible in a minified file); `…` marks each cut side.
 */
export function clipLine(line: string, pattern: RegExp | null, max = MAX_LINE_CHARS): string {
  if (line.length <= max) return line;
  const points = [...line];
  if (points.length <= max) return line;
  let start = 0;
  if (pattern) {
    const found = pattern.exec(line);
    if (found) {
      const at = [...line.slice(0, found.index)].length;
      start = Math.max(0, Math.min(at - Math.floor(max / 4), points.length - max));
    }
  }
  const head = start > 0 ? '…' : '';
  const tail = start + max < points.length ? '…' : '';
  return `${head}${points.slice(start, start + max).join('')}${tail}`;
}
