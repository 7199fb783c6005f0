import type { Heading } from './headings.ts';

/** The headings that contain a line, outermost first (its breadcrumb). */
export function headingPath(headings: readonly Heading[], line: number): Heading[] {
  const path: Heading[] = [];
  for (const heading of headings) {
    if (heading.line > line) break;
    while (path.length > 0 && path[path.length - 1]!.level >= heading.level) path.pop();
    path.push(heading);
  }
  return path;
}

/** The lines of the section under heading `index`: its heading line up to the next heading of its level or above. */
export function sectionRange(
  headings: readonly Heading[],
  index: number,
  totalLines: number,
): { start: number; end: number } {
  const own = headings[index]!;
  const next = headings.slice(index + 1).find((h) => h.level <= own.level);
  return { start: own.line, end: next ? next.line : totalLines };
}

export type SectionMatch =
  { kind: 'found'; index: number } | { kind: 'none' } | { kind: 'ambiguous'; candidates: number[] };

/**
 * The section a name points at, in three stages (ledger `rag_tool_contract`): exact title, then case
 * ignored, then a part of the title. The first stage that hits decides; two hits in it are refused as
 * ambiguous with the candidates, never one picked in silence.
 */
export function resolveSection(headings: readonly Heading[], query: string): SectionMatch {
  const wanted = query.trim();
  const lower = wanted.toLowerCase();
  const stages: ((title: string) => boolean)[] = [
    (title) => title === wanted,
    (title) => title.toLowerCase() === lower,
    (title) => title.toLowerCase().includes(lower),
  ];
  for (const hits of stages) {
    const candidates = headings.flatMap((h, i) => (hits(h.title) ? [i] : []));
    if (candidates.length === 1) return { kind: 'found', index: candidates[0]! };
    if (candidates.length > 1) return { kind: 'ambiguous', candidates };
  }
  return { kind: 'none' };
}
