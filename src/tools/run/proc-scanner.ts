/**
 * Walks Linux's process table for every tree tracker at once: one walk per tick serves every run in
 * progress, however many there are (issue 17's review: a walk per run per tick, each re-reading every
 * environment on the machine, held the event loop for tens of milliseconds).
 *
 * What keeps a walk cheap:
 *  - each walk reads `/proc/<pid>/stat` in chunks and yields to the event loop between them, so no
 *    stretch blocks for long. Synchronous reads in chunks rather than fs.promises on purpose: one
 *    promise per file costs several times the CPU, and their completions pile up on the loop anyway.
 *  - an environment is read only for a process that started no earlier than some watching root: an
 *    older one cannot descend from it (a child starts after its parent). That leaves nearly every
 *    process on the machine out.
 *  - what an environment said is kept by pid and start time for as long as that process lives, so each
 *    is read once. Only a read that says something is kept: an unreadable or empty one (a kernel
 *    thread, or a process caught in the middle of exec) is tried again at the next walk.
 */
import { ProcSnapshot } from './proc-snapshot.ts';
import {
  environValues,
  isAliveEntry,
  linuxProcReader,
  type ProcEntry,
  type ProcReader,
} from './proc-table.ts';
import { RUN_MARKER_NAME } from './run-marker.ts';

const FIRST_SCAN_PAUSE_MS = 25;
const MAX_SCAN_PAUSE_MS = 500;
/** Processes read between two yields to the event loop (well under a millisecond of reads). */
const CHUNK = 32;

export interface ScanWatcher {
  /** The start time of the watcher's root: environments of processes started before it do not matter. */
  readonly since: number;
  /** Every walk's result, in order, while watching (fresh walks asked for by anyone included). */
  onSnapshot(snapshot: ProcSnapshot): void;
}

interface Schedule {
  pause: number;
  due: number;
}

interface Verdict {
  startTime: number;
  markers: readonly string[];
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class ProcScanner {
  private readonly watchers = new Map<ScanWatcher, Schedule>();
  /** Environments read with a result, by pid (the start time tells a reused pid). */
  private readonly verdicts = new Map<number, Verdict>();
  private seq = 0;
  private inFlight: Promise<ProcSnapshot | null> | null = null;
  private next: Promise<ProcSnapshot | null> | null = null;
  /** The oldest root start of the fresh walks asked for and not started yet. */
  private pendingSince = Infinity;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;

  constructor(
    readonly reader: ProcReader = linuxProcReader,
    private readonly chunk = CHUNK,
  ) {}

  /**
   * Walks at once and then with a growing pause (25 ms up to 500 ms) per watcher; a walk due for one
   * watcher is delivered to all. The timer never keeps the server alive.
   */
  watch(watcher: ScanWatcher): void {
    this.watchers.set(watcher, { pause: FIRST_SCAN_PAUSE_MS, due: Date.now() });
    this.schedule();
  }

  unwatch(watcher: ScanWatcher): void {
    this.watchers.delete(watcher);
    if (this.watchers.size === 0 && this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /**
   * A walk that starts after this call (one in progress may have missed a process forked just now);
   * every caller that asks while a walk is in progress shares the next one. Null when /proc cannot
   * be listed.
   */
  fresh(since: number): Promise<ProcSnapshot | null> {
    this.pendingSince = Math.min(this.pendingSince, since);
    if (this.next !== null) return this.next;
    if (this.inFlight === null) return this.startWalk();
    this.next = this.inFlight.then(() => {
      this.next = null;
      return this.startWalk();
    });
    return this.next;
  }

  private schedule(): void {
    if (this.ticking) return; // the tick in progress schedules the next one when it ends
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.watchers.size === 0) return;
    const due = Math.min(...[...this.watchers.values()].map((s) => s.due));
    this.timer = setTimeout(() => void this.tick(), Math.max(0, due - Date.now()));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.ticking = true;
    try {
      await (this.inFlight ?? this.startWalk());
    } finally {
      this.ticking = false;
    }
    const now = Date.now();
    for (const schedule of this.watchers.values()) {
      if (schedule.due > now) continue;
      schedule.due = now + schedule.pause;
      schedule.pause = Math.min(MAX_SCAN_PAUSE_MS, schedule.pause * 2);
    }
    this.schedule();
  }

  private startWalk(): Promise<ProcSnapshot | null> {
    const since = Math.min(this.pendingSince, ...[...this.watchers.keys()].map((w) => w.since));
    this.pendingSince = Infinity;
    const walk = this.walk(since).then((snapshot) => {
      if (this.inFlight === walk) this.inFlight = null;
      if (snapshot !== null) for (const watcher of [...this.watchers.keys()]) watcher.onSnapshot(snapshot);
      return snapshot;
    });
    this.inFlight = walk;
    return walk;
  }

  private async walk(since: number): Promise<ProcSnapshot | null> {
    const pids = this.reader.listPids();
    if (pids === null) return null;
    const seq = (this.seq += 1);
    const entries = new Map<number, ProcEntry>();
    const markers = new Map<number, readonly string[]>();
    for (let i = 0; i < pids.length; i += 1) {
      if (i > 0 && i % this.chunk === 0) await yieldToLoop();
      const entry = this.reader.readStat(pids[i]!);
      if (entry === undefined) continue;
      entries.set(entry.pid, entry);
      if (entry.startTime < since || !isAliveEntry(entry)) continue;
      const found = this.markersOf(entry);
      if (found !== undefined) markers.set(entry.pid, found);
    }
    for (const [pid, verdict] of this.verdicts) {
      if (entries.get(pid)?.startTime !== verdict.startTime) this.verdicts.delete(pid);
    }
    return new ProcSnapshot(seq, entries, markers);
  }

  /** The kept verdict, or a read of the environment (kept when it says something). */
  private markersOf(entry: ProcEntry): readonly string[] | undefined {
    const kept = this.verdicts.get(entry.pid);
    if (kept?.startTime === entry.startTime) return kept.markers;
    const text = this.reader.readEnviron(entry.pid);
    const values = text === undefined ? null : environValues(text, RUN_MARKER_NAME);
    if (values === null) return undefined;
    this.verdicts.set(entry.pid, { startTime: entry.startTime, markers: values });
    return values;
  }
}

let shared: ProcScanner | null = null;

/** The server's one scanner over /proc. */
export function sharedProcScanner(): ProcScanner {
  shared ??= new ProcScanner();
  return shared;
}
