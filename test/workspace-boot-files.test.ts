/**
 * What a server start does to the workspace itself: leftover temp files of interrupted atomic
 * writes are removed (only ours, only where we write, never through a link), and one server owns
 * the workspace (a second start is refused naming the first, a dead owner's lock is taken over).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/server/workspace-lock.ts';
import { identityOf } from '../src/server/process-identity.ts';
import { makeTempRoot, removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

const BIN = join(import.meta.dirname, '..', 'bin', 'fuseforks.mjs');

const opened: TestVillage[] = [];
const roots: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const v of opened.splice(0)) await v.close();
  for (const root of roots.splice(0)) await removeRoot(root);
});

async function tempRoot(): Promise<{ root: string; workspace: string }> {
  const root = await makeTempRoot();
  roots.push(root);
  const workspace = join(root, 'workspace');
  await mkdir(workspace, { recursive: true });
  return { root, workspace };
}

async function boot(root: string): Promise<TestVillage> {
  const v = await startTestVillage({ root });
  opened.push(v);
  await v.ready();
  return v;
}

const readLock = async (workspace: string) =>
  JSON.parse(await readFile(join(workspace, LOCK_FILE), 'utf8')) as Record<string, unknown>;

describe('leftover temp files', () => {
  it('are removed at boot: only our naming, only in folders we write, never through a link', async () => {
    const { root, workspace } = await tempRoot();
    const outside = join(root, 'outside');
    await mkdir(join(workspace, 'agents', 'agent_1'), { recursive: true });
    await mkdir(join(workspace, 'exports'));
    await mkdir(join(workspace, 'user'));
    await mkdir(join(workspace, 'notes'));
    await mkdir(outside);
    const leftovers = [
      '.world.json.4242.0a1b2c3d.tmp',
      'agents/agent_1/.Memory.md.17.deadbeef.tmp',
      'exports/.s1.jsonl.99.00000000.tmp',
      'exports/s1.jsonl.99.tmp',
      'user/.icon.webp.5.12345678.tmp',
    ];
    const kept = [
      'world.json.tmp',
      '.notes.tmp',
      '.world.json.4242.0a1b2c3.tmp',
      'agents/agent_1/draft.tmp',
      'notes/.todo.md.1.abcdef01.tmp',
      's1.jsonl.99.tmp',
    ];
    for (const rel of [...leftovers, ...kept]) await writeFile(join(workspace, rel), 'x');
    // A linked agent folder and a link named like a leftover: neither is followed nor removed.
    await writeFile(join(outside, '.Memory.md.3.cafebabe.tmp'), 'outside');
    await symlink(outside, join(workspace, 'agents', 'agent_2'));
    await symlink(join(outside, '.Memory.md.3.cafebabe.tmp'), join(workspace, '.x.md.3.cafebabe.tmp'));

    await boot(root);
    for (const rel of leftovers) expect(existsSync(join(workspace, rel)), rel).toBe(false);
    for (const rel of kept) expect(existsSync(join(workspace, rel)), rel).toBe(true);
    expect(await readdir(outside)).toEqual(['.Memory.md.3.cafebabe.tmp']);
    expect((await lstat(join(workspace, '.x.md.3.cafebabe.tmp'))).isSymbolicLink()).toBe(true);
    expect(await readFile(join(workspace, 'fuseforks.log'), 'utf8')).toContain(
      'workspace: removed 5 leftover temp files',
    );
  });
});

/** Starts `fuseforks serve` on a port of its own; resolves with its UI URL once it prints one. */
function serve(
  root: string,
  workspace: string,
): { child: ChildProcess; url: Promise<string>; err: () => string } {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    env: {
      ...process.env,
      FUSEFORKS_HOME: join(root, 'home'),
      FUSEFORKS_WORKSPACE: workspace,
      FUSEFORKS_SECRET_STORE: 'file',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /UI: +(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}${err}`)));
  });
  url.catch(() => undefined);
  return { child, url, err: () => err };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await exitOf(child);
  return child.pid!;
}

describe('one server per workspace', () => {
  it('a second `fuseforks serve` refuses to start, naming the running one; a clean exit frees the lock', async () => {
    const { root, workspace } = await tempRoot();
    const first = serve(root, workspace);
    const url = await first.url;
    expect(await readLock(workspace)).toMatchObject({ pid: first.child.pid, url });

    const second = serve(root, workspace);
    expect(await exitOf(second.child)).toBe(1);
    expect(second.err()).toContain(
      `fuseforks: could not start: another Fuseforks server is running in this workspace (pid ${first.child.pid}, ${url})`,
    );
    expect(second.err()).not.toContain('    at ');
    // The first one is untouched and still serves.
    expect((await fetch(`${url}/`)).status).toBe(200);
    expect(await readLock(workspace)).toMatchObject({ pid: first.child.pid });

    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(existsSync(join(workspace, LOCK_FILE))).toBe(false);
    const third = serve(root, workspace);
    await third.url;
  }, 60_000);

  it('in one process too: a second server on the same workspace is ALREADY_RUNNING', async () => {
    const { root } = await tempRoot();
    const first = await boot(root);
    await expect(startTestVillage({ root })).rejects.toMatchObject({
      code: 'ALREADY_RUNNING',
      message: expect.stringContaining(`pid ${process.pid}, ${first.server.url}`),
    });
    await first.close();
    opened.splice(0);
    await boot(root);
  });

  it('takes over a lock left by a dead process', async () => {
    const { root, workspace } = await tempRoot();
    const pid = await deadPid();
    const stale = { ...identityOf(pid), token: 'stale', url: 'http://127.0.0.1:1', startedAt: '' };
    await writeFile(join(workspace, LOCK_FILE), JSON.stringify(stale));
    const v = await boot(root);
    expect(await readLock(workspace)).toMatchObject({ pid: process.pid, url: v.server.url });
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over a lock whose pid now names another process (a different start time)',
    async () => {
      const { root, workspace } = await tempRoot();
      // This very process is alive, but it is not the process that wrote the lock.
      const reused = { ...identityOf(process.pid), startTicks: '1', token: 'old', url: null, startedAt: '' };
      await writeFile(join(workspace, LOCK_FILE), JSON.stringify(reused));
      await boot(root);
      expect((await readLock(workspace)).token).not.toBe('old');
    },
  );

  it.skipIf(identityOf(process.pid).machineId === null)(
    'takes over a dead lock of this machine written under another hostname (the machine id decides)',
    async () => {
      const { root, workspace } = await tempRoot();
      const pid = await deadPid();
      const renamed = {
        ...identityOf(pid),
        host: `old-name-of-${hostname()}`,
        token: 'before',
        startedAt: '',
      };
      await writeFile(join(workspace, LOCK_FILE), JSON.stringify({ ...renamed, url: null }));
      const v = await boot(root);
      expect(await readLock(workspace)).toMatchObject({ pid: process.pid, url: v.server.url });
    },
  );

  it('a lock from another machine is not taken over: the message says where and what to do', async () => {
    const { root, workspace } = await tempRoot();
    const foreign = {
      ...identityOf(4242),
      host: `not-${hostname()}`,
      machineId: 'another-machine',
      token: 't',
      url: null,
      startedAt: '',
    };
    await writeFile(join(workspace, LOCK_FILE), JSON.stringify(foreign));
    await expect(startTestVillage({ root })).rejects.toMatchObject({
      code: 'ALREADY_RUNNING',
      message: expect.stringContaining(`pid 4242 on not-${hostname()}, still starting); if no server runs`),
    });
  });

  it('a lock file planted as a link is refused, never followed', async () => {
    const { root, workspace } = await tempRoot();
    await symlink(join(root, 'elsewhere'), join(workspace, LOCK_FILE));
    await expect(startTestVillage({ root })).rejects.toMatchObject({ code: 'CONFIG_IO', detail: LOCK_FILE });
    expect(existsSync(join(root, 'elsewhere'))).toBe(false);
  });
});
