import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../orchestrator/tool.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { printJson, readOrdered } from './json-tree.ts';
import { yqTool } from './yq-tool.ts';

let sb: ToolSandbox;
let ctx: ToolContext;
const yq = yqTool();

beforeEach(() => {
  sb = toolSandbox();
  ctx = sb.ctx();
});
afterEach(() => sb.cleanup());

const run = (args: Record<string, unknown>): Promise<string> => yq.execute({ path: 'p.json', ...args }, ctx);
const file = (): string => readFileSync(join(sb.workDir, 'p.json'), 'utf8');

describe('ordered JSON', () => {
  it('keeps key order, integer-like keys included, and scalars as written', () => {
    const text = '{"b":1,"10":{"z":[1.0,2e3,"\\u00e9"]},"2":null,"a":12345678901234567890}';
    expect(printJson(readOrdered(text))).toBe(
      '{\n  "b": 1,\n  "10": {\n    "z": [\n      1.0,\n      2e3,\n      "\\u00e9"\n    ]\n  },\n  "2": null,\n  "a": 12345678901234567890\n}',
    );
  });

  it('lays out like JSON.stringify with two spaces', () => {
    const value = { a: [], b: {}, c: [{ d: true }], e: 'x' };
    const text = JSON.stringify(value);
    expect(printJson(readOrdered(text))).toBe(JSON.stringify(value, null, 2));
    expect(printJson(readOrdered(' [ ] '))).toBe('[]');
  });
});

describe('yq on JSON', () => {
  const PKG =
    '{\n  "name": "demo",\n  "version": "1.0.0",\n  "10": 1,\n  "scripts": {\n    "test": "vitest"\n  }\n}\n';

  it('previews then applies a set, keeping key order and the final newline', async () => {
    sb.put('p.json', PKG);
    expect(await run({ op: 'set', key: 'version', value: '1.1.0' })).toBe(
      `プレビュー（まだ書き込んでいません）: p.json — version を "1.0.0" から "1.1.0" に変更（1 ハンク、+1 行 / -1 行）
書き込むには同じ引数に apply: true を足して呼び出してください。

--- p.json
+++ p.json
@@ -1,6 +1,6 @@
 {
   "name": "demo",
-  "version": "1.0.0",
+  "version": "1.1.0",
   "10": 1,
   "scripts": {
     "test": "vitest"
`,
    );
    expect(file()).toBe(PKG);
    await run({ op: 'set', key: 'version', value: '1.1.0', apply: true });
    expect(file()).toBe(PKG.replace('1.0.0', '1.1.0'));
  });

  it('normalises the layout to two spaces and keeps a missing final newline missing', async () => {
    sb.put('p.json', '{"b": 1,    "a": {"x": [true]}}');
    await run({ op: 'set', key: 'a.x[0]', value: 0, apply: true });
    expect(file()).toBe('{\n  "b": 1,\n  "a": {\n    "x": [\n      0\n    ]\n  }\n}');
  });

  it('keeps CRLF line endings', async () => {
    sb.put('p.json', '{\r\n    "a": 1,\r\n    "b": 2\r\n}\r\n');
    await run({ op: 'set', key: 'b', value: 3, apply: true });
    expect(file()).toBe('{\r\n  "a": 1,\r\n  "b": 3\r\n}\r\n');
  });

  it('removes a key and an array element', async () => {
    sb.put('p.json', '{\n  "a": [1, 2, 3],\n  "b": {"c": 1, "d": 2}\n}\n');
    await run({ op: 'remove', key: 'a[1]', apply: true });
    await run({ op: 'remove', key: 'b.c', apply: true });
    expect(file()).toBe('{\n  "a": [\n    1,\n    3\n  ],\n  "b": {\n    "d": 2\n  }\n}\n');
  });

  it('allows null in JSON and a type change between scalars', async () => {
    sb.put('p.json', '{\n  "a": 1,\n  "b": null\n}\n');
    await run({ op: 'set', key: 'a', value: null, apply: true });
    await run({ op: 'set', key: 'b', value: true, apply: true });
    expect(file()).toBe('{\n  "a": null,\n  "b": true\n}\n');
  });

  it('says "no change" for the same value, even when the layout would change', async () => {
    sb.put('p.json', '{"a":1.0}');
    expect(await run({ op: 'set', key: 'a', value: 1, apply: true })).toBe(
      '変更なし: p.json（a は既に 1.0 です）。書き込んでいません。',
    );
    expect(file()).toBe('{"a":1.0}');
  });

  it('refuses a set onto an object or an array, and a missing key', async () => {
    sb.put('p.json', PKG);
    expect(await run({ op: 'set', key: 'scripts', value: 'x', apply: true })).toBe(
      'scripts はオブジェクトです。set で置き換えられるのはスカラー値（文字列・数値・真偽値）だけです。中の値を key で指定してください（例: scripts.<キー名>）。',
    );
    expect(await run({ op: 'set', key: 'scripts.build', value: 'x', apply: true })).toBe(
      'scripts.build がありません（scripts: ここにあるキー: test）。set は既存の値の置き換えだけで、新しいキーや要素は追加しません。',
    );
    expect(await run({ op: 'set', key: 'deps.x', value: 'x', apply: true })).toBe(
      '途中のキー deps がありません（ファイルの最上位: ここにあるキー: name, version, 10, scripts）。set は途中のキーや新しい構造を作りません。',
    );
    expect(file()).toBe(PKG);
  });

  it('reads values with get, including a top-level array', async () => {
    sb.put('p.json', PKG);
    expect(await run({ op: 'get', key: 'scripts' })).toBe(
      'p.json の scripts（オブジェクト）:\n{\n  "test": "vitest"\n}',
    );
    expect(await run({ op: 'get', key: '10' })).toBe('p.json の 10（数値）:\n1');
    sb.put('list.json', '[{"id": 7}]');
    expect(await yq.execute({ op: 'get', path: 'list.json', key: '[0].id' }, ctx)).toBe(
      'list.json の [0].id（数値）:\n7',
    );
  });

  it('says where a JSON file does not parse', async () => {
    sb.put('p.json', '{"a": }');
    expect(await run({ op: 'get', key: 'a' })).toMatch(
      /^JSON として解釈できません: p\.json（.+）。壊れたファイルは yq では書き換えません。$/,
    );
  });

  it('cuts a long get at a line and says so', async () => {
    const big = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`key${i}`, 'v'.repeat(20)]));
    sb.put('p.json', JSON.stringify({ big }));
    const out = await run({ op: 'get', key: 'big' });
    expect(out.length).toBeLessThanOrEqual(12_000);
    expect(out).toMatch(
      /\n…（全 [\d,]+ 字のうち先頭 [\d,]+ 字までを表示しました。続きを読む方法はないので、key をより深く指定して絞ってください）$/,
    );
    expect(out.split('\n').at(-2)).toMatch(/^ {2}"key\d+": "v{20}",$/);
  });
});
