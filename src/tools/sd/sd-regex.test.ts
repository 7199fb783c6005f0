import { describe, expect, it } from 'vitest';
import { compileSd, parseTemplate, replaceAllSd } from './sd-regex.ts';

function sd(pattern: string, replacement: string, text: string, caseInsensitive = false): string {
  const compiled = compileSd(pattern, replacement, caseInsensitive, 'ja');
  if (!compiled.ok) throw new Error(compiled.message);
  return replaceAllSd(compiled.sd, text).text;
}

function compileError(pattern: string): string {
  const compiled = compileSd(pattern, '', false, 'ja');
  if (compiled.ok) throw new Error('compiled');
  return compiled.message;
}

describe('replacement expansion (regex crate rules)', () => {
  it('expands numbered references, $0 being the whole match', () => {
    expect(sd('(\\w+)@(\\w+)', '$2 at $1 [$0]', 'me@home')).toBe('home at me [me@home]');
  });

  it('expands $name and ${name} for named groups', () => {
    expect(sd('(?<user>\\w+)@(?<host>\\w+)', '$host/$user', 'me@home')).toBe('home/me');
    expect(sd('(?<user>\\w+)@(?<host>\\w+)', '${host}_x ${user}', 'me@home')).toBe('home_x me');
  });

  it('keeps $$ as one literal $ (never a reference)', () => {
    expect(sd('(\\d+)', '$$$1', 'cost 5')).toBe('cost $5');
    expect(sd('(\\d+)', '$$1', 'cost 5')).toBe('cost $1');
    expect(sd('x', '$$$$', 'x')).toBe('$$');
  });

  it('takes the longest name after $, so $1a is the (missing) group "1a"', () => {
    expect(sd('(a)', '$1a', 'a')).toBe('');
    expect(sd('(a)', '${1}a', 'a')).toBe('aa');
  });

  it('expands references to missing or non-participating groups to nothing', () => {
    expect(sd('(a)', '<$2|$nope|${nope}>', 'a')).toBe('<||>');
    expect(sd('(a)|(b)', '[$1$2]', 'ab')).toBe('[a][b]');
  });

  it('keeps a $ that starts no reference, and an unclosed ${ as text', () => {
    expect(sd('x', 'a$ b$-c$', 'x')).toBe('a$ b$-c$');
    expect(sd('x', '${1', 'x')).toBe('${1');
  });

  it('does not treat JavaScript replacement patterns specially', () => {
    expect(sd('b', "[$&|$'|$`|$<n>]", 'abc')).toBe("a[$&|$'|$`|$<n>]c");
  });

  it('parses a template into text and group parts', () => {
    expect(parseTemplate('a$1${x}$$z')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'group', ref: 1 },
      { kind: 'group', ref: 'x' },
      { kind: 'text', text: '$z' },
    ]);
  });
});

describe('matching', () => {
  it('replaces every match and counts them', () => {
    const compiled = compileSd('o', '0', false, 'ja');
    if (!compiled.ok) throw new Error(compiled.message);
    expect(replaceAllSd(compiled.sd, 'foo boo')).toEqual({ text: 'f00 b00', count: 4 });
    // The regex object is reused across files: a second run starts from the beginning again.
    expect(replaceAllSd(compiled.sd, 'o')).toEqual({ text: '0', count: 1 });
  });

  it('is case-sensitive unless case_insensitive is set', () => {
    expect(sd('abc', 'x', 'ABC abc')).toBe('ABC x');
    expect(sd('abc', 'x', 'ABC abc', true)).toBe('x x');
  });

  it('turns a leading (?i) into the i flag, over case_insensitive: false', () => {
    expect(sd('(?i)abc', 'x', 'ABC abc')).toBe('x x');
  });

  it('lets a leading (?-i) turn case_insensitive: true off', () => {
    expect(sd('(?-i)abc', 'x', 'ABC abc', true)).toBe('ABC x');
  });

  it('supports (?m), (?s) and combinations', () => {
    expect(sd('(?m)^b', 'X', 'a\nb\nb')).toBe('a\nX\nX');
    expect(sd('^b', 'X', 'a\nb')).toBe('a\nb');
    expect(sd('(?s)a.b', 'X', 'a\nb')).toBe('X');
    expect(sd('a.b', 'X', 'a\nb')).toBe('a\nb');
    expect(sd('(?is)A.B', 'X', 'a\nb')).toBe('X');
    expect(sd('(?i)(?m)^B', 'X', 'a\nb')).toBe('a\nX');
  });

  it('is unicode-aware (u flag)', () => {
    expect(sd('\\p{Script=Katakana}+', 'カナ', 'ひらがな と カタカナ')).toBe('ひらがな と カナ');
    expect(sd('.', 'x', '😀')).toBe('x');
  });
});

describe('compile errors', () => {
  it('says why a pattern does not compile', () => {
    expect(compileError('(abc')).toBe(
      'pattern を正規表現として解釈できません: /(abc/gu: Unterminated group（パターンは JavaScript の RegExp 構文で、u フラグ付きで解釈します）',
    );
  });

  it('points a Rust-style (?P<name>) to (?<name>)', () => {
    expect(compileError('(?P<x>a)')).toContain('(?<name>...) と書きます');
  });

  it('says inline flags work only at the start', () => {
    expect(compileError('a(?i)b')).toContain('先頭に置いた (?i) (?m) (?s) だけ');
    expect(compileError('(?i:a)')).toContain('先頭に置いた (?i) (?m) (?s) だけ');
  });

  it('refuses inline flags other than i, m, s by name', () => {
    expect(compileError('(?x)a b')).toBe(
      'pattern を正規表現として解釈できません: インラインフラグ (?x) の x は使えません（使えるのは先頭に置いた (?i) (?m) (?s) とその組み合わせ、(?-i) のような打ち消しです）',
    );
  });
});
