import type { Language } from '../../domain/enums.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { SD_TEXTS, type SdTexts } from './sd-texts.ts';

/**
 * The sd pattern and replacement. Patterns are JavaScript RegExp syntax compiled with `u` (and `g`:
 * every match is replaced). Leading inline flag groups in the Rust regex style — `(?i)`, `(?m)`,
 * `(?s)`, combined (`(?is)`) or turned off (`(?-i)`) — become RegExp flags and win over
 * `case_insensitive`, as in the regex crate. The replacement follows the regex crate's expansion:
 * `$1` / `$name` (longest run of `[0-9A-Za-z_]`), `${name}`, `$$` for a literal `$`; a reference to
 * a group that does not exist (or did not take part) expands to nothing.
 */
export type TemplatePart = { kind: 'text'; text: string } | { kind: 'group'; ref: number | string };

export interface SdRegex {
  regex: RegExp;
  template: TemplatePart[];
}

const INLINE_FLAGS = /^\(\?([A-Za-z]*)(?:-([A-Za-z]*))?\)/;
const SUPPORTED = new Set(['i', 'm', 's']);

function detail(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(
    /^Invalid regular expression: /,
    '',
  );
}

/** A bare `$name` reads the longest run of these (the regex crate's `is_valid_cap_letter`). */
function isCapLetter(ch: string | undefined): boolean {
  return ch !== undefined && /^[0-9A-Za-z_]$/.test(ch);
}

function toRef(name: string): number | string {
  return /^\+?[0-9]+$/.test(name) && Number.isSafeInteger(Number(name)) ? Number(name) : name;
}

export function parseTemplate(replacement: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  let i = 0;
  const flush = (): void => {
    if (text !== '') parts.push({ kind: 'text', text });
    text = '';
  };
  while (i < replacement.length) {
    const ch = replacement[i]!;
    if (ch !== '$') {
      text += ch;
      i += 1;
      continue;
    }
    const next = replacement[i + 1];
    if (next === '$') {
      text += '$';
      i += 2;
      continue;
    }
    if (next === '{') {
      const close = replacement.indexOf('}', i + 2);
      if (close === -1) {
        text += '$';
        i += 1;
        continue;
      }
      flush();
      parts.push({ kind: 'group', ref: toRef(replacement.slice(i + 2, close)) });
      i = close + 1;
      continue;
    }
    let end = i + 1;
    while (isCapLetter(replacement[end])) end += 1;
    if (end === i + 1) {
      text += '$';
      i += 1;
      continue;
    }
    flush();
    parts.push({ kind: 'group', ref: toRef(replacement.slice(i + 1, end)) });
    i = end;
  }
  flush();
  return parts;
}

export type Compiled = { ok: true; sd: SdRegex } | { ok: false; message: string };

/** Leading inline flag groups → RegExp flags; the rest of the pattern is compiled as is. */
export function compileSd(
  pattern: string,
  replacement: string,
  caseInsensitive: boolean,
  language: Language,
): Compiled {
  const T = workDirTexts(language);
  const S = SD_TEXTS[language];
  const flags = new Set<string>(caseInsensitive ? ['i'] : []);
  let body = pattern;
  for (let m = INLINE_FLAGS.exec(body); m && `${m[1]}${m[2] ?? ''}` !== ''; m = INLINE_FLAGS.exec(body)) {
    const on = m[1] ?? '';
    const off = m[2] ?? '';
    const bad = [...on, ...off].filter((f) => !SUPPORTED.has(f));
    if (bad.length > 0) {
      return {
        ok: false,
        message: T.badRegex('pattern', S.badInlineFlag(m[0], [...new Set(bad)].join(''))),
      };
    }
    for (const f of on) flags.add(f);
    for (const f of off) flags.delete(f);
    body = body.slice(m[0].length);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(body, `g${[...flags].sort().join('')}u`);
  } catch (error) {
    return { ok: false, message: T.badRegex('pattern', `${detail(error)}${hintFor(S, body)}`) };
  }
  return { ok: true, sd: { regex, template: parseTemplate(replacement) } };
}

function hintFor(S: SdTexts, body: string): string {
  if (body.includes('(?P<')) return S.pythonGroupHint;
  if (/\(\?[A-Za-z-]+[:)]/.test(body)) return S.inlineFlagHint;
  return S.syntaxHint;
}

function expand(
  template: TemplatePart[],
  captures: (string | undefined)[],
  groups: object | undefined,
): string {
  let out = '';
  for (const part of template) {
    if (part.kind === 'text') out += part.text;
    else if (typeof part.ref === 'number') out += captures[part.ref] ?? '';
    else if (groups && Object.hasOwn(groups, part.ref)) {
      out += (groups as Record<string, string | undefined>)[part.ref] ?? '';
    }
  }
  return out;
}

/** Every match replaced; `count` is the number of matches. */
export function replaceAllSd(sd: SdRegex, text: string): { text: string; count: number } {
  let count = 0;
  sd.regex.lastIndex = 0;
  const result = text.replace(sd.regex, (...args: unknown[]) => {
    count += 1;
    const hasGroups = typeof args[args.length - 1] === 'object' && args[args.length - 1] !== null;
    const groups = hasGroups ? (args[args.length - 1] as object) : undefined;
    // (match, p1…pn, offset, string[, groups])
    const captures = args.slice(0, hasGroups ? -3 : -2) as (string | undefined)[];
    return expand(sd.template, captures, groups);
  });
  return { text: result, count };
}
