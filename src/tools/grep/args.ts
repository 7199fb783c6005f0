import { compileUserRegex, regexFailureText } from './regex.ts';

export const MAX_CONTEXT = 3;

const CASE_HINT = '大文字小文字を区別しないなら case_insensitive: true を使ってください。';

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
export function readInclude(raw: unknown, caseInsensitive: boolean): IncludeRead {
  if (raw === undefined || raw === null) return { present: false };
  if (typeof raw !== 'string') {
    return {
      present: true,
      text: shown(raw),
      outcome: 'invalid',
      message: 'include は文字列（ファイル名に対する正規表現、例: "\\.ts$"）で指定してください。',
    };
  }
  const compiled = compileUserRegex(raw, caseInsensitive);
  if (compiled.ok) return { present: true, text: raw, outcome: 'ok', regex: compiled.regex };
  return {
    present: true,
    text: raw,
    outcome: compiled.kind === 'glob' ? 'glob' : 'invalid',
    message: regexFailureText('include', raw, compiled, { globTarget: 'ファイル名', caseHint: CASE_HINT }),
  };
}

function readFlag(args: Record<string, unknown>, name: string): boolean | string {
  const raw = args[name];
  if (raw === undefined || raw === null) return false;
  if (typeof raw === 'boolean') return raw;
  return `${name} は true か false で指定してください（指定値: ${shown(raw)}）。`;
}

/** `context`: an integer 0–3, default 0. Anything else is refused, never clamped. */
export function readContext(raw: unknown): number | string {
  if (raw === undefined || raw === null) return 0;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= MAX_CONTEXT) return raw;
  return `context は 0〜${MAX_CONTEXT} の整数で指定してください（指定値: ${shown(raw)}）。範囲外の値を丸めて使うことはしません。`;
}

/** Every argument of a grep call, checked in a fixed order; the first failure's text is returned. */
export function parseGrepArgs(args: Record<string, unknown>, include: IncludeRead): Parsed {
  const patternText = args.pattern;
  if (typeof patternText !== 'string') {
    return { ok: false, message: 'pattern（行に対する正規表現）を文字列で指定してください。' };
  }
  if (patternText === '') {
    return {
      ok: false,
      message:
        'pattern が空です。探したい行に合う正規表現を指定してください（すべての行に一致する検索はしません）。',
    };
  }
  const caseInsensitive = readFlag(args, 'case_insensitive');
  if (typeof caseInsensitive === 'string') return { ok: false, message: caseInsensitive };
  const countOnly = readFlag(args, 'count_only');
  if (typeof countOnly === 'string') return { ok: false, message: countOnly };
  const context = readContext(args.context);
  if (typeof context === 'string') return { ok: false, message: context };
  const compiled = compileUserRegex(patternText, caseInsensitive);
  if (!compiled.ok) {
    return {
      ok: false,
      message: regexFailureText('pattern', patternText, compiled, { globTarget: null, caseHint: CASE_HINT }),
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
