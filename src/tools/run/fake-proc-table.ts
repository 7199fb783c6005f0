/**
 * Tests only: a process table of the test's own making behind the ProcReader interface, counting its
 * reads, with a kill that removes what it hits (SIGKILL as far as the table can tell).
 */
import type { ProcEntry, ProcReader } from './proc-table.ts';

interface FakeProcess {
  entry: ProcEntry;
  /** What /proc/<pid>/environ gives; undefined: refused (another user's). */
  environ: string | undefined;
}

export class FakeProcTable implements ProcReader {
  private readonly procs = new Map<number, FakeProcess>();
  listings = 0;
  statReads = 0;
  readonly environReads = new Map<number, number>();
  /** Every kill target, in order (negative: a process group). */
  readonly kills: number[] = [];

  /** Adds (or replaces, as a reused pid) a process; by default its own session and group, under init. */
  add(fields: Partial<ProcEntry> & Pick<ProcEntry, 'pid' | 'startTime'>, environ?: string): ProcEntry {
    const entry: ProcEntry = {
      name: 'proc',
      state: 'S',
      ppid: 1,
      pgrp: fields.pid,
      session: fields.pid,
      ...fields,
    };
    this.procs.set(entry.pid, { entry, environ: environ ?? 'PATH=/bin' });
    return entry;
  }

  refuseEnviron(pid: number): void {
    this.procs.get(pid)!.environ = undefined;
  }

  setEnviron(pid: number, environ: string): void {
    this.procs.get(pid)!.environ = environ;
  }

  remove(pid: number): void {
    this.procs.delete(pid);
  }

  has(pid: number): boolean {
    return this.procs.has(pid);
  }

  readsOf(pid: number): number {
    return this.environReads.get(pid) ?? 0;
  }

  readonly sendKill = (target: number): void => {
    this.kills.push(target);
    const hit = [...this.procs.values()].filter(({ entry }) =>
      target > 0 ? entry.pid === target : entry.pgrp === -target,
    );
    if (hit.length === 0) throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' });
    for (const { entry } of hit) this.procs.delete(entry.pid);
  };

  listPids(): number[] {
    this.listings += 1;
    return [...this.procs.keys()];
  }

  readStat(pid: number): ProcEntry | undefined {
    this.statReads += 1;
    return this.procs.get(pid)?.entry;
  }

  readEnviron(pid: number): string | undefined {
    this.environReads.set(pid, this.readsOf(pid) + 1);
    return this.procs.get(pid)?.environ;
  }
}
