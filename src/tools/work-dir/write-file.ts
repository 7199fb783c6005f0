import { randomBytes } from 'node:crypto';
import { rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replace an existing file's content through a temporary file in the same folder and a rename, so a
 * crash leaves the old or the new content, never half of it. The file keeps its permission bits.
 */
export async function replaceFileContent(abs: string, content: string): Promise<void> {
  const { mode } = await stat(abs);
  // A read-only file says "do not change me"; the rename below would go through it regardless.
  if (process.platform !== 'win32' && (mode & 0o200) === 0) {
    throw Object.assign(new Error('the file is read-only'), { code: 'READ_ONLY' });
  }
  const temp = join(dirname(abs), `.${basename(abs)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { mode: mode & 0o7777 });
    await rename(temp, abs);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
