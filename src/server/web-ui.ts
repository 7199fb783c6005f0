import { readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.ts';

/** The Vue app's sources and its Vite build (`web/dist`, never committed). */
export const WEB_ROOT = join(PACKAGE_ROOT, 'web');
export const WEB_DIST = join(WEB_ROOT, 'dist');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Uint8Array;
  contentType: string;
  /** Hashed asset names never change content; index.html must always be revalidated. */
  immutable: boolean;
}

/** A file of the built UI, or null (missing, a folder, or a path that leaves `dist`). */
export async function readUiFile(dist: string, urlPath: string): Promise<StaticFile | null> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return null;
  }
  if (relative === '') relative = 'index.html';
  const root = resolve(dist);
  const path = resolve(root, relative);
  if (!path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return {
      body: await readFile(path),
      contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      immutable: relative.startsWith('assets/'),
    };
  } catch {
    return null;
  }
}

/**
 * `../src/domain`: the bundle takes a few pure modules of the core's domain as code, not only types
 * (the attachment limits and the magic-byte detection the chat checks a file with), so a change there
 * must rebuild the UI too.
 */
const SOURCE_ENTRIES = ['index.html', 'vite.config.ts', 'src', 'public', '../src/domain'];

/** Newest modification time among the UI's sources (ms), to tell whether `dist` is stale. */
async function newestSourceMs(webRoot: string): Promise<number> {
  let newest = 0;
  const visit = async (path: string): Promise<void> => {
    let info;
    try {
      info = await stat(path);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const name of await readdir(path)) await visit(join(path, name));
    } else if (!path.endsWith('.test.ts')) {
      newest = Math.max(newest, info.mtimeMs);
    }
  };
  for (const entry of SOURCE_ENTRIES) await visit(join(webRoot, entry));
  return newest;
}

/** True when `dist/index.html` is missing or older than some UI source. */
export async function uiBuildIsStale(webRoot = WEB_ROOT): Promise<boolean> {
  try {
    const built = await stat(join(webRoot, 'dist', 'index.html'));
    return (await newestSourceMs(webRoot)) > built.mtimeMs;
  } catch {
    return true;
  }
}

/**
 * Builds the UI with Vite when it is missing or stale, so `npm start` works on a fresh clone.
 * Vite is imported only here: a built UI costs nothing at start-up.
 */
export async function ensureUiBuilt(progress: (line: string) => void, webRoot = WEB_ROOT): Promise<boolean> {
  if (!(await uiBuildIsStale(webRoot))) return false;
  progress('Building the web UI (first start or changed sources)…');
  const started = Date.now();
  const { build } = await import('vite');
  // Built beside dist and swapped in by renames, so a server already serving dist (another
  // `fuseforks serve` on this checkout) never sees a half-written folder.
  const dist = join(webRoot, 'dist');
  const fresh = join(webRoot, `.dist-${process.pid}-${Date.now()}`);
  const old = `${fresh}-old`;
  try {
    await build({
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: fresh, emptyOutDir: true },
    });
    await rename(dist, old).catch(() => undefined);
    await rename(fresh, dist);
  } finally {
    await rm(fresh, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
  progress(`Web UI built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
