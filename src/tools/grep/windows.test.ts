import { describe, expect, it } from 'vitest';
import {
  buildWindows,
  cutWindow,
  fitWindows,
  renderBody,
  renderWindow,
  type RenderedWindow,
} from './windows.ts';

const lines = Array.from({ length: 20 }, (_, i) => `l${i + 1}${[2, 4, 12].includes(i) ? ' hit' : ''}`);
const hits = [2, 4, 12];
const hitSet = new Set(hits);
const re = /hit/u;

describe('buildWindows', () => {
  it('keeps every match alone at context 0, even adjacent ones', () => {
    expect(buildWindows([2, 3, 4], 10, 0)).toEqual([
      { start: 2, end: 2 },
      { start: 3, end: 3 },
      { start: 4, end: 4 },
    ]);
  });

  it('merges overlapping and touching windows, clamps at the file edges', () => {
    expect(buildWindows(hits, 20, 1)).toEqual([
      { start: 1, end: 5 },
      { start: 11, end: 13 },
    ]);
    // At context 3, [0,5] and [1,7] overlap; [9,15] is apart.
    expect(buildWindows(hits, 20, 3)).toEqual([
      { start: 0, end: 7 },
      { start: 9, end: 15 },
    ]);
    // Touching: [0,1] and [2,3] become one window (nothing between them for a `--`).
    expect(buildWindows([0, 3], 5, 1)).toEqual([{ start: 0, end: 4 }]);
    expect(buildWindows([19], 20, 2)).toEqual([{ start: 17, end: 19 }]);
  });
});

describe('renderWindow and renderBody', () => {
  it('marks matches with : and context with -, and -- only inside one file', () => {
    const windows = buildWindows(hits, 20, 1).map((w) => renderWindow('a.txt', lines, w, hitSet, re));
    const other = renderWindow('b.txt', ['x hit'], { start: 0, end: 0 }, new Set([0]), re);
    expect(renderBody([...windows, other], 1)).toBe(
      [
        'a.txt-2-l2',
        'a.txt:3:l3 hit',
        'a.txt-4-l4',
        'a.txt:5:l5 hit',
        'a.txt-6-l6',
        '--',
        'a.txt-12-l12',
        'a.txt:13:l13 hit',
        'a.txt-14-l14',
        'b.txt:1:x hit',
      ].join('\n'),
    );
    expect(windows.map((w) => [w.matches, w.chars])).toEqual([
      [2, 'a.txt-2-l2\na.txt:3:l3 hit\na.txt-4-l4\na.txt:5:l5 hit\na.txt-6-l6\n'.length],
      [1, 'a.txt-12-l12\na.txt:13:l13 hit\na.txt-14-l14\n'.length],
    ]);
  });

  it('puts no -- between windows at context 0', () => {
    const windows = buildWindows(hits, 20, 0).map((w) => renderWindow('a.txt', lines, w, hitSet, re));
    expect(renderBody(windows, 0)).toBe('a.txt:3:l3 hit\na.txt:5:l5 hit\na.txt:13:l13 hit');
  });
});

function fake(rel: string, matchFlags: boolean[], width = 9): RenderedWindow {
  const rows = matchFlags.map((match, i) => ({
    text: `${rel}${match ? ':' : '-'}${i}`.padEnd(width, '.'),
    match,
  }));
  return { rel, rows, matches: matchFlags.filter(Boolean).length, chars: rows.length * (width + 1) };
}

describe('fitWindows', () => {
  it('stops at the window whose matches would pass the cap, never inside it', () => {
    const windows = [fake('a', [false, true, true, false]), fake('a', [true, true]), fake('b', [true])];
    const fitted = fitWindows(windows, 1, 3, 10_000);
    expect(fitted.windows).toEqual([windows[0]]);
    expect(fitted).toMatchObject({ matches: 2, stop: 'matches' });
  });

  it('counts the -- of a window inside the same file against the characters', () => {
    const windows = [fake('a', [true]), fake('a', [true])];
    expect(fitWindows(windows, 1, 100, 20).windows).toHaveLength(1);
    expect(fitWindows(windows, 1, 100, 23)).toMatchObject({ matches: 2, chars: 23, stop: null });
    // At context 0 there is no separator.
    expect(fitWindows(windows, 0, 100, 20)).toMatchObject({ matches: 2, stop: null });
  });

  it('cuts only a first window larger than the whole display, after a match block', () => {
    const big = fake('a', [false, true, false, true, false, true, false]);
    const fitted = fitWindows([big], 1, 2, 10_000);
    expect(fitted.windows[0]!.rows.map((r) => r.match)).toEqual([false, true, false, true, false]);
    expect(fitted).toMatchObject({ matches: 2, stop: 'matches' });
    expect(fitWindows([big], 1, 100, 30).windows[0]!.rows).toHaveLength(3);
  });
});

describe('cutWindow', () => {
  it('ends before the next match when it lies inside the context', () => {
    const run = fake('a', [true, true, true, false]);
    expect(cutWindow(run, 2, 2, 1_000)!.rows.map((r) => r.match)).toEqual([true, true]);
    expect(cutWindow(run, 2, 1, 5)).toBeNull();
  });
});
