import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../orchestrator/tool.ts';
import { WRITE_TEXTS } from '../work-dir/write-texts.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import type { FencedOp, WriteFence } from '../work-dir/fence.ts';
import { WORK_DIR_TEXTS } from '../work-dir/texts.ts';
import { KEY_TEXT } from './yq-key.ts';
import { YQ_TEXTS } from './yq-texts.ts';
import { yqTool } from './yq-tool.ts';

const W = WRITE_TEXTS.ja;
const T = WORK_DIR_TEXTS.ja;
const Y = YQ_TEXTS.ja;

let sb: ToolSandbox;
let ctx: ToolContext;
const yq = yqTool();

beforeEach(() => {
  sb = toolSandbox();
  ctx = sb.ctx();
});
afterEach(() => sb.cleanup());

const run = (args: Record<string, unknown>): Promise<string> => yq.execute(args, ctx);
const read = (rel: string): string => readFileSync(join(sb.workDir, rel), 'utf8');
const SET = { op: 'set', key: 'a', value: 2, apply: true };

describe('yq check order: only the first failing stage speaks', () => {
  it('1 boundary: a missing file says yq never creates files and points to file write', async () => {
    expect(await run({ ...SET, path: 'new.toml' })).toBe(
      '見つかりません: new.toml（作業フォルダからの相対パスで指定してください。探すには fd が使えます）\nsd と yq は既存のファイルを書き換える専用で、新しいファイルは作りません。新しく作るなら file ツールの write（op: "write"）を使ってください。',
    );
    expect(() => readFileSync(join(sb.workDir, 'new.toml'))).toThrow();
  });

  it('1 boundary: .., absolute and symlinked paths out of the folder are refused', async () => {
    const outsideFile = join(sb.outside, 'o.toml');
    writeFileSync(outsideFile, 'a = 1\n');
    symlinkSync(outsideFile, join(sb.workDir, 'link.toml'));
    expect(await run({ ...SET, path: '../outside/o.toml' })).toBe(T.outside('../outside/o.toml'));
    expect(await run({ ...SET, path: outsideFile })).toBe(T.outside(outsideFile));
    expect(await run({ ...SET, path: 'link.toml' })).toBe(T.outside('link.toml'));
    expect(readFileSync(outsideFile, 'utf8')).toBe('a = 1\n');
  });

  it('2 is a file before 3 extension: a folder named x.json', async () => {
    mkdirSync(join(sb.workDir, 'x.json'));
    mkdirSync(join(sb.workDir, 'notes'));
    expect(await run({ ...SET, path: 'x.json' })).toBe(T.isFolder('x.json'));
    expect(await run({ ...SET, path: 'notes' })).toBe(T.isFolder('notes'));
  });

  it('3 extension before 5 binary: a binary .yaml gets the YAML message', async () => {
    sb.put('c.yaml', new Uint8Array([0x61, 0, 0x62]));
    expect(await run({ ...SET, path: 'c.yaml' })).toBe(
      'YAML には対応していません: c.yaml（yq が扱えるのは .toml と .json だけです。YAML はコメントや型を壊さずに編集できないため非対応にしています。変えるなら sd で該当行を置き換えてください）',
    );
    sb.put('c.yml', 'a: 1\n');
    expect(await run({ ...SET, path: 'c.yml' })).toBe(Y.yaml('c.yml'));
  });

  it('3 extension before 4 size: an oversized .txt gets the extension message', async () => {
    sb.put('big.txt', new Uint8Array(2 * 1024 * 1024 + 1));
    expect(await run({ ...SET, path: 'big.txt' })).toBe(
      'yq が扱えるのは .toml と .json のファイルだけです: big.txt（テキストの置き換えなら sd を使ってください）',
    );
  });

  it('4 size before 5 binary, 5 binary before 6 UTF-8, 6 UTF-8 before 7 parse', async () => {
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    sb.put('huge.toml', huge);
    sb.put('bin.toml', new Uint8Array([0xff, 0, 0x3d]));
    sb.put('latin1.json', new Uint8Array([0x7b, 0xe9]));
    expect(await run({ ...SET, path: 'huge.toml' })).toBe(T.tooLarge('huge.toml', huge.length));
    expect(await run({ ...SET, path: 'bin.toml' })).toBe(T.binary('bin.toml'));
    expect(await run({ ...SET, path: 'latin1.json' })).toBe(T.notUtf8('latin1.json'));
  });

  it('accepts upper-case extensions', async () => {
    sb.put('C.TOML', 'a = 1\n');
    await run({ ...SET, path: 'C.TOML' });
    expect(read('C.TOML')).toBe('a = 2\n');
  });
});

