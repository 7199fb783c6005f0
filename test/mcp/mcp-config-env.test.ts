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

  it('shows a command as written, never what its variables hold, in the status and the log', async () => {
    const secret = 'sk-secret-value-0123456789';
    await kit.remake({
      env: { ...process.env, FF_TEST_CMD: secret, FF_TEST_DIR: secret, FF_TEST_URL: `${secret}:x` },
    });
    kit.writeShared({
      onpath: { command: '${FF_TEST_CMD}' },
      bypath: { command: '/nonexistent/${FF_TEST_DIR}/server' },
      scheme: { type: 'http', url: '${FF_TEST_URL}' },
    });
    await kit.openShared();
    expect(kit.server('onpath')).toMatchObject({
      state: 'failed',
      error: 'command not found on PATH: ${FF_TEST_CMD} (after expanding its variables)',
    });
    expect(kit.server('bypath')).toMatchObject({
      state: 'failed',
      error:
        'command not found or not executable: /nonexistent/${FF_TEST_DIR}/server (after expanding its variables)',
    });
    expect(kit.server('scheme').state).toBe('invalid');
    expect(kit.server('scheme').error).toContain('url: after expanding variables: its scheme is not allowed');
    const shown = JSON.stringify([kit.manager.status(), kit.log.lines]);
    expect(shown).toContain('${FF_TEST_CMD}');
    expect(shown).not.toContain('sk-secret');
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
