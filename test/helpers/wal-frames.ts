/**
 * Reads a SQLite WAL file's frames (format: https://sqlite.org/fileformat.html#the_write_ahead_log):
 * a 32-byte header (page size at 8, salts at 16 and 20), then frames of a 24-byte header and one page.
 * A frame whose "database size after commit" (bytes 4..7) is non-zero ends a transaction. Frames whose
 * salts differ from the header's are left over from before the WAL was restarted, and not counted.
 */
import { existsSync, readFileSync } from 'node:fs';

export interface WalCount {
  frames: number;
  commits: number;
}

export function walFrames(databasePath: string): WalCount {
  const path = `${databasePath}-wal`;
  if (!existsSync(path)) return { frames: 0, commits: 0 };
  const wal = readFileSync(path);
  if (wal.length < 32) return { frames: 0, commits: 0 };
  const pageSize = wal.readUInt32BE(8);
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  let frames = 0;
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salt1 || wal.readUInt32BE(at + 12) !== salt2) break;
    frames += 1;
    if (wal.readUInt32BE(at + 4) !== 0) commits += 1;
  }
  return { frames, commits };
}
