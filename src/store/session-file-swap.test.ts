import { existsSync, readdirSync, readFileSync, renameSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { thrownCoreError } from '../../test/helpers/core-error.ts';
import { openStoreFile } from './session-file.ts';
import { storeAndOutsideDatabase, tempDir } from './test-kit.ts';

/**
 * The attacker of the issue 17 review, placed exactly in the window a racer hits only now and then
 * (see session-file.test.ts): after the store's checks, `sessions.sqlite` is swapped for a link to a
 * database outside; SQLite's constructor opens what the link names; then the real file is put back
 * before anything else runs. The class below is the real better-sqlite3 class; it only does the swap
 * around the real constructor.
 */
const around: { before: ((path: string) => void) | null; after: ((path: string) => void) | null } = {
  before: null,
  after: null,
};

vi.mock('better-sqlite3', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof BetterSqlite3 }>()).default;
  class Swapped extends real {
    constructor(path: string, options?: BetterSqlite3.Options) {
      around.before?.(path);
      super(path, options);
      around.after?.(path);
    }
  }
  return { default: Swapped };
});

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => {
  around.before = null;
  around.after = null;
  cleanup();
});

describe.skipIf(process.platform === 'win32')('sessions.sqlite swapped for a link as SQLite opens it', () => {
  it('is refused before SQLite writes a byte into the outside database', () => {
    const { workspace, path, outsideDir, outside, before } = storeAndOutsideDatabase(dir);

    const aside = join(workspace, '.aside');
    around.before = (opened) => {
      if (opened !== path) return;
      renameSync(path, aside);
      symlinkSync(outside, path);
    };
    around.after = (opened) => {
      if (opened !== path) return;
      unlinkSync(path);
      renameSync(aside, path);
    };
    const error = thrownCoreError(() => openStoreFile(path, workspace));
    expect(error).toMatchObject({ code: 'CONFIG_IO', detail: 'sessions.sqlite' });
    expect(error.message).toContain('replaced while it was being opened');
    expect(readFileSync(outside).equals(before)).toBe(true);
    expect(readdirSync(outsideDir)).toEqual(['precious.db']);

    // Unswapped, the same file opens again.
    around.before = null;
    around.after = null;
    openStoreFile(path, workspace).close();
    expect(existsSync(aside)).toBe(false);
  });
});
