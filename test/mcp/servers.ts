/** Real MCP servers from npm, started the way a user's mcp.json starts them. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** `node <server-everything>/dist/index.js` (add `stdio` or `streamableHttp`). */
export const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
export const FILESYSTEM = join(
  dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
  'dist',
  'index.js',
);

export function everythingStdio(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { command: 'node', args: [EVERYTHING, 'stdio'], ...extra };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** server-everything over Streamable HTTP on `port` (a free one by default); resolves once it listens. */
export async function startEverythingHttp(port?: number): Promise<{
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}> {
  port ??= await freePort();
  const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${seen}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${seen}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function until(check: () => boolean, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The MCP status of one set, as the manager gives it (kept structural: tests of several kinds use it). */
interface StatusLike {
  shared: { servers: { state: string }[] } | null;
  agents: { servers: { state: string }[] }[];
}

/** Nothing waits for MCP connections any more: tests wait until no server is still connecting. */
export async function untilSettled(manager: { status(): StatusLike }, tries = 800): Promise<void> {
  const connecting = () => {
    const { shared, agents } = manager.status();
    return [shared, ...agents].some((set) => set?.servers.some((server) => server.state === 'connecting'));
  };
  await until(() => !connecting(), 'the MCP servers to settle', tries);
}

export const SCRIPTED = join(import.meta.dirname, 'fixtures', 'scripted-server.mjs');

/** The hand-written stdio server of fixtures/scripted-server.mjs, listing exactly `tools`. */
export function scriptedStdio(tools: unknown[]): Record<string, unknown> {
  return { command: 'node', args: [SCRIPTED, JSON.stringify(tools)] };
}

export const GATED = join(import.meta.dirname, 'fixtures', 'gated-server.mjs');

/** `inner` (a stdio entry run by node) whose handshake waits until the file `gate` exists. */
export function gatedStdio(gate: string, inner: Record<string, unknown>): Record<string, unknown> {
  return { command: 'node', args: [GATED, gate, process.execPath, ...(inner.args as string[])] };
}

/** A tool definition as a server lists it (schema `{type: "object"}` unless given). */
export function listed(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, inputSchema: { type: 'object' }, ...extra };
}
