import type { Language } from '../../domain/enums.ts';
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

/** yq's document texts in the village language (issue 22; the Japanese unchanged). */
const D_JA = {
  unsafeMismatch: '書き換え後の内容が意図と一致しません',
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

type DocTexts = { [K in keyof typeof D_JA]: (typeof D_JA)[K] extends string ? string : (typeof D_JA)[K] };

const D_EN: DocTexts = {
  parseFailed: (format: string, rel: string, detail: string) =>
    `Cannot be read as ${format}: ${rel} (${detail}). yq never rewrites a broken file.`,
  container: (key: string, label: string, array: boolean) =>
    `${key} is ${label}. set replaces only scalar values (strings, numbers, booleans). Give a value inside it as key (e.g. ${array ? `${key}[0]` : `${key}.<key name>`}).`,
  datetime: (key: string) =>
    `${key} is a TOML date/time. A date/time has no JSON value, so yq cannot set it. To change it, replace the line with sd.`,
  tomlNull:
    'TOML has no null. To delete a value, use op: "remove" (the value of set is a string, number or boolean).',
  sameValue: (key: string, shown: string) => `${key} is already ${shown}`,
  changed: (key: string, from: string, to: string) => `${key} changed from ${from} to ${to}`,
  removed: (key: string) => `${key} removed`,
  tomlUnsafe: (detail: string) =>
    `The rewritten TOML could not be checked, so nothing is written (${detail}). Replace the line with sd.`,
  unsafeMismatch: 'the rewritten content does not match what was intended',
};

export const DOC_TEXTS: Readonly<Record<Language, DocTexts>> = { ja: D_JA, en: D_EN };
