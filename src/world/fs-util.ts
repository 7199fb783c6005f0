import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CoreError } from '../domain/errors.ts';

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/**
 * The temp-file name of an atomic write of `path`, `.{name}.{pid}.{8 hex}.tmp`: the one shape boot
 * removes as a leftover (temp-sweep.ts).
 */
export function tempNameFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** 0 where the platform has no such flag (Windows): the lstat checks still apply there. */
export const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** A new file only, never through a link: what every temp file is opened with. */
export const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW;

/**
 * Write through a temp file in the same folder, then rename: a reader never sees half a file.
 * For app data (api_token, secrets, door and browser settings). Files in the WORKSPACE go through
 * writeWorkspaceFileAtomic (workspace-write.ts), which also refuses links below the workspace.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  const tmp = tempNameFor(path);
  try {
    const handle = await open(tmp, CREATE_NEW, FILE_MODE);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** The file's text, or null when it does not exist. */
export async function readTextOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Wrap a file-system failure as CONFIG_IO, naming the file but never its content. A CoreError (a
 * workspace refusal, say) is already typed and passes through unchanged.
 */
export function configIo(action: string, path: string, error: unknown): CoreError {
  if (error instanceof CoreError) return error;
  const reason = (error as NodeJS.ErrnoException | null)?.code ?? String(error);
  return new CoreError('CONFIG_IO', `could not ${action} ${basename(path)}`, {
    detail: reason,
    cause: error,
  });
}
