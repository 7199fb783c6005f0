/**
 * An argv (`[command, ...args]`) and a run.json pattern rendered for the person who approves them
 * (issue 22 review: what the approver sees is exactly what will run). Joining with spaces made
 * `rm "a b"` and `rm a b` look the same, and a newline, a bidi override (U+202E) or a zero-width
 * character hid or reordered the text. So, shell-like:
 * - an argument that is empty or holds anything but plainly safe characters is single-quoted, a `'`
 *   inside written `'\''` (POSIX sh reads it back as the same argument);
 * - an argument holding a character a person cannot see (controls, bidi controls, zero-width and
 *   other format characters, line separators, spaces other than U+0020, private-use, unassigned and
 *   lone surrogates, the Hangul fillers and variation selectors) is written as bash's `$'…'`, that
 *   character as an escape (`\n`, `\t`, `\r`, else `\u{202E}`), a `\` as `\\` and a `'` as `\'`, so
 *   the text stays unambiguous even copied as plain text. The `\u{…}` form is Rust/JS-like, not bash's
 *   `\u202E`: braces make the end of the code point visible (past the ledger, a display choice).
 * Escapes are their own segments (`kind: 'escape'`) so the UI can mark them; the UI renders segments
 * with text interpolation only, never as HTML.
 */

export interface ShownSegment {
  text: string;
  kind: 'plain' | 'escape';
}

/** Characters that never need quoting (the POSIX "safe" set); any other printable non-ASCII too. */
const SAFE_ASCII = /^[A-Za-z0-9_@%+=:,./-]$/;
/**
 * What a person cannot see, or sees as something else. U+0020 itself is not here: a space is shown
 * by quoting. Cc/Cf/Cs/Co/Cn cover controls, bidi controls (U+202A-202E, U+2066-2069, U+200E/F,
 * U+061C), zero-width (U+200B-200D, U+2060, U+FEFF) and tags; Zs/Zl/Zp the look-alike spaces.
 */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\u115F\u1160\u3164\uFFA0]$/u;
/** Combining marks that draw nothing (in a class they would combine, so they are tested apart). */
const INVISIBLE_MARK = /^(?:\u034F|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}])$/u;
const NAMED: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };

function invisible(ch: string): boolean {
  return ch !== ' ' && (INVISIBLE.test(ch) || INVISIBLE_MARK.test(ch));
}

function escapeOf(ch: string): string {
  return NAMED[ch] ?? `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase()}}`;
}

/** Appends, merging a plain piece into a plain segment before it. */
function push(out: ShownSegment[], text: string, kind: ShownSegment['kind']): void {
  const last = out.at(-1);
  if (kind === 'plain' && last?.kind === 'plain') last.text += text;
  else out.push({ text, kind });
}

/** One argument as segments (quoted when needed). */
export function shownWord(word: string): ShownSegment[] {
  const out: ShownSegment[] = [];
  // for…of walks code points: an astral character is one, a lone surrogate is one too.
  const chars = [...word];
  if (chars.some(invisible)) {
    push(out, "$'", 'plain');
    for (const ch of chars) {
      if (invisible(ch)) push(out, escapeOf(ch), 'escape');
      else if (ch === '\\' || ch === "'") push(out, `\\${ch}`, 'plain');
      else push(out, ch, 'plain');
    }
    push(out, "'", 'plain');
    return out;
  }
  const safe = chars.length > 0 && chars.every((ch) => SAFE_ASCII.test(ch) || ch.codePointAt(0)! > 0x7f);
  push(out, safe ? word : `'${word.replaceAll("'", "'\\''")}'`, 'plain');
  return out;
}

/**
 * `[command, ...args]` word by word, each quoted as needed. Kept apart so the UI can isolate each word
 * for bidi: two Hebrew or Arabic arguments side by side would otherwise be drawn in swapped order.
 */
export function shownArgvWords(command: string, args: readonly string[]): ShownSegment[][] {
  return [command, ...args].map(shownWord);
}

/**
 * A run.json pattern (`git log *`) word by word as the argv it matches: its tokens (split on
 * whitespace, as matching splits them, src/tools/run/patterns.ts) shown like arguments, and a
 * trailing `*` left bare as the wildcard ("and any further arguments"). A literal `*` argument shows
 * as `'*'`, so the two never look alike.
 */
export function shownPatternWords(pattern: string): ShownSegment[][] {
  const tokens = pattern.split(/\s+/).filter((t) => t !== '');
  const open = tokens.at(-1) === '*';
  const fixed = open ? tokens.slice(0, -1) : tokens;
  const words = fixed.map(shownWord);
  return open ? [...words, [{ text: '*', kind: 'plain' }]] : words;
}

/** Words joined by one space into one run of segments. */
export function joinWords(words: readonly ShownSegment[][]): ShownSegment[] {
  const out: ShownSegment[] = [];
  words.forEach((word, i) => {
    if (i > 0) push(out, ' ', 'plain');
    for (const s of word) push(out, s.text, s.kind);
  });
  return out;
}

/** `[command, ...args]` as a person reads it: words joined by one space, each quoted as needed. */
export function shownArgv(command: string, args: readonly string[]): ShownSegment[] {
  return joinWords(shownArgvWords(command, args));
}

/** A pattern as the argv it matches, the trailing wildcard bare (see shownPatternWords). */
export function shownPattern(pattern: string): ShownSegment[] {
  return joinWords(shownPatternWords(pattern));
}

/** Segments as one string (aria-labels, titles, notes): the escapes are already visible text. */
export function segmentsText(segments: readonly ShownSegment[]): string {
  return segments.map((s) => s.text).join('');
}

/**
 * Free text (a tool call's arguments or its result, opened in the chat row) with every invisible
 * character spelled out and marked, as in an argv; the text is not quoted, and newlines and tabs stay
 * as they are because they are the text's own layout (JSON arguments arrive pretty-printed). A bidi
 * override in a file name the model passed would otherwise reorder the row's text.
 */
export function shownText(text: string): ShownSegment[] {
  const out: ShownSegment[] = [];
  for (const ch of text) {
    if (ch !== '\n' && ch !== '\t' && invisible(ch)) push(out, escapeOf(ch), 'escape');
    else push(out, ch, 'plain');
  }
  return out;
}
