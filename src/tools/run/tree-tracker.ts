/**
 * Linux: follows every descendant of a run's command while it runs, and kills them all on timeout,
 * interruption and when the command ends (ledger part 5 §5 kills "the whole process tree"; issue 17
 * goes past the ledger's process-group kill, which a `setsid` or double-forked descendant escapes).
 *
 * A process counts as the command's (the root's) when it started no earlier than the root (a child
 * starts after its parent, so an older process is nobody's concern here) and any of these holds:
 *  1. its parent is one (the parent's start time checked, so a reused pid is nobody's parent);
 *  2. its session or process group is the root's pid, while the root has not been reaped: the root
 *     leads both, and the kernel never hands out a pid in use as a session or group id. Once the root
 *     is reaped its pid may go to a stranger who runs `setsid`, so from then on this rule adopts no one
 *     and no group kill is sent; members it found before stay members (identity by pid and start time);
 *  3. its environment holds the run's marker, `FUSEFORKS_RUN_ID=<random>`: every descendant inherits it
 *     through fork, setsid and exec, so a double-forked daemon already reparented to init before any
 *     walk saw it is still found.
 *
 * Limits (the result says so too): a process that clears its environment (`env -i`, an execve with a
 * new one) AND leaves the parent chain before a walk sees it is found only through rule 2, so not when
 * it also leaves the session, nor when the command is reaped before a walk sees it. Walks run from
 * spawn with a growing pause (25 ms up to 500 ms, proc-scanner.ts, shared by all runs) and again at
 * every kill. A pid is signalled only while its start time, read again just before, matches the one
 * recorded; the instant between that read and kill(2) stays open (Node has no pidfd).
 *
 * Not used, on purpose: a child subreaper (prctl PR_SET_CHILD_SUBREAPER needs native code and no
 * installed package offers it) and cgroups (Node cannot place the child in one before it runs, and a
 * desktop user usually may not create one beside the server's).
 */
import type { ProcSnapshot } from './proc-snapshot.ts';
import { isAliveEntry, sameProcess, type ProcEntry, type ProcReader } from './proc-table.ts';
import { sharedProcScanner, type ProcScanner, type ScanWatcher } from './proc-scanner.ts';

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

/** A sweep signals, rescans and signals again until nothing is left or this much time has passed. */
const SWEEP_LIMIT_MS = 1_500;
const ROUND_PAUSE_MS = 20;

const keyOf = (entry: { pid: number; startTime: number }): string => `${entry.pid}:${entry.startTime}`;

export interface TreeTrackerOptions {
  /** The command itself, as read right after spawn (its start time is its identity). */
  root: ProcEntry;
  marker: string;
  /** Tests only: a scanner over a table of their own (the server shares one over /proc). */
  scanner?: ProcScanner;
  /** Tests only: how SIGKILL is sent (a negative target is a process group). */
  sendKill?: (target: number) => void;
}

export class TreeTracker implements ScanWatcher {
  readonly since: number;
  private readonly root: ProcEntry;
  private readonly marker: string;
  private readonly scanner: ProcScanner;
  private readonly reader: ProcReader;
  private readonly sendKill: (target: number) => void;
  /** Every member seen alive, by pid:start. */
  private members = new Map<string, ProcEntry>();
  private readonly signalled = new Map<string, ProcEntry>();
  private readonly refused = new Map<string, { entry: ProcEntry; code: string }>();
  /** Set for good once the root's pid is seen free or taken by another process (it was reaped). */
  private rootGone = false;
  private lastSeq = 0;
  private striking: Promise<void> | null = null;

  /** A tracker for a spawned child, or null when /proc cannot tell its start time. */
  static forChild(pid: number, marker: string, scanner = sharedProcScanner()): TreeTracker | null {
    const root = scanner.reader.readStat(pid);
    return root === undefined ? null : new TreeTracker({ root, marker, scanner });
  }

  constructor(options: TreeTrackerOptions) {
    this.root = options.root;
    this.since = options.root.startTime;
    this.marker = options.marker;
    this.scanner = options.scanner ?? sharedProcScanner();
    this.reader = this.scanner.reader;
    this.sendKill = options.sendKill ?? ((target) => process.kill(target, 'SIGKILL'));
    this.members.set(keyOf(this.root), this.root);
  }

  watch(): void {
    this.scanner.watch(this);
  }

  stopWatching(): void {
    this.scanner.unwatch(this);
  }

  onSnapshot(snapshot: ProcSnapshot): void {
    this.take(snapshot);
  }

  /** One round after a fresh walk (timeout, interruption); the rest waits for `sweep`. */
  strikeNow(): Promise<void> {
    this.striking = this.scanner.fresh(this.since).then((snapshot) => {
      if (snapshot === null) this.killGroupBlindly();
      else {
        this.take(snapshot);
        this.strike();
      }
    });
    return this.striking;
  }