describe('yq arguments', () => {
  it('needs a known op and a key of the a.b[0].c form', async () => {
    sb.put('c.toml', 'a = 1\n');
    expect(await run({ op: 'patch', path: 'c.toml', key: 'a' })).toBe(
      'op は get / set / remove のいずれかを指定してください。',
    );
    expect(await run({ op: 'get', path: 'c.toml', key: '"a"' })).toBe(KEY_TEXT.quoted('"a"'));
    expect(await run({ op: 'get', path: 'c.toml', key: 'a b' })).toBe(KEY_TEXT.invalid('a b'));
    expect(await run({ op: 'get', path: 'c.toml' })).toBe(KEY_TEXT.missing);
  });

  it('has no batch mode: paths is not a target', async () => {
    sb.put('c.toml', 'a = 1\n');
    expect(await run({ op: 'get', paths: ['c.toml'], key: 'a' })).toBe(T.pathNotString());
  });

  it('says the work folder is not set', async () => {
    expect(await yq.execute({ op: 'get', path: 'c.toml', key: 'a' }, sb.ctx({ workDir: null }))).toBe(
      T.workDirMissing,
    );
  });
});

describe('yq diff limit', () => {
  it('refuses a diff over 12,000 characters (a JSON layout rewrite) with stats and the hint', async () => {
    const entries = Array.from({ length: 400 }, (_, i) => `"key${i}": "${'v'.repeat(20)}"`);
    const text = `{${entries.join(', ')}}\n`;
    sb.put('wide.json', text);
    const out = await run({ op: 'set', path: 'wide.json', key: 'key0', value: 'w' });
    expect(out).toMatch(
      /^差分が 12,000 字を超えるため、プレビューも適用もしません: wide\.json（差分 [\d,]+ 字、1 ハンク、\+402 行 \/ -1 行）。/,
    );
    expect(out.endsWith(`差分を切り詰めて見せることはしません。${Y.tooLargeHint(true)}`)).toBe(true);
    expect(await run({ op: 'set', path: 'wide.json', key: 'key0', value: 'w', apply: true })).toBe(out);
    expect(read('wide.json')).toBe(text);
  });
});

describe('yq and the write fence', () => {
  it('refuses set and remove with the fence text already at preview; get still works', async () => {
    sb.put('blackboard/c.toml', 'a = 1 # note\n');
    const calls: { op: FencedOp; rels: readonly string[] }[] = [];
    const fence: WriteFence = {
      refuse: (_ctx, op, rels) => {
        calls.push({ op, rels });
        return 'FENCED';
      },
    };
    const fenced = yqTool(fence);
    const base = { path: 'blackboard/c.toml', key: 'a' };
    expect(await fenced.execute({ ...base, op: 'set', value: 2, apply: true }, ctx)).toBe('FENCED');
    expect(await fenced.execute({ ...base, op: 'remove', apply: true }, ctx)).toBe('FENCED');
    expect(calls).toEqual([
      { op: 'yq_write', rels: ['blackboard/c.toml'] },
      { op: 'yq_write', rels: ['blackboard/c.toml'] },
    ]);
    expect(read('blackboard/c.toml')).toBe('a = 1 # note\n');
    expect(await fenced.execute({ ...base, op: 'set', value: 2 }, ctx)).toBe('FENCED');
    expect(await fenced.execute({ ...base, op: 'get' }, ctx)).toBe('blackboard/c.toml の a（数値）:\n1');
    expect(calls).toHaveLength(3);
  });
});

describe('yq spec', () => {
  it('describes the tool in the village language; its own refusals follow it', async () => {
    const ja = yq.specFor(sb.ctx({ language: 'ja' })) as { description: string };
    const en = yq.specFor(sb.ctx({ language: 'en' })) as { description: string };
    expect(ja.description).toContain('YAML は扱えません');
    expect(ja.description).toContain('新しいファイルは作りません（作るなら file ツールの write）');
    expect(en.description).toContain('YAML is not supported');
    expect(en.description).toContain("never creates a file (to create one, use the file tool's write)");
    expect(yq.wantsReason).toBe(true);
    sb.put('c.toml', 'a = 1\n');
    expect(await yq.execute({ op: 'get', path: 'c.toml', key: 'a' }, sb.ctx({ language: 'ja' }))).toBe(
      'c.toml の a（数値）:\n1',
    );
    // Issue 22: every yq text is English in an English village.
    const english = sb.ctx({ language: 'en' });
    expect(await yq.execute({ op: 'get', path: 'c.toml', key: 'a' }, english)).toBe(
      'a of c.toml (a number):\n1',
    );
    expect(await yq.execute({ op: 'get', path: 'c.toml', key: 'b' }, english)).toBe(
      'b does not exist (the top level of the file: keys here: a).',
    );
    expect(await yq.execute({ op: 'set', path: 'c.toml', key: 'a', value: 2 }, english)).toMatch(
      /^Preview \(nothing written yet\): c\.toml — a changed from 1 to 2 \(1 hunk, \+1 \/ -1 lines\)/,
    );
    expect(await yq.execute({ op: 'put', path: 'c.toml', key: 'a' }, english)).toBe(
      'Give op as one of get / set / remove.',
    );
    sb.put('c.yaml', 'a: 1\n');
    expect(await yq.execute({ op: 'get', path: 'c.yaml', key: 'a' }, english)).toMatch(
      /^YAML is not supported: c\.yaml/,
    );
    expect(await yq.execute({ op: 'get', path: 'none.toml', key: 'a' }, english)).toMatch(
      /^Not found: none\.toml/,
    );
  });

  it('uses the shared missing-file wording', () => {
    expect(W.missing('x')).toContain('file ツールの write');
  });
});
