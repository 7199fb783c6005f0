import { diffLines } from 'diff';

const isComment = (line: string): boolean => line.trimStart().startsWith('#');
const isHeader = (line: string): boolean => line.trimStart().startsWith('[');

/**
 * toml-patch removes a table together with the comment lines that introduce the next table; in
 * toml_edit (the ledger's editor) those lines belong to the next header. Put them back: for each
 * removed block directly followed by a table header that stays, its trailing comment lines return.
 */
export function keepNextHeaderComments(before: string, after: string): string {
  const parts = diffLines(before, after);
  let out = '';
  parts.forEach((part, index) => {
    if (part.added) {
      out += part.value;
      return;
    }
    if (!part.removed) {
      out += part.value;
      return;
    }
    const next = parts[index + 1];
    const nextKept = next !== undefined && !next.added && !next.removed ? next : undefined;
    if (nextKept === undefined || !isHeader(nextKept.value.split('\n')[0] ?? '')) return;
    const lines = part.value.endsWith('\n') ? part.value.slice(0, -1).split('\n') : part.value.split('\n');
    let start = lines.length;
    while (start > 0 && isComment(lines[start - 1]!)) start -= 1;
    if (start < lines.length) out += `${lines.slice(start).join('\n')}\n`;
  });
  return out;
}
