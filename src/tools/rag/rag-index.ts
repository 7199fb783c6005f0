import { constants, lstatSync, type Dirent, type Stats } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { O_NOFOLLOW } from '../../world/fs-util.ts';
import { isSkippedDir, MAX_FILE_BYTES } from '../work-dir/limits.ts';
import { parseHeadings, splitLines, type Heading } from './headings.ts';
import { RAG_MAX_FILES } from './limits.ts';

/** One Markdown file of a root, as last read: relative path with `/`, its lines and headings. */
export interface IndexedFile {
  rel: string;
  lines: string[];
  headings: Heading[];
  mtimeMs: number;
  size: number;
}

export interface RootSnapshot {
  /** Sorted by relative path. */
  files: IndexedFile[];
  /** The walk stopped at the file cap. */
  truncated: boolean;
  /**
   * Files left out: hard links (their content may live anywhere), too large, unreadable, or named
   * with a control character. Folders so named are not entered.
   */
  skipped: number;
}

type Seen = { kind: 'known'; file: IndexedFile } | { kind: 'skip' } | { kind: 'read' };

/**
 * The cheap half of a warm walk: one lstat, and the file as last read when its mtime and size held.
 * Synchronous on purpose: a warm search stats every file of the root, and thousands of promise lstats
 * cost several times the syscalls themselves (the bench: 5,000 files); the walk still yields to the
 * event loop at every folder.
 */
function statUnchanged(root: string, rel: string, known: IndexedFile | undefined): Seen {
  let info: Stats | undefined;
  try {
    info = lstatSync(join(root, rel), { throwIfNoEntry: false });
  } catch {
    return { kind: 'skip' };
  }
  if (info === undefined || !info.isFile() || info.nlink > 1 || info.size > MAX_FILE_BYTES) {
    return { kind: 'skip' };
  }
  if (known && known.mtimeMs === info.mtimeMs && known.size === info.size)
    return { kind: 'known', file: known };
  return { kind: 'read' };
}

const MARKDOWN = /\.(?:md|markdown)$/iu;
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/u;
// O_NONBLOCK so a FIFO named *.md cannot hang the walk (absent on Windows, where there are none).
const O_READ = constants.O_RDONLY | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);
/**
 * Files read at once on a cold walk. Not all of a folder at once: every open is queued before the
 * first read, so a folder of thousands of files held as many descriptors, ran out of them (EMFILE:
 * those files silently counted as skipped) and starved the rest of the server of descriptors too.
 */
const LOADS_AT_ONCE = 32;

/**
 * The heading index, built on a root's first use and kept per root. Each use walks the root again
 * and re-reads only files whose mtime or size changed, so an edit is seen at the next call without a
 * watcher and a warm search reads no file. Symbolic links are never followed (neither folders nor
 * files), and hidden and build folders are not entered, like the work-folder tools.
 */
export class RagIndex {
  private readonly roots = new Map<string, Map<string, IndexedFile>>();

  constructor(private readonly maxFiles = RAG_MAX_FILES) {}

  async snapshot(rootReal: string): Promise<RootSnapshot> {
    const previous = this.roots.get(rootReal) ?? new Map<string, IndexedFile>();
    const next = new Map<string, IndexedFile>();
    let skipped = 0;
    let truncated = false;
    const pending: string[] = [''];
    while (pending.length > 0 && !truncated) {
      const relDir = pending.shift()!;
      let entries: Dirent[];
      try {
        entries = await readdir(join(rootReal, relDir), { withFileTypes: true });
      } catch {
        continue;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const files: string[] = [];
      for (const entry of entries) {
        const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
        // A name with a line break would make a line of its own in every result that shows the path.
        const plain = !LINE_BREAKING.test(entry.name);
        if (entry.isDirectory() && plain && !isSkippedDir(entry.name)) pending.push(rel);
        else if (entry.isFile() && MARKDOWN.test(entry.name)) {
          if (plain) files.push(rel);
          else skipped++;
        }
      }
      if (next.size + files.length > this.maxFiles) {
        files.length = Math.max(0, this.maxFiles - next.size);
        truncated = true;
      }
      const changed: string[] = [];
      for (const rel of files) {
        const seen = statUnchanged(rootReal, rel, previous.get(rel));
        if (seen.kind === 'known') next.set(rel, seen.file);
        else if (seen.kind === 'skip') skipped++;
        else changed.push(rel);
      }
      for (let from = 0; from < changed.length; from += LOADS_AT_ONCE) {
        const batch = changed.slice(from, from + LOADS_AT_ONCE);
        for (const file of await Promise.all(batch.map((rel) => this.load(rootReal, rel)))) {
          if (file) next.set(file.rel, file);
          else skipped++;
        }
      }
    }
    this.roots.set(rootReal, next);
    const files = [...next.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    return { files, truncated, skipped };
  }

  /** Reads a new or changed file; the checks are made again on the opened descriptor. */
  private async load(root: string, rel: string): Promise<IndexedFile | null> {
    const abs = join(root, rel);
    try {
      // O_NOFOLLOW: the entry was a file at readdir; if it became a link since, it is not opened.
      const handle = await open(abs, O_READ);
      try {
        const opened = await handle.stat();
        if (!opened.isFile() || opened.nlink > 1 || opened.size > MAX_FILE_BYTES) return null;
        const text = (await handle.readFile()).toString('utf8');
        const lines = splitLines(text);
        return { rel, lines, headings: parseHeadings(lines), mtimeMs: opened.mtimeMs, size: opened.size };
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  }
}
