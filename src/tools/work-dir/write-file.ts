import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { rename, unlink, type FileHandle } from 'node:fs/promises';
import { noEntry, notRegular, readOnly } from './fs-failures.ts';
import { InsideError, escaped } from './inside-error.ts';
import { withParent, type PinnedDir } from './pinned-dir.ts';

/**
 * The one writer of the work-folder tools (issue 17 §3). Paths come from the resolvers, which check
 * them; between that check and the write another process may swap a folder for a link. So nothing is
 * written by path: the parent folder is walked from the work folder through open folders (never a
 * link), and the file is opened in it with O_NOFOLLOW (O_EXCL when created). A file with more than one
 * name is not written (it may be an outside file's alias), like the workspace's own rule.
 */

/**
 * The existing regular file `name` in `dir`, opened without following a link, refused when hard
 * linked. Looked at before it is opened: opening a socket or device could fail or act.
 */
async function openSingleLinked(dir: PinnedDir, name: string, flags: number): Promise<FileHandle> {
  const seen = await dir.lstat(name);
  if (seen === null) throw noEntry();
  if (seen.isSymbolicLink()) throw escaped();
  if (!seen.isFile()) throw notRegular();
  const handle = await dir.openFile(name, flags);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notRegular();
    if (info.nlink > 1) throw new InsideError('hard_linked', info.nlink);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function writeNew(dir: PinnedDir, name: string, content: string, mode = 0o666): Promise<void> {
  const handle = await dir.openFile(name, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
  try {
    if (mode !== 0o666) await handle.chmod(mode);
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}

/** A new file (and its missing folders); never replaces anything, a link included (O_EXCL). */
export async function createFile(root: string, abs: string, content: string): Promise<void> {
  await withParent(root, abs, true, (dir, name) => writeNew(dir, name, content));
}

/**
 * Replace an existing file's content through a temporary file in the same folder and a rename, so a
 * crash leaves the old or the new content, never half of it. The file keeps its permission bits.
 * `content` may be computed from the current text, read through the same descriptor the write is
 * checked on; it returns null to leave the file alone (then the result is false).
 */
export async function replaceFileContent(
  root: string,
  abs: string,
  content: string | ((current: string) => string | null),
): Promise<boolean> {
  return withParent(root, abs, false, async (dir, name) => {
    const current = await openSingleLinked(dir, name, constants.O_RDONLY);
    let next: string | null;
    let mode: number;
    try {
      mode = (await current.stat()).mode & 0o7777;
      // A read-only file says "do not change me"; the rename below would go through it regardless.
      if (process.platform !== 'win32' && (mode & 0o200) === 0) {
        throw readOnly();
      }
      next = typeof content === 'string' ? content : content(await current.readFile('utf8'));
    } finally {
      await current.close();
    }
    if (next === null) return false;
    const temp = `.${name}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeNew(dir, temp, next, mode);
      await rename(dir.entry(temp), dir.entry(name));
    } catch (error) {
      await unlink(dir.entry(temp)).catch(() => undefined);
      throw error;
    }
    return true;
  });
}

/**
 * Runs `use` on an existing file opened for reading and appending (O_APPEND: every write lands at the
 * end), so what is checked and what is appended to are the same object.
 */
export async function withAppendable<T>(
  root: string,
  abs: string,
  use: (handle: FileHandle) => Promise<T>,
): Promise<T> {
  return withParent(root, abs, false, async (dir, name) => {
    const handle = await openSingleLinked(dir, name, constants.O_RDWR | constants.O_APPEND);
    try {
      return await use(handle);
    } finally {
      await handle.close();
    }
  });
}

/** A new folder (and its missing parents); EEXIST when something is there already. */
export async function makeFolder(root: string, abs: string): Promise<void> {
  await withParent(root, abs, true, (dir, name) => dir.makeDir(name));
}
