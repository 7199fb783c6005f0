import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMcpConfig } from './read-config.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fuseforks-mcp-config-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readMcpConfig', () => {
  it('reads a missing file as zero servers', async () => {
    expect(await readMcpConfig(join(dir, 'mcp.json'))).toEqual({ ok: true, servers: [] });
  });

  it('parses the file', async () => {
    const path = join(dir, 'mcp.json');
    await writeFile(path, '{"mcpServers": {"a": {"command": "x"}}}', 'utf8');
    const read = await readMcpConfig(path);
    expect(read.ok && read.servers.map((server) => server.name)).toEqual(['a']);
  });

  it('reports a broken file as an error, not as empty', async () => {
    const path = join(dir, 'mcp.json');
    await writeFile(path, '{"mcpServers": {', 'utf8');
    expect((await readMcpConfig(path)).ok).toBe(false);
  });

  it('reports another read failure by its errno code, without the path', async () => {
    const path = join(dir, 'mcp.json');
    await mkdir(path);
    const read = await readMcpConfig(path);
    expect(read).toEqual({ ok: false, message: 'cannot read the file (EISDIR)' });
  });

  it('does not take a file in the way of the parent folder for a missing file', async () => {
    await writeFile(join(dir, 'agent'), '', 'utf8');
    const read = await readMcpConfig(join(dir, 'agent', 'mcp.json'));
    expect(read).toEqual({ ok: false, message: 'cannot read the file (ENOTDIR)' });
  });
});
