/**
 * Whether this process holds a file open, asked of the kernel's list of this process's descriptors
 * (/proc/self/fd on Linux, /dev/fd on macOS and the BSDs). What a library opened by path (SQLite) is
 * then known by what it holds, not by what the path names now.
 */
import { existsSync, fstatSync, readdirSync } from 'node:fs';

export interface FileIdentity {
  dev: number;
  ino: number;
}

const DESCRIPTORS = ['/proc/self/fd', '/dev/fd'].find((dir) => existsSync(dir)) ?? null;

/** true when some descriptor of this process is the file `file`; null where descriptors cannot be listed. */
export function isHeldOpen(file: FileIdentity): boolean | null {
  if (DESCRIPTORS === null) return null;
  let names: string[];
  try {
    names = readdirSync(DESCRIPTORS);
  } catch {
    return null;
  }
  for (const name of names) {
    try {
      const info = fstatSync(Number(name));
      if (info.isFile() && info.dev === file.dev && info.ino === file.ino) return true;
    } catch {
      // Closed since it was listed (the listing's own descriptor among them).
    }
  }
  return false;
}
