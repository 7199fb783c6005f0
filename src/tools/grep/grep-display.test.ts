/** grep's include, context, truncation and count_only, end to end in a temporary work folder. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';
import { grepTool } from './grep-tool.ts';

const T = WORK_DIR_TEXTS.ja;

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
});
afterEach(() => box.cleanup());

const grep = (args: Record<string, unknown>, tool = grepTool()) => tool.execute(args, box.ctx());
const numbered = (count: number, hit: (n: number) => boolean) =>
  `${Array.from({ length: count }, (_, i) => `line ${i + 1}${hit(i + 1) ? ' hit' : ''}`).join('\n')}\n`;

describe('grep include', () => {
  beforeEach(() => {
    box.put('src/b.ts', 'hit\n');
    box.put('src/c.TS', 'hit\n');
    box.put('src/d.md', 'hit\n');
  });

  it('filters on the file name only and logs one line per call', async () => {
    expect(await grep({ pattern: 'hit', include: '\\.ts$' })).toMatch(/^src\/b\.ts:1:hit\n\n一致: 全 1 件/u);
    // `^src` would match the path, but include sees only the name.
    expect(await grep({ pattern: 'hit', include: '^src' })).toBe(
      'include に名前が合うファイルがありませんでした（名前を見たファイル 3 件）。include はファイル名（パスの最後の要素）に対する正規表現です。include を見直すか外してください。',
    );
    expect(box.log.lines).toEqual([
      'grep include: agent=alice pattern=\\.ts$ outcome=ok',
      'grep include: agent=alice pattern=^src outcome=ok',
    ]);
  });

  it('follows case_insensitive', async () => {
    const text = await grep({ pattern: 'HIT', include: '\\.ts$', case_insensitive: true });
    expect(text).toMatch(/^src\/b\.ts:1:hit\nsrc\/c\.TS:1:hit\n\n/u);
  });

  it('names a glob and logs outcome=glob', async () => {
    expect(await grep({ pattern: 'hit', include: '*.ts' })).toBe(
      'include に glob の形（*.ts）が渡されました。include は glob ではなく、ファイル名（パスの最後の要素）に対する正規表現（JavaScript の RegExp 構文、u フラグ）です。' +
        '「*.ts」のつもりなら include: "\\.ts$" と書いてください。フォルダで絞るには path を使います。',
    );
    expect(await grep({ pattern: 'hit', include: '*.' })).toContain(
      'include に glob の形（*.）が渡されました。',
    );
    expect(box.log.lines).toEqual([
      'grep include: agent=alice pattern=*.ts outcome=glob',
      'grep include: agent=alice pattern=*. outcome=glob',
    ]);
  });

  it('logs outcome=invalid for a broken regex or a non-string, even when another argument fails', async () => {
    expect(await grep({ pattern: 'hit', include: '([' })).toContain('include を正規表現として解釈できません');
    expect(await grep({ pattern: 'hit', include: 3 })).toContain('include は文字列');
    expect(await grep({ pattern: 'hit', include: '\\.ts$', context: 9 })).toContain('context は 0〜3 の整数');
    expect(await grepTool().execute({ pattern: 'x', include: 'a' }, box.ctx({ workDir: null }))).toBe(
      T.workDirMissing,
    );
    expect(box.log.lines).toEqual([
      'grep include: agent=alice pattern=([ outcome=invalid',
      'grep include: agent=alice pattern=3 outcome=invalid',
      'grep include: agent=alice pattern=\\.ts$ outcome=ok',
      'grep include: agent=alice pattern=a outcome=ok',
    ]);
  });

  it('logs nothing when include is not given', async () => {
    await grep({ pattern: 'hit' });
    await grep({ pattern: '(' });
    expect(box.log.lines).toEqual([]);
  });
});

describe('grep context', () => {
  beforeEach(() => {
    box.put(
      'a.txt',
      numbered(12, (n) => n === 3 || n === 10),
    );
    box.put('b.txt', 'b hit\n');
  });

  it('context 0: match lines only, no separators', async () => {
    expect(await grep({ pattern: 'hit', context: 0 })).toMatch(
      /^a\.txt:3:line 3 hit\na\.txt:10:line 10 hit\nb\.txt:1:b hit\n\n/u,
    );
  });

  it('context 1 and 2: - for context lines, -- between windows of one file, none at the file change', async () => {
    expect((await grep({ pattern: 'hit', context: 1 })).split('\n\n')[0]).toBe(
      [
        'a.txt-2-line 2',
        'a.txt:3:line 3 hit',
        'a.txt-4-line 4',
        '--',
        'a.txt-9-line 9',
        'a.txt:10:line 10 hit',
        'a.txt-11-line 11',
        'b.txt:1:b hit',
      ].join('\n'),
    );
    expect((await grep({ pattern: 'hit', context: 2 })).split('\n\n')[0]).toBe(
      [
        'a.txt-1-line 1',
        'a.txt-2-line 2',
        'a.txt:3:line 3 hit',
        'a.txt-4-line 4',
        'a.txt-5-line 5',
        '--',
        'a.txt-8-line 8',
        'a.txt-9-line 9',
        'a.txt:10:line 10 hit',
        'a.txt-11-line 11',
        'a.txt-12-line 12',
        'b.txt:1:b hit',
      ].join('\n'),
    );
  });

  it('context 3: windows that meet merge into one block, and the total does not change', async () => {
    const text = await grep({ pattern: 'hit', context: 3 });
    expect(text.split('\n\n')[0]).toBe(
      [
        ...Array.from(
          { length: 12 },
          (_, i) =>
            `a.txt${i + 1 === 3 || i + 1 === 10 ? `:${i + 1}:line ${i + 1} hit` : `-${i + 1}-line ${i + 1}`}`,
        ),
        'b.txt:1:b hit',
      ].join('\n'),
    );
    expect(text).toContain('一致: 全 3 件（2 ファイル）。');
  });

  it('refuses out-of-range and non-integer context instead of clamping', async () => {
    for (const context of [4, -1, 1.5, '2', 'x', true]) {
      expect(await grep({ pattern: 'hit', context })).toMatch(
        /^context は 0〜3 の整数で指定してください（指定値: /u,
      );
    }
    expect(await grep({ pattern: 'hit', context: 4 })).toBe(
      'context は 0〜3 の整数で指定してください（指定値: 4）。範囲外の値を丸めて使うことはしません。',
    );
  });
});

describe('grep truncation', () => {
  it('shows 100 matching lines but counts them all, and says how to narrow', async () => {
    box.put(
      'many.txt',
      numbered(150, () => true),
    );
    box.put('z.txt', 'hit\n');
    const text = await grep({ pattern: 'hit' });
    const lines = text.split('\n\n')[0]!.split('\n');
    expect(lines).toHaveLength(100);
    expect(lines[99]).toBe('many.txt:100:line 100 hit');
    expect(text).toContain(
      '一致: 全 151 件（2 ファイル）。\nファイル別の件数（多い順）:\n- many.txt: 150 件\n- z.txt: 1 件\n',
    );
    expect(text).toContain(
      '表示を打ち切りました: 一致行の表示は 100 件までのため、151 件のうち 100 件だけを表示しています。',
    );
    for (const move of [
      'include',
      'path',
      'pattern をより具体的に',
      'count_only: true',
      '同じ引数で呼び直しても',
    ]) {
      expect(text).toContain(move);
    }
    expect(text).not.toContain('context を下げる');
  });

  it('counts only match lines against the 100: context lines do not use it up', async () => {
    // 60 isolated matches at context 3: 420 lines shown, nothing cut.
    box.put(
      'spread.txt',
      numbered(600, (n) => n % 10 === 5),
    );
    const text = await grep({ pattern: 'hit', context: 3 });
    const body = text.split('\n\n')[0]!.split('\n');
    expect(body.filter((l) => l.startsWith('spread.txt:'))).toHaveLength(60);
    expect(body.filter((l) => l.startsWith('spread.txt-'))).toHaveLength(360);
    expect(body.filter((l) => l === '--')).toHaveLength(59);
    expect(text).not.toContain('表示を打ち切りました');
    expect(text).toContain('一致: 全 60 件（1 ファイル）。');
  });

  it('cuts between windows, never inside one, and suggests lowering context', async () => {
    // Lines 1-98 match (one window at context 1), then two windows further down.
    box.put(
      'w.txt',
      numbered(400, (n) => n <= 98 || (n >= 200 && n <= 202) || n === 300),
    );
    const text = await grep({ pattern: 'hit', context: 1 });
    const body = text.split('\n\n')[0]!.split('\n');
    expect(body[body.length - 1]).toBe('w.txt-99-line 99');
    expect(body.filter((l) => l.startsWith('w.txt:'))).toHaveLength(98);
    expect(text).not.toContain('w.txt:200:');
    expect(text).toContain('102 件のうち 98 件だけを表示しています。');
    expect(text).toContain('context を下げると表示できる一致が増えます（いまは context: 1）。');
  });

  it('cuts a single window larger than the display after a whole match', async () => {
    box.put(
      'run.txt',
      numbered(150, () => true),
    );
    const text = await grep({ pattern: 'hit', context: 2 });
    const body = text.split('\n\n')[0]!.split('\n');
    expect(body).toHaveLength(100);
    expect(body[99]).toBe('run.txt:100:line 100 hit');
  });

  it('stops at 12,000 characters at a window boundary and says so', async () => {
    box.put(
      'long.txt',
      Array.from({ length: 80 }, (_, i) => `${String(i).padStart(3, '0')} hit ${'x'.repeat(300)}`).join('\n'),
    );
    const text = await grep({ pattern: 'hit' });
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    const body = text.split('\n\n')[0]!.split('\n');
    expect(body.every((l) => /^long\.txt:\d+:\d{3} hit x+…$/u.test(l))).toBe(true);
    expect(text).toContain(
      `表示を打ち切りました: 出力が 12,000 字に達するため、80 件のうち ${body.length} 件だけを表示しています。`,
    );
    expect(text).toContain('一致: 全 80 件（1 ファイル）。');
  });

  it('says the walk stopped at the file cap, with partial counts and no include advice', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e']) box.put(`${name}.txt`, 'hit\n');
    const text = await grep({ pattern: 'hit', include: '\\.txt$' }, grepTool({ maxFiles: 3 }));
    expect(text).toBe(
      [
        'a.txt:1:hit',
        'b.txt:1:hit',
        'c.txt:1:hit',
        '',
        '一致: 全 3 件（3 ファイル）。',
        'ファイル別の件数（多い順）:',
        '- a.txt: 1 件',
        '- b.txt: 1 件',
        '- c.txt: 1 件',
        '走査を打ち切りました: 調べるファイルが上限の 3 件に達したため、それより後のファイルは読んでいません。件数は調べた範囲だけのものです。path で調べるフォルダを絞ってください。同じ引数で呼び直しても同じ範囲しか調べません。',
      ].join('\n'),
    );
    expect(await grep({ pattern: 'nope' }, grepTool({ maxFiles: 3 }))).toContain('走査を打ち切りました');
    expect(await grep({ pattern: 'hit' }, grepTool({ maxFiles: 5 }))).not.toContain('走査を打ち切りました');
  });

  it('reports the top 20 files by count', async () => {
    for (let i = 1; i <= 22; i += 1)
      box.put(
        `f${String(i).padStart(2, '0')}.txt`,
        numbered(i, () => true),
      );
    const text = await grep({ pattern: 'hit', count_only: true });
    const lines = text.split('\n');
    expect(lines[0]).toBe('一致: 全 253 件（22 ファイル）。');
    expect(lines[1]).toBe('ファイル別の件数（多い順、上位 20 ファイル）:');
    expect(lines[2]).toBe('- f22.txt: 22 件');
    expect(lines[21]).toBe('- f03.txt: 3 件');
    expect(lines[22]).toBe('- ほか 2 ファイル: 計 3 件');
    expect(lines).toHaveLength(23);
  });
});

describe('grep count_only', () => {
  it('returns the counts without lines, whatever context says', async () => {
    box.put(
      'a.txt',
      numbered(5, (n) => n % 2 === 1),
    );
    box.put('b.txt', 'hit\n');
    const expected = [
      '一致: 全 4 件（2 ファイル）。',
      'ファイル別の件数（多い順）:',
      '- a.txt: 3 件',
      '- b.txt: 1 件',
    ].join('\n');
    expect(await grep({ pattern: 'hit', count_only: true })).toBe(expected);
    expect(await grep({ pattern: 'hit', count_only: true, context: 3 })).toBe(expected);
  });
});
