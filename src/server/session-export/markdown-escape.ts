/**
 * Message text made safe to open in any Markdown viewer (issue 22): a viewer that renders raw HTML
 * would run `<img onerror>` or `<svg onload>` from a model's reply. Outside code, `<` `>` `&` become
 * entities (they then read as themselves); code is kept as code. Every doubt is settled towards
 * escaping: a mistaken escape shows "&lt;" inside code, a mistaken "this is code" could run a script.
 *
 * Code here is what this module can recognise as surely as the viewer does:
 * - fenced blocks at the top level (up to 3 spaces of indent, ``` or ~~~, closed by the same character
 *   at least as long); a fence left open is closed at the message's end, so it cannot swallow what
 *   follows in the file;
 * - inline code spans opened by an unescaped backtick run and closed by a run of the same length on the
 *   same line, holding no `|` (a table would split the cell there and leave the rest outside code).
 * Indented code blocks and fences inside lists or quotes are escaped like text (shown with entities).
 */

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
/** A quote marker at the line's start (`>`, `> >`): kept, so quotes stay quotes. */
const QUOTE_MARKERS = /^(?: {0,3}>)+/;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One line outside fenced code: entities everywhere, code spans kept as spans (their markup escaped too). */
function neutraliseLine(line: string): string {
  const markers = QUOTE_MARKERS.exec(line)?.[0] ?? '';
  let out = markers;
  let i = markers.length;
  let text = '';
  const closers = closerFinder(line);
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === '\\' && i + 1 < line.length) {
      // A backslash escape (`\``) is never a code span's opener: kept as the two characters it is.
      text += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch !== '`') {
      text += ch;
      i += 1;
      continue;
    }
    let run = 1;
    while (line[i + run] === '`') run += 1;
    const close = closers(i + run, run);
    const span = close === -1 ? '' : line.slice(i, close + run);
    if (close === -1 || span.includes('|')) {
      text += line.slice(i, i + run);
      i += run;
      continue;
    }
    // The span is escaped too: CommonMark lets a span run across lines of one paragraph, so a backtick
    // left open on an earlier line can pair with this run's opener and put the "span" outside code.
    out += escapeText(text) + escapeText(span);
    text = '';
    i = close + run;
  }
  return out + escapeText(text);
}

/**
 * Finds where a backtick run of exactly `length` starts at or after `from` (-1 when none). Remembers
 * the last answer per length: openers only move forward, so a line of many unmatched runs is scanned
 * once per run length, never once per run (a long reply must not stall the download).
 */
function closerFinder(line: string): (from: number, length: number) => number {
  const last = new Map<number, { from: number; at: number }>();
  return (from, length) => {
    const known = last.get(length);
    if (known !== undefined && from >= known.from && (known.at === -1 || from <= known.at)) return known.at;
    const at = closingRun(line, from, length);
    last.set(length, { from, at });
    return at;
  };
}

function closingRun(line: string, from: number, length: number): number {
  let i = from;
  while (i < line.length) {
    if (line[i] !== '`') {
      i += 1;
      continue;
    }
    let run = 1;
    while (line[i + run] === '`') run += 1;
    if (run === length) return i;
    i += run;
  }
  return -1;
}

/** `text` with raw HTML neutralised outside code, and any fence left open closed. */
export function neutraliseHtml(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  const out: string[] = [];
  let fence: { char: string; length: number } | null = null;
  for (const line of lines) {
    if (fence !== null) {
      out.push(line);
      const closing = new RegExp(`^ {0,3}\\${fence.char}{${fence.length},}[ \\t]*$`);
      if (closing.test(line)) fence = null;
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    // A backtick fence's info string may not hold a backtick (that line is text with code spans).
    if (open !== null && !(open[2]!.startsWith('`') && open[3]!.includes('`'))) {
      fence = { char: open[2]![0]!, length: open[2]!.length };
      out.push(line);
      continue;
    }
    out.push(neutraliseLine(line));
  }
  if (fence !== null) out.push(fence.char.repeat(fence.length));
  return out.join('\n');
}

/** `text` as a fenced block that nothing inside can close: the fence is longer than any run in it. */
export function fencedBlock(text: string, info = ''): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}
