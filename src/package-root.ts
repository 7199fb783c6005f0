import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether this code runs from the compiled build (`dist/server/<stamp>/*.js`, what `npm start` runs)
 * rather than from the TypeScript sources through tsx (development, tests, `FUSEFORKS_DEV=1`).
 */
export const RUNS_COMPILED = !import.meta.url.endsWith('.ts');

/**
 * The folder of Fuseforks' own package.json, found upward from this module. Paths beside the sources
 * (`web/`, `package.json`) are taken from here, not from `import.meta.url`: the compiled build sits at
 * another depth (`dist/server/<stamp>/`) than `src/`, and bundles many modules into one file.
 */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  for (let dir = start; ;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && isFuseforks(manifest)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no Fuseforks package.json above ${start}`);
    dir = parent;
  }
}

function isFuseforks(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'fuseforks';
  } catch {
    return false;
  }
}
