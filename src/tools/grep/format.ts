import type { Language } from '../../domain/enums.ts';
import { MAX_COUNT_FILES, MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { clipLine } from './lines.ts';
import { GREP_RESULT_TEXTS, displayTruncatedNotice, scanTruncatedNotice, skippedNotice } from './notices.ts';
import type { FileCount, GrepScan } from './scan.ts';
import { fitWindows, renderBody, type Fitted } from './windows.ts';

export interface FormatInput {
  scan: GrepScan;
  context: number;
  countOnly: boolean;
  caseInsensitive: boolean;
  includeUsed: boolean;
  /** The walk stopped at this many files; null when it saw everything. */
  scanCap: number | null;
  /** The village language of the result. */
  language: Language;
}

/** Files by count, most first; ties keep scan order (sort is stable). */
export function topFiles(files: readonly FileCount[]): FileCount[] {
  return [...files].sort((a, b) => b.count - a.count);
}

/** The totals, always complete whatever the display shows: total, then per-file counts (top 20). */
export function countsBlock(total: number, files: readonly FileCount[], language: Language): string {
  const t = GREP_RESULT_TEXTS[language];
  const sorted = topFiles(files);
  const top = sorted.slice(0, MAX_COUNT_FILES);
  const rest = sorted.slice(MAX_COUNT_FILES);
  const lines = [t.total(total, files.length), t.heading(rest.length > 0)];
  for (const file of top) lines.push(t.fileLine(clipLine(file.rel, null), file.count));
  if (rest.length > 0) {
    const restTotal = rest.reduce((sum, file) => sum + file.count, 0);
    lines.push(t.rest(rest.length, restTotal));
  }
  return lines.join('\n');
}

function notices(input: FormatInput): string[] {
  const out: string[] = [];
  if (input.scanCap !== null) out.push(scanTruncatedNotice(input.scanCap, input.language));
  const skipped = skippedNotice(input.scan.skipped, input.language);
  if (skipped) out.push(skipped);
  return out;
}

/** No match anywhere: say what was searched and what to try. */
export function noMatchText(input: FormatInput): string {
  const { scan } = input;
  const t = GREP_RESULT_TEXTS[input.language];
  const lines: string[] = [];
  if (input.includeUsed && scan.filesRead === 0 && scan.excludedByInclude > 0) {
    lines.push(t.noInclude(scan.excludedByInclude));
  } else if (scan.filesRead === 0) {
    lines.push(t.noTextFiles);
  } else {
    const excluded = input.includeUsed ? scan.excludedByInclude : null;
    lines.push(t.noMatch(scan.filesRead, excluded, input.caseInsensitive));
  }
  return [...lines, ...notices(input)].join('\n');
}

function assemble(body: string, tail: string): string {
  return body === '' ? tail : `${body}\n\n${tail}`;
}

/** The display tail for a given fit: the counts, then the notices. */
function tailFor(input: FormatInput, fitted: Fitted | null): string {
  const parts = [countsBlock(input.scan.total, input.scan.files, input.language)];
  if (fitted !== null && fitted.matches < input.scan.total) {
    parts.push(
      displayTruncatedNotice(
        fitted.stop ?? 'matches',
        fitted.matches,
        input.scan.total,
        input.context,
        input.language,
      ),
    );
  }
  return [...parts, ...notices(input)].join('\n');
}

/**
 * The whole result, at most MAX_OUTPUT_CHARS: matching lines (whole windows only), then the counts and
 * the notices, which are never cut.
 */
export function formatGrep(input: FormatInput): string {
  const { scan } = input;
  if (scan.total === 0) return noMatchText(input);
  if (input.countOnly) return tailFor(input, null);
  const fitFor = (tail: string): Fitted =>
    fitWindows(scan.candidates, input.context, MAX_MATCHES, MAX_OUTPUT_CHARS - tail.length - 2);
  // First as if everything fits; when it does not, again with the room the truncation notice takes
  // (sized with the widest numbers, so the second fit can only be shorter than its budget).
  const whole = fitFor(tailFor(input, null));
  if (whole.matches === scan.total)
    return assemble(renderBody(whole.windows, input.context), tailFor(input, whole));
  const widest: Fitted = { windows: [], matches: scan.total - 1, chars: 0, stop: 'matches' };
  const widestChars: Fitted = { ...widest, stop: 'chars' };
  const reserve = Math.max(tailFor(input, widest).length, tailFor(input, widestChars).length);
  const fitted = fitFor('x'.repeat(reserve));
  return assemble(renderBody(fitted.windows, input.context), tailFor(input, fitted));
}
