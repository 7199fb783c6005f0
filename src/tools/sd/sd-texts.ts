import type { Language } from '../../domain/enums.ts';
import { T } from '../work-dir/texts.ts';

export const MAX_BATCH_PATHS = 20;

function n(value: number): string {
  return value.toLocaleString('en-US');
}

/** The offered description and parameter texts (the only bilingual part). */
export const SD_SPEC: Record<
  Language,
  {
    description: string;
    pattern: string;
    replacement: string;
    path: string;
    paths: string;
    caseInsensitive: string;
    apply: string;
  }
> = {
  ja: {
    description: `作業フォルダの中の既存のテキストファイルで、正規表現に一致する箇所をすべて置き換えます。既定は preview（適用結果の unified diff を返すだけで何も書き込みません）。apply: true のときだけ書き込み、適用した diff を返します。pattern は JavaScript の RegExp 構文（u フラグ付き）で、名前付きグループは (?<name>...)。先頭に置いた (?i) (?m) (?s) はフラグとして効き、case_insensitive より優先します。replacement では $1 / $name / \${name} でキャプチャを参照し、$ そのものは $$ と書きます。書き込みは 1 回に 1 ファイル（path）。paths にパスを並べると preview だけをまとめて返します（${MAX_BATCH_PATHS} 件まで、apply とは併用できません）。diff が ${n(T.maxOutput)} 字を超える変更はしません。既存ファイルの書き換え専用で、新しいファイルは作りません（作るなら file ツールの write）。`,
    pattern: '探す正規表現（JavaScript の RegExp 構文、u フラグ付き）',
    replacement: '置き換える文字列（$1 / $name / ${name} でキャプチャ参照、$$ でリテラルの $）',
    path: '書き換える 1 つのファイル（作業フォルダからの相対パス）',
    paths: `preview だけをまとめて見るファイルの一覧（明示したパスのみ、${MAX_BATCH_PATHS} 件まで。path と同時には使えない）`,
    caseInsensitive: '大文字小文字を区別しないとき true（pattern 先頭の (?i) / (?-i) が優先）',
    apply: 'true のときだけ書き込む（既定は preview）。path でだけ使える',
  },
  en: {
    description: `Replace every match of a regular expression in an existing text file inside the work folder. Preview by default (returns the unified diff of the result and writes nothing); only apply: true writes, and the applied diff comes back. pattern is JavaScript RegExp syntax with the u flag; named groups are (?<name>...). A leading (?i) (?m) (?s) acts as a flag and wins over case_insensitive. In replacement, $1 / $name / \${name} refer to captures and $$ is a literal $. One file per write (path). With paths, previews of several files come back together (up to ${MAX_BATCH_PATHS}, never with apply). Changes whose diff is over ${n(T.maxOutput)} characters are refused. Edits existing files only and never creates a file (to create one, use the file tool's write). Results are in Japanese.`,
    pattern: 'The regular expression (JavaScript RegExp syntax, u flag)',
    replacement: 'The replacement ($1 / $name / ${name} refer to captures, $$ is a literal $)',
    path: 'The one file to edit, relative to the work folder',
    paths: `Files to preview together (listed explicitly, up to ${MAX_BATCH_PATHS}; not with path)`,
    caseInsensitive: 'true to ignore case (a leading (?i) / (?-i) in pattern wins)',
    apply: 'true to write (default: preview). With path only',
  },
};

/** sd's own result texts (Japanese only). */
export const S = {
  patternMissing: 'pattern（探す正規表現）を文字列で指定してください。',
  patternEmpty: 'pattern が空です。空のパターンはすべての位置に一致するため受け付けません。',
  replacementMissing:
    'replacement（置き換える文字列）を文字列で指定してください。消すなら空文字列を指定します。',
  noTarget: 'path（1 ファイル）か paths（preview だけをまとめて見る一覧）のどちらかを指定してください。',
  bothTargets:
    'path と paths は同時に指定できません。書き込むなら path、まとめて preview するなら paths です。',
  pathsEmpty: 'paths が空です。preview するファイルを 1 つ以上並べてください。',
  pathsNotArray: 'paths は文字列の配列で指定してください。',
  pathsNotStrings: 'paths の要素はすべて文字列（作業フォルダからの相対パス）で指定してください。',
  pathsWithApply:
    'paths は preview 専用で、apply: true とは併用できません。書き込みは 1 回に 1 ファイルなので、path に 1 つ指定して apply: true で呼び出してください。',
  tooManyPaths: (count: number) =>
    `paths は ${MAX_BATCH_PATHS} 件までです（重複をまとめて ${count} 件）。何も処理していません。対象を絞るか、分けて呼び出してください。`,
  resolveFailed: (lines: string[]) =>
    `paths のうち次のパスを解決できないため、呼び出し全体を拒否しました（どのファイルも処理していません）。パスを直して呼び出し直してください。\n${lines.map((l) => `- ${l}`).join('\n')}`,
  replaced: (count: number) => `${count} 箇所を置換`,
  noMatch: 'pattern に一致する箇所がありません',
  sameText: '置き換えても内容が同じです',
  tooLargeHint:
    'pattern をより具体的にして一致を減らすか、変更を何回かに分けてください（path で 1 ファイルずつ確かめられます）。',
};

/** Batch preview texts (Spec 17). Headings start with `===`: `---` is a unified diff header. */
export const B = {
  header: (files: number, changed: number, noMatch: number, same: number, skipped: number) =>
    `まとめて preview（書き込んでいません。paths は preview 専用です）: ${files} ファイル — 変更あり ${changed}、一致なし ${noMatch}、変更なし ${same}、スキップ ${skipped}`,
  merged: (rels: string[]) => `同じファイルを指すパスを 1 つにまとめました: ${rels.join(', ')}`,
  changed: (rel: string, what: string, stats: string) => `=== ${rel} — ${what}（${stats}）`,
  noMatch: (rel: string) => `=== ${rel} — 一致なし（pattern に一致する箇所がありません）`,
  same: (rel: string) => `=== ${rel} — 変更なし（置き換えても内容が同じです）`,
  skipped: (rel: string, reason: string) => `=== ${rel} — スキップ: ${reason}`,
  tooLarge: (rel: string, message: string) => `=== ${rel} — ${message}`,
  notShown: (rel: string, what: string, stats: string) =>
    `=== ${rel} — diff を表示していません（合計の上限。${what}、${stats}）`,
  stopped: (limit: string, rels: string[]) =>
    `=== 表示した diff の合計が ${limit} 字に達するため、ここで diff の一覧を止めました（diff の途中では切っていません）。表示していないファイル: ${rels.join(', ')}。paths を分けるか、path で 1 ファイルずつ確かめてください。`,
  footer:
    '書き込むには、path に 1 ファイルを指定して apply: true で呼び出してください（1 回に 1 ファイル）。',
};
