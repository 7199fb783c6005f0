/**
 * Linux's process table as `/proc` shows it: enough to follow a command's descendants (parent,
 * process group, session) and to tell a process from a later one that reuses its pid (the start time,
 * field 22 of `/proc/<pid>/stat`, in clock ticks since boot).
 *
 * Only the primitives, each one small synchronous read; proc-scanner.ts walks the table in chunks so
 * that a walk never holds the event loop for long. Behind an interface so tests can count the reads.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

export interface ProcEntry {
  pid: number;
  /** The kernel's short name (at most 15 bytes), control characters replaced. */
  name: string;
  /** One letter: R, S, D, Z (zombie), T, X (dead), … */
  state: string;
  ppid: number;
  pgrp: number;
  session: number;
  startTime: number;
}

/** How the table is read; `linuxProcReader` reads /proc, tests substitute a table of their own. */
export interface ProcReader {
  /** The pids listed in /proc, or null when /proc cannot be listed. */
  listPids(): number[] | null;
  /** One process's entry, or undefined when it is gone. */
  readStat(pid: number): ProcEntry | undefined;
  /** Its environment (NUL-separated), or undefined when it may not be read (another user's) or is gone. */
  readEnviron(pid: number): string | undefined;
}

/** Dead for every purpose here: a zombie only waits to be reaped and cannot be signalled away. */
export function isAliveEntry(entry: ProcEntry | undefined): entry is ProcEntry {
  return entry !== undefined && entry.state !== 'Z' && entry.state !== 'X';
}

/** The same process, not a later one under the same pid. */
export function sameProcess(a: ProcEntry | undefined, b: { pid: number; startTime: number }): boolean {
  return a !== undefined && a.pid === b.pid && a.startTime === b.startTime;
}

// A process names itself (prctl PR_SET_NAME), so its name may hold anything up to 15 bytes.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/g;

/** Parses `/proc/<pid>/stat`; the name is between the first `(` and the last `)` and may hold either. */
export function parseStat(text: string): ProcEntry | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  // After the name: field 3 (state) onwards, so field N sits at index N - 3.
  const fields = text.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  const pgrp = Number(fields[2]);
  const session = Number(fields[3]);
  const startTime = Number(fields[19]);
  if (![pid, ppid, pgrp, session, startTime].every(Number.isInteger)) return null;
  return {
    pid,
    name: text.slice(open + 1, close).replace(CONTROL, '?'),
    state: fields[0] ?? '?',
    ppid,
    pgrp,
    session,
    startTime,
  };
}

/**
 * The values the environment gives `name` (normally none or one), or null when it tells nothing: an
 * empty environment is what a kernel thread shows, and what a process shows for an instant during
 * exec, so it proves nothing either way.
 */
export function environValues(text: string, name: string): string[] | null {
  if (text === '') return null;
  const prefix = `${name}=`;
  return text
    .split('\0')
    .filter((pair) => pair.startsWith(prefix))
    .map((pair) => pair.slice(prefix.length));
}

/** A stat line is a few hundred bytes; one buffer serves every read (reads never overlap). */
const statBuffer = Buffer.alloc(4096);

function readStatText(pid: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/stat`, 'r');
  } catch {
    return undefined;
  }
  try {
    // /proc produces the whole line in one read; open + read + close beats readFileSync's five calls.
    return statBuffer.toString('latin1', 0, readSync(fd, statBuffer, 0, statBuffer.length, 0));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

export const linuxProcReader: ProcReader = {
  listPids() {
    try {
      return readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number);
    } catch {
      return null;
    }
  },
  readStat(pid) {
    const text = readStatText(pid);
    return text === undefined ? undefined : (parseStat(text) ?? undefined);
  },
  readEnviron(pid) {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      return undefined;
    }
  },
};
