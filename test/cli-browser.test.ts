/**
 * `fuseforks browser …` from the bin against a real server (in this process) and a real Chromium:
 * exit statuses, the JSON answer on stdout, `error CODE: …` on stderr, and Ctrl-C.
 */
import { withBudget } from '../src/browser/budget.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/server/serve.ts';
import { removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

// Each run starts a node with tsx (several seconds on a busy machine); the first test runs four.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const BIN = join(import.meta.dirname, '..', 'bin', 'fuseforks.mjs');
const PAGE = `data:text/html,${encodeURIComponent('<title>Hello CLI</title><button>Go</button>')}`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [BIN, 'browser', ...args], {
    // The flags must win: nothing is taken from the developer's own app data.
    env: { ...process.env, FUSEFORKS_HOME: '/nonexistent-fuseforks-home', FUSEFORKS_PORT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

describe('fuseforks browser', () => {
  let village: TestVillage;
  let server: RunningServer;
  let at: string[];
  const run = (...args: string[]) => cli([...args, ...at]).done;

  beforeAll(async () => {
    village = await startTestVillage();
    server = village.server;
    at = ['--home', village.home, '--port', String(server.port)];
  });
  afterAll(async () => {
    if (!village) return;
    await village.close();
    await removeRoot(village.root);
  });

  it('starts, opens a page, times out a spinning evaluate, then evaluates on the same tab', async () => {
    const started = await run('start');
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    expect(JSON.parse(started.stdout)).toMatchObject({ running: true });

    const opened = await run('open', PAGE);
    expect(opened.code).toBe(0);
    const { targetId } = JSON.parse(opened.stdout) as { targetId: string };

    const spin = await run('evaluate', '--timeout-ms', '1000', '() => { while (true) {} }');
    expect(spin.code).toBe(1);
    expect(spin.stderr).toMatch(/^error BROWSER_TIMEOUT: /);
    expect(spin.stdout).toBe('');

    // No --target: the focused tab, the one just opened.
    const title = await run('evaluate', '() => document.title');
    expect(title.stderr).toBe('');
    expect(title.code).toBe(0);
    expect(JSON.parse(title.stdout)).toMatchObject({ ok: true, targetId, result: 'Hello CLI' });
  }, 240_000);

  it('aborts a running evaluate on Ctrl-C, and the server counts the abort', async () => {
    const { targetId } = await withBudget({}, (budget) => server.browser.openTab(PAGE, budget));
    const before = server.browser.counters.evaluate.aborts;
    const { child, done } = cli([
      'evaluate',
      '--target',
      targetId,
      '--timeout-ms',
      '60000',
      "() => { document.title = 'running'; return new Promise(() => {}); }",
      ...at,
    ]);
    // The page says when the script runs; only then is the request surely in flight.
    for (let i = 0; i < 600; i++) {
      const { tabs } = await server.browser.tabs();
      if (tabs.find((tab) => tab.targetId === targetId)?.title === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGINT');
    const result = await done;
    expect(result.stderr).toMatch(/^error BROWSER_ABORTED: /);
    expect(result.code).toBe(1);
    for (let i = 0; i < 100 && server.browser.counters.evaluate.aborts === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.browser.counters.evaluate.aborts).toBe(before + 1);
  });

  it('says clearly when the token file is missing', async () => {
    const result = await cli([
      'status',
      '--home',
      join(village.root, 'nowhere'),
      '--port',
      String(server.port),
    ]).done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `error UNAUTHORIZED: no API token at ${join(village.root, 'nowhere', 'api_token')}`,
    );
    expect(result.stderr).toContain('fuseforks serve');
  });

  it('exits 2 with the usage on bad usage', async () => {
    const result = await run('evaluate', '--timeout-ms', 'soon', '() => 1');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--timeout-ms must be a whole number');
    expect(result.stderr).toContain('Usage: fuseforks browser');
    const [none, extra, two] = await Promise.all([
      run('navigate'),
      run('status', 'x'),
      run('open', 'a', 'b'),
    ]);
    expect(none.stderr).toContain('fuseforks browser navigate: expected 1 argument, got 0\n');
    expect(extra.stderr).toContain('fuseforks browser status: expected 0 arguments, got 1\n');
    expect(two.stderr).toContain('fuseforks browser open: expected 0 to 1 arguments, got 2\n');
    expect([none.code, extra.code, two.code]).toEqual([2, 2, 2]);
  });
});
