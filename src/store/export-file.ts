import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionSummary } from '../domain/session.ts';
import { DIR_MODE, FILE_MODE } from '../world/fs-util.ts';
import type { StoredRecord } from './record.ts';

/** Line 1. Deliberately without a `kind` key, so grepping `"kind":"message"` never matches it. */
export function exportHeaderLine(session: SessionSummary): string {
  return JSON.stringify({ session: { id: session.id, meta: session.meta } });
}

/** Every later line: `{"seq":N,"kind":…,…}`, the record exactly as `records()` returns it. */
export function exportRecordLine(record: StoredRecord): string {
  return JSON.stringify(record);
}

const FLUSH_BYTES = 1 << 20;

/**
 * Write `{dir}/{id}.jsonl` (folder 0700, file 0600: a conversation is private) through a temp file
 * and a rename, so a reader never sees half an export. Synchronous, streaming in 1 MiB chunks.
 */
export function writeExportFile(
  dir: string,
  session: SessionSummary,
  records: Iterable<StoredRecord>,
): string {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const path = join(dir, `${session.id}.jsonl`);
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', FILE_MODE);
  let open = true;
  try {
    let chunk = `${exportHeaderLine(session)}\n`;
    for (const record of records) {
      chunk += `${exportRecordLine(record)}\n`;
      if (chunk.length >= FLUSH_BYTES) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    writeSync(fd, chunk);
    fsyncSync(fd);
    open = false;
    closeSync(fd);
    renameSync(tmp, path);
    return path;
  } catch (error) {
    if (open) closeSync(fd);
    rmSync(tmp, { force: true });
    throw error;
  }
}
