import { existsSync } from 'node:fs';
import { mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildsDir,
  compileServer,
  ensureServerBuilt,
  REGEX_WORKER,
  SERVER_ENTRY,
  sourceStamp,
} from '../bin/server-build.mjs';
import { COMPILED_REGEX_WORKER, regexWorkerEntry } from '../src/tools/regex-worker/worker-pool.ts';
import { makeTempRoot, removeRoot } from './helpers/village-server.ts';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await removeRoot(root);
});

/** A package of its own with the two entries the build expects; `cli.ts` answers `greeting.ts`'s word. */
async function tinyPackage(word: string): Promise<string> {
  const root = await makeTempRoot();
  roots.push(root);
  await mkdir(join(root, 'src', 'tools', 'regex-worker'), { recursive: true });
  await writeFile(
    join(root, 'src', 'cli.ts'),
    "import { WORD } from './greeting.ts';\nexport async function main(_argv: string[]): Promise<string> {\n  return WORD;\n}\n",
  );
  await writeGreeting(root, word);
  await writeFile(join(root, 'src', 'tools', 'regex-worker', 'worker-main.ts'), 'export {};\n');
  return root;
}

async function writeGreeting(root: string, word: string): Promise<void> {
  await writeFile(join(root, 'src', 'greeting.ts'), `export const WORD: string = ${JSON.stringify(word)};\n`);
}

async function answerOf(entry: string): Promise<string> {
  const module = (await import(pathToFileURL(entry).href)) as { main: (argv: string[]) => Promise<string> };
  return module.main([]);
}

const buildFolders = async (root: string) => (await readdir(buildsDir(root))).sort();

describe('the compiled server build', () => {
  it('builds once, reuses the build while the sources are unchanged, and rebuilds when one is newer', async () => {
    const root = await tinyPackage('first');
    const first = await ensureServerBuilt({ root });
    expect(first.built).toBe(true);
    expect(first.entry).toBe(join(buildsDir(root), sourceStamp(root), SERVER_ENTRY));
    expect(await answerOf(first.entry)).toBe('first');

    const again = await ensureServerBuilt({ root });
    expect(again).toEqual({ ...first, built: false });

    // A test file is no input of the app: adding one keeps the build.
    await writeFile(join(root, 'src', 'greeting.test.ts'), 'export {};\n');
    expect((await ensureServerBuilt({ root })).built).toBe(false);

    // Same size as before: only the newer modification time tells the change.
    await writeGreeting(root, 'fresh');
    const later = new Date(Date.now() + 5_000);
    await utimes(join(root, 'src', 'greeting.ts'), later, later);
    const rebuilt = await ensureServerBuilt({ root });
    expect(rebuilt.built).toBe(true);
    expect(rebuilt.dir).not.toBe(first.dir);
    expect(await answerOf(rebuilt.entry)).toBe('fresh');
    // The older build stays for a server that may still run it.
    expect(existsSync(first.entry)).toBe(true);
  });

  it('writes into a temp folder and renames it into place whole; a second build at once keeps the first', async () => {
    const root = await tinyPackage('raced');
    const stamp = sourceStamp(root);
    const finalDir = join(buildsDir(root), stamp);
    const gates: Array<() => void> = [];
    const compiledInto: string[] = [];
    /** The real compile, held open until the test lets it finish. */
    const heldCompile = async (packageRoot: string, outdir: string) => {
      await compileServer(packageRoot, outdir);
      compiledInto.push(outdir);
      await new Promise<void>((release) => gates.push(release));
    };
    const firstBuild = ensureServerBuilt({ root, compile: heldCompile });
    const secondBuild = ensureServerBuilt({ root, compile: heldCompile });
    await expect.poll(() => gates.length).toBe(2);

    // Both builds are complete in their temp folders, and nobody can see either as the build.
    expect(existsSync(finalDir)).toBe(false);
    for (const outdir of compiledInto) expect(existsSync(join(outdir, SERVER_ENTRY))).toBe(true);
    expect((await buildFolders(root)).every((name) => name.startsWith('.tmp-'))).toBe(true);

    // The compile finished first is released first. Which start it belongs to is not fixed: each
    // start awaits a mkdir before it queues its compile, and those can finish in either order.
    const builds = [firstBuild, secondBuild];
    gates[0]!();
    const first = await Promise.race(builds);
    expect(first.dir).toBe(finalDir);
    const firstEntry = await stat(first.entry);

    gates[1]!();
    const both = await Promise.all(builds);
    expect(both.map((b) => b.entry)).toEqual([first.entry, first.entry]);
    const second = both.find((b) => b !== first) ?? both[1]!;
    // The loser's folder is dropped, not renamed over the winner's.
    expect((await stat(second.entry)).ino).toBe(firstEntry.ino);
    expect(await buildFolders(root)).toEqual([stamp]);
    expect(await answerOf(first.entry)).toBe('raced');
  });

  it('leaves nothing behind when the compile fails half-way', async () => {
    const root = await tinyPackage('broken');
    const failing = async (_root: string, outdir: string) => {
      await mkdir(outdir, { recursive: true });
      await writeFile(join(outdir, SERVER_ENTRY), '// half written');
      throw new Error('compile failed');
    };
    await expect(ensureServerBuilt({ root, compile: failing })).rejects.toThrow('compile failed');
    expect(await buildFolders(root)).toEqual([]);
    // The next start builds for real.
    expect(await answerOf((await ensureServerBuilt({ root })).entry)).toBe('broken');
  });

  it('compiles this repository with a regex worker that the pool finds and that answers a job', async () => {
    expect(COMPILED_REGEX_WORKER).toBe(REGEX_WORKER);
    const { dir } = await ensureServerBuilt();
    const chunks = (await readdir(dir)).filter((name) => name.endsWith('.js'));
    expect(chunks).toContain(SERVER_ENTRY);
    // Any chunk may hold the pool's code: the worker is found beside it.
    const entry = regexWorkerEntry(pathToFileURL(join(dir, chunks[0]!)).href);
    expect(entry.href).toBe(pathToFileURL(join(dir, REGEX_WORKER)).href);
    expect(regexWorkerEntry(pathToFileURL('/x/src/tools/regex-worker/worker-pool.ts').href).pathname).toBe(
      '/x/src/tools/regex-worker/worker-entry.mjs',
    );

    const worker = new Worker(entry);
    try {
      const replies: unknown[] = [];
      const answered = new Promise<void>((resolve, reject) => {
        worker.on('message', (reply: unknown) => {
          replies.push(reply);
          if (replies.length === 2) resolve();
        });
        worker.on('error', reject);
      });
      worker.postMessage({
        kind: 'names',
        names: ['a.ts', 'b.md', 'c.ts'],
        pattern: { source: '\\.ts$', flags: '' },
      });
      await answered;
      expect(replies).toEqual([{ ready: true }, { ok: true, value: [0, 2] }]);
    } finally {
      await worker.terminate();
    }
  });
});
