import { chmodSync, closeSync, constants, existsSync, fchmodSync, fstatSync, lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { DIR_MODE, FILE_MODE } from '../world/fs-util.ts';
import { refusal, refuseLinkedEntry } from '../world/workspace-path.ts';
import { openWorkspaceFileSync } from '../world/workspace-write.ts';
import { isHeldOpen, type FileIdentity } from './held-open.ts';
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
 * - `PRAGMA quick_check` runs at open after an unclean shutdown (about 1 ms per MB), so a file a crash
 *   damaged is refused here rather than failing reads and writes later: the village then runs without
 *   persistence, as the ledger says. The marker is SQLite's own: the last connection's clean close
 *   checkpoints the WAL and deletes `-wal` (and `-shm`), so a side file present before the open means
 *   a process died holding the file (or one holds it now: checked too, as before). After a clean
 *   close the check is skipped (issue 24: 0.5 s per boot of a million-record file).
 * - Anything that fails (no folder, not a database, damaged, a file from a newer version) throws
 *   SESSION_STORE_FAILED (detail `open`, or `init` for a failed migration); the connection is closed.
 * - `workspace` (default: the file's folder) is the root below which nothing may be a link: SQLite
 *   follows symbolic links (the main file's, and it creates `-wal`/`-shm` beside the link's target),
 *   so the file and its side files are checked before SQLite opens them and again once it has
 *   (workspace-write.ts). A refused file throws CONFIG_IO naming it.
 *
 * What SQLite opened is checked before any pragma (page_size and `journal_mode = WAL` write the file):
 * the checked file must be held open by this process (it is not when SQLite opened something else
 * through a link swapped in after the checks) and still be at the path. What is left: where descriptors
 * cannot be listed (Windows), or while another connection of this process holds the same file, only the
 * path is checked, so a link swapped in before SQLite's open and back before the check goes unseen; and
 * the side files are opened by name when the pragmas run, so a `-wal`/`-shm` swapped for a link in that
 * moment is refused only after SQLite wrote its header there.
 */
export function openStoreFile(path: string, workspace = dirname(path)): Database.Database {
  const prepared = guarded('open', () => prepareFile(workspace, path));
  const unclean = guarded('open', () => leftBehind(path));
  const db = guarded('open', () => new Database(path, { timeout: BUSY_TIMEOUT_MS }));
  try {
    // SQLite opened the main file in the constructor and has written nothing yet.
    guarded('open', () => checkOpened(workspace, path, prepared, 'held'));
    guarded('open', () => {
      // Only a new, empty file takes the page size (records of ~600 bytes: fewer, fuller pages).
      db.pragma(`page_size = ${PAGE_SIZE}`);
      // The first statement that reads the header: a file that is not a database fails here.
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = OFF');
      db.pragma(`cache_size = -${CACHE_KIB}`);
    });
    const problems = unclean ? guarded('open', () => quickCheck(db)) : null;
    if (problems !== null) throw storeProblem('open', `the file is damaged (${problems})`);
    // The reads above made SQLite open its -wal and -shm: what it opened is still what was checked.
    guarded('open', () => checkOpened(workspace, path, prepared, 'by path'));
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

/** Files SQLite opens beside the database by name (WAL mode; a rollback journal when one is left). */
const SIDE_FILES = ['-wal', '-shm', '-journal'];

/** Whether a side file is there before SQLite opens the file: it was not closed cleanly (see above). */
export function leftBehind(path: string): boolean {
  return SIDE_FILES.some((suffix) => existsSync(`${path}${suffix}`));
}

/** Creates the file (0600) through the workspace checks; refuses linked side files. */
function prepareFile(workspace: string, path: string): FileIdentity {
  const fd = openWorkspaceFileSync(workspace, path, constants.O_WRONLY | constants.O_CREAT);
  let identity: FileIdentity;
  try {
    if (process.platform !== 'win32') fchmodSync(fd, FILE_MODE);
    const { dev, ino } = fstatSync(fd);
    identity = { dev, ino };
  } finally {
    closeSync(fd);
  }
  if (process.platform !== 'win32') chmodSync(dirname(path), DIR_MODE);
  for (const suffix of SIDE_FILES) refuseLinkedEntry(workspace, `${path}${suffix}`);
  return identity;
}

/**
 * `held`: right after SQLite's open, the checked file must also be one this process holds open (SQLite
 * holds its main file from the constructor on; a file SQLite opened through a swapped link is another).
 */
function checkOpened(workspace: string, path: string, prepared: FileIdentity, how: 'held' | 'by path'): void {
  if (how === 'held' && isHeldOpen(prepared) === false) {
    throw refusal(workspace, path, 'it was replaced while it was being opened');
  }
  refuseLinkedEntry(workspace, path);
  const now = lstatSync(path);
  if (now.dev !== prepared.dev || now.ino !== prepared.ino) {
    throw refusal(workspace, path, 'it was replaced while it was being opened');
  }
  for (const suffix of SIDE_FILES) refuseLinkedEntry(workspace, `${path}${suffix}`);
}
