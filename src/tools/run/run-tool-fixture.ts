/** Shared by the run tool tests: `node` first on PATH, and a call that proves it ran. */
import { basename, delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const nodeDir = dirname(process.execPath);

/** The node binary the tool must report: the first `node` on PATH, which the tests put first. */
export const expectedNode = join(nodeDir, 'node');

/** Puts this node's folder first on PATH for the test file (each file runs in its own worker). */
export function nodeFirstOnPath(): void {
  const saved = process.env.PATH;
  beforeAll(() => {
    expect(basename(process.execPath)).toMatch(/^node/);
    process.env.PATH = [nodeDir, saved].join(delimiter);
  });
  afterAll(() => {
    process.env.PATH = saved;
  });
}

/** node -e that writes a marker file: proof that something ran. */
export function markerCall(marker: string): { command: string; args: string[] } {
  return { command: 'node', args: ['-e', 'require("fs").writeFileSync(process.argv[1], "ran")', marker] };
}
