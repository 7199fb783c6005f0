import { isAscii, isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, lstatSync, readSync } from 'node:fs';
import { InsideError } from './inside-error.ts';
import { MAX_FILE_BYTES } from './limits.ts';
import { openForReadingSync } from './open-sync.ts';
import { looksBinary, type TextRead } from './read-text.ts';

const lossy = new TextDecoder('utf-8');

/**
 * readTextFile (read-text.ts) for a thread that may block: the same checks in the same order (kind
 * before open, inside check through the descriptor, folder, size, binary, UTF-8) and the same
 * results, with synchronous calls so a scan of thousands of files makes no async round trip per file.
 */
export function readTextFileSync(root: string, abs: string, strict: boolean): TextRead {
  const read = readTextBytesSync(root, abs);
  return read.kind === 'bytes' ? decodeText(read.bytes, strict) : read;
}

/** A file that passed every check but the UTF-8 one: its bytes, not yet decoded. */
export type BytesRead = Exclude<TextRead, { kind: 'ok' | 'not_utf8' }> | { kind: 'bytes'; bytes: Buffer };

/**
 * readTextFileSync up to the decoding: a scan that can tell from the bytes that a file has no match
 * (scan.ts) skips decoding it, the largest cost of a scan.
 */
export function readTextBytesSync(root: string, abs: string): BytesRead {
  let fd: number;
  try {
    const info = lstatSync(abs);
    if (info.isSymbolicLink()) return { kind: 'escaped' };
    if (!info.isFile() && !info.isDirectory()) return { kind: 'special' };
    fd = openForReadingSync(root, abs);
  } catch (error) {
    if (error instanceof InsideError) return { kind: 'escaped' };
    throw error;
  }
  try {
    return readBytesFromSync(fd);
  } finally {
    closeSync(fd);
  }
}

function readBytesFromSync(fd: number): Exclude<BytesRead, { kind: 'escaped' }> {
  const info = fstatSync(fd);
  if (info.isDirectory()) return { kind: 'folder' };
  if (!info.isFile()) return { kind: 'special' };
  if (info.size > MAX_FILE_BYTES) return { kind: 'too_large', bytes: info.size };
  // Sized by the stat (one byte over, to see growth), grown up to one byte past the limit.
  let buffer = Buffer.allocUnsafe(Math.min(info.size, MAX_FILE_BYTES) + 1);
  let length = 0;
  for (;;) {
    const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
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
  return { kind: 'bytes', bytes };
}

/** The UTF-8 step of readTextFile: invalid text refused when `strict`, else read with U+FFFD. */
export function decodeText(bytes: Buffer, strict: boolean): Extract<TextRead, { kind: 'ok' | 'not_utf8' }> {
  if (isUtf8(bytes)) return { kind: 'ok', text: validUtf8(bytes), bytes: bytes.length };
  if (strict) return { kind: 'not_utf8' };
  return { kind: 'ok', text: lossy.decode(bytes), bytes: bytes.length };
}

/**
 * What a fatal TextDecoder gives for valid UTF-8 (its leading BOM dropped), several times faster:
 * decoding was the largest cost of a scan. Valid UTF-8 has one decoding, so only the BOM differs.
 */
function validUtf8(bytes: Buffer): string {
  // ASCII reads the same as Latin-1, which copies bytes to a one-byte string without decoding.
  if (isAscii(bytes)) return bytes.toString('latin1');
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', bom ? 3 : 0);
}
