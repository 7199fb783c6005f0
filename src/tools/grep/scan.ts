import { readTextFile } from '../work-dir/read-text.ts';
import { MAX_MATCHES, MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
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

/** Files read at once: enough to overlap I/O, few enough to keep memory flat. */
const READ_BATCH = 8;

/** Collects rendered windows until they can no longer all be shown. */
class Candidates {
  readonly windows: RenderedWindow[] = [];
  private matches = 0;
  private chars = 0;
  full = false;

  add(window: RenderedWindow): void {
    this.windows.push(window);
    this.matches += window.matches;
    this.chars += window.chars;
    if (this.matches > MAX_MATCHES || this.chars > MAX_OUTPUT_CHARS) this.full = true;
  }
}

type Read = Awaited<ReturnType<typeof readTextFile>> | { kind: 'error' };

async function readSafely(root: string, abs: string): Promise<Read> {
  try {
    return await readTextFile(root, abs, false);
  } catch {
    return { kind: 'error' };
  }
}

/**
 * Search the targets in order. Reads go through readTextFile (async, at most 2 MiB, binary sniffed)
 * in small batches so the event loop stays free between files.
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
  for (let at = 0; at < wanted.length; at += READ_BATCH) {
    const batch = wanted.slice(at, at + READ_BATCH);
    const reads = await Promise.all(batch.map((target) => readSafely(options.root, target.abs)));
    batch.forEach((target, index) => {
      const read = reads[index]!;
      if (read.kind === 'binary') result.skipped.binary += 1;
      else if (read.kind === 'too_large') result.skipped.tooLarge += 1;
      else if (read.kind !== 'ok') result.skipped.unreadable += 1;
      else {
        result.filesRead += 1;
        searchFile(target.rel, read.text, options, result, candidates);
      }
    });
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
