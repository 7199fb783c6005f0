import { Candidates } from './candidates.ts';
import type { GrepScan } from './scan.ts';

/**
 * One scan from the scans of consecutive slices of the targets (run on several workers), equal to the
 * scan of all targets at once: counts add up, files keep their order, and the windows are taken in
 * order until the display budgets are passed. Each slice kept its windows up to its own budget, which
 * it reached no sooner than the whole would have, so every window the whole keeps is there.
 */
export function mergeScans(scans: readonly GrepScan[]): GrepScan {
  const candidates = new Candidates();
  const merged: GrepScan = {
    total: 0,
    files: [],
    filesRead: 0,
    excludedByInclude: 0,
    skipped: { binary: 0, tooLarge: 0, unreadable: 0 },
    candidates: candidates.windows,
  };
  for (const scan of scans) {
    merged.total += scan.total;
    merged.files.push(...scan.files);
    merged.filesRead += scan.filesRead;
    merged.excludedByInclude += scan.excludedByInclude;
    merged.skipped.binary += scan.skipped.binary;
    merged.skipped.tooLarge += scan.skipped.tooLarge;
    merged.skipped.unreadable += scan.skipped.unreadable;
    for (const window of scan.candidates) {
      if (candidates.full) break;
      candidates.add(window);
    }
  }
  return merged;
}
