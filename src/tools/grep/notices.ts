import { MAX_FILE_BYTES, MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import type { SkipCounts } from './scan.ts';

/**
 * The notices of a grep result (Japanese, as every tool result). Each says what happened and what to
 * do next; where calling again cannot help, it says that too (ledger `bundled_tools_contract`).
 */

const n = (value: number): string => value.toLocaleString('en-US');

/**
 * The display was cut (MAX_MATCHES or MAX_OUTPUT_CHARS); the counts above it are complete. Suggests
 * include / path / a more specific pattern / count_only, and a lower context when context > 0.
 */
export function displayTruncatedNotice(
  stop: 'matches' | 'chars',
  shown: number,
  total: number,
  context: number,
): string {
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
}

/**
 * The walk stopped at the file cap: what follows was never read, so the counts are partial. include
 * is not suggested: it filters what is read, not what is walked.
 */
export function scanTruncatedNotice(maxFiles: number): string {
  return (
    `走査を打ち切りました: 調べるファイルが上限の ${n(maxFiles)} 件に達したため、それより後のファイルは読んでいません。` +
    '件数は調べた範囲だけのものです。path で調べるフォルダを絞ってください。' +
    '同じ引数で呼び直しても同じ範囲しか調べません。'
  );
}

/** Files the scan passed over, by reason; null when none was. */
export function skippedNotice(skipped: SkipCounts): string | null {
  const parts: string[] = [];
  if (skipped.binary > 0) parts.push(`バイナリ ${n(skipped.binary)} 件`);
  if (skipped.tooLarge > 0) {
    parts.push(`${MAX_FILE_BYTES / (1024 * 1024)} MiB を超えるもの ${n(skipped.tooLarge)} 件`);
  }
  if (skipped.unreadable > 0) parts.push(`読み取れなかったもの ${n(skipped.unreadable)} 件`);
  if (parts.length === 0) return null;
  return `読まなかったファイル: ${parts.join('、')}。これらの中身は grep では検索できません（呼び直しても同じです）。`;
}
