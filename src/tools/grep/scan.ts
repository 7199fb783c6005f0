import { decodeText, readTextBytesSync, type BytesRead } from '../work-dir/read-text-sync.ts';
import { Candidates } from './candidates.ts';
import { prefilterFor } from './prefilter.ts';
import { matchingLines, splitLines } from './lines.ts';
import { buildWindows, renderWindow, type RenderedWindow } from './windows.ts';

/** A file the scan may read: relative path (`/`-separated), absolute real path, name. */
export interface ScanTarget {
  rel: string;
  abs: string;
  name: string;
}

export interface FileCount {
  rel: string;
  count: number;
}

export interface SkipCounts {
  binary: number;
  tooLarge: number;
  unreadable: number;
}

export interface GrepScan {
  /** Every matching line of every file read: display bounds never cut this number. */
  total: number;
  /** Files with at least one match, in scan order. */
  files: FileCount[];
  filesRead: number;
  excludedByInclude: number;
  skipped: SkipCounts;
  /**
   * Windows in result order, kept until the display budgets are passed (the first window past them is
   * kept too, for the cut). Empty for count_only.
   */
  candidates: RenderedWindow[];
}

export interface ScanOptions {
  /** The work folder's real path: a file opened outside it (a link swapped in) is not read. */
  root: string;
  pattern: RegExp;
  include: RegExp | null;
  context: number;
  countOnly: boolean;
}

type Read = BytesRead | { kind: 'error' };

function readSafely(root: string, abs: string): Read {
  try {
    return readTextBytesSync(root, abs);
  } catch {
    return { kind: 'error' };
  }
}

/**
 * Search the targets in order. Reads go through readTextBytesSync (at most 2 MiB, binary sniffed, the
 * same checks as readTextFile), synchronous because this runs on a regex worker, where blocking is
 * the point: a scan of thousands of files spent most of its time in async round trips per file
 * (issue 24). A file is decoded only when the prefilter cannot pass it over.
 */
export async function scanFiles(targets: readonly ScanTarget[], options: ScanOptions): Promise<GrepScan> {
  const result: GrepScan = {
    total: 0,
    files: [],
    filesRead: 0,
    excludedByInclude: 0,
    skipped: { binary: 0, tooLarge: 0, unreadable: 0 },
    candidates: [],
  };
  const candidates = new Candidates();
  const wanted = targets.filter((target) => {
    const keep = options.include === null || options.include.test(target.name);
    if (!keep) result.excludedByInclude += 1;
    return keep;
  });
  const prefilter = prefilterFor(options.pattern);
  for (const target of wanted) {
    const read = readSafely(options.root, target.abs);
    if (read.kind === 'binary') result.skipped.binary += 1;
    else if (read.kind === 'too_large') result.skipped.tooLarge += 1;
    else if (read.kind !== 'bytes') result.skipped.unreadable += 1;
    else {
      result.filesRead += 1;
      if (prefilter.bytes !== null && !read.bytes.includes(prefilter.bytes)) continue;
      // Not strict: invalid UTF-8 reads with U+FFFD, as readTextFile(…, false) gave.
      const { text } = decodeText(read.bytes, false) as { text: string };
      if (prefilter.wholeText && !options.pattern.test(text)) continue;
      searchFile(target.rel, text, options, result, candidates);
    }
  }
  result.candidates = candidates.windows;
  return result;
}

function searchFile(
  rel: string,
  text: string,
  options: ScanOptions,
  result: GrepScan,
  candidates: Candidates,
): void {
  const lines = splitLines(text);
  const matches = matchingLines(lines, options.pattern);
  if (matches.length === 0) return;
  result.total += matches.length;
  result.files.push({ rel, count: matches.length });
  if (options.countOnly || candidates.full) return;
  const matchSet = new Set(matches);
  for (const window of buildWindows(matches, lines.length, options.context)) {
    candidates.add(renderWindow(rel, lines, window, matchSet, options.pattern));
    if (candidates.full) return;
  }
}
