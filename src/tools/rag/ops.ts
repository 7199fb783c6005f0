import type { IndexedFile } from './rag-index.ts';
import { BlockBudget, clipLine, codePoints, RAG_MAX_OUTPUT_CHARS } from './limits.ts';
import { headingPath, resolveSection, sectionRange } from './sections.ts';
import type { RagTexts } from './texts.ts';

/** The files of one scope, with how they are shown (the root as declared + relative path). */
export interface ScopedFile {
  shown: string;
  file: IndexedFile;
  /** Printed once before the root's first file when several roots are listed. */
  rootLabel: string;
}

/** Room kept under the cap for the closing notice, so the notice itself never pushes past 12,000. */
const NOTICE_ROOM = 400;

function headingLine(level: number, title: string): string {
  return clipLine(`${'  '.repeat(level)}${'#'.repeat(level)} ${title}`);
}

/** outline: each file and its heading tree, whole files only. */
export function outlineText(files: readonly ScopedFile[], t: RagTexts, notes: string[]): string {
  if (files.length === 0) return [t.noFiles, ...notes].join('\n');
  const budget = new BlockBudget(RAG_MAX_OUTPUT_CHARS - NOTICE_ROOM);
  let label = '';
  for (const { shown, file, rootLabel } of files) {
    const header = rootLabel !== label ? `[${rootLabel}]\n` : '';
    const block = [clipLine(shown), ...file.headings.map((h) => headingLine(h.level, h.title))].join('\n');
    if (!budget.add(header + block)) break;
    label = rootLabel;
  }
  const tail = budget.stopped ? [t.outlineCut(budget.accepted, files.length)] : [];
  return [budget.text(), ...tail, ...notes].join('\n');
}

/** search: every line containing the text (case ignored), with the headings it sits under. */
export function searchText(
  files: readonly ScopedFile[],
  pattern: string,
  t: RagTexts,
  notes: string[],
): string {
  const needle = pattern.toLowerCase();
  const budget = new BlockBudget(RAG_MAX_OUTPUT_CHARS - NOTICE_ROOM);
  let total = 0;
  for (const { shown, file } of files) {
    for (let line = 0; line < file.lines.length; line++) {
      const text = file.lines[line]!;
      if (!text.toLowerCase().includes(needle)) continue;
      total++;
      if (budget.stopped) continue;
      const trail = headingPath(file.headings, line)
        .map((h) => h.title)
        .join(' > ');
      budget.add(clipLine(`${shown}:${line + 1}: ${trail === '' ? '' : `[${trail}] `}${text.trim()}`));
    }
  }
  if (total === 0) return [t.noMatch(pattern, files.length), ...notes].join('\n');
  return [budget.text(), t.matches(total, budget.accepted), ...notes].join('\n');
}

/**
 * read: a section (or the whole file) and its breadcrumb, never cut. Over the cap it is refused whole
 * with its counts, and its subsections are named so the model can read a smaller part.
 */
export function readText(target: ScopedFile, section: string | undefined, t: RagTexts): string {
  const { file, shown } = target;
  let start = 0;
  let end = file.lines.length;
  let crumb = shown;
  let inner = file.headings;
  if (section !== undefined) {
    const match = resolveSection(file.headings, section);
    if (match.kind === 'none') {
      return t.noSection(
        section,
        shown,
        file.headings.map((h) => headingLine(h.level, h.title)).slice(0, 40),
      );
    }
    if (match.kind === 'ambiguous') {
      const candidates = match.candidates.map((i) => {
        const h = file.headings[i]!;
        const trail = headingPath(file.headings, h.line).map((p) => p.title);
        return clipLine(`${h.line + 1}: ${trail.join(' > ')}`);
      });
      return t.ambiguousSection(section, candidates);
    }
    ({ start, end } = sectionRange(file.headings, match.index, file.lines.length));
    const own = file.headings[match.index]!;
    crumb = [shown, ...headingPath(file.headings, own.line).map((h) => h.title)].join(' > ');
    inner = file.headings.filter((h) => h.line > start && h.line < end);
  }
  const body = file.lines.slice(start, end).join('\n');
  const result = `${crumb}\n\n${body}`;
  if (codePoints(result) > RAG_MAX_OUTPUT_CHARS) {
    return t.tooLarge(
      crumb,
      end - start,
      codePoints(body),
      inner.map((h) => headingLine(h.level, h.title)).slice(0, 40),
    );
  }
  return result;
}
