import { readFile } from 'node:fs/promises';
import { CoreError } from '../domain/errors.ts';
import { configIo, isNotFound } from './fs-util.ts';
import { assertNoSymlink } from './no-symlink.ts';
import { removeWorkspaceEntry, writeWorkspaceFileAtomic } from './workspace-write.ts';

export const ICON_MAX_BYTES = 512 * 1024;

/** The one check every icon kind shares: RIFF/WEBP magic and at most 512 KB. */
export function validateIcon(bytes: Uint8Array): void {
  if (bytes.length > ICON_MAX_BYTES) {
    throw new CoreError('INVALID_ICON', `icons must be at most ${ICON_MAX_BYTES / 1024} KB`);
  }
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length < 12 || ascii(0, 4) !== 'RIFF' || ascii(8, 12) !== 'WEBP') {
    throw new CoreError('INVALID_ICON', 'icons must be WebP images');
  }
}

/** Strict base64 (as icons travel over the API); anything else is an invalid icon. */
export function decodeIconBase64(value: string): Uint8Array {
  const clean = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) {
    throw new CoreError('INVALID_ICON', 'icon bytes must be base64');
  }
  if (clean.length > Math.ceil((ICON_MAX_BYTES + 3) / 3) * 4) {
    throw new CoreError('INVALID_ICON', `icons must be at most ${ICON_MAX_BYTES / 1024} KB`);
  }
  return Buffer.from(clean, 'base64');
}

/** `root` is the workspace: the icon path may not pass through a symbolic link below it. */
export async function readIcon(root: string, path: string): Promise<Uint8Array | null> {
  await assertNoSymlink(root, path);
  try {
    return await readFile(path);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw configIo('read', path, error);
  }
}

export async function writeIcon(root: string, path: string, bytes: Uint8Array): Promise<void> {
  validateIcon(bytes);
  try {
    await writeWorkspaceFileAtomic(root, path, bytes);
  } catch (error) {
    throw configIo('write', path, error);
  }
}

export async function clearIcon(root: string, path: string): Promise<void> {
  try {
    removeWorkspaceEntry(root, path);
  } catch (error) {
    throw configIo('remove', path, error);
  }
}
