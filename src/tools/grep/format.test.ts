import { describe, expect, it } from 'vitest';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { countsBlock, formatGrep, type FormatInput } from './format.ts';
import { displayTruncatedNotice, scanTruncatedNotice, skippedNotice } from './notices.ts';
import type { GrepScan } from './scan.ts';
import type { RenderedWindow } from './windows.ts';

describe('countsBlock', () => {
  it('lists files most first, ties in scan order', () => {
    expect(
      countsBlock(
        6,
        [
          { rel: 'a', count: 1 },
          { rel: 'b', count: 3 },
          { rel: 'c', count: 1 },
          { rel: 'd', count: 1 },
        ],
        'ja',
      ),
    ).toBe(
      [
        '一致: 全 6 件（4 ファイル）。',
        'ファイル別の件数（多い順）:',
        '- b: 3 件',
        '- a: 1 件',
        '- c: 1 件',
        '- d: 1 件',
      ].join('\n'),
    );
  });

  it('keeps the top 20 and sums the rest', () => {
    const files = Array.from({ length: 25 }, (_, i) => ({
      rel: `f${String(i).padStart(2, '0')}`,
      count: i + 1,
    }));
    const block = countsBlock(325, files, 'ja').split('\n');
    expect(block[0]).toBe('一致: 全 325 件（25 ファイル）。');
    expect(block[1]).toBe('ファイル別の件数（多い順、上位 20 ファイル）:');
    expect(block.slice(2, 4)).toEqual(['- f24: 25 件', '- f23: 24 件']);
    expect(block).toHaveLength(2 + 20 + 1);
    expect(block[21]).toBe('- f05: 6 件');
    expect(block[22]).toBe('- ほか 5 ファイル: 計 15 件');
  });
});

describe('notices', () => {
  it('display truncation: what happened, the narrowing moves, and that calling again repeats it', () => {
    const text = displayTruncatedNotice('matches', 100, 150, 0, 'ja');
    expect(text).toBe(
      '表示を打ち切りました: 一致行の表示は 100 件までのため、150 件のうち 100 件だけを表示しています。打ち切りは塊の境目で、件数は全一致を数えたものです。' +
        '残りを見るには範囲を絞ってください: include でファイル名を絞る（例: "\\.ts$"）、path でフォルダやファイルを絞る、pattern をより具体的にする。' +
        '件数だけが要るなら count_only: true。同じ引数で呼び直しても同じ範囲しか表示されません。',
    );
    expect(displayTruncatedNotice('chars', 40, 1_500, 2, 'ja')).toContain(
      '出力が 12,000 字に達するため、1,500 件のうち 40 件だけを表示しています。',
    );
    expect(displayTruncatedNotice('chars', 40, 1_500, 2, 'ja')).toContain(
      'context を下げると表示できる一致が増えます（いまは context: 2）。',
    );
    expect(displayTruncatedNotice('matches', 100, 150, 0, 'ja')).not.toContain('context');
  });

  it('scan truncation: partial counts, narrow the path, never include', () => {
    const text = scanTruncatedNotice(20_000, 'ja');
    expect(text).toBe(
      '走査を打ち切りました: 調べるファイルが上限の 20,000 件に達したため、それより後のファイルは読んでいません。' +
        '件数は調べた範囲だけのものです。path で調べるフォルダを絞ってください。同じ引数で呼び直しても同じ範囲しか調べません。',
    );
    expect(text).not.toContain('include');
  });

  it('skipped files by reason, none when nothing was skipped', () => {
    expect(skippedNotice({ binary: 0, tooLarge: 0, unreadable: 0 }, 'ja')).toBeNull();
    expect(skippedNotice({ binary: 2, tooLarge: 1, unreadable: 0 }, 'ja')).toBe(
      '読まなかったファイル: バイナリ 2 件、2 MiB を超えるもの 1 件。これらの中身は grep では検索できません（呼び直しても同じです）。',
    );
  });
});

function scanWith(candidates: RenderedWindow[], total: number, files: number): GrepScan {
  return {
    total,
    files: Array.from({ length: files }, (_, i) => ({ rel: `${'deep/'.repeat(40)}file${i}.txt`, count: 1 })),
    filesRead: files,
    excludedByInclude: 0,
    skipped: { binary: 0, tooLarge: 0, unreadable: 0 },
    candidates,
  };
}

describe('formatGrep', () => {
  it('never passes MAX_OUTPUT_CHARS, counts and notices included', () => {
    const row = (i: number) => ({ text: `f${i}.txt:1:${'x'.repeat(240)}`, match: true });
    const candidates = Array.from({ length: 60 }, (_, i) => ({
      rel: `f${i}.txt`,
      rows: [row(i)],
      matches: 1,
      chars: row(i).text.length + 1,
    }));
    const input: FormatInput = {
      scan: scanWith(candidates, 60, 60),
      context: 0,
      countOnly: false,
      caseInsensitive: false,
      includeUsed: false,
      scanCap: 20_000,
      language: 'ja',
    };
    const text = formatGrep(input);
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    expect(text).toContain('表示を打ち切りました: 出力が 12,000 字に達するため、60 件のうち');
    expect(text).toContain('走査を打ち切りました');
    expect(text).toContain('- ほか 40 ファイル: 計 40 件');
  });

  it('shows everything, with no truncation notice, when everything fits', () => {
    const candidates = [{ rel: 'a', rows: [{ text: 'a:1:x', match: true }], matches: 1, chars: 6 }];
    const input: FormatInput = {
      scan: { ...scanWith(candidates, 1, 0), files: [{ rel: 'a', count: 1 }], filesRead: 1 },
      context: 0,
      countOnly: false,
      caseInsensitive: false,
      includeUsed: false,
      scanCap: null,
      language: 'ja',
    };
    expect(formatGrep(input)).toBe(
      'a:1:x\n\n一致: 全 1 件（1 ファイル）。\nファイル別の件数（多い順）:\n- a: 1 件',
    );
  });
});
