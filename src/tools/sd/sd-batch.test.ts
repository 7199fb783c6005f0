import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../orchestrator/tool.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import type { WriteFence } from '../work-dir/fence.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';
import { sdTool } from './sd-tool.ts';

const T = WORK_DIR_TEXTS.ja;

let sb: ToolSandbox;
let ctx: ToolContext;
let fenceCalls = 0;
// Batch preview never writes, so it never asks the fence.
const fence: WriteFence = {
  refuse: () => {
    fenceCalls += 1;
    return 'FENCED';
  },
};
const sd = sdTool(fence);

beforeEach(() => {
  sb = toolSandbox();
  ctx = sb.ctx();
  fenceCalls = 0;
});
afterEach(() => {
  expect(fenceCalls).toBe(0);
  sb.cleanup();
});

const run = (args: Record<string, unknown>): Promise<string> => sd.execute(args, ctx);
const read = (rel: string): string => readFileSync(join(sb.workDir, rel), 'utf8');

describe('freeze 1: paths is preview only', () => {
  it('refuses paths with apply: true and writes nothing', async () => {
    sb.put('a.md', 'x\n');
    expect(await run({ pattern: 'x', replacement: 'y', paths: ['a.md'], apply: true })).toBe(
      'paths は preview 専用で、apply: true とは併用できません。書き込みは 1 回に 1 ファイルなので、path に 1 つ指定して apply: true で呼び出してください。',
    );
    expect(read('a.md')).toBe('x\n');
  });
});

describe('freeze 2: paths are listed explicitly (no glob, no regex)', () => {
  it('takes a glob-looking entry as a path, which does not exist', async () => {
    sb.put('a.md', 'x\n');
    const out = await run({ pattern: 'x', replacement: 'y', paths: ['*.md'] });
    expect(out).toContain(T.missing('*.md'));
    expect(out).not.toContain('=== a.md');
  });
});

describe('freeze 3: path xor a non-empty paths', () => {
  it('refuses path and paths together, neither, and an empty array', async () => {
    sb.put('a.md', 'x\n');
    expect(await run({ pattern: 'x', replacement: 'y', path: 'a.md', paths: ['a.md'] })).toBe(
      'path と paths は同時に指定できません。書き込むなら path、まとめて preview するなら paths です。',
    );
    expect(await run({ pattern: 'x', replacement: 'y' })).toBe(
      'path（1 ファイル）か paths（preview だけをまとめて見る一覧）のどちらかを指定してください。',
    );
    expect(await run({ pattern: 'x', replacement: 'y', paths: [] })).toBe(
      'paths が空です。preview するファイルを 1 つ以上並べてください。',
    );
    expect(await run({ pattern: 'x', replacement: 'y', paths: 'a.md' })).toBe(
      'paths は文字列の配列で指定してください。',
    );
    expect(await run({ pattern: 'x', replacement: 'y', paths: ['a.md', 3] })).toBe(
      'paths の要素はすべて文字列（作業フォルダからの相対パス）で指定してください。',
    );
  });
});

