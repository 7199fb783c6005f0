/**
 * The MCP client side against real servers from npm: server-everything over stdio and over
 * Streamable HTTP, server-filesystem; a broken entry beside a good one; a server that never finishes
 * the handshake; a server that changes its tools; an HTTP server that refuses with 401.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../src/domain/ids.ts';
import { ALICE, useManagerKit } from './manager-kit.ts';
import {
  everythingStdio,
  FILESYSTEM,
  freePort,
  isAlive,
  startEverythingHttp,
  until,
  untilSettled,
} from './servers.ts';

const kit = useManagerKit();
const writeShared = (servers: Record<string, unknown>) => kit.writeShared(servers);
const writeAgent = (id: string, servers: Record<string, unknown>) => kit.writeAgent(id, servers);
const server = (name: string) => kit.server(name);
const ctx = () => kit.ctx();

describe('shared servers', () => {
  it('connects server-everything over stdio and calls its echo tool', async () => {
    writeShared({ everything: everythingStdio() });
    await kit.openShared();
    const status = server('everything');
    expect(status).toMatchObject({ state: 'connected', transport: 'stdio', enabled: true, error: null });
    expect(status.tools).toContain('everything__echo');
    expect(status.pid).toBeGreaterThan(0);
    expect(kit.changes).toBeGreaterThan(0);
    const echo = kit.manager.sharedTools().find((t) => t.name === 'everything__echo')!;
    expect(echo.wantsReason).toBe(false);
    const spec = await echo.specFor(ctx());
    expect(spec?.parameters).toMatchObject({ type: 'object', properties: { message: expect.anything() } });
    expect(await echo.execute({ message: 'hello village' }, ctx())).toBe('Echo: hello village');
  });

  it('connects server-everything over Streamable HTTP and adds numbers with it', async () => {
    const http = await startEverythingHttp();
    try {
      writeShared({ remote: { type: 'http', url: http.url } });
      await kit.openShared();
      expect(server('remote')).toMatchObject({ state: 'connected', transport: 'http', pid: null });
      const sum = kit.manager.sharedTools().find((t) => t.name === 'remote__get-sum')!;
      expect(await sum.execute({ a: 2, b: 40 }, ctx())).toContain('42');
    } finally {
      await http.stop();
    }
  });

  it('lists and reads files through server-filesystem, inside its allowed folder only', async () => {
    const allowed = join(kit.root, 'shared-docs');
    mkdirSync(allowed);
    writeFileSync(join(allowed, 'note.txt'), 'filesystem says hi');
    writeShared({ fs: { command: 'node', args: [FILESYSTEM, allowed] } });
    await kit.openShared();
    expect(server('fs').state).toBe('connected');
    const read = kit.manager.sharedTools().find((t) => t.name === 'fs__read_text_file')!;
    expect(await read.execute({ path: join(allowed, 'note.txt') }, ctx())).toContain('filesystem says hi');
    // The server's own refusal is a failed call carrying the server's text.
    await expect(read.execute({ path: join(kit.root, 'elsewhere.txt') }, ctx())).rejects.toThrow(
      /denied|outside|not allowed/i,
    );
  });

  it('keeps a broken entry to itself: the good one beside it connects', async () => {
    writeShared({
      old: { type: 'sse', url: 'https://example.invalid/sse' },
      nocommand: { args: ['x'] },
      good: everythingStdio(),
      missing: { command: 'fuseforks-no-such-command-xyz' },
    });
    await kit.openShared();
    expect(server('old')).toMatchObject({ state: 'invalid', tools: [] });
    expect(server('old').error).toMatch(/sse/i);
    expect(server('nocommand')).toMatchObject({ state: 'invalid' });
    expect(server('nocommand').error).toMatch(/command/);
    expect(server('missing')).toMatchObject({ state: 'failed' });
    expect(server('missing').error).toContain('command not found on PATH: fuseforks-no-such-command-xyz');
    expect(server('good').state).toBe('connected');
    expect(kit.manager.sharedTools().some((t) => t.name === 'good__echo')).toBe(true);
  });

  it('validates a disabled entry but never starts it', async () => {
    writeShared({
      off: everythingStdio({ enabled: false }),
      offbad: { type: 'http', url: 'http://10.0.0.1/mcp', enabled: false },
    });
    await kit.openShared();
    expect(server('off')).toMatchObject({ state: 'disabled', enabled: false, pid: null, tools: [] });
    expect(server('offbad').state).toBe('invalid');
  });

  it('reports a broken mcp.json as an error, not as an empty list', async () => {
    writeFileSync(kit.paths.sharedMcp, '{ "mcpServers": { oops ');
    await kit.openShared();
    const shared = kit.manager.status().shared!;
    expect(shared.error).not.toBeNull();
    expect(shared.servers).toEqual([]);
    expect(kit.log.lines.some((l) => l.includes('mcp: config unreadable'))).toBe(true);
  });

  it('gives up on a server that never finishes the handshake, kills it and tries again later', async () => {
    const pidFile = join(kit.root, 'silent.pid');
    const script = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
    await kit.remake({ timeoutMs: 700, retry: { initialMs: 60_000, maxMs: 60_000 } });
    writeShared({ silent: { command: 'node', args: ['-e', script] } });
    await kit.openShared();
    expect(server('silent')).toMatchObject({ state: 'retrying', error: 'no handshake within 700 ms' });
    expect(server('silent').retryAtMs).toBeGreaterThan(Date.now());
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await until(() => !isAlive(pid), 'the silent server to be killed');
  });

  it('a close while a server is still starting kills it', async () => {
    const pidFile = join(kit.root, 'slow.pid');
    const script = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
    await kit.remake({ timeoutMs: 60_000 });
    writeShared({ slow: { command: 'node', args: ['-e', script] } });
    const opening = kit.manager.openShared();
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the server to start');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await kit.manager.close();
    await opening;
    await until(() => !isAlive(pid), 'the starting server to be killed by the close');
  });

  it('follows a server that changes its tool list while connected', async () => {
    const fixture = join(import.meta.dirname, 'fixtures', 'changing-tools-server.mjs');
    writeShared({ dyn: { command: 'node', args: [fixture] } });
    await kit.openShared();
    const names = () => kit.manager.sharedTools().map((t) => t.name);
    expect(names()).toEqual(['dyn__alpha', 'dyn__add_beta', 'dyn__drop_alpha']);
    const tool = (name: string) => kit.manager.sharedTools().find((t) => t.name === name)!;
    expect(await tool('dyn__add_beta').execute({}, ctx())).toBe('beta added');
    await until(() => names().includes('dyn__beta'), 'beta to appear');
    expect(await tool('dyn__beta').execute({}, ctx())).toBe('beta here');
    await tool('dyn__drop_alpha').execute({}, ctx());
    await until(() => !names().includes('dyn__alpha'), 'alpha to leave');
    expect(server('dyn').tools).toEqual(names());
  });

  it('treats 401 as final and never shows the header value or the response body', async () => {
    const secret = 'sk-top-secret-value-123';
    let hits = 0;
    const refusing: Server = createServer((req, res) => {
      hits += 1;
      // Some servers echo what they got: the body carries the header back.
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end(`denied for ${req.headers.authorization}`);
    });
    const port = await freePort();
    await new Promise<void>((r) => refusing.listen(port, '127.0.0.1', r));
    try {
      writeShared({
        locked: {
          type: 'http',
          url: `http://127.0.0.1:${port}/mcp`,
          headers: { Authorization: `Bearer ${secret}` },
        },
      });
      await kit.openShared();
      const status = server('locked');
      expect(status.state).toBe('failed');
      expect(status.error).toContain('HTTP 401');
      expect(status.error).toContain('check the configuration');
      expect(JSON.stringify(kit.manager.status())).not.toContain(secret);
      expect(kit.log.lines.join('\n')).not.toContain(secret);
      expect(kit.log.lines.join('\n')).not.toContain('denied for');
      expect(hits).toBe(1);
    } finally {
      await new Promise((r) => refusing.close(r));
    }
  });
});

describe("an agent's own servers", () => {
  it('live while the agent runs, one process per agent (never shared, even for the same command)', async () => {
    writeShared({ everything: everythingStdio() });
    writeAgent('alice', { everything: everythingStdio() });
    writeAgent('bob', { everything: everythingStdio() });
    await kit.openShared();
    await Promise.all([kit.manager.agentStarted(ALICE), kit.manager.agentStarted('bob' as AgentId)]);
    await untilSettled(kit.manager);
    const agents = kit.manager.status().agents;
    const pids = agents.map((a) => a.servers[0]!.pid!);
    expect(new Set([...pids, server('everything').pid]).size).toBe(3);
    expect(kit.manager.agentTools(ALICE).map((t) => t.name)).toContain('everything__echo');
    await kit.manager.agentStopped(ALICE);
    await until(() => !isAlive(pids[0]!), "alice's server to stop");
    expect(isAlive(pids[1]!)).toBe(true);
    expect(kit.manager.status().agents.map((a) => a.agentId)).toEqual(['bob']);
    expect(kit.manager.agentTools(ALICE)).toEqual([]);
  });

  it('a reload removes the old tools before the new ones arrive', async () => {
    writeAgent('alice', { first: everythingStdio() });
    await kit.manager.agentStarted(ALICE);
    await untilSettled(kit.manager);
    const oldPid = kit.manager.status().agents[0]!.servers[0]!.pid!;
    writeAgent('alice', { second: everythingStdio() });
    const reloading = kit.manager.reloadAgent(ALICE);
    // Synchronously after the reload starts, the old tools are gone.
    expect(kit.manager.agentTools(ALICE)).toEqual([]);
    await reloading;
    await untilSettled(kit.manager);
    expect(kit.manager.agentTools(ALICE).map((t) => t.name)).toContain('second__echo');
    expect(kit.manager.agentTools(ALICE).some((t) => t.name.startsWith('first__'))).toBe(false);
    await until(() => !isAlive(oldPid), 'the old server to stop');
    expect(await kit.manager.reloadAgent('carol' as AgentId)).toBe(false);
  });
});
