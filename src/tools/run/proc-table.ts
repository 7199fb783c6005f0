/**
 * A snapshot of Linux's process table read from `/proc`: enough to follow a command's descendants
 * (parent, process group, session) and to tell a process from a later one that reuses its pid
 * (the start time, field 22 of `/proc/<pid>/stat`, in clock ticks since boot).
 *
 * Synchronous on purpose: one scan is a readdir plus one small read per process (about 15 µs each),
 * and a snapshot taken in one go is more coherent than one interleaved with other work.
 */
import { readdirSync, readFileSync } from 'node:fs';

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

/** Dead for every purpose here: a zombie only waits to be reaped and cannot be signalled away. */
export function isAliveEntry(entry: ProcEntry | undefined): entry is ProcEntry {
  return entry !== undefined && entry.state !== 'Z' && entry.state !== 'X';
}

/** Parses `/proc/<pid>/stat`; the name is between the first `(` and the last `)` and may hold either. */
// A process names itself (prctl PR_SET_NAME), so its name may hold anything up to 15 bytes.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/g;

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

/** One process's entry, or undefined when it is gone (or /proc cannot be read). */
export function readProcEntry(pid: number): ProcEntry | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'latin1')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Every process visible in /proc, or null when /proc cannot be listed. */
export function readProcTable(): Map<number, ProcEntry> | null {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const table = new Map<number, ProcEntry>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readProcEntry(Number(name));
    if (entry !== undefined) table.set(entry.pid, entry);
  }
  return table;
}

/**
 * Whether the process's environment holds `name=value` exactly. `/proc/<pid>/environ` is the
 * environment the process started its program with (NUL-separated); reading another user's is
 * refused, which counts as "no" (such a process could not be signalled either).
 */
export function environHas(pid: number, name: string, value: string): boolean {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return false;
  }
  return `\0${text}\0`.includes(`\0${name}=${value}\0`);
}
