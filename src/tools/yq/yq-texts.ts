import type { Language } from '../../domain/enums.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';

function n(value: number): string {
  return value.toLocaleString('en-US');
}

export const YQ_SPEC: Record<
  Language,
  { description: string; op: string; path: string; key: string; value: string; apply: string }
> = {
  ja: {
    description: `作業フォルダの中の既存の TOML / JSON ファイル（.toml / .json）のキーを読み書きします。op: get（値を読む）/ set（既存のスカラー値を文字列・数値・真偽値で置き換える）/ remove（キーや配列の要素を消す）。key は server.port や items[0].name の形（名前は英数字・_・- だけ、添字は [数字]。クォートしたキーは使えない）。set / remove は既定で preview（unified diff を返すだけで書き込まない）、apply: true のときだけ書き込み、適用した diff を返します。TOML はコメントと書式を保ち、JSON はキーの順序を保って 2 空白の字下げに整えます。テーブル・配列への set、無いキーへの set（新しいキーや構造の追加）、TOML の日時への set、TOML への null はできません。diff が ${n(WORK_DIR_TEXTS.ja.maxOutput)} 字を超える変更はしません。YAML は扱えません（sd を使う）。既存ファイルの編集専用で、新しいファイルは作りません（作るなら file ツールの write）。`,
    op: '操作: get / set / remove',
    path: '対象のファイル（.toml か .json。作業フォルダからの相対パス）',
    key: '対象のキー（例: server.port、items[0].name）',
    value:
      'set の新しい値。JSON のスカラー（文字列・数値・真偽値）で、数値や真偽値は文字列にせずそのまま渡す',
    apply: 'set / remove で true のときだけ書き込む（既定は preview）',
  },
  en: {
    description: `Read and edit keys of an existing TOML or JSON file (.toml / .json) inside the work folder. op: get (read a value) / set (replace an existing scalar value with a string, number or boolean) / remove (delete a key or an array element). key looks like server.port or items[0].name (names of letters, digits, _ and - only; indexes as [digits]; quoted keys are not accepted). set / remove preview by default (return the unified diff and write nothing); only apply: true writes, and the applied diff comes back. TOML keeps its comments and layout; JSON keeps key order and is laid out with a two-space indent. Not possible: set on a table or array, set on a missing key (no new keys or structure), set on a TOML date/time, null in TOML. Changes whose diff is over ${n(WORK_DIR_TEXTS.en.maxOutput)} characters are refused. YAML is not supported (use sd). Edits existing files only and never creates a file (to create one, use the file tool's write).`,
    op: 'Operation: get / set / remove',
    path: 'The file (.toml or .json), relative to the work folder',
    key: 'The key, e.g. server.port or items[0].name',
    value:
      'The new value for set: a JSON scalar (string, number or boolean); pass numbers and booleans as such, not as strings',
    apply: 'true to write (set / remove; default: preview)',
  },
};

export interface YqTexts {
  badOp: string;
  valueMissing: string;
  valueNotScalar: string;
  yaml: (p: string) => string;
  extension: (p: string) => string;
  got: (rel: string, key: string, type: string, text: string) => string;
  cut: (total: number, shown: number) => string;
  tooLargeHint: (json: boolean) => string;
  sameText: string;
}

/** yq's own result texts in the village language (issue 22; the Japanese unchanged). */
const Y_JA: YqTexts = {
  badOp: 'op は get / set / remove のいずれかを指定してください。',
  valueMissing: 'set には value を指定してください（文字列・数値・真偽値）。',
  valueNotScalar:
    'value に指定できるのはスカラー値（文字列・数値・真偽値）だけです。テーブル・オブジェクトや配列は set できません。',
  yaml: (p: string) =>
    `YAML には対応していません: ${p}（yq が扱えるのは .toml と .json だけです。YAML はコメントや型を壊さずに編集できないため非対応にしています。変えるなら sd で該当行を置き換えてください）`,
  extension: (p: string) =>
    `yq が扱えるのは .toml と .json のファイルだけです: ${p}（テキストの置き換えなら sd を使ってください）`,
  got: (rel: string, key: string, type: string, text: string) => `${rel} の ${key}（${type}）:\n${text}`,
  cut: (total: number, shown: number) =>
    `…（全 ${n(total)} 字のうち先頭 ${n(shown)} 字までを表示しました。続きを読む方法はないので、key をより深く指定して絞ってください）`,
  tooLargeHint: (json: boolean) =>
    json
      ? 'key をより深く指定して変更を小さくしてください。JSON は 2 空白の字下げに整え直すため、元の整形が違うと差分がファイル全体に広がります。その場合は sd で該当行だけを置き換えてください。'
      : 'key をより深く指定して変更を小さくしてください。',
  sameText: '書き換えても内容が同じです',
};

const Y_EN: YqTexts = {
  badOp: 'Give op as one of get / set / remove.',
  valueMissing: 'set needs value (a string, number or boolean).',
  valueNotScalar:
    'value can only be a scalar (a string, number or boolean). Tables, objects and arrays cannot be set.',
  yaml: (p: string) =>
    `YAML is not supported: ${p} (yq handles only .toml and .json. YAML cannot be edited without breaking comments or types, so it is not supported; to change it, replace the lines with sd)`,
  extension: (p: string) => `yq handles only .toml and .json files: ${p} (to replace text, use sd)`,
  got: (rel: string, key: string, type: string, text: string) => `${key} of ${rel} (${type}):\n${text}`,
  cut: (total: number, shown: number) =>
    `… (showed the first ${n(shown)} of ${n(total)} characters. There is no way to read on: give a deeper key to narrow it)`,
  tooLargeHint: (json: boolean) =>
    json
      ? 'Give a deeper key to make the change smaller. JSON is laid out again with a two-space indent, so if the file was laid out differently the diff spreads over the whole file; then replace just the lines with sd.'
      : 'Give a deeper key to make the change smaller.',
  sameText: 'the edit gives the same content',
};

export const YQ_TEXTS: Readonly<Record<Language, YqTexts>> = { ja: Y_JA, en: Y_EN };
