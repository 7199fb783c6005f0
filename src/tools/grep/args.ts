import type { Language } from '../../domain/enums.ts';
import { compileUserRegex, regexFailureText } from './regex.ts';

export const MAX_CONTEXT = 3;

/** grep's argument refusals in the village language (issue 22; the Japanese unchanged). */
const TEXTS = {
  ja: {
    caseHint: '大文字小文字を区別しないなら case_insensitive: true を使ってください。',
    fileName: 'ファイル名',
    includeNotString: 'include は文字列（ファイル名に対する正規表現、例: "\\.ts$"）で指定してください。',
    notBoolean: (name: string, value: string) =>
      `${name} は true か false で指定してください（指定値: ${value}）。`,
    badContext: (value: string) =>
      `context は 0〜${MAX_CONTEXT} の整数で指定してください（指定値: ${value}）。範囲外の値を丸めて使うことはしません。`,
    patternMissing: 'pattern（行に対する正規表現）を文字列で指定してください。',
    patternEmpty:
      'pattern が空です。探したい行に合う正規表現を指定してください（すべての行に一致する検索はしません）。',
  },
  en: {
    caseHint: 'To ignore case, use case_insensitive: true.',
    fileName: 'file name',
    includeNotString: 'Give include as a string (a regular expression on the file name, e.g. "\\.ts$").',
    notBoolean: (name: string, value: string) => `Give ${name} as true or false (given: ${value}).`,
    badContext: (value: string) =>
      `Give context as a whole number from 0 to ${MAX_CONTEXT} (given: ${value}). A value out of range is never rounded into it.`,
    patternMissing: 'Give pattern (a regular expression on lines) as a string.',
    patternEmpty:
      'pattern is empty. Give a regular expression matching the lines you look for (a search matching every line is not done).',
  },
} as const;

export interface GrepArgs {
  pattern: RegExp;
  /** Raw `path` for resolveExisting; '.' when omitted. */
  path: unknown;
  include: RegExp | null;
  context: number;
  caseInsensitive: boolean;
  countOnly: boolean;
}

export type IncludeOutcome = 'ok' | 'glob' | 'invalid';

/** What became of `include`: absent, or its text with the outcome the `grep include:` line records. */
export type IncludeRead =
  | { present: false }
  | { present: true; text: string; outcome: 'ok'; regex: RegExp }
  | { present: true; text: string; outcome: 'glob' | 'invalid'; message: string };

export type Parsed = { ok: true; args: GrepArgs } | { ok: false; message: string };

function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** Read `include` (case follows `case_insensitive`, as for pattern). null / undefined = absent. */
export function readInclude(raw: unknown, caseInsensitive: boolean, language: Language): IncludeRead {
  const t = TEXTS[language];
  if (raw === undefined || raw === null) return { present: false };
  if (typeof raw !== 'string') {
    return {
      present: true,
      text: shown(raw),
      outcome: 'invalid',
      message: t.includeNotString,
    };
  }
  const compiled = compileUserRegex(raw, caseInsensitive);
  if (compiled.ok) return { present: true, text: raw, outcome: 'ok', regex: compiled.regex };
  return {
    present: true,
    text: raw,
    outcome: compiled.kind === 'glob' ? 'glob' : 'invalid',
    message: regexFailureText('include', raw, compiled, {
      globTarget: t.fileName,
      caseHint: t.caseHint,
      language,
    }),
  };
}

function readFlag(args: Record<string, unknown>, name: string, language: Language): boolean | string {
  const raw = args[name];
  if (raw === undefined || raw === null) return false;
  if (typeof raw === 'boolean') return raw;
  return TEXTS[language].notBoolean(name, shown(raw));
}

/** `context`: an integer 0–3, default 0. Anything else is refused, never clamped. */
export function readContext(raw: unknown, language: Language): number | string {
  if (raw === undefined || raw === null) return 0;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= MAX_CONTEXT) return raw;
  return TEXTS[language].badContext(shown(raw));
}

/** Every argument of a grep call, checked in a fixed order; the first failure's text is returned. */
export function parseGrepArgs(
  args: Record<string, unknown>,
  include: IncludeRead,
  language: Language,
): Parsed {
  const t = TEXTS[language];
  const patternText = args.pattern;
  if (typeof patternText !== 'string') return { ok: false, message: t.patternMissing };
  if (patternText === '') return { ok: false, message: t.patternEmpty };
  const caseInsensitive = readFlag(args, 'case_insensitive', language);
  if (typeof caseInsensitive === 'string') return { ok: false, message: caseInsensitive };
  const countOnly = readFlag(args, 'count_only', language);
  if (typeof countOnly === 'string') return { ok: false, message: countOnly };
  const context = readContext(args.context, language);
  if (typeof context === 'string') return { ok: false, message: context };
  const compiled = compileUserRegex(patternText, caseInsensitive);
  if (!compiled.ok) {
    return {
      ok: false,
      message: regexFailureText('pattern', patternText, compiled, {
        globTarget: null,
        caseHint: t.caseHint,
        language,
      }),
    };
  }
  if (include.present && include.outcome !== 'ok') return { ok: false, message: include.message };
  const path = args.path === undefined || args.path === null ? '.' : args.path;
  return {
    ok: true,
    args: {
      pattern: compiled.regex,
      path,
      include: include.present && include.outcome === 'ok' ? include.regex : null,
      context,
      caseInsensitive,
      countOnly,
    },
  };
}
