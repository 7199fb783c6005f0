import type { Language } from '../../domain/enums.ts';
import { workDirTexts } from '../work-dir/texts.ts';

/**
 * The user-facing regex compiler of the search tools (grep pattern and include, fd pattern). The
 * ledger's "Rust regex syntax" is JavaScript RegExp with the `u` flag here (ARCHITECTURE §2).
 */

/** The ledger's `size_limit` of the pattern (1 MiB), taken on the pattern text's UTF-8 bytes. */
export const MAX_REGEX_BYTES = 1024 * 1024;

export type Compiled =
  | { ok: true; regex: RegExp }
  | { ok: false; kind: 'glob' | 'invalid' | 'inline_flags' | 'too_long'; detail: string };

/**
 * Input shaped like a glob (`*.ts`, `**\/*.md`, `{*.ts,*.js}`): a leading `*` or a `*.` anywhere.
 * Only consulted when the text does not compile, so a real regex such as `.*.ts` is never refused.
 */
export function looksLikeGlob(text: string): boolean {
  return text.startsWith('*') || text.includes('*.');
}

/** The regex a glob ending in `*.test.ts` meant (`\.test\.ts$`), or null when there is no such tail. */
export function globSuggestion(text: string): string | null {
  const tail = /\*(\.[^*?[\]{}(),/\\]+)$/u.exec(text);
  if (!tail) return null;
  return `${tail[1]!.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}$`;
}

/** The reason part of a SyntaxError ("Nothing to repeat"), without the echo of the pattern. */
function reasonOf(error: unknown, flags: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const marker = `/${flags}: `;
  const at = message.lastIndexOf(marker);
  return at >= 0 ? message.slice(at + marker.length) : message;
}

/** `(?i)`-style inline flags are Rust syntax JavaScript does not have. */
function looksLikeInlineFlags(text: string): boolean {
  return /\(\?[a-zA-Z-]+[):]/u.test(text);
}

export function compileUserRegex(text: string, ignoreCase: boolean): Compiled {
  if (Buffer.byteLength(text, 'utf8') > MAX_REGEX_BYTES) {
    return {
      ok: false,
      kind: 'too_long',
      detail: `${MAX_REGEX_BYTES.toLocaleString('en-US')} バイトを超えています`,
    };
  }
  const flags = ignoreCase ? 'iu' : 'u';
  try {
    return { ok: true, regex: new RegExp(text, flags) };
  } catch (error) {
    const detail = reasonOf(error, flags);
    if (looksLikeGlob(text)) return { ok: false, kind: 'glob', detail };
    return { ok: false, kind: looksLikeInlineFlags(text) ? 'inline_flags' : 'invalid', detail };
  }
}

function shown(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export interface FailureWording {
  /**
   * What the argument is matched against when a glob there is a predictable mistake (「ファイル名」,
   * 「名前」), or null where a glob reading does not apply (grep's line pattern).
   */
  globTarget: string | null;
  /** How this tool sets case handling, for `(?i)`-style input. */
  caseHint: string;
  /** The village language of the text (globTarget and caseHint are given in it). */
  language: Language;
}

/** The result text for a regex argument that did not compile; `arg` is the argument's name. */
export function regexFailureText(
  arg: string,
  text: string,
  failure: Exclude<Compiled, { ok: true }>,
  wording: FailureWording,
): string {
  if (wording.language === 'en') return englishFailure(arg, text, failure, wording);
  if (failure.kind === 'glob' && wording.globTarget !== null) {
    const suggestion = globSuggestion(text);
    const example =
      suggestion === null
        ? `例えば「*.ts」のつもりなら ${arg}: "\\.ts$" と書きます`
        : `「${shown(text)}」のつもりなら ${arg}: "${suggestion}" と書いてください`;
    return (
      `${arg} に glob の形（${shown(text)}）が渡されました。${arg} は glob ではなく、${wording.globTarget}（パスの最後の要素）に対する正規表現（JavaScript の RegExp 構文、u フラグ）です。` +
      `${example}。フォルダで絞るには path を使います。`
    );
  }
  if (failure.kind === 'too_long') return `${arg} が長すぎます（${failure.detail}）。短くしてください。`;
  const inline =
    failure.kind === 'inline_flags' ? `(?i) のようなインラインフラグは使えません。${wording.caseHint}` : '';
  return `${workDirTexts('ja').badRegex(arg, failure.detail)}（JavaScript の RegExp 構文、u フラグ）。${inline}書き直してください。`;
}

function englishFailure(
  arg: string,
  text: string,
  failure: Exclude<Compiled, { ok: true }>,
  wording: FailureWording,
): string {
  if (failure.kind === 'glob' && wording.globTarget !== null) {
    const suggestion = globSuggestion(text);
    const example =
      suggestion === null
        ? `If you meant "*.ts", for example, write ${arg}: "\\.ts$"`
        : `If you meant "${shown(text)}", write ${arg}: "${suggestion}"`;
    return (
      `${arg} got a glob (${shown(text)}). ${arg} is not a glob but a regular expression (JavaScript RegExp syntax, u flag) matched against the ${wording.globTarget} (the last part of the path). ` +
      `${example}. To narrow by folder, use path.`
    );
  }
  if (failure.kind === 'too_long') return `${arg} is too long (${failure.detail}). Make it shorter.`;
  const inline =
    failure.kind === 'inline_flags' ? `Inline flags such as (?i) cannot be used. ${wording.caseHint} ` : '';
  return `${workDirTexts('en').badRegex(arg, failure.detail)} (JavaScript RegExp syntax, u flag). ${inline}Rewrite it.`;
}
