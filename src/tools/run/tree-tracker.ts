/**
 * Linux: follows every descendant of a run's command while it runs, and kills them all on timeout,
 * interruption and when the command ends (ledger part 5 §5 kills "the whole process tree"; issue 17
 * goes past the ledger's process-group kill, which a `setsid` or double-forked descendant escapes).
 *
 * A process counts as the command's when any of these holds:
 *  1. its parent is one (the parent's start time checked, so a reused pid is nobody's parent);
 *  2. its session or process group is the command's pid (the command leads both, and the kernel never
 *     hands out a pid still in use as a session or group id, so this holds after the parent exited);
 *  3. its environment holds the run's marker, `FUSEFORKS_RUN_ID=<random>`: every descendant inherits it
 *     through fork, setsid and exec, so a double-forked daemon already reparented to init before any
 *     scan saw it is still found.
 *
 * Limits (the result says so too): a process that clears its environment (`env -i`, an execve with a
 * new one) AND leaves both the parent chain and the session before a scan sees it is not found. Scans
 * run from spawn with a growing pause (25 ms up to 500 ms) and again at every kill. A pid is signalled
 * only while its start time matches the one recorded; the instant between that check and kill(2) stays
 * open (Node has no pidfd).
 *
 * Not used, on purpose: a child subreaper (prctl PR_SET_CHILD_SUBREAPER needs native code and no
 * installed package offers it) and cgroups (Node cannot place the child in one before it runs, and a
 * desktop user usually may not create one beside the server's).
 */
import { environHas, isAliveEntry, readProcEntry, readProcTable, type ProcEntry } from './proc-table.ts';

/** The marker's name in the child's environment (child-env.ts lists the names copied from the parent). */
export const RUN_MARKER_NAME = 'FUSEFORKS_RUN_ID';

export interface NamedProcess {
  pid: number;
  name: string;
}

export interface UnkilledProcess extends NamedProcess {
  /** The errno of kill(2) (EPERM: another user's process), or `still_running` after SIGKILL. */
  reason: string;
  /** The state letter seen last (D: waiting on the kernel, which delays even SIGKILL). */
  state: string;
}

export interface TreeReport {
  killed: NamedProcess[];
  unkilled: UnkilledProcess[];
}

export const FIRST_SCAN_PAUSE_MS = 25;
export const MAX_SCAN_PAUSE_MS = 500;
/** A sweep signals, rescans and signals again until nothing is left or this much time has passed. */
export const SWEEP_LIMIT_MS = 1_500;
const ROUND_PAUSE_MS = 20;

const keyOf = (entry: { pid: number; startTime: number }): string => `${entry.pid}:${entry.startTime}`;

export interface TreeTrackerOptions {
  /** The command itself, as read right after spawn (its start time is its identity). */
  root: ProcEntry;
  marker: string;
  /** Tests only: how SIGKILL is sent (a negative target is a process group). */
  sendKill?: (target: number) => void;
}

export class TreeTracker {
  private readonly root: ProcEntry;
  private readonly marker: string;
  private readonly sendKill: (target: number) => void;
  /** Every member seen alive, by pid:start. */
  private members = new Map<string, ProcEntry>();
  /** Processes whose environment was read and lacks the marker: read once each. */
  private strangers = new Set<string>();
  private readonly signalled = new Map<string, ProcEntry>();
  private readonly refused = new Map<string, { entry: ProcEntry; code: string }>();
  private timer: NodeJS.Timeout | null = null;

  /** A tracker for a spawned child, or null when /proc cannot tell its start time. */
  static forChild(pid: number, marker: string): TreeTracker | null {
    const root = readProcEntry(pid);
    return root === undefined ? null : new TreeTracker({ root, marker });
  }

  constructor(options: TreeTrackerOptions) {
    this.root = options.root;
    this.marker = options.marker;
    this.sendKill = options.sendKill ?? ((target) => process.kill(target, 'SIGKILL'));
    this.members.set(keyOf(this.root), this.root);
  }

  /** Scans now and then with a growing pause until stopped; the timer never keeps the server alive. */
  watch(): void {
    let pause = FIRST_SCAN_PAUSE_MS;
    const tick = (): void => {
      this.scan('cached');
      this.timer = setTimeout(tick, pause);
      this.timer.unref();
      pause = Math.min(MAX_SCAN_PAUSE_MS, pause * 2);
    };
    tick();
  }

