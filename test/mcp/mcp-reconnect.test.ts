/**
 * Servers come back by themselves: a stdio server that crashes, an HTTP server that restarts, with
 * backoff between attempts (short here; 1 s doubling to 60 s by default), visible in the status. A
 * close ends every wait; a final failure (401, a missing command) is not retried.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useManagerKit } from './manager-kit.ts';
import { everythingStdio, listed, scriptedStdio, startEverythingHttp, until } from './servers.ts';

const kit = useManagerKit();

/** The delays the log says were chosen, in order. */
function retryDelays(server: string): number[] {
  return kit.log.lines
    .filter((line) => line.includes(`mcp: retry server=${server} `))
    .map((line) => Number(/in_ms=(\d+)/.exec(line)?.[1]));
}

describe('reconnecting', () => {
  it('brings back a stdio server that crashed, with its tools', async () => {
    kit.writeShared({ everything: everythingStdio() });
    await kit.openShared();
    const pid = kit.server('everything').pid!;
    process.kill(pid, 'SIGKILL');
    await until(() => kit.server('everything').state === 'retrying', 'the crash to be seen');
    const waiting = kit.server('everything');
    // How the process ended is shown (never its stderr, which may echo tokens).
    expect(waiting).toMatchObject({
      error: 'the server closed the connection (its process was stopped by SIGKILL)',
      tools: [],
      pid: null,
    });
    expect(waiting.retryAtMs).not.toBeNull();
    expect(kit.manager.sharedTools()).toEqual([]);
    await until(() => kit.server('everything').state === 'connected', 'the reconnect');
    expect(kit.server('everything').pid).not.toBe(pid);
    expect(kit.server('everything').retryAtMs).toBeNull();
    expect(await kit.tool('everything__echo').execute({ message: 'back' }, kit.ctx())).toBe('Echo: back');
  });

  it('a server that crashes in a call says so, and comes back', async () => {
    kit.writeShared({ s: scriptedStdio([listed('crash'), listed('good')]) });
    await kit.openShared();
    await expect(kit.tool('s__crash').execute({}, kit.ctx())).rejects.toThrow(
      'MCP server s: the server closed the connection',
    );
    await until(() => kit.server('s').state === 'connected', 'the reconnect');
    expect(await kit.tool('s__good').execute({}, kit.ctx())).toBe('called good');
  });

  it('follows an HTTP server through a restart on the same port', async () => {
    let http = await startEverythingHttp();
    try {
      kit.writeShared({ remote: { type: 'http', url: http.url } });
      await kit.openShared();
      expect(await kit.tool('remote__get-sum').execute({ a: 2, b: 40 }, kit.ctx())).toContain('42');
      await http.stop();
      await until(() => kit.server('remote').state !== 'connected', 'the stop to be seen');
      expect(kit.manager.sharedTools()).toEqual([]);
      http = await startEverythingHttp(http.port);
      await until(() => kit.server('remote').state === 'connected', 'the reconnect');
      expect(await kit.tool('remote__get-sum').execute({ a: 1, b: 2 }, kit.ctx())).toContain('3');
    } finally {
      await http.stop();
    }
  });

  it('waits twice as long after each failed attempt, up to the longest wait', async () => {
    const count = join(kit.root, 'starts.txt');
    const script = `require('fs').appendFileSync(${JSON.stringify(count)}, 'x'); process.exit(1);`;
    kit.writeShared({ dies: { command: 'node', args: ['-e', script] } });
    await kit.manager.openShared();
    await until(() => retryDelays('dies').length >= 6, 'six failed attempts', 800);
    expect(retryDelays('dies').slice(0, 6)).toEqual([50, 100, 200, 400, 400, 400]);
    expect(kit.server('dies').state).not.toBe('failed');
    expect(kit.server('dies').error).toBe('the server exited with code 1 before the handshake finished');
  });

  it('a close ends the wait: no attempt starts after it', async () => {
    await kit.remake({ retry: { initialMs: 300, maxMs: 300 } });
    const count = join(kit.root, 'starts.txt');
    const script = `require('fs').appendFileSync(${JSON.stringify(count)}, 'x'); process.exit(1);`;
    kit.writeShared({ dies: { command: 'node', args: ['-e', script] } });
    await kit.manager.openShared();
    await until(() => kit.server('dies').state === 'retrying', 'the first failure');
    await kit.manager.close();
    const starts = readFileSync(count, 'utf8').length;
    await new Promise((r) => setTimeout(r, 700));
    expect(readFileSync(count, 'utf8').length).toBe(starts);
  });

  it('does not retry what no retry can fix, until a reconnect is asked for', async () => {
    kit.writeShared({ missing: { command: 'fuseforks-no-such-command-xyz' } });
    await kit.openShared();
    expect(kit.server('missing')).toMatchObject({ state: 'failed', retryAtMs: null });
    await new Promise((r) => setTimeout(r, 200));
    expect(retryDelays('missing')).toEqual([]);
    // mcp_reconnect opens the file again.
    kit.writeShared({ missing: everythingStdio() });
    await kit.openShared();
    expect(kit.server('missing').state).toBe('connected');
  });
});
