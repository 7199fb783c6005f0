import type { Language } from '../../domain/enums.ts';
/**
 * yq keys (ledger `write_tools_contract`): the `a.b[0].c` form only, never a full yq expression.
 * Name segments are `[A-Za-z0-9_-]+`, indexes are `[digits]`; a key may start with an index (a JSON
 * file whose top level is an array). Quoted keys are refused with a readable message.
 */
export type Segment = { kind: 'name'; name: string } | { kind: 'index'; index: number };

export type ParsedKey = { ok: true; segments: Segment[] } | { ok: false; message: string };

const NAME = /^[A-Za-z0-9_-]+/;
const INDEX = /^\[([0-9]+)\]/;

function shown(key: string): string {
  return key.length > 200 ? `${key.slice(0, 200)}…` : key;
}

/** key refusals in the village language (issue 22; the Japanese unchanged). */
export const KEY_TEXTS = {
  ja: {
    missing: 'key を指定してください（例: server.port、items[0].name）。',
    quoted: (key: string) =>
      `クォートしたキーは使えません: ${shown(key)}（key に使えるのは、英数字・_・- だけの名前を . でつないだものと [数字] の添字だけです。記号や . を含む名前のキーは yq では指定できないので、sd で該当行を置き換えてください）`,
    invalid: (key: string) =>
      `key の形式が正しくありません: ${shown(key)}（a.b[0].c の形で指定します。名前は英数字・_・- だけ、添字は [数字]、区切りは . です）`,
  },
  en: {
    missing: 'Give key (e.g. server.port, items[0].name).',
    quoted: (key: string) =>
      `A quoted key cannot be used: ${shown(key)} (key takes only names of letters, digits, _ and - joined by ., and [digits] indexes. A key whose name holds other symbols or . cannot be given to yq; replace the line with sd instead)`,
    invalid: (key: string) =>
      `The key is not well formed: ${shown(key)} (write it as a.b[0].c: names of letters, digits, _ and - only, indexes as [digits], parts joined by .)`,
  },
} as const satisfies Record<Language, unknown>;

/** The Japanese key texts (the tests quote them). */
export const KEY_TEXT = KEY_TEXTS.ja;

export function parseKey(input: unknown, language: Language): ParsedKey {
  const KEY_TEXT = KEY_TEXTS[language];
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, message: KEY_TEXT.missing };
  const key = input;
  if (/["']/.test(key)) return { ok: false, message: KEY_TEXT.quoted(key) };
  const segments: Segment[] = [];
  let rest = key;
  let needName = !key.startsWith('[');
  while (rest !== '' || needName) {
    if (needName) {
      const name = NAME.exec(rest);
      if (!name) return { ok: false, message: KEY_TEXT.invalid(key) };
      segments.push({ kind: 'name', name: name[0] });
      rest = rest.slice(name[0].length);
      needName = false;
      continue;
    }
    const index = INDEX.exec(rest);
    if (index) {
      const value = Number(index[1]);
      if (!Number.isSafeInteger(value)) return { ok: false, message: KEY_TEXT.invalid(key) };
      segments.push({ kind: 'index', index: value });
      rest = rest.slice(index[0].length);
    } else if (rest.startsWith('.')) {
      rest = rest.slice(1);
      needName = true;
    } else return { ok: false, message: KEY_TEXT.invalid(key) };
  }
  return { ok: true, segments };
}

/** `a.b[0].c` back from segments (the first `count` of them). */
export function formatKey(segments: readonly Segment[], count = segments.length): string {
  let out = '';
  for (const segment of segments.slice(0, count)) {
    if (segment.kind === 'index') out += `[${segment.index}]`;
    else out += out === '' ? segment.name : `.${segment.name}`;
  }
  return out;
}
