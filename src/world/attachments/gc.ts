/**
 * The startup GC of `{workspace}/attachments/` (ledger 凍結 8 / Spec 36 D11): files older than 30
 * days (by mtime) go first; then, while the folder holds more than 500 MB, the oldest go. Message
 * references are never followed to decide (凍結 8: the store and the files are not kept in sync) --
 * except one rule the issue adds past the ledger: an attachment referenced by a message of the
 * session being opened (`keep`) is never removed by the size pass. Age still removes it: 30 days is
 * the retention the person was told ("removed after its retention period").
 *
 * Only our own files are touched: a regular file named `{uuid}.{ext}` with one link. Anything else
 * (a planted symbolic link, a hard-linked file, a folder, a temp file, a name of another shape) is
 * left where it is, not followed, not counted in the total, and counted as `skipped`.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ATTACHMENT_GC_MAX_AGE_MS,
  ATTACHMENT_GC_MAX_TOTAL_BYTES,
  ATTACHMENT_KINDS,
  type AttachmentKind,
} from '../../domain/attachment.ts';
import type { VillagePaths } from '../paths.ts';
import { walkFolders } from '../workspace-path.ts';
import { removeWorkspaceEntry } from '../workspace-write.ts';
import { parseStoredName, STORED_EXTENSIONS } from './attachment-files.ts';

export interface AttachmentGcOptions {
  nowMs: number;
  /** Attachment ids the size pass never removes (those of the opened session's messages). */
  keep: ReadonlySet<string>;
  /** The ledger's 30 days unless a test needs another. */
  maxAgeMs?: number;
  /** The ledger's 500 MB unless a test needs another. */
  maxTotalBytes?: number;
}

export interface KindTally {
  count: number;
  bytes: number;
}

export type KindTallies = Record<AttachmentKind, KindTally>;

export interface AttachmentGcReport {
  removed: KindTally;
  removedByKind: KindTallies;
  /** Removed for being older than the retention period. */
  byAge: number;
  /** Removed, oldest first, while the folder held more than its total. */
  bySize: number;
  kept: KindTally;
  keptByKind: KindTallies;
  /** Entries that are not ours (see above): left alone and not counted. */
  skipped: number;
  /** Removals that failed (the file stays and is counted as kept). */
  failed: number;
}

interface StoredFile {
  name: string;
  id: string;
  kind: AttachmentKind;
  bytes: number;
  mtimeMs: number;
}

function tallies(): KindTallies {
  return Object.fromEntries(ATTACHMENT_KINDS.map((k) => [k, { count: 0, bytes: 0 }])) as KindTallies;
}

function add(tally: KindTally, file: StoredFile): void {
  tally.count += 1;
  tally.bytes += file.bytes;
}

function emptyReport(): AttachmentGcReport {
  return {
    removed: { count: 0, bytes: 0 },
    removedByKind: tallies(),
    byAge: 0,
    bySize: 0,
    kept: { count: 0, bytes: 0 },
    keptByKind: tallies(),
    skipped: 0,
    failed: 0,
  };
}

/** Our files in the folder (lstat only: nothing is followed) and how many other entries there are. */
function listStored(dir: string): { files: StoredFile[]; skipped: number } {
  const files: StoredFile[] = [];
  let skipped = 0;
  for (const name of readdirSync(dir)) {
    const parsed = parseStoredName(name);
    const info = parsed === null ? null : lstatSync(join(dir, name), { throwIfNoEntry: false });
    if (parsed === null || !info?.isFile() || info.nlink > 1) {
      skipped += 1;
      continue;
    }
    const kind = STORED_EXTENSIONS[parsed.ext]!.kind;
    files.push({ name, id: parsed.id, kind, bytes: info.size, mtimeMs: info.mtimeMs });
  }
  return { files, skipped };
}

/**
 * Runs the GC once. Throws only when the folder itself cannot be used (a link planted in place of
 * `attachments/` is refused with CONFIG_IO); one file that cannot be removed is counted in `failed`.
 */
export async function collectAttachments(
  paths: VillagePaths,
  options: AttachmentGcOptions,
): Promise<AttachmentGcReport> {
  const report = emptyReport();
  const dir = paths.attachmentsDir;
  if (!walkFolders(paths.workspace, dir, false)) return report;
  const listed = listStored(dir);
  report.skipped = listed.skipped;
  const maxAgeMs = options.maxAgeMs ?? ATTACHMENT_GC_MAX_AGE_MS;
  const maxTotal = options.maxTotalBytes ?? ATTACHMENT_GC_MAX_TOTAL_BYTES;

  const remove = (file: StoredFile): boolean => {
    try {
      removeWorkspaceEntry(paths.workspace, join(dir, file.name));
    } catch {
      report.failed += 1;
      return false;
    }
    add(report.removed, file);
    add(report.removedByKind[file.kind], file);
    return true;
  };

  const remaining: StoredFile[] = [];
  for (const file of listed.files) {
    if (options.nowMs - file.mtimeMs > maxAgeMs && remove(file)) report.byAge += 1;
    else remaining.push(file);
  }
  // Oldest first; the name breaks ties so the order never depends on readdir.
  remaining.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
  let total = remaining.reduce((sum, file) => sum + file.bytes, 0);
  const survivors: StoredFile[] = [];
  for (const file of remaining) {
    if (total > maxTotal && !options.keep.has(file.id) && remove(file)) {
      report.bySize += 1;
      total -= file.bytes;
    } else {
      survivors.push(file);
    }
  }
  for (const file of survivors) {
    add(report.kept, file);
    add(report.keptByKind[file.kind], file);
  }
  return report;
}

function byKind(tallied: KindTallies): string {
  return ATTACHMENT_KINDS.map((kind) => `${kind}:${tallied[kind].bytes}`).join(',');
}

/**
 * The `attachment gc:` diag line (ledger §3; Spec 36 D11 adds bytes per kind so a per-kind quota can
 * be decided from how often videos push images out).
 */
export function attachmentGcLine(report: AttachmentGcReport): string {
  return [
    'attachment gc:',
    `removed=${report.removed.count}`,
    `removed_bytes=${report.removed.bytes}`,
    `by_age=${report.byAge}`,
    `by_size=${report.bySize}`,
    `kept=${report.kept.count}`,
    `kept_bytes=${report.kept.bytes}`,
    `skipped=${report.skipped}`,
    `failed=${report.failed}`,
    `removed_by_kind=${byKind(report.removedByKind)}`,
    `kept_by_kind=${byKind(report.keptByKind)}`,
  ].join(' ');
}
