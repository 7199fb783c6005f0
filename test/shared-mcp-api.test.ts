/**
 * The village-wide `{workspace}/mcp.json` over the real API (issue 25): saved with the same
 * validation as an agent's mcp.json, a bad save leaves the file on disk as it was, a linked file is
 * refused for reads and writes, and the shared servers follow what was saved.
 */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

const opened: TestVillage[] = [];
async function open(): Promise<TestVillage> {
  const v = await startTestVillage();
  opened.push(v);
  await v.ready();
  return v;
}
afterEach(async () => {
  for (const v of opened.splice(0)) {
    await v.close();
    await removeRoot(v.root);
  }
});

// Disabled: the entry is checked and listed but never connects (no process is started by the test).
const GOOD = '{"mcpServers": {"fs": {"command": "node", "args": ["server.js"], "enabled": false}}}';

interface Status {
  shared: { error: string | null; servers: { name: string; enabled: boolean }[] } | null;
}

async function sharedNames(v: TestVillage, expected: string[]): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const status = await v.ok<Status>('mcp_status');
    const names = (status.shared?.servers ?? []).map((s) => s.name);
    if (JSON.stringify(names) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the shared servers never became ${expected.join(', ')}`);
}

describe('the shared mcp.json over the API', () => {
  it('a valid file is saved as given, read back, and the shared servers follow it', async () => {
    const v = await open();
    expect(await v.ok('read_shared_mcp')).toBe('');
    await v.ok('write_shared_mcp', { content: GOOD });
    expect(await readFile(join(v.workspace, 'mcp.json'), 'utf8')).toBe(GOOD);
    expect(await v.ok('read_shared_mcp')).toBe(GOOD);
    await sharedNames(v, ['fs']);
  });

  it('invalid JSON is refused (SERDE_FAILED) and the file on disk stays as it was', async () => {
    const v = await open();
    await v.ok('write_shared_mcp', { content: GOOD });
    const bad = await v.call('write_shared_mcp', { content: '{"mcpServers": [' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'SERDE_FAILED' });
    expect(await readFile(join(v.workspace, 'mcp.json'), 'utf8')).toBe(GOOD);
  });

  it('a bad entry is refused with every bad entry named, as for an agent, and nothing is written', async () => {
    const v = await open();
    await v.ok('write_shared_mcp', { content: GOOD });
    const content = JSON.stringify({
      mcpServers: {
        good: { command: 'node' },
        neither: { args: ['x'] },
        both: { command: 'node', url: 'http://127.0.0.1:1/mcp' },
      },
    });
    const shared = await v.call<{ code: string; message: string }>('write_shared_mcp', { content });
    expect(shared.status).toBe(400);
    expect(shared.body.code).toBe('SERDE_FAILED');
    expect(shared.body.message).toMatch(/neither/);
    expect(shared.body.message).toMatch(/both/);
    expect(await readFile(join(v.workspace, 'mcp.json'), 'utf8')).toBe(GOOD);
    // The same content saved as an agent's mcp.json gets the same answer.
    const { id } = await v.ok<{ id: string }>('upsert_template', {
      template: { name: 'T', baseUrl: 'echo:', model: 'echo', credential: 'not_required' },
    });
    await v.ok('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: id } });
    const agent = await v.call('write_config_file', { agentId: 'a', kind: 'mcp', content });
    expect(agent.body).toEqual(shared.body);
  });

  it('empty content removes the file, and the shared set is empty', async () => {
    const v = await open();
    await v.ok('write_shared_mcp', { content: GOOD });
    await sharedNames(v, ['fs']);
    await v.ok('write_shared_mcp', { content: '  ' });
    expect(existsSync(join(v.workspace, 'mcp.json'))).toBe(false);
    await sharedNames(v, []);
  });

  it('a mcp.json that is a symbolic link is refused for reads and writes, the target untouched', async () => {
    const v = await open();
    const outside = join(v.root, 'outside');
    await mkdir(outside);
    const target = join(outside, 'mcp.json');
    await writeFile(target, '{"mcpServers": {"private": {"command": "secret-tool"}}}');
    await symlink(target, join(v.workspace, 'mcp.json'));
    const read = await v.call('read_shared_mcp');
    expect(read.body).toMatchObject({ code: 'CONFIG_IO' });
    expect(JSON.stringify(read.body)).not.toContain('secret-tool');
    const write = await v.call('write_shared_mcp', { content: GOOD });
    expect(write.body).toMatchObject({ code: 'CONFIG_IO' });
    expect(await readFile(target, 'utf8')).toBe('{"mcpServers": {"private": {"command": "secret-tool"}}}');
  });
});
