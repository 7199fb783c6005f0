import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../bin/server-build.mjs';
import { connectClient, freePort } from '../src/mcp/door/test-kit.ts';
import { makeTempRoot, removeRoot } from './helpers/village-server.ts';

const BIN = join(import.meta.dirname, '..', 'bin', 'fuseforks.mjs');
const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await removeRoot(root);
});

/** `fuseforks serve` from the bin on a temp workspace of its own. */
async function serve(dev: boolean) {
  const root = await makeTempRoot();
  roots.push(root);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FUSEFORKS_HOME: join(root, 'home'),
    FUSEFORKS_WORKSPACE: join(root, 'ws'),
    FUSEFORKS_SECRET_STORE: 'file',
  };
  delete env.FUSEFORKS_DEV;
  if (dev) env.FUSEFORKS_DEV = '1';
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { root, child };
}

/**
 * `fuseforks serve` from the bin on a temp workspace, through the compiled build or (FUSEFORKS_DEV=1)
 * through tsx: waits for the "is running" line, asks the API over HTTP, stops it with SIGTERM.
 */
async function serveAndAsk(
  dev: boolean,
): Promise<{ agents: unknown[]; doorTools: string[]; exit: number | null; log: string }> {
  const { root, child } = await serve(dev);
  try {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /is running\.\n {2}UI: +(http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)\n/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}${err}`)));
    });
    const { origin, searchParams } = new URL(url);
    const call = async (name: string, args: unknown = {}) =>
      fetch(`${origin}/api/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${searchParams.get('token')}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
    await expect
      .poll(async () => ((await (await call('boot_status')).json()) as { ready: boolean }).ready)
      .toBe(true);
    const world = await call('get_world');
    expect(world.status).toBe(200);
    const { agents } = (await world.json()) as { agents: unknown[] };
    // The door's modules load only when it opens: from the build, they are chunks of their own.
    const door = (await (
      await call('set_mcp_server_settings', { enabled: true, port: await freePort() })
    ).json()) as {
      token: string;
      status: { url: string };
    };
    const { client } = await connectClient(door.status.url, door.token, 'compiled-start');
    const doorTools = (await client.listTools()).tools.map((tool) => tool.name);
    await client.close();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const exit = await exited;
    return { agents, doorTools, exit, log: await readFile(join(root, 'ws', 'fuseforks.log'), 'utf8') };
  } finally {
    child.kill('SIGKILL');
  }
}

describe('npm start runs the compiled server', () => {
  it('starts from dist/server, answers get_world over HTTP, opens the MCP door, and stops cleanly on SIGTERM', async () => {
    // Built here so that the start below reuses the build (the bin would build it the same way).
    await ensureServerBuilt();
    const { agents, doorTools, exit, log } = await serveAndAsk(false);
    expect(agents).toEqual([]);
    expect(doorTools).toEqual(['ask_fuseforks']);
    expect(exit).toBe(0);
    expect(log).toMatch(/version: app=\S+ profile=\S+ node=\S+ run=compiled\n/);
  });

  it('still runs the TypeScript sources through tsx with FUSEFORKS_DEV=1', async () => {
    const { agents, doorTools, exit, log } = await serveAndAsk(true);
    expect(agents).toEqual([]);
    expect(doorTools).toEqual(['ask_fuseforks']);
    expect(exit).toBe(0);
    expect(log).toMatch(/version: app=\S+ profile=\S+ node=\S+ run=tsx\n/);
  });

  it('closes cleanly when stopped the moment it says it is running', async () => {
    await ensureServerBuilt();
    // The window between the line and the signal listeners was small: a few starts to hit it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const { child } = await serve(false);
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes(' is running.\n')) child.kill('SIGTERM');
      });
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(out).toContain(' is running.\n');
    }
  });
});
