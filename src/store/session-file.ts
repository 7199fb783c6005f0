import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { DIR_MODE, FILE_MODE } from '../world/fs-util.ts';
import { migrate } from './schema.ts';
import { guarded, storeProblem } from './store-error.ts';

export const SESSIONS_FILE = 'sessions.sqlite';

/** `{workspace}/sessions.sqlite` */
export function sessionStorePath(workspace: string): string {
  return join(workspace, SESSIONS_FILE);
}

/** How long a write waits for another process holding the file before failing (ms). */
const BUSY_TIMEOUT_MS = 1_000;

export const PAGE_SIZE = 8_192;

/** The page cache (SQLite's default is 2 MB): a long session's scans stay in memory. */
const CACHE_KIB = 16_384;

/**
 * Open (creating when absent) the store file and bring its schema up to date.
 *
 * - Unix: the folder is 0700 and the file 0600 before SQLite touches it; SQLite gives its `-wal` and
 *   `-shm` files the main file's mode. Windows: no modes (the workspace sits under the user's profile).
 * - WAL with `synchronous = NORMAL`: a commit survives the process being killed at any instant, and the
 *   file is never left corrupt; a power cut may lose the last commits. FULL would add an fsync (about
 *   1.7 ms here, far more on slow disks) to every append, on the event loop.
 * - `PRAGMA quick_check` runs at open (about 1 ms per MB), so a damaged file is refused here rather
 *   than failing reads and writes later: the village then runs without persistence, as the ledger says.
 * - Anything that fails (no folder, not a database, damaged, a file from a newer version) throws
 *   SESSION_STORE_FAILED (detail `open`, or `init` for a failed migration); the connection is closed.
 */
export function openStoreFile(path: string): Database.Database {
  guarded('open', () => prepareFile(path));
  const db = guarded('open', () => new Database(path, { timeout: BUSY_TIMEOUT_MS }));
  try {
    guarded('open', () => {
      // Only a new, empty file takes the page size (records of ~600 bytes: fewer, fuller pages).
      db.pragma(`page_size = ${PAGE_SIZE}`);
      // The first statement that reads the header: a file that is not a database fails here.
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = OFF');
      db.pragma(`cache_size = -${CACHE_KIB}`);
    });
    const problems = guarded('open', () => quickCheck(db));
    if (problems !== null) throw storeProblem('open', `the file is damaged (${problems})`);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** null when SQLite finds the file sound, else its first findings on one line. */
function quickCheck(db: Database.Database): string | null {
  const rows = db.pragma('quick_check(5)') as { quick_check: string }[];
  const lines = rows.map((row) => row.quick_check.replace(/\s+/g, ' ').trim());
  if (lines.length === 1 && lines[0] === 'ok') return null;
  return lines.join('; ').slice(0, 300);
}

function prepareFile(path: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (process.platform === 'win32') return;
  chmodSync(dir, DIR_MODE);
  closeSync(openSync(path, 'a', FILE_MODE));
  chmodSync(path, FILE_MODE);
}
