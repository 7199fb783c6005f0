import { MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import type { WalkEntry } from '../work-dir/walk.ts';

/** What fd found: matching entries in walk order, and what the walk looked at. */
export interface FdFound {
  matched: WalkEntry[];
  seenFiles: number;
  seenFolders: number;
  /** The walk stopped at this many files; null when it saw everything. */
  scanCap: number | null;
  caseSensitive: boolean;
}

const n = (value: number): string => value.toLocaleString('en-US');

/** Folders end in `/`, so a listing tells them from files without another call. */
export function entryLine(entry: WalkEntry): string {
  return entry.isDir ? `${entry.rel}/` : entry.rel;
}

export function fdScanTruncatedNotice(maxFiles: number): string {
  return (
    `走査を打ち切りました: 調べるファイルが上限の ${n(maxFiles)} 件に達したため、それより後は見ていません。` +
    '件数は調べた範囲だけのものです。path で探すフォルダを絞ってください。' +
    '同じ引数で呼び直しても同じ範囲しか調べません。'
  );
}

export function fdDisplayTruncatedNotice(stop: 'entries' | 'chars', shown: number, total: number): string {
  const what =
    stop === 'entries'
      ? `表示を打ち切りました: 一覧は ${MAX_MATCHES} 件までのため、${n(total)} 件のうち先頭の ${n(shown)} 件だけを表示しています。`
      : `表示を打ち切りました: 出力が ${n(MAX_OUTPUT_CHARS)} 字に達するため、${n(total)} 件のうち先頭の ${n(shown)} 件だけを表示しています。`;
  return (
    `${what}残りを見るには、pattern をより具体的にする（例: 拡張子なら "\\.ts$"）か、path で探すフォルダを絞ってください。` +
    '同じ引数で呼び直しても同じ範囲しか表示されません。'
  );
}

function countLine(matched: readonly WalkEntry[]): string {
  const folders = matched.filter((entry) => entry.isDir).length;
  return `一致: 全 ${n(matched.length)} 件（フォルダ ${n(folders)}、ファイル ${n(matched.length - folders)}）。`;
}

function noMatchText(found: FdFound): string {
  const caseHint = found.caseSensitive ? 'case_sensitive を外すと大文字小文字を区別しません。' : '';
  return (
    `名前が pattern に合うファイル・フォルダはありませんでした（見たもの: ファイル ${n(found.seenFiles)}、フォルダ ${n(found.seenFolders)}）。` +
    `fd が見るのは名前（パスの最後の要素）だけです。pattern を見直してください。${caseHint}中身を探すなら grep を使います。`
  );
}

/** The result: entries (at most MAX_MATCHES, whole lines, within MAX_OUTPUT_CHARS), the count, the notices. */
export function formatFd(found: FdFound): string {
  const scanNotice = found.scanCap === null ? [] : [fdScanTruncatedNotice(found.scanCap)];
  if (found.matched.length === 0) return [noMatchText(found), ...scanNotice].join('\n');
  const total = found.matched.length;
  const tailFor = (notice: string | null): string =>
    [countLine(found.matched), ...(notice === null ? [] : [notice]), ...scanNotice].join('\n');
  // Room for the widest truncation notice, so the tail always fits whatever is cut.
  const reserve = Math.max(
    tailFor(fdDisplayTruncatedNotice('entries', total, total)).length,
    tailFor(fdDisplayTruncatedNotice('chars', total, total)).length,
  );
  const lines: string[] = [];
  let chars = 0;
  let stop: 'entries' | 'chars' | null = null;
  for (const entry of found.matched) {
    const line = entryLine(entry);
    if (lines.length >= MAX_MATCHES) {
      stop = 'entries';
      break;
    }
    if (chars + line.length + 1 > MAX_OUTPUT_CHARS - reserve - 2) {
      stop = 'chars';
      break;
    }
    lines.push(line);
    chars += line.length + 1;
  }
  const tail = tailFor(stop === null ? null : fdDisplayTruncatedNotice(stop, lines.length, total));
  return `${lines.join('\n')}\n\n${tail}`;
}
