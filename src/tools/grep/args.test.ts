import { describe, expect, it } from 'vitest';
import { parseGrepArgs, readContext, readInclude } from './args.ts';

const noInclude = { present: false } as const;

describe('readContext', () => {
  it('takes 0 to 3, 0 when absent', () => {
    expect([undefined, null, 0, 1, 2, 3].map((v) => readContext(v, 'ja'))).toEqual([0, 0, 0, 1, 2, 3]);
  });

  it('refuses anything else and never clamps', () => {
    expect(readContext(4, 'ja')).toBe(
      'context は 0〜3 の整数で指定してください（指定値: 4）。範囲外の値を丸めて使うことはしません。',
    );
    expect(readContext(-1, 'ja')).toContain('（指定値: -1）');
    expect(readContext(1.5, 'ja')).toContain('（指定値: 1.5）');
    expect(readContext('2', 'ja')).toContain('（指定値: "2"）');
    expect(readContext(true, 'ja')).toContain('（指定値: true）');
  });
});

describe('readInclude', () => {
  it('is absent when undefined or null', () => {
    expect(readInclude(undefined, false, 'ja')).toEqual({ present: false });
    expect(readInclude(null, false, 'ja')).toEqual({ present: false });
  });

  it('compiles on the name, following case_insensitive', () => {
    const strict = readInclude('\\.TS$', false, 'ja');
    expect(strict.present && strict.outcome === 'ok' && strict.regex.test('a.ts')).toBe(false);
    const folded = readInclude('\\.TS$', true, 'ja');
    expect(folded.present && folded.outcome === 'ok' && folded.regex.test('a.ts')).toBe(true);
  });

  it('reports a glob, a broken regex and a non-string apart', () => {
    expect(readInclude('*.ts', false, 'ja')).toMatchObject({ present: true, text: '*.ts', outcome: 'glob' });
    expect(readInclude('([', false, 'ja')).toMatchObject({ present: true, text: '([', outcome: 'invalid' });
    expect(readInclude(5, false, 'ja')).toEqual({
      present: true,
      text: '5',
      outcome: 'invalid',
      message: 'include は文字列（ファイル名に対する正規表現、例: "\\.ts$"）で指定してください。',
    });
  });
});

describe('parseGrepArgs', () => {
  it('fills the defaults', () => {
    const parsed = parseGrepArgs({ pattern: 'x' }, noInclude, 'ja');
    expect(parsed).toMatchObject({
      ok: true,
      args: { path: '.', include: null, context: 0, caseInsensitive: false, countOnly: false },
    });
  });

  it('refuses a missing, non-string or empty pattern', () => {
    expect(parseGrepArgs({}, noInclude, 'ja')).toEqual({
      ok: false,
      message: 'pattern（行に対する正規表現）を文字列で指定してください。',
    });
    expect(parseGrepArgs({ pattern: 3 }, noInclude, 'ja').ok).toBe(false);
    expect(parseGrepArgs({ pattern: '' }, noInclude, 'ja')).toMatchObject({
      ok: false,
      message: expect.stringContaining('pattern が空です'),
    });
  });

  it('refuses non-boolean flags by name', () => {
    expect(parseGrepArgs({ pattern: 'x', case_insensitive: 'yes' }, noInclude, 'ja')).toEqual({
      ok: false,
      message: 'case_insensitive は true か false で指定してください（指定値: "yes"）。',
    });
    expect(parseGrepArgs({ pattern: 'x', count_only: 1 }, noInclude, 'ja')).toEqual({
      ok: false,
      message: 'count_only は true か false で指定してください（指定値: 1）。',
    });
  });

  it('returns the include failure after the pattern checks', () => {
    const include = readInclude('*.ts', false, 'ja');
    expect(parseGrepArgs({ pattern: '(' }, include, 'ja')).toMatchObject({
      ok: false,
      message: expect.stringContaining('pattern を正規表現として解釈できません'),
    });
    expect(parseGrepArgs({ pattern: 'x' }, include, 'ja')).toMatchObject({
      ok: false,
      message: expect.stringContaining('include に glob の形（*.ts）'),
    });
  });

  it('applies case_insensitive to the pattern', () => {
    const parsed = parseGrepArgs({ pattern: 'FOO', case_insensitive: true }, noInclude, 'ja');
    expect(parsed.ok && parsed.args.pattern.test('foo')).toBe(true);
    const strict = parseGrepArgs({ pattern: 'FOO' }, noInclude, 'ja');
    expect(strict.ok && strict.args.pattern.test('foo')).toBe(false);
  });
});
