/**
 * The tree tracker on its own, with real processes: what identifies a process (its start time, not
 * only its pid), the marker as the only link, and the report of processes it could not kill (the
 * kill(2) call is replaced only there: as root, nothing here can produce EPERM for real).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dies, isAlive, killStraysAfterEach, registerStray, type Identity } from './descendant-fixture.ts';
import { ProcScanner } from './proc-scanner.ts';
import { linuxProcReader, parseStat, type ProcEntry, type ProcReader } from './proc-table.ts';
import { RUN_MARKER_NAME } from './run-marker.ts';
import { TreeTracker } from './tree-tracker.ts';

killStraysAfterEach();

/** A `sleep 300` in its own session, started by this test (so no descendant of any tracker's root). */
function sleeper(env: NodeJS.ProcessEnv = process.env): { who: Identity; entry: ProcEntry } {
  const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore', env });
  const who = registerStray(child.pid!);
  return { who, entry: linuxProcReader.readStat(who.pid)! };
}

const eperm = (): never => {
  throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
};

describe('parseStat', () => {
  it('reads a name holding spaces and parentheses, and field 22 as the start time', () => {
    const fields = ['S', '10', '11', '12', ...Array.from({ length: 15 }, () => '0'), '98765', '0'];
    const entry = parseStat(`4242 (a) b (c) ${fields.join(' ')}`);
    expect(entry).toEqual({
      pid: 4242,
      name: 'a) b (c',
      state: 'S',
      ppid: 10,
      pgrp: 11,
      session: 12,
      startTime: 98765,
    });
    expect(parseStat('garbage')).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('TreeTracker', () => {
  it('never signals a pid whose start time is not the recorded one (a reused pid)', async () => {
    const { who, entry } = sleeper();
    // The same pid, but a later process: the recorded root is gone, and so are its session and group.
    const tracker = new TreeTracker({ root: { ...entry, startTime: entry.startTime + 1 }, marker: 'x' });
    expect(await tracker.sweep()).toEqual({ killed: [], unkilled: [] });
    expect(isAlive(who)).toBe(true);
  });

  it('finds a process by the marker alone, and leaves one without it', async () => {
    const root = sleeper();
    const marker = 'marker-for-this-test';
    const marked = sleeper({ ...process.env, [RUN_MARKER_NAME]: marker });
    const unmarked = sleeper({ ...process.env, [RUN_MARKER_NAME]: 'another-run' });
    const report = await new TreeTracker({ root: root.entry, marker }).sweep();
    expect(report.killed).toEqual([
      { pid: root.who.pid, name: 'sleep' },
      { pid: marked.who.pid, name: 'sleep' },
    ]);
    expect(await dies(marked.who)).toBe(true);
    expect(isAlive(unmarked.who)).toBe(true);
  });

  it('reads the environment of no process on the machine older than the root', async () => {
    const older = sleeper({ ...process.env, [RUN_MARKER_NAME]: 'm' });
    await new Promise((r) => setTimeout(r, 30)); // a later clock tick for the root
    const root = sleeper();
    const marked = sleeper({ ...process.env, [RUN_MARKER_NAME]: 'm' });
    const read: ProcEntry[] = [];
    const counting: ProcReader = {
      ...linuxProcReader,
      readEnviron: (pid) => {
        const entry = linuxProcReader.readStat(pid);
        if (entry !== undefined) read.push(entry);
        return linuxProcReader.readEnviron(pid);
      },
    };
    const scanner = new ProcScanner(counting);
    const report = await new TreeTracker({ root: root.entry, marker: 'm', scanner }).sweep();
    expect(report.killed.map((p) => p.pid)).toEqual([root.who.pid, marked.who.pid]);
    expect(read.map((e) => e.pid)).toContain(marked.who.pid);
    expect(read.filter((e) => e.startTime < root.entry.startTime)).toEqual([]);
    expect(isAlive(older.who)).toBe(true);
  });

  it('names a process it may not kill, with the reason', async () => {
    const root = sleeper();
    const sendKill = (target: number): void => (Math.abs(target) === root.who.pid ? eperm() : undefined);
    const report = await new TreeTracker({ root: root.entry, marker: 'x', sendKill }).sweep();
    expect(report).toEqual({
      killed: [],
      unkilled: [{ pid: root.who.pid, name: 'sleep', reason: 'EPERM', state: expect.any(String) }],
    });
  });

  it('names a process still running after SIGKILL', async () => {
    const root = sleeper();
    const report = await new TreeTracker({ root: root.entry, marker: 'x', sendKill: () => {} }).sweep();
    expect(report.unkilled).toEqual([
      { pid: root.who.pid, name: 'sleep', reason: 'still_running', state: expect.any(String) },
    ]);
  });
});