  stopWatching(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One round at once (timeout, interruption): the rest waits for `sweep`. */
  strikeNow(): void {
    const table = this.scan('fresh');
    if (table !== null) this.strike(table);
    else this.killGroupBlindly();
  }

  /** Kills every member still alive, round after round, and says what was killed and what was not. */
  async sweep(): Promise<TreeReport> {
    this.stopWatching();
    const deadline = Date.now() + SWEEP_LIMIT_MS;
    let table = this.scan('fresh');
    if (table === null) this.killGroupBlindly();
    while (table !== null && this.strike(table) > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, ROUND_PAUSE_MS));
      table = this.scan('fresh');
    }
    return this.report(this.scan('cached') ?? new Map());
  }

  /**
   * Reads the table and adopts new members. `fresh` (before a kill) reads again the environments
   * found without the marker: one read in the middle of an exec or a privilege change may have failed.
   */
  private scan(environs: 'cached' | 'fresh'): Map<number, ProcEntry> | null {
    const table = readProcTable();
    if (table === null) return null;
    if (environs === 'fresh') this.strangers.clear();
    this.adoptChildren(table);
    this.adoptBySessionOrMarker(table);
    this.adoptChildren(table);
    // Forget what is gone, so a long run does not pile up entries (the root stays: rule 2 needs it).
    this.members = new Map(
      [...this.members].filter(([, e]) => e === this.root || table.get(e.pid)?.startTime === e.startTime),
    );
    this.strangers = new Set([...this.strangers].filter((key) => this.present(table, key)));
    return table;
  }

  private present(table: Map<number, ProcEntry>, key: string): boolean {
    const [pid, start] = key.split(':').map(Number);
    return table.get(pid!)?.startTime === start;
  }

  private isMember(entry: ProcEntry): boolean {
    return this.members.has(keyOf(entry));
  }

  private adopt(entry: ProcEntry): void {
    // Never the server itself, nor init: neither can be the command's descendant.
    if (entry.pid <= 1 || entry.pid === process.pid) return;
    this.members.set(keyOf(entry), entry);
  }

  /** Rule 1, to a fixpoint: a member's children, their children, … */
  private adoptChildren(table: Map<number, ProcEntry>): void {
    for (let grew = true; grew;) {
      grew = false;
      for (const entry of table.values()) {
        const parent = table.get(entry.ppid);
        if (!this.isMember(entry) && parent !== undefined && this.isMember(parent)) {
          this.adopt(entry);
          grew = this.isMember(entry) || grew;
        }
      }
    }
  }

  /** Rules 2 and 3. */
  private adoptBySessionOrMarker(table: Map<number, ProcEntry>): void {
    const idsHeld = this.rootIdsHeld(table);
    for (const entry of table.values()) {
      if (this.isMember(entry) || !isAliveEntry(entry)) continue;
      if (idsHeld && (entry.session === this.root.pid || entry.pgrp === this.root.pid)) {
        this.adopt(entry);
        continue;
      }
      const key = keyOf(entry);
      if (this.strangers.has(key)) continue;
      if (environHas(entry.pid, RUN_MARKER_NAME, this.marker)) this.adopt(entry);
      else this.strangers.add(key);
    }
  }

  /**
   * Whether the root's pid still names our session and group: true while the root lives or its pid is
   * unused. A different process under that pid means the pid was freed, so no process of ours is left
   * in that session or group, and a `kill(-pid)` would reach strangers.
   */
  private rootIdsHeld(table: Map<number, ProcEntry>): boolean {
    const now = table.get(this.root.pid);
    return now === undefined || now.startTime === this.root.startTime;
  }

  /** The group kill alone; by itself only where /proc went away under us (what other systems get). */
  private killGroupBlindly(): void {
    try {
      this.sendKill(-this.root.pid);
    } catch {
      // The group is empty.
    }
  }

  /** Signals the group and every live member; returns how many live members were signalled. */
  private strike(table: Map<number, ProcEntry>): number {
    if (this.rootIdsHeld(table)) this.killGroupBlindly();
    let count = 0;
    for (const [key, member] of this.members) {
      const now = table.get(member.pid);
      if (!isAliveEntry(now) || now.startTime !== member.startTime || this.refused.has(key)) continue;
      count += 1;
      try {
        this.sendKill(member.pid);
        this.signalled.set(key, now);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
        // ESRCH: it died between the scan and the signal (the group signal above, most likely).
        if (code === 'ESRCH') this.signalled.set(key, now);
        else this.refused.set(key, { entry: now, code });
      }
    }
    return count;
  }

  private report(table: Map<number, ProcEntry>): TreeReport {
    const aliveNow = (entry: ProcEntry): ProcEntry | undefined => {
      const now = table.get(entry.pid);
      return isAliveEntry(now) && now.startTime === entry.startTime ? now : undefined;
    };
    const killed: NamedProcess[] = [];
    const unkilled: UnkilledProcess[] = [];
    for (const entry of this.signalled.values()) {
      const still = aliveNow(entry);
      if (still === undefined) killed.push({ pid: entry.pid, name: entry.name });
      else unkilled.push({ pid: entry.pid, name: entry.name, reason: 'still_running', state: still.state });
    }
    for (const { entry, code } of this.refused.values()) {
      const still = aliveNow(entry);
      if (still !== undefined)
        unkilled.push({ pid: entry.pid, name: entry.name, reason: code, state: still.state });
    }
    return { killed, unkilled };
  }
}
