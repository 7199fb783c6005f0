// @ts-check
// The compiled server: src/ bundled by esbuild into dist/server/<stamp>/ (our code only; every
// package stays external, native ones included), so `npm start` skips tsx's on-the-fly compile.
// Plain JavaScript: it runs before any TypeScript loader.
//
// Freshness: <stamp> hashes every source's path, size and modification time (and the build's own
// inputs: this file, tsconfig.json, the esbuild version). A source newer than the build changes the
// stamp, so it is rebuilt; unchanged sources find their folder and reuse it.
// Safety: a build is written into a temp folder and renamed into place whole, so a second start at
// the same moment sees either no folder (and builds its own) or a complete one. A folder, once in
// place, is never rewritten: a server still running an older build keeps its files.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** The bundle's entry: exports `main(argv)` as src/cli.ts does. */
export const SERVER_ENTRY = 'cli.js';
/** The regex worker's bundle (src/tools/regex-worker/worker-pool.ts: COMPILED_REGEX_WORKER). */
export const REGEX_WORKER = 'regex-worker.js';
/** Older builds kept beside the current one, for servers still running them. */
const KEEP_OLDER = 2;
/** A temp folder this old is a build that died half-way. */
const STALE_TEMP_MS = 10 * 60_000;

/** @param {string} root */
export function buildsDir(root) {
  return join(root, 'dist', 'server');
}

/**
 * The build's inputs: src/ without tests and fixtures (the app never imports them).
 * @param {string} root
 * @returns {string[]} paths relative to root, sorted
 */
function sourceFiles(root) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir */
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__fixtures__') visit(path);
      } else if (!entry.name.endsWith('.test.ts')) {
        files.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  visit(join(root, 'src'));
  for (const extra of ['tsconfig.json', 'bin/server-build.mjs']) {
    if (existsSync(join(root, extra))) files.push(extra);
  }
  return files.sort();
}

/**
 * The sources' stamp: a hash of each input's path, size and modification time.
 * @param {string} root
 */
export function sourceStamp(root = PACKAGE_ROOT) {
  const hash = createHash('sha256');
  hash.update(`esbuild ${esbuildVersion(root)}\n`);
  for (const file of sourceFiles(root)) {
    const info = statSync(join(root, file));
    hash.update(`${file}\0${info.size}\0${info.mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** @param {string} root */
function esbuildVersion(root) {
  try {
    const manifest = readFileSync(join(root, 'node_modules', 'esbuild', 'package.json'), 'utf8');
    return /** @type {{ version: string }} */ (JSON.parse(manifest)).version;
  } catch {
    return 'missing';
  }
}

/** The builds of this process, one after the other (tests build several at once). */
let compileQueue = Promise.resolve();

/**
 * Bundles src/cli.ts (and the regex worker) into `outdir` with esbuild. Split into chunks, so a
 * module the CLI imports lazily (the server, for `serve` only) still loads only when asked for, and
 * flat (chunks beside the entries), so a module's `import.meta.url` names the build folder.
 * @param {string} root
 * @param {string} outdir
 * @returns {Promise<void>}
 */
export function compileServer(root, outdir) {
  const run = compileQueue.then(() => compileNow(root, outdir));
  compileQueue = run.catch(() => undefined);
  return run;
}

/**
 * @param {string} root
 * @param {string} outdir
 */
async function compileNow(root, outdir) {
  const { build, stop } = await import('esbuild');
  try {
    await build({
      absWorkingDir: root,
      entryPoints: [
        { in: 'src/cli.ts', out: SERVER_ENTRY.replace(/\.js$/, '') },
        { in: 'src/tools/regex-worker/worker-main.ts', out: REGEX_WORKER.replace(/\.js$/, '') },
      ],
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'error',
    });
  } finally {
    // esbuild's service process would otherwise live as long as the server. Builds are queued: a
    // build sent to a service being stopped would never answer; the next one starts a new service.
    await stop();
  }
}

/**
 * @typedef {object} EnsureOptions
 * @property {string} [root] the package root (tests build a copy elsewhere)
 * @property {(line: string) => void} [progress]
 * @property {(root: string, outdir: string) => Promise<void>} [compile]
 */

/**
 * The folder of a build of the current sources, built first when there is none.
 * @param {EnsureOptions} [options]
 * @returns {Promise<{ dir: string, entry: string, built: boolean }>}
 */
export async function ensureServerBuilt(options = {}) {
  const root = options.root ?? PACKAGE_ROOT;
  const compile = options.compile ?? compileServer;
  const builds = buildsDir(root);
  const stamp = sourceStamp(root);
  const dir = join(builds, stamp);
  const entry = join(dir, SERVER_ENTRY);
  if (existsSync(entry)) return { dir, entry, built: false };

  options.progress?.('Building the server (first start or changed sources)…');
  const started = Date.now();
  await mkdir(builds, { recursive: true });
  const temp = join(builds, `.tmp-${stamp}-${process.pid}-${Date.now()}`);
  try {
    await compile(root, temp);
    await rename(temp, dir).catch((error) => {
      // Another start built the same sources first: theirs is as good as ours.
      if (!existsSync(entry)) throw error;
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  await pruneOldBuilds(builds, stamp).catch(() => undefined);
  options.progress?.(`Server built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { dir, entry, built: true };
}

/**
 * Removes all but the newest few builds besides `current`, and temp folders of builds that died.
 * @param {string} builds
 * @param {string} current
 */
async function pruneOldBuilds(builds, current) {
  const now = Date.now();
  /** @type {{ path: string, mtimeMs: number }[]} */
  const older = [];
  for (const name of await readdir(builds)) {
    if (name === current) continue;
    const path = join(builds, name);
    const { mtimeMs } = await stat(path);
    if (name.startsWith('.tmp-')) {
      if (now - mtimeMs > STALE_TEMP_MS) await rm(path, { recursive: true, force: true });
    } else {
      older.push({ path, mtimeMs });
    }
  }
  older.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { path } of older.slice(KEEP_OLDER)) await rm(path, { recursive: true, force: true });
}
