import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../orchestrator/tool.ts';
import { toolSandbox, type ToolSandbox } from '../test-kit.ts';
import { yqTool } from './yq-tool.ts';

const TOML = `# Service settings
title = "demo"   # shown in the header

[server]
# the port to listen on
port   =   8080    # keep above 1024
hosts = ["a", "b"] # front ends
started = 1979-05-27T07:32:00Z
ratio = 1.5

[[users]]
name = "ann"
[[users]]
name = "bob" # second
`;

let sb: ToolSandbox;
let ctx: ToolContext;
const yq = yqTool();

beforeEach(() => {
  sb = toolSandbox();
  ctx = sb.ctx();
  sb.put('conf.toml', TOML);
});
afterEach(() => sb.cleanup());

const run = (args: Record<string, unknown>): Promise<string> =>
  yq.execute({ path: 'conf.toml', ...args }, ctx);
const file = (): string => readFileSync(join(sb.workDir, 'conf.toml'), 'utf8');

describe('yq on TOML: comments and layout kept', () => {
  it('previews a set with the diff and writes nothing', async () => {
    expect(await run({ op: 'set', key: 'server.port', value: 9090 })).toBe(
      `プレビュー（まだ書き込んでいません）: conf.toml — server.port を 8080 から 9090 に変更（1 ハンク、+1 行 / -1 行）
書き込むには同じ引数に apply: true を足して呼び出してください。

--- conf.toml
+++ conf.toml
@@ -3,7 +3,7 @@
 
 [server]
 # the port to listen on
-port   =   8080    # keep above 1024
+port   =   9090    # keep above 1024
 hosts = ["a", "b"] # front ends
 started = 1979-05-27T07:32:00Z
 ratio = 1.5
`,
    );
    expect(file()).toBe(TOML);
  });

  it('applies a set keeping the comment on the line, the comments elsewhere and the spacing', async () => {
    const out = await run({ op: 'set', key: 'server.port', value: 9090, apply: true });
    expect(
      out.startsWith('適用済み: conf.toml に書き込みました — server.port を 8080 から 9090 に変更'),
    ).toBe(true);
    expect(file()).toBe(TOML.replace('port   =   8080    # keep', 'port   =   9090    # keep'));
  });

  it('allows a type change between scalars', async () => {
    await run({ op: 'set', key: 'server.port', value: 'auto', apply: true });
    await run({ op: 'set', key: 'users[1].name', value: false, apply: true });
    await run({ op: 'set', key: 'server.ratio', value: 'x"y', apply: true });
    expect(file()).toBe(
      TOML.replace('=   8080 ', '=   "auto" ')
        .replace('name = "bob" # second', 'name = false # second')
        .replace('ratio = 1.5', 'ratio = "x\\"y"'),
    );
  });

  it('sets an array element and a key of an array of tables', async () => {
    await run({ op: 'set', key: 'server.hosts[1]', value: 'c', apply: true });
    await run({ op: 'set', key: 'users[0].name', value: 'amy', apply: true });
    expect(file()).toBe(TOML.replace('["a", "b"]', '["a", "c"]').replace('"ann"', '"amy"'));
  });

  it('removes a key together with the comment that describes it', async () => {
    await run({ op: 'remove', key: 'server.port', apply: true });
    expect(file()).toBe(TOML.replace('# the port to listen on\nport   =   8080    # keep above 1024\n', ''));
  });

  it('removes an array element and a table of an array of tables', async () => {
    await run({ op: 'remove', key: 'server.hosts[0]', apply: true });
    await run({ op: 'remove', key: 'users[0]', apply: true });
    expect(file()).toBe(TOML.replace('["a", "b"]', '["b"]').replace('[[users]]\nname = "ann"\n', ''));
  });

  it('removes a table and keeps the comments that introduce the next one', async () => {
    const layered = '[a]\nx = 1 # keep x\n\n# about b\n[b]\ny = 2\n\n# about c\n# more c\n[c]\nz = 3\n';
    sb.put('layered.toml', layered);
    await yq.execute({ path: 'layered.toml', op: 'remove', key: 'b', apply: true }, ctx);
    expect(readFileSync(join(sb.workDir, 'layered.toml'), 'utf8')).toBe(
      '[a]\nx = 1 # keep x\n\n# about c\n# more c\n[c]\nz = 3\n',
    );
    await yq.execute({ path: 'layered.toml', op: 'remove', key: 'c', apply: true }, ctx);
    expect(readFileSync(join(sb.workDir, 'layered.toml'), 'utf8')).toBe('[a]\nx = 1 # keep x\n');
  });

  it('says "no change" for the same value and writes nothing', async () => {
    expect(await run({ op: 'set', key: 'server.port', value: 8080, apply: true })).toBe(
      '変更なし: conf.toml（server.port は既に 8080 です）。書き込んでいません。',
    );
    expect(file()).toBe(TOML);
  });
});

