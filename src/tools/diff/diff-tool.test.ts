import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { MAX_FILE_BYTES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';
import { diffTool } from './diff-tool.ts';

const T = WORK_DIR_TEXTS.ja;

let box: ToolSandbox;
beforeEach(() => {
  box = toolSandbox();
});
afterEach(() => box.cleanup());

const diff = (args: Record<string, unknown>) => diffTool().execute(args, box.ctx());

describe('diff spec', () => {
  it('is offered with a reason field and a bilingual description', async () => {
    const tool = diffTool();
    expect(tool.name).toBe('diff');
    expect(tool.wantsReason).toBe(true);
    expect((await tool.specFor(box.ctx({ language: 'ja' })))!.description).toContain('「同一です」');
    const en = await tool.specFor(box.ctx({ language: 'en' }));
    expect(en!.description).toContain('unified diff');
    expect(en!.parameters).toMatchObject({
      required: ['path_a', 'path_b'],
      properties: { path_a: { type: 'string' }, path_b: { type: 'string' } },
    });
  });
});

describe('diff', () => {
  it('answers with guidance when no work folder is set', async () => {
    expect(await diffTool().execute({ path_a: 'a', path_b: 'b' }, box.ctx({ workDir: null }))).toBe(
      T.workDirMissing,
    );
  });

  it('says 同一です with both paths for identical files', async () => {
    box.put('a.txt', 'same\n');
    box.put('sub/b.txt', 'same\n');
    expect(await diff({ path_a: 'a.txt', path_b: './sub/b.txt' })).toBe(
      '同一です: a.txt と sub/b.txt の内容は同じです。',
    );
  });

  it('returns a unified diff with 3 lines of context and its stats', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => `l${i + 1}`);
    box.put('a.txt', `${lines.join('\n')}\n`);
    box.put('b.txt', `${lines.map((l) => (l === 'l5' ? 'L5' : l)).join('\n')}\nl11\n`);
    expect(await diff({ path_a: 'a.txt', path_b: 'b.txt' })).toBe(
      [
        '--- a.txt',
        '+++ b.txt',
        '@@ -2,9 +2,10 @@',
        ' l2',
        ' l3',
        ' l4',
        '-l5',
        '+L5',
        ' l6',
        ' l7',
        ' l8',
        ' l9',
        ' l10',
        '+l11',
        '',
        '変更: 1 か所、追加 2 行・削除 1 行。',
      ].join('\n'),
    );
  });

  it('names each side that is missing, outside, a folder, binary or too large', async () => {
    box.put('a.txt', 'x\n');
    box.put('dir/x.txt', 'x\n');
    box.put('bin.dat', Buffer.from([0x61, 0x00]));
    box.put('big.txt', Buffer.alloc(MAX_FILE_BYTES + 1, 0x61));
    writeFileSync(join(box.outside, 'secret.txt'), 'secret\n');
    symlinkSync(join(box.outside, 'secret.txt'), join(box.workDir, 'link.txt'));
    expect(await diff({ path_a: 'nope.txt', path_b: 'a.txt' })).toBe(T.missing('nope.txt'));
    expect(await diff({ path_a: 'a.txt', path_b: '../outside/secret.txt' })).toBe(
      T.outside('../outside/secret.txt'),
    );
    const abs = join(box.outside, 'secret.txt');
    expect(await diff({ path_a: abs, path_b: 'a.txt' })).toBe(T.outside(abs));
    expect(await diff({ path_a: 'a.txt', path_b: 'link.txt' })).toBe(T.outside('link.txt'));
    expect(await diff({ path_a: 'dir', path_b: 'a.txt' })).toBe(T.isFolder('dir'));
    expect(await diff({ path_a: 'a.txt', path_b: 'bin.dat' })).toBe(T.binary('bin.dat'));
    expect(await diff({ path_a: 'big.txt', path_b: 'a.txt' })).toBe(
      T.tooLarge('big.txt', MAX_FILE_BYTES + 1),
    );
    expect(await diff({ path_a: 'a.txt' })).toBe(
      'path_b に比べるファイルを作業フォルダからの相対パス（文字列）で指定してください。',
    );
  });

  it('follows a link inside the folder to its real path', async () => {
    box.put('a.txt', 'one\n');
    box.put('b.txt', 'two\n');
    symlinkSync(join(box.workDir, 'b.txt'), join(box.workDir, 'b-link.txt'));
    expect(await diff({ path_a: 'a.txt', path_b: 'b-link.txt' })).toMatch(/^--- a\.txt\n\+\+\+ b\.txt\n/u);
  });

  it('cuts a long diff at a hunk boundary within 12,000 characters and says so', async () => {
    // 60 hunks of about 300 characters each: far over the limit.
    const before = Array.from({ length: 600 }, (_, i) => `line ${i} ${'x'.repeat(40)}`);
    const after = before.map((l, i) => (i % 10 === 5 ? `${l} changed` : l));
    box.put('a.txt', `${before.join('\n')}\n`);
    box.put('b.txt', `${after.join('\n')}\n`);
    const text = await diff({ path_a: 'a.txt', path_b: 'b.txt' });
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    const [body, tail] = text.split('\n\n');
    const bodyLines = body!.split('\n');
    const shownHunks = bodyLines.filter((l) => l.startsWith('@@')).length;
    // The last hunk shown is whole: it ends with its 3 lines of trailing context.
    expect(bodyLines.slice(-4, -3)[0]).toMatch(/^\+line \d+ x+ changed$/u);
    expect(tail).toBe(
      '変更: 60 か所、追加 60 行・削除 60 行。\n' +
        `差分が長いため表示を打ち切りました: 出力の上限 12,000 字に収まる ${shownHunks} か所だけを表示しています（全 60 か所）。` +
        '残りはこの呼び出しでは表示できず、同じ引数で呼び直しても同じ範囲しか返りません。残りの箇所は grep（context 付き）で探して確かめるか、比べるファイルを小さく分けてください。',
    );
  });

  it('cuts inside the first hunk only when not even that one fits, and clips long lines', async () => {
    const before = Array.from({ length: 200 }, (_, i) => `a${i} ${'y'.repeat(300)}`);
    const after = Array.from({ length: 200 }, (_, i) => `b${i} ${'y'.repeat(300)}`);
    box.put('a.txt', `${before.join('\n')}\n`);
    box.put('b.txt', `${after.join('\n')}\n`);
    const text = await diff({ path_a: 'a.txt', path_b: 'b.txt' });
    expect(text.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    const body = text.split('\n\n')[0]!.split('\n');
    expect(body[0]).toBe('--- a.txt');
    expect(body[3]).toBe(`-a0 ${'y'.repeat(236)}…`);
    expect(text).toContain(
      '240 字を超える行は … で切っています。違いがその先にあるときは grep で確かめてください。',
    );
    expect(text).toContain('出力の上限 12,000 字に収まるのは 1 か所目の途中までです（全 1 か所）。');
  });
});
