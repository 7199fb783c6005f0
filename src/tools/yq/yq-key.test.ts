import { describe, expect, it } from 'vitest';
import { formatKey, KEY_TEXT, parseKey } from './yq-key.ts';

describe('yq keys', () => {
  it('reads names, dots and indexes', () => {
    expect(parseKey('a.b[0].c', 'ja')).toEqual({
      ok: true,
      segments: [
        { kind: 'name', name: 'a' },
        { kind: 'name', name: 'b' },
        { kind: 'index', index: 0 },
        { kind: 'name', name: 'c' },
      ],
    });
    expect(parseKey('tool-x_2.v1', 'ja')).toEqual({
      ok: true,
      segments: [
        { kind: 'name', name: 'tool-x_2' },
        { kind: 'name', name: 'v1' },
      ],
    });
    expect(parseKey('m[1][12]', 'ja')).toEqual({
      ok: true,
      segments: [
        { kind: 'name', name: 'm' },
        { kind: 'index', index: 1 },
        { kind: 'index', index: 12 },
      ],
    });
  });

  it('lets a key start with an index (a top-level JSON array)', () => {
    expect(parseKey('[2].name', 'ja')).toEqual({
      ok: true,
      segments: [
        { kind: 'index', index: 2 },
        { kind: 'name', name: 'name' },
      ],
    });
  });

  it('refuses quoted keys with a readable message', () => {
    expect(parseKey('a."b.c"', 'ja')).toEqual({ ok: false, message: KEY_TEXT.quoted('a."b.c"') });
    expect(parseKey("a['b']", 'ja')).toEqual({ ok: false, message: KEY_TEXT.quoted("a['b']") });
    expect(KEY_TEXT.quoted('a."b"')).toBe(
      'クォートしたキーは使えません: a."b"（key に使えるのは、英数字・_・- だけの名前を . でつないだものと [数字] の添字だけです。記号や . を含む名前のキーは yq では指定できないので、sd で該当行を置き換えてください）',
    );
  });

  it('refuses everything else outside the form', () => {
    for (const key of [
      'a..b',
      '.a',
      'a.',
      'a b',
      'a[x]',
      'a[-1]',
      'a.[0]',
      'a[0',
      '.[0]',
      '$.a',
      'a.*',
      'é',
    ]) {
      expect(parseKey(key, 'ja'), key).toEqual({ ok: false, message: KEY_TEXT.invalid(key) });
    }
    expect(parseKey('', 'ja')).toEqual({ ok: false, message: KEY_TEXT.missing });
    expect(parseKey(undefined, 'ja')).toEqual({ ok: false, message: KEY_TEXT.missing });
  });

  it('formats segments back', () => {
    const parsed = parseKey('a.b[0].c', 'ja');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(formatKey(parsed.segments)).toBe('a.b[0].c');
    expect(formatKey(parsed.segments, 3)).toBe('a.b[0]');
    const top = parseKey('[0].x', 'ja');
    if (!top.ok) throw new Error(top.message);
    expect(formatKey(top.segments)).toBe('[0].x');
  });
});