  /** Kills every member still alive, round after round, and says what was killed and what was not. */
  async sweep(): Promise<TreeReport> {
    this.stopWatching();
    // A strike still waiting for its walk signals into the same report.
    await this.striking;
    const deadline = Date.now() + SWEEP_LIMIT_MS;
    for (;;) {
      const snapshot = await this.scanner.fresh(this.since);
      if (snapshot === null) {
        this.killGroupBlindly();
        break;
      }
      this.take(snapshot);
      if (this.strike() === 0 || Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, ROUND_PAUSE_MS));
    }
    return this.report();
  }

  /** Adopts the walk's new members and forgets those gone; each walk once, in order. */
  private take(snapshot: ProcSnapshot): void {
    if (snapshot.seq <= this.lastSeq) return;
    this.lastSeq = snapshot.seq;
    // Asked after the walk: a root still there now was there all through it, so every session or
    // group id equal to its pid that the walk read was the root's.
    const held = this.rootHeld();
    this.adoptChildren(snapshot);
    this.adoptBySessionOrMarker(snapshot, held);
    this.adoptChildren(snapshot);
    // Forget what is gone, so a long run does not pile up entries (the root stays: it is the identity).
    this.members = new Map(
      [...this.members].filter(([, e]) => e === this.root || sameProcess(snapshot.get(e.pid), e)),
    );
  }

  /**
   * Whether the root's pid still names the root (alive or a zombie not yet reaped), read now. While it
   * does, its session and group ids cannot belong to anyone else.
   */
  private rootHeld(): boolean {
    if (this.rootGone) return false;
    if (sameProcess(this.reader.readStat(this.root.pid), this.root)) return true;
    this.rootGone = true;
    return false;
  }

  private isMember(entry: ProcEntry): boolean {
    return this.members.has(keyOf(entry));
  }

  private adopt(entry: ProcEntry): boolean {
    // Never the server itself, nor init: neither can be the command's descendant.
    if (entry.pid <= 1 || entry.pid === process.pid || this.isMember(entry)) return false;
    this.members.set(keyOf(entry), entry);
    return true;
  }

  /** Rule 1: a member's children, their children, … */
  private adoptChildren(snapshot: ProcSnapshot): void {
    const parents = [...this.members.values()].filter((m) => sameProcess(snapshot.get(m.pid), m));
    for (let parent = parents.pop(); parent !== undefined; parent = parents.pop()) {
      for (const child of snapshot.childrenOf(parent.pid)) {
        if (child.startTime >= parent.startTime && this.adopt(child)) parents.push(child);
      }
    }
  }

  /** Rules 2 and 3, for processes that started no earlier than the root. */
  private adoptBySessionOrMarker(snapshot: ProcSnapshot, held: boolean): void {
    for (const entry of snapshot.values()) {
      if (entry.startTime < this.root.startTime || !isAliveEntry(entry) || this.isMember(entry)) continue;
      if (held && (entry.session === this.root.pid || entry.pgrp === this.root.pid)) this.adopt(entry);
      else if (snapshot.markersOf(entry)?.includes(this.marker)) this.adopt(entry);
    }
  }

  private killGroup(): void {
    try {
      this.sendKill(-this.root.pid);
    } catch {
      // The group is empty.
    }
  }

  /**
   * The group kill alone, where /proc went away under us (what other systems get): only while the
   * root was not seen reaped, as nothing can be checked.
   */
  private killGroupBlindly(): void {
    if (!this.rootGone) this.killGroup();
  }

  /** Signals the group (while the root holds it) and every live member; returns how many were live. */
  private strike(): number {
    // Read again right before the signals (the walk may be some milliseconds old), and before the
    // group signal, so that members it kills at once are still seen alive and reported.
    const live: [string, ProcEntry][] = [];
    for (const [key, member] of this.members) {
      const now = this.reader.readStat(member.pid);
      if (!this.refused.has(key) && isAliveEntry(now) && now.startTime === member.startTime)
        live.push([key, now]);
    }
    if (this.rootHeld()) this.killGroup();
    for (const [key, now] of live) {
      try {
        this.sendKill(now.pid);
        this.signalled.set(key, now);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
        // ESRCH: it died between the read and the signal (the group signal above, most likely).
        if (code === 'ESRCH') this.signalled.set(key, now);
        else this.refused.set(key, { entry: now, code });
      }
    }
    return live.length;
  }

  private report(): TreeReport {
    const aliveNow = (entry: ProcEntry): ProcEntry | undefined => {
      const now = this.reader.readStat(entry.pid);
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
