import { realpath } from 'node:fs/promises';
import { MAX_FILES } from '../work-dir/limits.ts';
import { walkWorkDir } from '../work-dir/walk.ts';

export interface WorkDirFiles {
  /** Relative to the work folder, `/`-separated, in walk order. */
  files: string[];
  /** More files exist than were listed: the UI must say so (ledger `path_completion_contract` freeze 3). */
  truncated: boolean;
}

/**
 * The candidates of `@` path completion: files only, the same walk as the tools (hidden and build
 * folders skipped, links not followed), at most 20,000. No boundary check of its own: whatever a
 * person inserts is checked by the tool that reads it (freeze 4). A missing folder lists nothing.
 */
export async function listWorkDirFiles(workDir: string, maxFiles = MAX_FILES): Promise<WorkDirFiles> {
  let root: string;
  try {
    root = await realpath(workDir);
  } catch {
    return { files: [], truncated: false };
  }
  const walk = await walkWorkDir(root, root, '.', maxFiles);
  return { files: walk.entries.filter((e) => !e.isDir).map((e) => e.rel), truncated: walk.truncated };
}
