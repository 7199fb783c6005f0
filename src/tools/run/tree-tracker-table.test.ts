/**
 * The tree tracker's rules over a process table of the test's own making (fake-proc-table.ts): which
 * environments it reads (none of a process older than the root, each other one once), and that the
 * root's session and group stop counting once the root is reaped and its pid may name a stranger.
 */
import { describe, expect, it } from 'vitest';
import { FakeProcTable } from './fake-proc-table.ts';
import { ProcScanner } from './proc-scanner.ts';
import { RUN_MARKER_NAME } from './run-marker.ts';
import { TreeTracker } from './tree-tracker.ts';

const MARKER = 'marker-of-this-run';
const MARKED = `PATH=/bin\0${RUN_MARKER_NAME}=${MARKER}\0`;
const ROOT = { pid: 500, startTime: 1_000, name: 'sh' };

function setup(): { table: FakeProcTable; tracker: TreeTracker; scanner: ProcScanner } {
  const table = new FakeProcTable();
  const root = table.add(ROOT, MARKED);
  // A small chunk, so that walks yield between reads as they do over a large /proc.
  const scanner = new ProcScanner(table, 2);
  return {
    table,
    scanner,
    tracker: new TreeTracker({ root, marker: MARKER, scanner, sendKill: table.sendKill }),
  };
}

const killedPids = (report: { killed: { pid: number }[] }): number[] =>
  report.killed.map((p) => p.pid).sort((a, b) => a - b);

describe('TreeTracker over an injected table: environments', () => {
  it('never reads the environment of a process older than the root, even one holding the marker', async () => {
    const { table, tracker } = setup();
    // Impossible on a real machine (the marker is new with the run), which is the point: were the
    // environment read, the process would be adopted and killed.
    for (let pid = 100; pid < 150; pid += 1) table.add({ pid, startTime: 10 + pid }, MARKED);
    const marked = table.add({ pid: 600, startTime: 1_001 }, MARKED);
    await tracker.strikeNow();
    await tracker.strikeNow();
    const report = await tracker.sweep();
    for (let pid = 100; pid < 150; pid += 1) expect(table.readsOf(pid)).toBe(0);
    expect(killedPids(report)).toEqual([ROOT.pid, marked.pid]);
    expect(table.has(120)).toBe(true);
  });

  it('reads a newer process without the marker once, however many walks follow', async () => {
    const { table, tracker } = setup();
    const stranger = table.add({ pid: 700, startTime: 1_500 }, 'PATH=/bin\0HOME=/home/x\0');
    // Something to kill that outlives a few rounds: each strike removes it, so add it again (a new start).
    for (let round = 0; round < 4; round += 1) {
      table.add({ pid: 701, startTime: 1_600 + round, ppid: ROOT.pid });
      await tracker.strikeNow();
    }
    await tracker.sweep();
    expect(table.listings).toBeGreaterThanOrEqual(5);
    expect(table.readsOf(stranger.pid)).toBe(1);
    expect(table.has(stranger.pid)).toBe(true);
  });

  it('reads again an environment it could not read, and adopts the process once it shows the marker', async () => {
    const { table, tracker } = setup();
    table.add({ pid: 800, startTime: 1_100 }, MARKED);
    table.refuseEnviron(800);
    table.add({ pid: 801, startTime: 1_100 }, '');
    await tracker.strikeNow();
    expect(table.has(800)).toBe(true);
    table.setEnviron(800, MARKED);
    table.setEnviron(801, MARKED);
    const report = await tracker.sweep();
    expect(table.readsOf(800)).toBeGreaterThanOrEqual(2);
    expect(killedPids(report)).toEqual([ROOT.pid, 800, 801]);
  });
});

describe('TreeTracker over an injected table: the root session and group', () => {
  it('adopts a process in the root session while the root lives, and signals the group', async () => {
    const { table, tracker } = setup();
    table.add({ pid: 501, startTime: 1_001, session: ROOT.pid, pgrp: 501 });
    const report = await tracker.sweep();
    expect(killedPids(report)).toEqual([ROOT.pid, 501]);
    expect(table.kills).toContain(-ROOT.pid);
  });

  it('after the root is reaped, neither adopts a stranger left in a session with its pid nor kills the group', async () => {
    const { table, scanner, tracker } = setup();
    // Seen while the root lives: in its session and group, without the marker, under init.
    table.add({ pid: 501, startTime: 1_001, session: ROOT.pid, pgrp: ROOT.pid }, 'PATH=/bin');
    tracker.watch();
    await scanner.fresh(0);
    // The root exits and is reaped; its pid goes to a stranger that runs setsid, forks and exits.
    table.remove(ROOT.pid);
    table.add({ pid: ROOT.pid, startTime: 2_000, name: 'stranger' });
    table.add({ pid: 502, startTime: 2_001, session: ROOT.pid, pgrp: ROOT.pid, name: 'leftover' });
    table.remove(ROOT.pid);
    const report = await tracker.sweep();
    expect(killedPids(report)).toEqual([501]);
    expect(table.has(502)).toBe(true);
    expect(table.kills).not.toContain(-ROOT.pid);
    expect(table.kills).not.toContain(502);
  });

  it('treats a root pid that names no process as reaped', async () => {
    const { table, tracker } = setup();
    table.remove(ROOT.pid);
    table.add({ pid: 503, startTime: 1_200, session: ROOT.pid, pgrp: ROOT.pid });
    expect(await tracker.sweep()).toEqual({ killed: [], unkilled: [] });
    expect(table.has(503)).toBe(true);
    expect(table.kills).toEqual([]);
  });

  it('never adopts through the session a process older than the root', async () => {
    const { table, tracker } = setup();
    table.add({ pid: 400, startTime: 999, session: ROOT.pid, pgrp: ROOT.pid });
    const report = await tracker.sweep();
    expect(killedPids(report)).toEqual([ROOT.pid]);
    expect(table.kills).not.toContain(400);
  });
});
