import { describe, expect, it } from 'vitest';
import {
  compileUserRegex,
  globSuggestion,
  looksLikeGlob,
  MAX_REGEX_BYTES,
  regexFailureText,
} from './regex.ts';

const wording = { globTarget: 'ファイル名', caseHint: 'CASE.', language: 'ja' } as const;

describe('compileUserRegex', () => {
  it('compiles with the u flag, adding i only when asked', () => {
    const plain = compileUserRegex('a.c', false);
    expect(plain.ok && plain.regex.flags).toBe('u');
    const folded = compileUserRegex('a.c', true);
    expect(folded.ok && folded.regex.flags).toBe('iu');
    expect(folded.ok && folded.regex.test('xAbCx')).toBe(true);
  });

  it('uses u-flag syntax: a lone brace is an error, \\p{L} a class', () => {
    expect(compileUserRegex('{', false).ok).toBe(false);
    const letters = compileUserRegex('^\\p{L}+$', false);
    expect(letters.ok && letters.regex.test('日本語')).toBe(true);
  });

  it('names a failing glob shape, and only a failing one', () => {
    expect(compileUserRegex('*.ts', false)).toEqual({ ok: false, kind: 'glob', detail: 'Nothing to repeat' });
    expect(compileUserRegex('**/*.md', false)).toMatchObject({ ok: false, kind: 'glob' });
    expect(compileUserRegex('{*.ts,*.js}', false)).toMatchObject({ ok: false, kind: 'glob' });
    // `.*.ts` and `a*.ts` are regexes that compile: never refused as globs.
    expect(compileUserRegex('.*.ts', false).ok).toBe(true);
    expect(compileUserRegex('a*.ts', false).ok).toBe(true);
    expect(compileUserRegex('(', false)).toEqual({
      ok: false,
      kind: 'invalid',
      detail: 'Unterminated group',
    });
  });

  it('tells inline flags apart and refuses a pattern over 1 MiB', () => {
    expect(compileUserRegex('(?i)foo', false)).toMatchObject({ ok: false, kind: 'inline_flags' });
    expect(compileUserRegex('a'.repeat(MAX_REGEX_BYTES + 1), false)).toMatchObject({
      ok: false,
      kind: 'too_long',
    });
    expect(compileUserRegex('a'.repeat(MAX_REGEX_BYTES), false).ok).toBe(true);
  });
});

describe('glob shape', () => {
  it('is a leading * or a *. anywhere', () => {
    expect(looksLikeGlob('*.ts')).toBe(true);
    expect(looksLikeGlob('*')).toBe(true);
    expect(looksLikeGlob('src/*.')).toBe(true);
    expect(looksLikeGlob('\\.ts$')).toBe(false);
    expect(looksLikeGlob('a*b')).toBe(false);
  });

  it('suggests the regex of a *.ext tail, escaped', () => {
    expect(globSuggestion('*.ts')).toBe('\\.ts$');
    expect(globSuggestion('**/*.test.ts')).toBe('\\.test\\.ts$');
    expect(globSuggestion('*.')).toBeNull();
    expect(globSuggestion('{*.ts,*.js}')).toBeNull();
  });
});

describe('regexFailureText', () => {
  it('names the glob mistake with the regex to write instead', () => {
    const failure = { ok: false as const, kind: 'glob' as const, detail: 'Nothing to repeat' };
    expect(regexFailureText('include', '*.ts', failure, wording)).toBe(
      'include に glob の形（*.ts）が渡されました。include は glob ではなく、ファイル名（パスの最後の要素）に対する正規表現（JavaScript の RegExp 構文、u フラグ）です。' +
        '「*.ts」のつもりなら include: "\\.ts$" と書いてください。フォルダで絞るには path を使います。',
    );
    expect(regexFailureText('include', '*.', failure, wording)).toContain(
      '例えば「*.ts」のつもりなら include: "\\.ts$" と書きます。',
    );
  });

  it('reads a glob-shaped failure as a plain syntax error where globs do not apply', () => {
    const failure = { ok: false as const, kind: 'glob' as const, detail: 'Nothing to repeat' };
    expect(
      regexFailureText('pattern', '*foo', failure, { globTarget: null, caseHint: '', language: 'ja' }),
    ).toBe(
      'pattern を正規表現として解釈できません: Nothing to repeat（JavaScript の RegExp 構文、u フラグ）。書き直してください。',
    );
  });

  it('points inline flags to the tool argument', () => {
    const failure = { ok: false as const, kind: 'inline_flags' as const, detail: 'Invalid group' };
    expect(regexFailureText('pattern', '(?i)x', failure, wording)).toBe(
      'pattern を正規表現として解釈できません: Invalid group（JavaScript の RegExp 構文、u フラグ）。(?i) のようなインラインフラグは使えません。CASE.書き直してください。',
    );
  });
});
