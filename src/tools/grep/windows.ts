import { clipLine } from './lines.ts';

/** A block of lines shown together: lines `start`..`end` (0-based, inclusive) of one file. */
export interface LineWindow {
  start: number;
  end: number;
}

export interface Row {
  text: string;
  match: boolean;
}

/** A window ready to show: `path:line:text` rows for matches, `path-line-text` for context. */
export interface RenderedWindow {
  rel: string;
  rows: Row[];
  matches: number;
  /** Characters of the rows, one newline each. */
  chars: number;
}

export const SEPARATOR = '--';

/**
 * Each match with `context` lines either side; windows of one file merge when they overlap or touch.
 * With context 0 every match is its own window (nothing to merge, and truncation stays per line).
 */
export function buildWindows(matches: readonly number[], lineCount: number, context: number): LineWindow[] {
  const windows: LineWindow[] = [];
  for (const index of matches) {
    const start = Math.max(0, index - context);
    const end = Math.min(lineCount - 1, index + context);
    const last = windows[windows.length - 1];
    if (last && context > 0 && start <= last.end + 1) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  return windows;
}

export function renderWindow(
  rel: string,
  lines: readonly string[],
  window: LineWindow,
  matchSet: ReadonlySet<number>,
  pattern: RegExp,
): RenderedWindow {
  const rows: Row[] = [];
  let chars = 0;
  let matches = 0;
  for (let index = window.start; index <= window.end; index += 1) {
    const match = matchSet.has(index);
    const mark = match ? ':' : '-';
    const text = `${rel}${mark}${index + 1}${mark}${clipLine(lines[index]!, match ? pattern : null)}`;
    rows.push({ text, match });
    chars += text.length + 1;
    if (match) matches += 1;
  }
  return { rel, rows, matches, chars };
}

/** What a window adds to the body after `previous`: its rows, plus `--` inside one file when context > 0. */
export function windowCost(
  window: RenderedWindow,
  previous: RenderedWindow | undefined,
  context: number,
): number {
  const separated = context > 0 && previous !== undefined && previous.rel === window.rel;
  return window.chars + (separated ? SEPARATOR.length + 1 : 0);
}

/**
 * The longest head of a window that ends where a match's own context ends (never inside a match's
 * block) and fits the budgets; null when not even the first match fits. Used only when the very first
 * window of the result is larger than the whole display, so that something is shown.
 */
export function cutWindow(
  window: RenderedWindow,
  context: number,
  maxMatches: number,
  maxChars: number,
): RenderedWindow | null {
  const matchRows = window.rows.flatMap((row, index) => (row.match ? [index] : []));
  let best: RenderedWindow | null = null;
  for (let k = 0; k < matchRows.length && k < maxMatches; k += 1) {
    const next = matchRows[k + 1];
    const end = Math.min(
      window.rows.length - 1,
      matchRows[k]! + context,
      next === undefined ? Infinity : next - 1,
    );
    const rows = window.rows.slice(0, end + 1);
    const chars = rows.reduce((sum, row) => sum + row.text.length + 1, 0);
    if (chars > maxChars) break;
    best = { rel: window.rel, rows, matches: k + 1, chars };
  }
  return best;
}

export interface Fitted {
  windows: RenderedWindow[];
  matches: number;
  chars: number;
  /** Which bound stopped the display; null when every candidate window was shown whole. */
  stop: 'matches' | 'chars' | null;
}

/** Whole windows in order while both budgets hold; truncation only ever falls between windows. */
export function fitWindows(
  candidates: readonly RenderedWindow[],
  context: number,
  maxMatches: number,
  maxChars: number,
): Fitted {
  const shown: RenderedWindow[] = [];
  let matches = 0;
  let chars = 0;
  for (const window of candidates) {
    const cost = windowCost(window, shown[shown.length - 1], context);
    const overMatches = matches + window.matches > maxMatches;
    if (!overMatches && chars + cost <= maxChars) {
      shown.push(window);
      matches += window.matches;
      chars += cost;
      continue;
    }
    const stop = overMatches ? 'matches' : 'chars';
    if (shown.length === 0) {
      const head = cutWindow(window, context, maxMatches, maxChars);
      if (head) return { windows: [head], matches: head.matches, chars: head.chars, stop };
    }
    return { windows: shown, matches, chars, stop };
  }
  return { windows: shown, matches, chars, stop: null };
}

/** The body text: window rows, `--` between windows of the same file when context > 0. */
export function renderBody(windows: readonly RenderedWindow[], context: number): string {
  const lines: string[] = [];
  let previous: RenderedWindow | undefined;
  for (const window of windows) {
    if (context > 0 && previous !== undefined && previous.rel === window.rel) lines.push(SEPARATOR);
    for (const row of window.rows) lines.push(row.text);
    previous = window;
  }
  return lines.join('\n');
}
