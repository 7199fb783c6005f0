import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { BINARY_SNIFF_BYTES, MAX_FILE_BYTES } from './limits.ts';

export type TextRead =
  | { kind: 'ok'; text: string; bytes: number }
  | { kind: 'folder' }
  /** A pipe, socket or device: opening one could block forever. */
  | { kind: 'special' }
  | { kind: 'too_large'; bytes: number }
  | { kind: 'binary' }
  | { kind: 'not_utf8' };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lossy = new TextDecoder('utf-8');

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * A text file of at most 2 MiB, in the check order of the write tools: folder, size, binary (a NUL in
 * the first 4 KiB), then UTF-8. `strict` refuses text that is not valid UTF-8 (what is written back
 * must not be a lossy copy); otherwise invalid sequences read as U+FFFD.
 */
export async function readTextFile(abs: string, strict: boolean): Promise<TextRead> {
  const info = await stat(abs);
  if (info.isDirectory()) return { kind: 'folder' };
  if (!info.isFile()) return { kind: 'special' };
  if (info.size > MAX_FILE_BYTES) return { kind: 'too_large', bytes: info.size };
  // Non-blocking: a FIFO swapped in after the check must not hang the open.
  const handle = await open(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  let bytes: Buffer;
  try {
    if (!(await handle.stat()).isFile()) return { kind: 'special' };
    // Sized by the stat (one byte over, to see growth), grown up to one byte past the limit: a 2 MiB
    // buffer per file made a scan of many small files spend its time zero-filling memory.
    let buffer = Buffer.allocUnsafe(Math.min(info.size, MAX_FILE_BYTES) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length < buffer.length) continue;
      if (buffer.length > MAX_FILE_BYTES) break;
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_FILE_BYTES + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    bytes = buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
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
