/**
 * Configs pasted from other clients, through real servers: `${VAR}` / `${VAR:-default}` reach the
 * server's environment and arguments; an unset variable is named and nothing starts; `"disabled":
 * true` keeps a server off; a VS Code mcp.json (`servers`, `inputs`) connects.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useManagerKit } from './manager-kit.ts';
import { EVERYTHING, everythingStdio, FILESYSTEM } from './servers.ts';

const kit = useManagerKit({ env: { ...process.env, FF_TEST_GREETING: 'hello from the village' } });

describe('${VAR} in mcp.json', () => {
  it('expands env values from the server process environment, with defaults', async () => {
    kit.writeShared({
      everything: everythingStdio({
        env: { FF_GREETING: '${FF_TEST_GREETING}', FF_LEVEL: '${FF_TEST_LEVEL_UNSET:-info}' },
      }),
    });
    await kit.openShared();
    const env = await kit.tool('everything__get-env').execute({}, kit.ctx());
    expect(env).toContain('"FF_GREETING": "hello from the village"');
    expect(env).toContain('"FF_LEVEL": "info"');
  });

  it('expands args', async () => {
    const docs = join(kit.root, 'docs');
    mkdirSync(docs);
    writeFileSync(join(docs, 'readme.txt'), 'found through a variable');
    await kit.remake({ env: { ...process.env, FF_DOCS: docs } });
    kit.writeShared({ fs: { command: 'node', args: [FILESYSTEM, '${FF_DOCS}'] } });
    await kit.openShared();
    const read = kit.tool('fs__read_text_file');
    expect(await read.execute({ path: join(docs, 'readme.txt') }, kit.ctx())).toContain(
      'found through a variable',
    );
  });

  it('names an unset variable without a default and starts nothing', async () => {
    kit.writeShared({ everything: everythingStdio({ env: { TOKEN: '${FF_TEST_TOKEN_NOT_SET}' } }) });
    await kit.openShared();
    const status = kit.server('everything');
    expect(status.state).toBe('invalid');
    expect(status.error).toContain('env: variable "FF_TEST_TOKEN_NOT_SET" is not set and has no default');
    expect(status.pid).toBeNull();
    expect(kit.manager.sharedTools()).toEqual([]);
  });
});

describe('other clients’ files', () => {
  it('keeps a "disabled": true server off', async () => {
    kit.writeShared({ off: everythingStdio({ disabled: true }), on: everythingStdio() });
    await kit.openShared();
    expect(kit.server('off')).toMatchObject({ state: 'disabled', enabled: false, pid: null, tools: [] });
    expect(kit.server('on').state).toBe('connected');
  });

  it('reads a VS Code mcp.json', async () => {
    const vscode = {
      inputs: [{ type: 'promptString', id: 'unused', description: 'not referenced' }],
      servers: { everything: { type: 'stdio', command: 'node', args: [EVERYTHING, 'stdio'] } },
    };
    writeFileSync(kit.paths.sharedMcp, JSON.stringify(vscode));
    await kit.openShared();
    expect(kit.server('everything').state).toBe('connected');
    expect(await kit.tool('everything__echo').execute({ message: 'vs' }, kit.ctx())).toBe('Echo: vs');
  });
});