describe('yq on TOML: what set refuses', () => {
  it('refuses null with a hint to use remove', async () => {
    expect(await run({ op: 'set', key: 'server.port', value: null, apply: true })).toBe(
      'TOML には null がありません。値を消すなら op: "remove" を使ってください（set の value は文字列・数値・真偽値）。',
    );
    expect(file()).toBe(TOML);
  });

  it('refuses a set onto a table or an array', async () => {
    expect(await run({ op: 'set', key: 'server', value: 1, apply: true })).toBe(
      'server はテーブルです。set で置き換えられるのはスカラー値（文字列・数値・真偽値）だけです。中の値を key で指定してください（例: server.<キー名>）。',
    );
    expect(await run({ op: 'set', key: 'server.hosts', value: 1, apply: true })).toBe(
      'server.hosts は配列です。set で置き換えられるのはスカラー値（文字列・数値・真偽値）だけです。中の値を key で指定してください（例: server.hosts[0]）。',
    );
    expect(file()).toBe(TOML);
  });

  it('refuses a container as the value', async () => {
    expect(await run({ op: 'set', key: 'server.port', value: { a: 1 } })).toBe(
      'value に指定できるのはスカラー値（文字列・数値・真偽値）だけです。テーブル・オブジェクトや配列は set できません。',
    );
    expect(await run({ op: 'set', key: 'server.port' })).toBe(
      'set には value を指定してください（文字列・数値・真偽値）。',
    );
  });

  it('refuses a set onto a date/time', async () => {
    expect(await run({ op: 'set', key: 'server.started', value: '2020-01-01', apply: true })).toBe(
      'server.started は TOML の日時です。日時は JSON の値で表せないため yq では set できません。変えるなら sd で該当行を置き換えてください。',
    );
    expect(file()).toBe(TOML);
  });

  it('refuses a set through a missing intermediate key', async () => {
    expect(await run({ op: 'set', key: 'db.pool.size', value: 5, apply: true })).toBe(
      '途中のキー db がありません（ファイルの最上位: ここにあるキー: title, server, users）。set は途中のキーや新しい構造を作りません。',
    );
    expect(file()).toBe(TOML);
  });

  it('refuses a set on a missing last key or index (set never adds)', async () => {
    expect(await run({ op: 'set', key: 'server.timeout', value: 5, apply: true })).toBe(
      'server.timeout がありません（server: ここにあるキー: port, hosts, started, ratio）。set は既存の値の置き換えだけで、新しいキーや要素は追加しません。',
    );
    expect(await run({ op: 'set', key: 'server.hosts[2]', value: 'c', apply: true })).toBe(
      'server.hosts[2] がありません（server.hosts: 要素は 2 個、添字は 0 から）。set は既存の値の置き換えだけで、新しいキーや要素は追加しません。',
    );
    expect(file()).toBe(TOML);
  });

  it('says why a key cannot be followed', async () => {
    expect(await run({ op: 'get', key: 'server.port.x' })).toBe(
      'server.port.x を辿れません: server.port はスカラー値です（名前で辿れるのはテーブルだけです）。',
    );
    expect(await run({ op: 'get', key: 'users.name' })).toBe(
      'users.name を辿れません: users は配列です（名前で辿れるのはテーブルだけです）。',
    );
    expect(await run({ op: 'remove', key: 'server.nope' })).toBe(
      'server.nope がありません（server: ここにあるキー: port, hosts, started, ratio）。',
    );
  });
});

describe('yq get on TOML', () => {
  it('reads a scalar, a date and a table', async () => {
    expect(await run({ op: 'get', key: 'server.port' })).toBe('conf.toml の server.port（数値）:\n8080');
    expect(await run({ op: 'get', key: 'server.started' })).toBe(
      'conf.toml の server.started（日時）:\n1979-05-27T07:32:00Z',
    );
    expect(await run({ op: 'get', key: 'users[1]' })).toBe(
      'conf.toml の users[1]（テーブル）:\n{\n  "name": "bob"\n}',
    );
  });

  it('says where a TOML file does not parse', async () => {
    sb.put('bad.toml', 'a = = 1\n');
    expect(await yq.execute({ op: 'get', path: 'bad.toml', key: 'a' }, ctx)).toBe(
      'TOML として解釈できません: bad.toml（Error parsing TOML (1, 5): Unrecognized token type）。壊れたファイルは yq では書き換えません。',
    );
  });
});