describe('freeze 4: the three-level frame', () => {
  it('refuses more than 20 files without running', async () => {
    const paths = Array.from({ length: 21 }, (_, i) => sb.put(`f${i}.md`, 'x\n')).map((_, i) => `f${i}.md`);
    expect(await run({ pattern: 'x', replacement: 'y', paths })).toBe(
      'paths は 20 件までです（重複をまとめて 21 件）。何も処理していません。対象を絞るか、分けて呼び出してください。',
    );
  });

  it('gives stats for one file whose diff is over 12,000, in the single-path wording', async () => {
    sb.put('big.txt', `${'a'.repeat(5981)}\n`);
    sb.put('small.txt', 'a\n');
    const single = await run({ pattern: 'a', replacement: 'b', path: 'big.txt' });
    const out = await run({ pattern: 'a', replacement: 'b', paths: ['big.txt', 'small.txt'] });
    expect(out).toBe(
      [
        'まとめて preview（書き込んでいません。paths は preview 専用です）: 2 ファイル — 変更あり 2、一致なし 0、変更なし 0、スキップ 0',
        `=== big.txt — ${single}`,
        '=== small.txt — 1 箇所を置換（1 ハンク、+1 行 / -1 行）',
        '--- small.txt\n+++ small.txt\n@@ -1,1 +1,1 @@\n-a\n+b',
        '書き込むには、path に 1 ファイルを指定して apply: true で呼び出してください（1 回に 1 ファイル）。',
      ].join('\n'),
    );
    expect(single).toContain('差分 12,006 字、1 ハンク、+1 行 / -1 行');
  });

  it('stops the list at a file boundary once the shown diffs would pass 12,000', async () => {
    // Each diff: 44 + 2 × 4000 = 8,044 characters; the second would make 16,088.
    sb.put('one.txt', `${'a'.repeat(4000)}\n`);
    sb.put('two.txt', `${'a'.repeat(4000)}\n`);
    sb.put('none.txt', 'zzz\n');
    sb.put('three.txt', 'a\n');
    const out = await run({
      pattern: 'a',
      replacement: 'b',
      paths: ['one.txt', 'two.txt', 'none.txt', 'three.txt'],
    });
    const lines = out.split('\n');
    expect(lines[0]).toBe(
      'まとめて preview（書き込んでいません。paths は preview 専用です）: 4 ファイル — 変更あり 3、一致なし 1、変更なし 0、スキップ 0',
    );
    expect(lines[1]).toBe('=== one.txt — 4000 箇所を置換（1 ハンク、+1 行 / -1 行）');
    expect(lines.slice(2, 5)).toEqual(['--- one.txt', '+++ one.txt', '@@ -1,1 +1,1 @@']);
    expect(lines.slice(7)).toEqual([
      '=== two.txt — diff を表示していません（合計の上限。4000 箇所を置換、1 ハンク、+1 行 / -1 行）',
      '=== none.txt — 一致なし（pattern に一致する箇所がありません）',
      // A later small diff is not shown either: the list stopped.
      '=== three.txt — diff を表示していません（合計の上限。1 箇所を置換、1 ハンク、+1 行 / -1 行）',
      '=== 表示した diff の合計が 12,000 字に達するため、ここで diff の一覧を止めました（diff の途中では切っていません）。表示していないファイル: two.txt, three.txt。paths を分けるか、path で 1 ファイルずつ確かめてください。',
      '書き込むには、path に 1 ファイルを指定して apply: true で呼び出してください（1 回に 1 ファイル）。',
    ]);
    // The shown diff is whole.
    expect(lines[5]).toBe(`-${'a'.repeat(4000)}`);
    expect(lines[6]).toBe(`+${'b'.repeat(4000)}`);
  });

  it('shows diffs adding up to exactly 12,000', async () => {
    // "--- one.txt\n+++ one.txt\n@@ -1,1 +1,1 @@\n" (40) + "-<L>\n+<L>\n" (4 + 2L): 6,000 each.
    sb.put('one.txt', `${'a'.repeat(2978)}\n`);
    sb.put('two.txt', `${'a'.repeat(2978)}\n`);
    const out = await run({ pattern: 'a', replacement: 'b', paths: ['one.txt', 'two.txt'] });
    expect(out).toContain('=== two.txt — 2978 箇所を置換');
    expect(out).not.toContain('表示していません');
  });
});

describe('freeze 5: resolve failures refuse the call, later stages skip the file', () => {
  it('refuses the whole call when a path is missing or outside, naming each', async () => {
    sb.put('a.md', 'x\n');
    const out = await run({ pattern: 'x', replacement: 'y', paths: ['a.md', 'nope.md', '../outside'] });
    expect(out).toBe(
      [
        'paths のうち次のパスを解決できないため、呼び出し全体を拒否しました（どのファイルも処理していません）。パスを直して呼び出し直してください。',
        `- ${T.missing('nope.md')}`,
        `- ${T.outside('../outside')}`,
        'sd と yq は既存のファイルを書き換える専用で、新しいファイルは作りません。新しく作るなら file ツールの write（op: "write"）を使ってください。',
      ].join('\n'),
    );
  });

  it('skips a folder, a binary, an oversized and a non-UTF-8 file with their reasons', async () => {
    mkdirSync(join(sb.workDir, 'dir'));
    sb.put('b.bin', new Uint8Array([0x78, 0]));
    const huge = new Uint8Array(2 * 1024 * 1024 + 1).fill(0x78);
    sb.put('huge.txt', huge);
    sb.put('latin1.txt', new Uint8Array([0x78, 0xe9]));
    sb.put('ok.txt', 'x\n');
    const out = await run({
      pattern: 'x',
      replacement: 'y',
      paths: ['dir', 'b.bin', 'huge.txt', 'latin1.txt', 'ok.txt'],
    });
    expect(out).toBe(
      [
        'まとめて preview（書き込んでいません。paths は preview 専用です）: 5 ファイル — 変更あり 1、一致なし 0、変更なし 0、スキップ 4',
        `=== dir — スキップ: ${T.isFolder('dir')}`,
        `=== b.bin — スキップ: ${T.binary('b.bin')}`,
        `=== huge.txt — スキップ: ${T.tooLarge('huge.txt', huge.length)}`,
        `=== latin1.txt — スキップ: ${T.notUtf8('latin1.txt')}`,
        '=== ok.txt — 1 箇所を置換（1 ハンク、+1 行 / -1 行）',
        '--- ok.txt\n+++ ok.txt\n@@ -1,1 +1,1 @@\n-x\n+y',
        '書き込むには、path に 1 ファイルを指定して apply: true で呼び出してください（1 回に 1 ファイル）。',
      ].join('\n'),
    );
  });

  it('reports a broken pattern once a file reaches the compile stage', async () => {
    sb.put('ok.txt', 'x\n');
    expect(await run({ pattern: '(', replacement: 'y', paths: ['ok.txt'] })).toContain(
      'pattern を正規表現として解釈できません',
    );
  });
});

