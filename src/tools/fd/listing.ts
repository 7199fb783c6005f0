import type { Language } from '../../domain/enums.ts';
import { MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { FD_LISTING_TEXTS, type FdListingTexts } from './fd-texts.ts';
import type { WalkEntry } from '../work-dir/walk.ts';

/** What fd found: matching entries in walk order, and what the walk looked at. */
export interface FdFound {
  matched: WalkEntry[];
  seenFiles: number;
  seenFolders: number;
  /** The walk stopped at this many files; null when it saw everything. */
  scanCap: number | null;
  caseSensitive: boolean;
  /** The village language of the result. */
  language: Language;
}

/** Folders end in `/`, so a listing tells them from files without another call. */
export function entryLine(entry: WalkEntry): string {
  return entry.isDir ? `${entry.rel}/` : entry.rel;
}

function countLine(t: FdListingTexts, matched: readonly WalkEntry[]): string {
  const folders = matched.filter((entry) => entry.isDir).length;
  return t.count(matched.length, folders);
}

/** The result: entries (at most MAX_MATCHES, whole lines, within MAX_OUTPUT_CHARS), the count, the notices. */
export function formatFd(found: FdFound): string {
  const t = FD_LISTING_TEXTS[found.language];
  const fdScanTruncatedNotice = t.scanTruncated;
  const fdDisplayTruncatedNotice = t.displayTruncated;
  const scanNotice = found.scanCap === null ? [] : [fdScanTruncatedNotice(found.scanCap)];
  if (found.matched.length === 0)
    return [t.noMatch(found.seenFiles, found.seenFolders, found.caseSensitive), ...scanNotice].join('\n');
  const total = found.matched.length;
  const tailFor = (notice: string | null): string =>
    [countLine(t, found.matched), ...(notice === null ? [] : [notice]), ...scanNotice].join('\n');
  // Room for the widest truncation notice, so the tail always fits whatever is cut.
  const reserve = Math.max(
    tailFor(fdDisplayTruncatedNotice('entries', total, total)).length,
    tailFor(fdDisplayTruncatedNotice('chars', total, total)).length,
  );
  const lines: string[] = [];
  let chars = 0;
  let stop: 'entries' | 'chars' | null = null;
  for (const entry of found.matched) {
    const line = entryLine(entry);
    if (lines.length >= MAX_MATCHES) {
      stop = 'entries';
      break;
    }
    if (chars + line.length + 1 > MAX_OUTPUT_CHARS - reserve - 2) {
      stop = 'chars';
      break;
    }
    lines.push(line);
    chars += line.length + 1;
  }
  const tail = tailFor(stop === null ? null : fdDisplayTruncatedNotice(stop, lines.length, total));
  return `${lines.join('\n')}\n\n${tail}`;
}
