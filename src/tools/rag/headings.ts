/** A Markdown heading of one file: its level (1–6), its text, and its 0-based line. */
export interface Heading {
  level: number;
  title: string;
  line: number;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/u;
const FENCE = /^ {0,3}(`{3,}|~{3,})/u;

/**
 * The ATX headings (`# Title`) of a Markdown text, outside fenced code blocks: a `#` line inside a
 * fence is code (a shell comment), not structure. Setext headings (underlined) are not read: the
 * index is for documents whose structure is written with `#`.
 */
export function parseHeadings(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line]!;
    const fenceMatch = FENCE.exec(text);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const match = ATX.exec(text);
    if (!match) continue;
    // A closing run of # is decoration (`## Title ##`), and a heading of only #s is empty.
    const title = (match[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/u, '').trim();
    headings.push({ level: match[1]!.length, title, line });
  }
  return headings;
}

/** Split a text into lines (\n or \r\n), the way line numbers are counted in every result. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/u);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
