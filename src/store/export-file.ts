import { fsync, fsyncSync, writeSync } from 'node:fs';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import type { SessionSummary } from '../domain/session.ts';
import { openWorkspaceTempSync } from '../world/workspace-write.ts';
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
 * `workspace` (default: the folder above `dir`) is the root below which no component may be a
 * link: a planted `exports` link would otherwise put the conversation elsewhere (CONFIG_IO).
 */
export function writeExportFile(
  dir: string,
  session: SessionSummary,
  records: Iterable<StoredRecord>,
  workspace = dirname(dir),
): string {
  const path = join(dir, `${session.id}.jsonl`);
  const temp = openWorkspaceTempSync(workspace, path);
  try {
    let chunk = `${exportHeaderLine(session)}\n`;
    for (const record of records) {
      chunk += `${exportRecordLine(record)}\n`;
      if (chunk.length >= FLUSH_BYTES) {
        writeSync(temp.fd, chunk);
        chunk = '';
      }
    }
    writeSync(temp.fd, chunk);
    fsyncSync(temp.fd);
    temp.commit();
    return path;
  } catch (error) {
    temp.discard();
    throw error;
  }
}

/**
 * `writeExportFile` for records that come in slices between awaits (issue 24: a million records are
 * not written in one stretch of the event loop). Same file, same lines, same temp file and rename.
 */
export async function writeExportFileInSlices(
  dir: string,
  session: SessionSummary,
  slices: AsyncIterable<readonly StoredRecord[]>,
  workspace = dirname(dir),
): Promise<string> {
  const path = join(dir, `${session.id}.jsonl`);
  const temp = openWorkspaceTempSync(workspace, path);
  try {
    let chunk = `${exportHeaderLine(session)}\n`;
    for await (const slice of slices) {
      for (const record of slice) chunk += `${exportRecordLine(record)}\n`;
      if (chunk.length >= FLUSH_BYTES) {
        writeSync(temp.fd, chunk);
        chunk = '';
      }
    }
    writeSync(temp.fd, chunk);
    // In the thread pool: flushing hundreds of MB to disk held the event loop for tens of ms.
    await promisify(fsync)(temp.fd);
    temp.commit();
    return path;
  } catch (error) {
    temp.discard();
    throw error;
  }
}
