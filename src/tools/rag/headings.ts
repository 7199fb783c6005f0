/** A Markdown heading of one file: its level (1–6), its text, and its 0-based (first) line. */
export interface Heading {
  level: number;
  title: string;
  line: number;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/u;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/u;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/u;
/** A setext underline: only `=` or only `-`, at most 3 spaces in, trailing blanks allowed. */
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/u;
/** `***`, `- - -`, `___`: ends a paragraph (a `---` right under a paragraph line is an underline first). */
const THEMATIC_BREAK = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/u;
/** Lines that open a container or HTML block when no paragraph is open: quotes, list items, tags. */
const CONTAINER_START = /^ {0,3}(?:>|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|<[A-Za-z/!?])/u;
/** The narrower set that also interrupts an open paragraph (CommonMark: non-empty items, list 1 only). */
const INTERRUPTS_PARAGRAPH =
  /^ {0,3}(?:>|[-+*][ \t]+\S|1[.)][ \t]+\S|<(?:!--|\?|![A-Za-z]|!\[CDATA\[|\/?(?:address|article|aside|blockquote|details|div|dl|fieldset|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|ul|script|style|textarea)(?:[\s/>]|$)))/iu;
const FRONT_MATTER = /^(---|\+\+\+)[ \t]*$/u;
const BLANK = /^[ \t]*$/u;
const INDENTED_CODE = /^(?: {4}|\t| {0,3}\t)/u;

/**
 * The line after a front matter block (`---` … `---`/`...` YAML, `+++` … `+++` TOML) that opens the
 * file; 0 when there is none. Its lines are metadata, never headings (a `key: value` line above the
 * closing `---` would otherwise read as a setext heading).
 */
function afterFrontMatter(lines: readonly string[]): number {
  const open = FRONT_MATTER.exec(lines[0] ?? '');
  if (!open) return 0;
  const marker = open[1]!;
  for (let line = 1; line < lines.length; line++) {
    const text = lines[line]!.trimEnd();
    if (text === marker || (marker === '---' && text === '...')) return line + 1;
  }
  // Never closed: not front matter, only a thematic break on the first line.
  return 0;
}

function atxTitle(raw: string | undefined): string {
  // A closing run of # is decoration (`## Title ##`), and a heading of only #s is empty.
  return (raw ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/u, '').trim();
}

/**
 * The headings of a Markdown text: ATX (`# Title`) and setext (a paragraph underlined with `===` for
 * level 1 or `---` for level 2), as CommonMark reads them. Nothing inside fenced code (``` or ~~~) or
 * front matter counts: a `#` line there is a comment, not structure. A `---` that follows a blank line,
 * a heading, a list item or a quote is a thematic break, not an underline. Containers (lists, quotes)
 * are not parsed further: a heading inside a list item is not indexed.
 */
export function parseHeadings(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  // The open paragraph's first line, or null: only a paragraph can be underlined.
  let paragraph: number | null = null;
  // Inside a list item, quote or HTML block until a blank line: its lazy lines are not our paragraph,
  // and an underline cannot continue them (`- item` over `---` is a list and a thematic break).
  let container = false;
  for (let line = afterFrontMatter(lines); line < lines.length; line++) {
    const text = lines[line]!;
    if (fence !== null) {
      const close = FENCE_CLOSE.exec(text);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) fence = null;
      continue;
    }
    const open = FENCE_OPEN.exec(text);
    // A backtick fence's info string has no backtick (otherwise it is inline code).
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      fence = open[1]!;
      paragraph = null;
      container = false;
      continue;
    }
    if (paragraph !== null && SETEXT_UNDERLINE.test(text)) {
      const title = lines
        .slice(paragraph, line)
        .map((l) => l.trim())
        .join(' ');
      headings.push({ level: text.trim()[0] === '=' ? 1 : 2, title, line: paragraph });
      paragraph = null;
      continue;
    }
    const atx = ATX.exec(text);
    if (atx) {
      headings.push({ level: atx[1]!.length, title: atxTitle(atx[2]), line });
      paragraph = null;
      container = false;
      continue;
    }
    if (BLANK.test(text)) {
      paragraph = null;
      container = false;
      continue;
    }
    if (THEMATIC_BREAK.test(text)) {
      // An unindented break closes any list or quote: it cannot be a lazy line.
      paragraph = null;
      container = false;
      continue;
    }
    const opensContainer = paragraph === null ? CONTAINER_START.test(text) : INTERRUPTS_PARAGRAPH.test(text);
    if (opensContainer) {
      paragraph = null;
      container = true;
      continue;
    }
    // An indented line continues an open paragraph; with none open it is indented code.
    if (paragraph === null && !container && !INDENTED_CODE.test(text)) paragraph = line;
  }
  return headings;
}

/** Split a text into lines (\n or \r\n), the way line numbers are counted in every result. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/u);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