describe('freeze 6: resolve, then fold duplicates, then count; never reorder', () => {
  it('folds paths naming the same file and shows the normalised relative path', async () => {
    sb.put('sub/a.md', 'x\n');
    sb.put('b.md', 'x\n');
    const out = await run({
      pattern: 'x',
      replacement: 'y',
      paths: ['b.md', './sub/a.md', 'sub/../sub/a.md', 'sub//a.md'],
    });
    const headings = out.split('\n').filter((l) => l.startsWith('==='));
    expect(headings).toEqual([
      '=== b.md — 1 箇所を置換（1 ハンク、+1 行 / -1 行）',
      '=== sub/a.md — 1 箇所を置換（1 ハンク、+1 行 / -1 行）',
    ]);
    expect(out).toContain('\n同じファイルを指すパスを 1 つにまとめました: sub/a.md\n');
    expect(out).toContain(': 2 ファイル — ');
  });

  it('counts after folding: 21 entries naming 20 files run', async () => {
    const paths = Array.from({ length: 20 }, (_, i) => {
      sb.put(`f${i}.md`, 'x\n');
      return `f${i}.md`;
    });
    const out = await run({ pattern: 'x', replacement: 'y', paths: [...paths, './f0.md'] });
    expect(
      out.startsWith('まとめて preview（書き込んでいません。paths は preview 専用です）: 20 ファイル'),
    ).toBe(true);
  });

  it('keeps the given order', async () => {
    for (const name of ['c', 'a', 'b']) sb.put(`${name}.md`, 'x\n');
    const out = await run({ pattern: 'x', replacement: 'y', paths: ['c.md', 'a.md', 'b.md'] });
    expect(
      out
        .split('\n')
        .filter((l) => l.startsWith('==='))
        .map((l) => l.slice(4, 8)),
    ).toEqual(['c.md', 'a.md', 'b.md']);
  });
});

describe('freeze 7: no-match and skips always listed; headings start with ===', () => {
  it('lists every file when none changes', async () => {
    sb.put('a.md', 'nothing\n');
    sb.put('b.bin', new Uint8Array([0]));
    sb.put('c.md', 'same\n');
    const out = await run({ pattern: '(same)|z', replacement: '$1', paths: ['a.md', 'b.bin', 'c.md'] });
    expect(out).toBe(
      [
        'まとめて preview（書き込んでいません。paths は preview 専用です）: 3 ファイル — 変更あり 0、一致なし 1、変更なし 1、スキップ 1',
        '=== a.md — 一致なし（pattern に一致する箇所がありません）',
        `=== b.bin — スキップ: ${T.binary('b.bin')}`,
        '=== c.md — 変更なし（置き換えても内容が同じです）',
      ].join('\n'),
    );
  });

  it('never starts a heading with ---', async () => {
    sb.put('a.md', 'x\n');
    sb.put('b.md', 'y\n');
    const out = await run({ pattern: 'x', replacement: 'z', paths: ['a.md', 'b.md'] });
    const dashLines = out.split('\n').filter((l) => l.startsWith('---'));
    expect(dashLines).toEqual(['--- a.md']);
  });
});

describe('freeze 8: batch preview is no precedent for apply', () => {
  it('writes nothing, whatever the files hold', async () => {
    sb.put('a.md', 'x\n');
    await run({ pattern: 'x', replacement: 'y', paths: ['a.md'] });
    await run({ pattern: 'x', replacement: 'y', paths: ['a.md'], apply: true });
    expect(read('a.md')).toBe('x\n');
  });
});
