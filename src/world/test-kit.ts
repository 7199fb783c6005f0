/** Builders shared by the workspace tests (not used by production code). */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temp folder holding the workspace `ws` and a folder `outside` beside it. */
export function tempWorkspace(prefix: string): {
  base: string;
  ws: string;
  outside: string;
  cleanup: () => void;
} {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const ws = join(base, 'ws');
  const outside = join(base, 'outside');
  mkdirSync(ws);
  mkdirSync(outside);
  return { base, ws, outside, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}
