import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../orchestrator/tool.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import type { FencedOp, WriteFence } from '../work-dir/fence.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';
import { sdTool } from './sd-tool.ts';
import { WRITE_TEXTS } from '../work-dir/write-texts.ts';

const T = WORK_DIR_TEXTS.ja;
const W = WRITE_TEXTS.ja;

let sb: ToolSandbox;
let ctx: ToolContext;
const sd = sdTool();

beforeEach(() => {
  sb = toolSandbox();
  ctx = sb.ctx();
});
afterEach(() => sb.cleanup());

const read = (rel: string): string => readFileSync(join(sb.workDir, rel), 'utf8');
const run = (args: Record<string, unknown>, c: ToolContext = ctx): Promise<string> => sd.execute(args, c);

const PREVIEW = `プレビュー（まだ書き込んでいません）: notes/a.md — 2 箇所を置換（1 ハンク、+2 行 / -2 行）
書き込むには同じ引数に apply: true を足して呼び出してください。

--- notes/a.md
+++ notes/a.md
@@ -1,3 +1,3 @@
-color: red
+colour: red
 size: 3
-color: blue
+colour: blue
`;

describe('sd two-phase write', () => {
  beforeEach(() => {
    sb.put('notes/a.md', 'color: red\nsize: 3\ncolor: blue\n');
  });

  it('previews by default and writes nothing', async () => {
    expect(await run({ pattern: 'color', replacement: 'colour', path: 'notes/a.md' })).toBe(PREVIEW);
    expect(read('notes/a.md')).toBe('color: red\nsize: 3\ncolor: blue\n');
  });

  it('writes with apply: true and returns the diff marked as applied', async () => {
    const out = await run({ pattern: 'color', replacement: 'colour', path: 'notes/a.md', apply: true });
    expect(out).toBe(`適用済み: notes/a.md に書き込みました — 2 箇所を置換（1 ハンク、+2 行 / -2 行）

--- notes/a.md
+++ notes/a.md
@@ -1,3 +1,3 @@
-color: red
+colour: red
 size: 3
-color: blue
+colour: blue
`);
    expect(read('notes/a.md')).toBe('colour: red\nsize: 3\ncolour: blue\n');
  });

  it('refuses to apply to a hard-linked file and leaves both names alone', async () => {
    const alias = join(sb.outside, 'alias.md');
    linkSync(join(sb.workDir, 'notes/a.md'), alias);
    expect(await run({ pattern: 'color', replacement: 'colour', path: 'notes/a.md', apply: true })).toBe(
      T.hardLinked('notes/a.md', 2),
    );
    expect(readFileSync(alias, 'utf8')).toBe('color: red\nsize: 3\ncolor: blue\n');
  });

  it('treats only the boolean true as apply', async () => {
    expect(await run({ pattern: 'color', replacement: 'colour', path: 'notes/a.md', apply: 'true' })).toBe(
      PREVIEW,
    );
    expect(read('notes/a.md')).toBe('color: red\nsize: 3\ncolor: blue\n');
  });

  it('says "no change" when nothing matches, and writes nothing', async () => {
    const before = statSync(join(sb.workDir, 'notes/a.md')).mtimeMs;
    const out = await run({ pattern: 'green', replacement: 'x', path: 'notes/a.md', apply: true });
    expect(out).toBe('変更なし: notes/a.md（pattern に一致する箇所がありません）。書き込んでいません。');
    expect(statSync(join(sb.workDir, 'notes/a.md')).mtimeMs).toBe(before);
  });

  it('says "no change" when the replacement gives the same text', async () => {
    const out = await run({ pattern: '(red|blue)', replacement: '$1', path: 'notes/a.md', apply: true });
    expect(out).toBe('変更なし: notes/a.md（置き換えても内容が同じです）。書き込んでいません。');
    expect(read('notes/a.md')).toBe('color: red\nsize: 3\ncolor: blue\n');
  });

  it('applies capture references and $$ as written', async () => {
    await run({
      pattern: '(?<key>\\w+): (\\w+)',
      replacement: '${key}=$$$2',
      path: 'notes/a.md',
      apply: true,
    });
    expect(read('notes/a.md')).toBe('color=$red\nsize=$3\ncolor=$blue\n');
  });

  it('lets a leading (?i) win over case_insensitive: false', async () => {
    sb.put('c.txt', 'Red red RED\n');
    await run({ pattern: '(?i)red', replacement: 'x', path: 'c.txt', case_insensitive: false, apply: true });
    expect(read('c.txt')).toBe('x x x\n');
    sb.put('d.txt', 'Red red RED\n');
    await run({ pattern: 'red', replacement: 'x', path: 'd.txt', case_insensitive: true, apply: true });
    expect(read('d.txt')).toBe('x x x\n');
  });

  it('keeps the file mode and a leading BOM', async () => {
    const abs = sb.put('run.sh', '\uFEFFecho old\n');
    chmodSync(abs, 0o750);
    await run({ pattern: 'old', replacement: 'new', path: 'run.sh', apply: true });
    expect(readFileSync(abs, 'utf8')).toBe('\uFEFFecho new\n');
    expect(statSync(abs).mode & 0o777).toBe(0o750);
  });
});

