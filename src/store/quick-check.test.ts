/** Issue 24: `quick_check` at open only after an unclean shutdown (a side file left beside the file). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import { leftBehind, sessionStorePath } from './session-file.ts';
import { SessionStore } from './session-store.ts';
import { exchange, leaveUnclean, tempDir } from './test-kit.ts';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

/** A file of 200 records, closed cleanly, then one page overwritten (the check finds it). */
function damagedFile(): string {
  const path = sessionStorePath(dir);
  const store = SessionStore.open(path);
  const id = store.createSession();
  for (let i = 0; i < 200; i += 1) store.append(id, exchange('alice', 'x'.repeat(500), 'y'));
  store.close();
  return path;
}

function damage(path: string): void {
  const bytes = readFileSync(path);
  bytes.fill(0x5a, 10 * 4096, 11 * 4096);
  writeFileSync(path, bytes);
}

it('leaves no side file after a clean close, and one after an unclean shutdown', () => {
  const path = damagedFile();
  expect(leftBehind(path)).toBe(false);
  expect(existsSync(`${path}-wal`)).toBe(false);
  leaveUnclean(path);
  expect(leftBehind(path)).toBe(true);
});

it('skips the check after a clean close: a page damaged since opens without it', () => {
  const path = damagedFile();
  damage(path);
  // Without the check the open succeeds (what is damaged is not read at open).
  SessionStore.open(path).close();
});

it('runs the check after an unclean shutdown and refuses the damaged file', () => {
  const path = damagedFile();
  leaveUnclean(path);
  damage(path);
  const error = thrownCoreError(() => SessionStore.open(path));
  expect([error.code, error.detail]).toEqual(['SESSION_STORE_FAILED', 'open']);
  expect(error.message).toMatch(/damaged/);
});

it('opens a sound file after an unclean shutdown, and then closes it cleanly', () => {
  const path = damagedFile();
  leaveUnclean(path);
  const store = SessionStore.open(path);
  expect(store.records(store.latestSession()!.id)).toHaveLength(200);
  store.close();
  expect(leftBehind(path)).toBe(false);
});
