import { describe, expect, it } from 'vitest';
import { clipLine, matchingLines, splitLines } from './lines.ts';

describe('splitLines', () => {
  it('drops the final newline and trailing \\r, keeps empty lines', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\n')).toEqual(['a']);
    expect(splitLines('a\r\n\r\nb')).toEqual(['a', '', 'b']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
  });
});

describe('matchingLines', () => {
  it('lists matching indices, stable across calls', () => {
    const re = /o/u;
    expect(matchingLines(['foo', 'bar', 'boo'], re)).toEqual([0, 2]);
    expect(matchingLines(['foo', 'bar', 'boo'], re)).toEqual([0, 2]);
  });
});

describe('clipLine', () => {
  it('keeps a line of at most 240 code points whole', () => {
    const line = '日'.repeat(240);
    expect(clipLine(line, null)).toBe(line);
  });

  it('cuts a longer context line at its head', () => {
    expect(clipLine('x'.repeat(300), null)).toBe(`${'x'.repeat(240)}…`);
  });

  it('cuts a longer matching line around its first match', () => {
    const line = `${'a'.repeat(500)}NEEDLE${'b'.repeat(500)}`;
    const clipped = clipLine(line, /NEEDLE/u);
    expect(clipped).toBe(`…${'a'.repeat(60)}NEEDLE${'b'.repeat(174)}…`);
    expect([...clipped].length).toBe(242);
  });

  it('counts code points, not UTF-16 units', () => {
    const line = '😀'.repeat(241);
    expect(clipLine(line, null)).toBe(`${'😀'.repeat(240)}…`);
    expect(clipLine('😀'.repeat(200), null)).toBe('😀'.repeat(200));
  });
});