describe('sd diff limit (12,000 characters, refused, never cut)', () => {
  // "--- f.txt\n" + "+++ f.txt\n" + "@@ -1,1 +1,1 @@\n" + "-<L>\n" + "+<L>\n" = 40 + 2L characters.
  it('shows a diff of exactly 12,000 characters', async () => {
    sb.put('f.txt', `${'a'.repeat(5980)}\n`);
    const out = await run({ pattern: 'a', replacement: 'b', path: 'f.txt' });
    expect(out.startsWith('プレビュー（まだ書き込んでいません）: f.txt — 5980 箇所を置換')).toBe(true);
  });

  it('refuses 12,002 characters in preview and apply alike, with stats and a hint', async () => {
    sb.put('f.txt', `${'a'.repeat(5981)}\n`);
    const expected =
      '差分が 12,000 字を超えるため、プレビューも適用もしません: f.txt（差分 12,002 字、1 ハンク、+1 行 / -1 行）。差分を切り詰めて見せることはしません。pattern をより具体的にして一致を減らすか、変更を何回かに分けてください（path で 1 ファイルずつ確かめられます）。';
    expect(await run({ pattern: 'a', replacement: 'b', path: 'f.txt' })).toBe(expected);
    expect(await run({ pattern: 'a', replacement: 'b', path: 'f.txt', apply: true })).toBe(expected);
    expect(read('f.txt')).toBe(`${'a'.repeat(5981)}\n`);
  });

  it('counts hunks and lines in the refusal', async () => {
    const lines = Array.from(
      { length: 3000 },
      (_, i) => `${i % 100 === 0 ? 'key' : 'line'} ${i} ${'x'.repeat(60)}`,
    );
    sb.put('big.txt', `${lines.join('\n')}\n`);
    const out = await run({ pattern: '(?m)^key', replacement: 'KEY', path: 'big.txt', apply: true });
    expect(out).toContain('差分が 12,000 字を超える');
    expect(out).toContain('30 ハンク、+30 行 / -30 行');
    expect(read('big.txt')).toBe(`${lines.join('\n')}\n`);
  });
});

describe('sd targets: never created, never outside, one file', () => {
  it('says a missing file is never created and points to file write', async () => {
    const out = await run({ pattern: 'a', replacement: 'b', path: 'new.md', apply: true });
    expect(out).toBe(
      '見つかりません: new.md（作業フォルダからの相対パスで指定してください。探すには fd が使えます）\nsd と yq は既存のファイルを書き換える専用で、新しいファイルは作りません。新しく作るなら file ツールの write（op: "write"）を使ってください。',
    );
    expect(() => statSync(join(sb.workDir, 'new.md'))).toThrow();
  });

  it('refuses a folder', async () => {
    mkdirSync(join(sb.workDir, 'dir'));
    expect(await run({ pattern: 'a', replacement: 'b', path: 'dir', apply: true })).toBe(T.isFolder('dir'));
  });

  it('refuses .. and absolute paths out of the folder, writing nothing there', async () => {
    const outsideFile = join(sb.outside, 'x.txt');
    writeFileSync(outsideFile, 'a\n');
    expect(await run({ pattern: 'a', replacement: 'b', path: '../outside/x.txt', apply: true })).toBe(
      T.outside('../outside/x.txt'),
    );
    expect(await run({ pattern: 'a', replacement: 'b', path: outsideFile, apply: true })).toBe(
      T.outside(outsideFile),
    );
    expect(readFileSync(outsideFile, 'utf8')).toBe('a\n');
  });

  it('refuses a symlink that points out of the folder', async () => {
    const outsideFile = join(sb.outside, 'x.txt');
    writeFileSync(outsideFile, 'a\n');
    symlinkSync(outsideFile, join(sb.workDir, 'link.txt'));
    symlinkSync(sb.outside, join(sb.workDir, 'linkdir'));
    expect(await run({ pattern: 'a', replacement: 'b', path: 'link.txt', apply: true })).toBe(
      T.outside('link.txt'),
    );
    expect(await run({ pattern: 'a', replacement: 'b', path: 'linkdir/x.txt', apply: true })).toBe(
      T.outside('linkdir/x.txt'),
    );
    expect(readFileSync(outsideFile, 'utf8')).toBe('a\n');
  });

  it('says the work folder is not set', async () => {
    expect(await run({ pattern: 'a', replacement: 'b', path: 'x' }, sb.ctx({ workDir: null }))).toBe(
      T.workDirMissing,
    );
  });
});

