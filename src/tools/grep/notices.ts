import type { Language } from '../../domain/enums.ts';
import { MAX_COUNT_FILES, MAX_FILE_BYTES, MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import type { SkipCounts } from './scan.ts';

/**
 * The notices and counts of a grep result, in the village language (issue 22; the Japanese
 * unchanged). Each says what happened and what to do next; where calling again cannot help, it says
 * that too (ledger `bundled_tools_contract`).
 */

const n = (value: number): string => value.toLocaleString('en-US');

export interface GrepResultTexts {
  displayTruncated: (stop: 'matches' | 'chars', shown: number, total: number, context: number) => string;
  scanTruncated: (maxFiles: number) => string;
  skippedParts: {
    binary: (count: number) => string;
    tooLarge: (count: number) => string;
    unreadable: (count: number) => string;
  };
  skipped: (parts: string[]) => string;
  total: (total: number, files: number) => string;
  heading: (cut: boolean) => string;
  fileLine: (rel: string, count: number) => string;
  rest: (files: number, total: number) => string;
  noInclude: (seen: number) => string;
  noTextFiles: string;
  noMatch: (filesRead: number, excludedByInclude: number | null, caseInsensitive: boolean) => string;
}

const MIB = MAX_FILE_BYTES / (1024 * 1024);

const JA: GrepResultTexts = {
  displayTruncated: (stop, shown, total, context) => {
    const what =
      stop === 'matches'
        ? `表示を打ち切りました: 一致行の表示は ${MAX_MATCHES} 件までのため、${n(total)} 件のうち ${n(shown)} 件だけを表示しています。`
        : `表示を打ち切りました: 出力が ${n(MAX_OUTPUT_CHARS)} 字に達するため、${n(total)} 件のうち ${n(shown)} 件だけを表示しています。`;
    const lowerContext =
      context > 0 ? `context を下げると表示できる一致が増えます（いまは context: ${context}）。` : '';
    return (
      `${what}打ち切りは塊の境目で、件数は全一致を数えたものです。` +
      '残りを見るには範囲を絞ってください: include でファイル名を絞る（例: "\\.ts$"）、path でフォルダやファイルを絞る、pattern をより具体的にする。' +
      `件数だけが要るなら count_only: true。${lowerContext}` +
      '同じ引数で呼び直しても同じ範囲しか表示されません。'
    );
  },
  scanTruncated: (maxFiles) =>
    `走査を打ち切りました: 調べるファイルが上限の ${n(maxFiles)} 件に達したため、それより後のファイルは読んでいません。` +
    '件数は調べた範囲だけのものです。path で調べるフォルダを絞ってください。' +
    '同じ引数で呼び直しても同じ範囲しか調べません。',
  skippedParts: {
    binary: (count) => `バイナリ ${n(count)} 件`,
    tooLarge: (count) => `${MIB} MiB を超えるもの ${n(count)} 件`,
    unreadable: (count) => `読み取れなかったもの ${n(count)} 件`,
  },
  skipped: (parts) =>
    `読まなかったファイル: ${parts.join('、')}。これらの中身は grep では検索できません（呼び直しても同じです）。`,
  total: (total, files) => `一致: 全 ${n(total)} 件（${n(files)} ファイル）。`,
  heading: (cut) =>
    cut ? `ファイル別の件数（多い順、上位 ${MAX_COUNT_FILES} ファイル）:` : 'ファイル別の件数（多い順）:',
  fileLine: (rel, count) => `- ${rel}: ${n(count)} 件`,
  rest: (files, total) => `- ほか ${n(files)} ファイル: 計 ${n(total)} 件`,
  noInclude: (seen) =>
    `include に名前が合うファイルがありませんでした（名前を見たファイル ${n(seen)} 件）。` +
    'include はファイル名（パスの最後の要素）に対する正規表現です。include を見直すか外してください。',
  noTextFiles: '検索できるテキストファイルがありませんでした。path を見直してください。',
  noMatch: (filesRead, excluded, caseInsensitive) =>
    `一致はありませんでした（読んだファイル ${n(filesRead)} 件${excluded === null ? '' : `、include で除外 ${n(excluded)} 件`}）。pattern を見直してください。${caseInsensitive ? '' : '大文字小文字を区別しない検索は case_insensitive: true。'}`,
};

const EN: GrepResultTexts = {
  displayTruncated: (stop, shown, total, context) => {
    const what =
      stop === 'matches'
        ? `The display was cut: at most ${MAX_MATCHES} matching lines are shown, so ${n(shown)} of ${n(total)} are shown. `
        : `The display was cut: the output reached ${n(MAX_OUTPUT_CHARS)} characters, so ${n(shown)} of ${n(total)} are shown. `;
    const lowerContext = context > 0 ? ` A lower context shows more matches (now context: ${context}).` : '';
    return (
      `${what}The cut falls between blocks, and the counts cover every match. ` +
      'To see the rest, narrow the range: file names with include (e.g. "\\.ts$"), folders or files with path, or a more specific pattern. ' +
      `If only the counts are needed, count_only: true.${lowerContext} ` +
      'Calling again with the same arguments shows the same part only.'
    );
  },
  scanTruncated: (maxFiles) =>
    `The scan was stopped: the files looked at reached the limit of ${n(maxFiles)}, so no file after them was read. ` +
    'The counts cover only what was looked at. Narrow the folder with path. ' +
    'Calling again with the same arguments looks at the same part only.',
  skippedParts: {
    binary: (count) => `${n(count)} binary`,
    tooLarge: (count) => `${n(count)} over ${MIB} MiB`,
    unreadable: (count) => `${n(count)} unreadable`,
  },
  skipped: (parts) =>
    `Files not read: ${parts.join(', ')}. grep cannot search their contents (calling again gives the same).`,
  total: (total, files) => `Matches: ${n(total)} in all (${n(files)} ${files === 1 ? 'file' : 'files'}).`,
  heading: (cut) =>
    cut ? `Counts by file (most first, top ${MAX_COUNT_FILES} files):` : 'Counts by file (most first):',
  fileLine: (rel, count) => `- ${rel}: ${n(count)}`,
  rest: (files, total) => `- ${n(files)} more ${files === 1 ? 'file' : 'files'}: ${n(total)} in all`,
  noInclude: (seen) =>
    `No file name matches include (names looked at: ${n(seen)} ${seen === 1 ? 'file' : 'files'}). ` +
    'include is a regular expression on the file name (the last part of the path). Check include or leave it out.',
  noTextFiles: 'There was no text file to search. Check path.',
  noMatch: (filesRead, excluded, caseInsensitive) =>
    `No match (files read: ${n(filesRead)}${excluded === null ? '' : `, excluded by include: ${n(excluded)}`}). Check pattern.${caseInsensitive ? '' : ' To ignore case, use case_insensitive: true.'}`,
};

export const GREP_RESULT_TEXTS: Readonly<Record<Language, GrepResultTexts>> = { ja: JA, en: EN };

/**
 * The display was cut (MAX_MATCHES or MAX_OUTPUT_CHARS); the counts above it are complete. Suggests
 * include / path / a more specific pattern / count_only, and a lower context when context > 0.
 */
export function displayTruncatedNotice(
  stop: 'matches' | 'chars',
  shown: number,
  total: number,
  context: number,
  language: Language,
): string {
  return GREP_RESULT_TEXTS[language].displayTruncated(stop, shown, total, context);
}

/**
 * The walk stopped at the file cap: what follows was never read, so the counts are partial. include
 * is not suggested: it filters what is read, not what is walked.
 */
export function scanTruncatedNotice(maxFiles: number, language: Language): string {
  return GREP_RESULT_TEXTS[language].scanTruncated(maxFiles);
}

/** Files the scan passed over, by reason; null when none was. */
export function skippedNotice(skipped: SkipCounts, language: Language): string | null {
  const t = GREP_RESULT_TEXTS[language];
  const parts: string[] = [];
  if (skipped.binary > 0) parts.push(t.skippedParts.binary(skipped.binary));
  if (skipped.tooLarge > 0) parts.push(t.skippedParts.tooLarge(skipped.tooLarge));
  if (skipped.unreadable > 0) parts.push(t.skippedParts.unreadable(skipped.unreadable));
  if (parts.length === 0) return null;
  return t.skipped(parts);
}
