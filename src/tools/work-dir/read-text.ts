import { lstat, type FileHandle } from 'node:fs/promises';
import { InsideError } from './inside-error.ts';
import { BINARY_SNIFF_BYTES, MAX_FILE_BYTES } from './limits.ts';
import { openForReading } from './pinned-dir.ts';

export type TextRead =
  | { kind: 'ok'; text: string; bytes: number }
  | { kind: 'folder' }
  /** A pipe, socket or device: opening one could block forever. */
  | { kind: 'special' }
  | { kind: 'too_large'; bytes: number }
  | { kind: 'binary' }
  | { kind: 'not_utf8' }
  /** What was opened is not inside the work folder (a component was swapped for a link meanwhile). */
  | { kind: 'escaped' };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lossy = new TextDecoder('utf-8');

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * A text file of at most 2 MiB, in the check order of the write tools: folder, size, binary (a NUL in
 * the first 4 KiB), then UTF-8. `strict` refuses text that is not valid UTF-8 (what is written back
 * must not be a lossy copy); otherwise invalid sequences read as U+FFFD. `root` is the work folder's
 * real path: what is opened is checked to be inside it before a byte is read (issue 17 §3: a folder
 * swapped for a link after the path was resolved must not make an outside file readable).
 */
export async function readTextFile(root: string, abs: string, strict: boolean): Promise<TextRead> {
  let handle: FileHandle;
  try {
    // The kind first: opening a pipe, socket or device could block or act. No size is told before the
    // opened object is known to be inside.
    const info = await lstat(abs);
    if (info.isSymbolicLink()) return { kind: 'escaped' };
    if (!info.isFile() && !info.isDirectory()) return { kind: 'special' };
    handle = await openForReading(root, abs);
  } catch (error) {
    if (error instanceof InsideError) return { kind: 'escaped' };
    throw error;
  }
  try {
    return await readTextFrom(handle, strict);
  } finally {
    await handle.close();
  }
}

/** The same checks and read on a file already opened (and known to be inside). */
export async function readTextFrom(
  handle: FileHandle,
  strict: boolean,
): Promise<Exclude<TextRead, { kind: 'escaped' }>> {
  const info = await handle.stat();
  if (info.isDirectory()) return { kind: 'folder' };
  if (!info.isFile()) return { kind: 'special' };
  if (info.size > MAX_FILE_BYTES) return { kind: 'too_large', bytes: info.size };
  // Sized by the stat (one byte over, to see growth), grown up to one byte past the limit: a 2 MiB
  // buffer per file made a scan of many small files spend its time zero-filling memory.
  let buffer = Buffer.allocUnsafe(Math.min(info.size, MAX_FILE_BYTES) + 1);
  let length = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
    if (length < buffer.length) continue;
    if (buffer.length > MAX_FILE_BYTES) break;
    const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_FILE_BYTES + 1));
    buffer.copy(grown, 0, 0, length);
    buffer = grown;
  }
  const bytes = buffer.subarray(0, length);
  // The file may have grown between stat and read.
  if (bytes.length > MAX_FILE_BYTES) return { kind: 'too_large', bytes: bytes.length };
  if (looksBinary(bytes)) return { kind: 'binary' };
  try {
    return { kind: 'ok', text: utf8.decode(bytes), bytes: bytes.length };
  } catch {
    if (strict) return { kind: 'not_utf8' };
    return { kind: 'ok', text: lossy.decode(bytes), bytes: bytes.length };
  }
}
