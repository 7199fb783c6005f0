import { MAX_COUNT_FILES, MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { clipLine } from './lines.ts';
import { displayTruncatedNotice, scanTruncatedNotice, skippedNotice } from './notices.ts';
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
}

const n = (value: number): string => value.toLocaleString('en-US');

/** Files by count, most first; ties keep scan order (sort is stable). */
export function topFiles(files: readonly FileCount[]): FileCount[] {
  return [...files].sort((a, b) => b.count - a.count);
}

/** The totals, always complete whatever the display shows: total, then per-file counts (top 20). */
export function countsBlock(total: number, files: readonly FileCount[]): string {
  const sorted = topFiles(files);
  const top = sorted.slice(0, MAX_COUNT_FILES);
  const rest = sorted.slice(MAX_COUNT_FILES);
  const heading =
    rest.length > 0
      ? `ファイル別の件数（多い順、上位 ${MAX_COUNT_FILES} ファイル）:`
      : 'ファイル別の件数（多い順）:';
  const lines = [`一致: 全 ${n(total)} 件（${n(files.length)} ファイル）。`, heading];
  for (const file of top) lines.push(`- ${clipLine(file.rel, null)}: ${n(file.count)} 件`);
  if (rest.length > 0) {
    const restTotal = rest.reduce((sum, file) => sum + file.count, 0);
    lines.push(`- ほか ${n(rest.length)} ファイル: 計 ${n(restTotal)} 件`);
  }
  return lines.join('\n');
}

function notices(input: FormatInput): string[] {
  const out: string[] = [];
  if (input.scanCap !== null) out.push(scanTruncatedNotice(input.scanCap));
  const skipped = skippedNotice(input.scan.skipped);
  if (skipped) out.push(skipped);
  return out;
}

/** No match anywhere: say what was searched and what to try. */
export function noMatchText(input: FormatInput): string {
  const { scan } = input;
  const lines: string[] = [];
  if (input.includeUsed && scan.filesRead === 0 && scan.excludedByInclude > 0) {
    lines.push(
      `include に名前が合うファイルがありませんでした（名前を見たファイル ${n(scan.excludedByInclude)} 件）。` +
        'include はファイル名（パスの最後の要素）に対する正規表現です。include を見直すか外してください。',
    );
  } else if (scan.filesRead === 0) {
    lines.push('検索できるテキストファイルがありませんでした。path を見直してください。');
  } else {
    const excluded = input.includeUsed ? `、include で除外 ${n(scan.excludedByInclude)} 件` : '';
    const caseHint = input.caseInsensitive ? '' : '大文字小文字を区別しない検索は case_insensitive: true。';
    lines.push(
      `一致はありませんでした（読んだファイル ${n(scan.filesRead)} 件${excluded}）。pattern を見直してください。${caseHint}`,
    );
  }
  return [...lines, ...notices(input)].join('\n');
}

function assemble(body: string, tail: string): string {
  return body === '' ? tail : `${body}\n\n${tail}`;
}

/** The display tail for a given fit: the counts, then the notices. */
function tailFor(input: FormatInput, fitted: Fitted | null): string {
  const parts = [countsBlock(input.scan.total, input.scan.files)];
  if (fitted !== null && fitted.matches < input.scan.total) {
    parts.push(
      displayTruncatedNotice(fitted.stop ?? 'matches', fitted.matches, input.scan.total, input.context),
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
