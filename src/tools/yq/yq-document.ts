import type { Segment } from './yq-key.ts';

/** A JSON scalar as `value` of set (null only where the format has one). */
export type Scalar = string | number | boolean | null;

export type GetResult = { ok: true; type: string; text: string } | { ok: false; message: string };

export type EditResult =
  | { ok: true; after: string; what: string }
  | { ok: true; same: true; why: string }
  | { ok: false; message: string };

/** One parsed TOML or JSON file, as the yq ops see it. */
export interface YqDocument {
  get(segments: Segment[]): GetResult;
  set(segments: Segment[], value: Scalar): EditResult;
  remove(segments: Segment[]): EditResult;
}

export type Opened = { ok: true; doc: YqDocument } | { ok: false; message: string };

export const D = {
  parseFailed: (format: string, rel: string, detail: string) =>
    `${format} として解釈できません: ${rel}（${detail}）。壊れたファイルは yq では書き換えません。`,
  container: (key: string, label: string, array: boolean) =>
    `${key} は${label}です。set で置き換えられるのはスカラー値（文字列・数値・真偽値）だけです。中の値を key で指定してください（例: ${array ? `${key}[0]` : `${key}.<キー名>`}）。`,
  datetime: (key: string) =>
    `${key} は TOML の日時です。日時は JSON の値で表せないため yq では set できません。変えるなら sd で該当行を置き換えてください。`,
  tomlNull:
    'TOML には null がありません。値を消すなら op: "remove" を使ってください（set の value は文字列・数値・真偽値）。',
  sameValue: (key: string, shown: string) => `${key} は既に ${shown} です`,
  changed: (key: string, from: string, to: string) => `${key} を ${from} から ${to} に変更`,
  removed: (key: string) => `${key} を削除`,
  tomlUnsafe: (detail: string) =>
    `TOML の書き換え結果を確かめられなかったため、書き込みません（${detail}）。sd で該当行を置き換えてください。`,
};
