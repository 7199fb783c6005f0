/**
 * The MCP client side against real servers from npm: server-everything over stdio and over
 * Streamable HTTP, server-filesystem; a broken entry beside a good one; a server that never finishes
 * the handshake; a server killed while connected; an HTTP server that refuses with 401.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDiagLog } from '../../src/diag/log.ts';
import type { AgentId } from '../../src/domain/ids.ts';
import { McpManager } from '../../src/mcp/client/manager.ts';
import type { ToolContext } from '../../src/orchestrator/tool.ts';
import { VillagePaths } from '../../src/world/paths.ts';
import { everythingStdio, FILESYSTEM, freePort, isAlive, startEverythingHttp, until } from './servers.ts';

let root: string;
let paths: VillagePaths;
let log: MemoryDiagLog;
let manager: McpManager;
let changes: number;

const ALICE = 'alice' as AgentId;

function writeShared(servers: Record<string, unknown>): void {
  writeFileSync(paths.sharedMcp, JSON.stringify({ mcpServers: servers }));
}
function writeAgent(agentId: string, servers: Record<string, unknown>): void {
  mkdirSync(paths.agentDir(agentId), { recursive: true });
  writeFileSync(paths.configFile(agentId, 'mcp'), JSON.stringify({ mcpServers: servers }));
}
function ctx(signal = new AbortController().signal): ToolContext {
  return {
    agentId: ALICE,
    workDir: null,
    usesBlackboard: false,
    language: 'en',
    agentNames: new Map(),
    paths,
    log,
    signal,
  };
}
function server(name: string) {
  const found = manager.status().shared?.servers.find((s) => s.name === name);
  if (!found) throw new Error(`no status for ${name}`);
  return found;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fuseforks-mcp-'));
  paths = new VillagePaths(join(root, 'workspace'), join(root, 'home'));
  mkdirSync(paths.workspace, { recursive: true });
  log = new MemoryDiagLog();
  changes = 0;
  manager = new McpManager({ paths, log, onChange: () => (changes += 1), timeoutMs: 20_000 });
});
afterEach(async () => {
  await manager.close();
  rmSync(root, { recursive: true, force: true });
});

describe('shared servers', () => {
  it('connects server-everything over stdio and calls its echo tool', async () => {
    writeShared({ everything: everythingStdio() });
    await manager.openShared();
    const status = server('everything');
    expect(status).toMatchObject({ state: 'connected', transport: 'stdio', enabled: true, error: null });
    expect(status.tools).toContain('everything__echo');
    expect(status.pid).toBeGreaterThan(0);
    expect(changes).toBeGreaterThan(0);
    const echo = manager.sharedTools().find((t) => t.name === 'everything__echo')!;
    expect(echo.wantsReason).toBe(false);
    const spec = await echo.specFor(ctx());
    expect(spec?.parameters).toMatchObject({ type: 'object', properties: { message: expect.anything() } });
    expect(await echo.execute({ message: 'hello village' }, ctx())).toBe('Echo: hello village');
  });

  it('connects server-everything over Streamable HTTP and adds numbers with it', async () => {
    const http = await startEverythingHttp();
    try {
      writeShared({ remote: { type: 'http', url: http.url } });
      await manager.openShared();
      expect(server('remote')).toMatchObject({ state: 'connected', transport: 'http', pid: null });
      const sum = manager.sharedTools().find((t) => t.name === 'remote__get-sum')!;
      expect(await sum.execute({ a: 2, b: 40 }, ctx())).toContain('42');
      // The server goes away: the next call fails once, and its tools leave instead of failing on.
      await http.stop();
      await expect(sum.execute({ a: 1, b: 1 }, ctx())).rejects.toThrow(
        /MCP server remote: could not connect/,
      );
      expect(server('remote')).toMatchObject({ state: 'failed', tools: [] });
      expect(manager.sharedTools()).toEqual([]);
    } finally {
      await http.stop();
    }
  });

  it('lists and reads files through server-filesystem, inside its allowed folder only', async () => {
    const allowed = join(root, 'shared-docs');
    mkdirSync(allowed);
    writeFileSync(join(allowed, 'note.txt'), 'filesystem says hi');
    writeShared({ fs: { command: 'node', args: [FILESYSTEM, allowed] } });
    await manager.openShared();
    expect(server('fs').state).toBe('connected');
    const read = manager.sharedTools().find((t) => t.name === 'fs__read_text_file')!;
    expect(await read.execute({ path: join(allowed, 'note.txt') }, ctx())).toContain('filesystem says hi');
    // The server's own refusal is a failed call carrying the server's text.
    await expect(read.execute({ path: join(root, 'elsewhere.txt') }, ctx())).rejects.toThrow(
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
    await manager.openShared();
    expect(server('old')).toMatchObject({ state: 'invalid', tools: [] });
    expect(server('old').error).toMatch(/sse/i);
    expect(server('nocommand')).toMatchObject({ state: 'invalid' });
    expect(server('nocommand').error).toMatch(/command/);
    expect(server('missing')).toMatchObject({ state: 'failed' });
    expect(server('missing').error).toContain('command not found on PATH: fuseforks-no-such-command-xyz');
    expect(server('good').state).toBe('connected');
    expect(manager.sharedTools().some((t) => t.name === 'good__echo')).toBe(true);
  });

  it('validates a disabled entry but never starts it', async () => {
    writeShared({
      off: everythingStdio({ enabled: false }),
      offbad: { type: 'http', url: 'http://10.0.0.1/mcp', enabled: false },
    });
    await manager.openShared();
    expect(server('off')).toMatchObject({ state: 'disabled', enabled: false, pid: null, tools: [] });
    expect(server('offbad').state).toBe('invalid');
  });

  it('reports a broken mcp.json as an error, not as an empty list', async () => {
    writeFileSync(paths.sharedMcp, '{ "mcpServers": { oops ');
    await manager.openShared();
    const shared = manager.status().shared!;
    expect(shared.error).not.toBeNull();
    expect(shared.servers).toEqual([]);
    expect(log.lines.some((l) => l.includes('mcp: config unreadable'))).toBe(true);
  });

  it('gives up on a server that never finishes the handshake, and kills it', async () => {
    const pidFile = join(root, 'silent.pid');
    const script = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
    manager = new McpManager({ paths, log, timeoutMs: 700 });
    writeShared({ silent: { command: 'node', args: ['-e', script] } });
    await manager.openShared();
    expect(server('silent')).toMatchObject({ state: 'failed', error: 'no handshake within 1 s' });
    const { readFileSync } = await import('node:fs');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await until(() => !isAlive(pid), 'the silent server to be killed');
  });

  it('a close while a server is still starting kills it', async () => {
    const pidFile = join(root, 'slow.pid');
    const script = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
    manager = new McpManager({ paths, log, timeoutMs: 60_000 });
    writeShared({ slow: { command: 'node', args: ['-e', script] } });
    const opening = manager.openShared();
    const { existsSync, readFileSync } = await import('node:fs');
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the server to start');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await manager.close();
    await opening;
    await until(() => !isAlive(pid), 'the starting server to be killed by the close');
  });

  it('drops the tools of a server killed while connected, and says so', async () => {
    writeShared({ everything: everythingStdio() });
    await manager.openShared();
    const pid = server('everything').pid!;
    process.kill(pid, 'SIGKILL');
    await until(() => server('everything').state === 'failed', 'the lost connection');
    expect(server('everything')).toMatchObject({ error: 'the server closed the connection', tools: [] });
    expect(manager.sharedTools()).toEqual([]);
  });

  it('follows a server that changes its tool list while connected', async () => {
    const fixture = join(import.meta.dirname, 'fixtures', 'changing-tools-server.mjs');
    writeShared({ dyn: { command: 'node', args: [fixture] } });
    await manager.openShared();
    const names = () => manager.sharedTools().map((t) => t.name);
    expect(names()).toEqual(['dyn__alpha', 'dyn__add_beta', 'dyn__drop_alpha']);
    const tool = (name: string) => manager.sharedTools().find((t) => t.name === name)!;
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
      await manager.openShared();
      const status = server('locked');
      expect(status.state).toBe('failed');
      expect(status.error).toContain('HTTP 401');
      expect(status.error).toContain('check the configuration');
      expect(JSON.stringify(manager.status())).not.toContain(secret);
      expect(log.lines.join('\n')).not.toContain(secret);
      expect(log.lines.join('\n')).not.toContain('denied for');
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
    await manager.openShared();
    await Promise.all([manager.agentStarted(ALICE), manager.agentStarted('bob' as AgentId)]);
    const agents = manager.status().agents;
    const pids = agents.map((a) => a.servers[0]!.pid!);
    expect(new Set([...pids, server('everything').pid]).size).toBe(3);
    expect(manager.agentTools(ALICE).map((t) => t.name)).toContain('everything__echo');
    await manager.agentStopped(ALICE);
    await until(() => !isAlive(pids[0]!), "alice's server to stop");
    expect(isAlive(pids[1]!)).toBe(true);
    expect(manager.status().agents.map((a) => a.agentId)).toEqual(['bob']);
    expect(manager.agentTools(ALICE)).toEqual([]);
  });

  it('a reload removes the old tools before the new ones arrive', async () => {
    writeAgent('alice', { first: everythingStdio() });
    await manager.agentStarted(ALICE);
    const oldPid = manager.status().agents[0]!.servers[0]!.pid!;
    writeAgent('alice', { second: everythingStdio() });
    const reloading = manager.reloadAgent(ALICE);
    // Synchronously after the reload starts, the old tools are gone.
    expect(manager.agentTools(ALICE)).toEqual([]);
    await reloading;
    expect(manager.agentTools(ALICE).map((t) => t.name)).toContain('second__echo');
    expect(manager.agentTools(ALICE).some((t) => t.name.startsWith('first__'))).toBe(false);
    await until(() => !isAlive(oldPid), 'the old server to stop');
    expect(await manager.reloadAgent('carol' as AgentId)).toBe(false);
  });
});