describe('sd check order: only the first failing stage speaks', () => {
  const bad = { pattern: '(', replacement: 'x' };

  it('boundary before everything: a missing path with a broken pattern', async () => {
    expect(await run({ ...bad, path: 'nope.txt' })).toBe(W.missing('nope.txt'));
  });

  it('is-a-file before the pattern', async () => {
    mkdirSync(join(sb.workDir, 'dir'));
    expect(await run({ ...bad, path: 'dir' })).toBe(T.isFolder('dir'));
  });

  it('size before binary: a NUL-holding file over 2 MiB', async () => {
    const bytes = new Uint8Array(2 * 1024 * 1024 + 1);
    sb.put('huge.bin', bytes);
    expect(await run({ ...bad, path: 'huge.bin' })).toBe(T.tooLarge('huge.bin', bytes.length));
  });

  it('binary before the pattern', async () => {
    sb.put('b.bin', new Uint8Array([0x61, 0, 0x62]));
    expect(await run({ ...bad, path: 'b.bin' })).toBe(T.binary('b.bin'));
  });

  it('refuses non-UTF-8 text for editing, before the pattern', async () => {
    sb.put('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await run({ ...bad, path: 'latin1.txt' })).toBe(T.notUtf8('latin1.txt'));
    expect(await run({ pattern: 'caf', replacement: 'x', path: 'latin1.txt', apply: true })).toBe(
      T.notUtf8('latin1.txt'),
    );
  });

  it('the pattern compile comes last', async () => {
    sb.put('ok.txt', 'a\n');
    expect(await run({ ...bad, path: 'ok.txt' })).toContain('pattern を正規表現として解釈できません');
  });
});

describe('sd arguments', () => {
  it('needs pattern and replacement', async () => {
    sb.put('a.txt', 'a\n');
    expect(await run({ replacement: 'x', path: 'a.txt' })).toBe(
      'pattern（探す正規表現）を文字列で指定してください。',
    );
    expect(await run({ pattern: '', replacement: 'x', path: 'a.txt' })).toBe(
      'pattern が空です。空のパターンはすべての位置に一致するため受け付けません。',
    );
    expect(await run({ pattern: 'a', path: 'a.txt' })).toBe(
      'replacement（置き換える文字列）を文字列で指定してください。消すなら空文字列を指定します。',
    );
  });

  it('deletes matches with an empty replacement', async () => {
    sb.put('a.txt', 'a-b-c\n');
    await run({ pattern: '-', replacement: '', path: 'a.txt', apply: true });
    expect(read('a.txt')).toBe('abc\n');
  });
});

describe('sd and the write fence', () => {
  function fakeFence(): WriteFence & { calls: { op: FencedOp; rels: readonly string[] }[] } {
    const calls: { op: FencedOp; rels: readonly string[] }[] = [];
    return {
      calls,
      refuse: (_ctx, op, rels) => {
        calls.push({ op, rels });
        return 'FENCED: blackboard は書き換えられません';
      },
    };
  }

  it('refuses apply with the fence text and leaves the file alone; preview still works', async () => {
    sb.put('blackboard/x.md', 'old\n');
    const fence = fakeFence();
    const fenced = sdTool(fence);
    const args = { pattern: 'old', replacement: 'new', path: 'blackboard/x.md' };
    expect(await fenced.execute({ ...args, apply: true }, ctx)).toBe(
      'FENCED: blackboard は書き換えられません',
    );
    expect(fence.calls).toEqual([{ op: 'sd_apply', rels: ['blackboard/x.md'] }]);
    expect(read('blackboard/x.md')).toBe('old\n');
    const preview = await fenced.execute(args, ctx);
    expect(preview.startsWith('プレビュー（まだ書き込んでいません）: blackboard/x.md')).toBe(true);
    expect(fence.calls).toHaveLength(1);
  });
});

describe('sd spec', () => {
  it('describes the tool in the village language', () => {
    const ja = sd.specFor(sb.ctx({ language: 'ja' })) as { description: string };
    const en = sd.specFor(sb.ctx({ language: 'en' })) as { description: string };
    expect(ja.description).toContain('JavaScript の RegExp 構文（u フラグ付き）');
    expect(ja.description).toContain('新しいファイルは作りません（作るなら file ツールの write）');
    expect(en.description).toContain('JavaScript RegExp syntax with the u flag');
    expect(en.description).toContain("never creates a file (to create one, use the file tool's write)");
    expect(sd.wantsReason).toBe(true);
    expect(sd.name).toBe('sd');
  });

  it('answers in the village language (issue 22)', async () => {
    sb.put('a.txt', 'a\n');
    const args = { pattern: 'z', replacement: 'x', path: 'a.txt' };
    expect(await run(args, sb.ctx({ language: 'en' }))).toBe(
      'No change: a.txt (nothing matches pattern). Nothing was written.',
    );
    expect(await run(args, sb.ctx({ language: 'ja' }))).toBe(
      '変更なし: a.txt（pattern に一致する箇所がありません）。書き込んでいません。',
    );
    const preview = await run({ pattern: 'a', replacement: 'b', path: 'a.txt' }, sb.ctx({ language: 'en' }));
    expect(preview).toMatch(/^Preview \(nothing written yet\): a\.txt — 1 replacement \(1 hunk,/);
    expect(
      await run({ pattern: '(?x)a', replacement: 'b', path: 'a.txt' }, sb.ctx({ language: 'en' })),
    ).toMatch(/^pattern cannot be read as a regular expression: x in the inline flag/);
  });
});
