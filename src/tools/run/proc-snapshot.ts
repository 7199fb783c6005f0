/**
 * One walk of the process table (proc-scanner.ts), shared by every tree tracker that receives it: the
 * entries by pid, their children, and what each environment read so far says about the run marker.
 */
import type { ProcEntry } from './proc-table.ts';

export class ProcSnapshot {
  private children: Map<number, ProcEntry[]> | null = null;

  constructor(
    /** Walks are numbered in the order they start (and end: one runs at a time). */
    readonly seq: number,
    private readonly entries: ReadonlyMap<number, ProcEntry>,
    /** By pid, for the entries whose environment was read with a result (see environValues). */
    private readonly markers: ReadonlyMap<number, readonly string[]>,
  ) {}

  get(pid: number): ProcEntry | undefined {
    return this.entries.get(pid);
  }

  values(): IterableIterator<ProcEntry> {
    return this.entries.values();
  }

  /** The entries whose parent is `pid`, indexed on first use (one pass for every tracker). */
  childrenOf(pid: number): readonly ProcEntry[] {
    if (this.children === null) {
      this.children = new Map();
      for (const entry of this.entries.values()) {
        const siblings = this.children.get(entry.ppid);
        if (siblings === undefined) this.children.set(entry.ppid, [entry]);
        else siblings.push(entry);
      }
    }
    return this.children.get(pid) ?? [];
  }

  /**
   * The run markers the entry's environment holds (usually none or one), or undefined while unknown:
   * not read yet (it is older than every watching root), unreadable, or empty.
   */
  markersOf(entry: ProcEntry): readonly string[] | undefined {
    return this.entries.get(entry.pid) === entry ? this.markers.get(entry.pid) : undefined;
  }
}
