/**
 * The shared walker of the process table, over a table of the test's own making: one walk serves every
 * watcher, callers asking during a walk share the next, a walk yields to the event loop between
 * chunks, and an environment is read once per process.
 */
import { describe, expect, it } from 'vitest';
import { FakeProcTable } from './fake-proc-table.ts';
import type { ProcSnapshot } from './proc-snapshot.ts';
import { ProcScanner, type ScanWatcher } from './proc-scanner.ts';

function tableOf(count: number): FakeProcTable {
  const table = new FakeProcTable();
  for (let pid = 100; pid < 100 + count; pid += 1) table.add({ pid, startTime: pid });
  return table;
}

function recorder(since = Infinity): ScanWatcher & { seqs: number[] } {
  const seqs: number[] = [];
  return { since, seqs, onSnapshot: (snapshot: ProcSnapshot) => void seqs.push(snapshot.seq) };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('ProcScanner', () => {
  it('walks once per tick for every watcher', async () => {
    const table = tableOf(10);
    const scanner = new ProcScanner(table, 3);
    const first = recorder();
    const second = recorder();
    scanner.watch(first);
    scanner.watch(second);
    await until(() => first.seqs.length >= 3);
    scanner.unwatch(first);
    scanner.unwatch(second);
    expect(second.seqs).toEqual(first.seqs);
    expect(table.listings).toBe(first.seqs.length);
  });

  it('gives every caller that asks during a walk the same next walk', async () => {
    const table = tableOf(10);
    const scanner = new ProcScanner(table, 1);
    const running = scanner.fresh(0);
    const asked = [scanner.fresh(0), scanner.fresh(0), scanner.fresh(0)];
    const [current, ...next] = await Promise.all([running, ...asked]);
    expect(new Set(next.map((s) => s!.seq))).toEqual(new Set([current!.seq + 1]));
    expect(table.listings).toBe(2);
  });

  it('lets the event loop run between chunks of a walk', async () => {
    const table = tableOf(20);
    const scanner = new ProcScanner(table, 4);
    let readsWhenLoopRan = -1;
    setImmediate(() => (readsWhenLoopRan = table.statReads));
    await scanner.fresh(0);
    expect(readsWhenLoopRan).toBeGreaterThan(0);
    expect(readsWhenLoopRan).toBeLessThan(20);
  });

  it('reads an environment once per process, again for a reused pid, never for one older than asked', async () => {
    const table = tableOf(5);
    const scanner = new ProcScanner(table, 2);
    for (let walk = 0; walk < 3; walk += 1) await scanner.fresh(102);
    expect([100, 101, 102, 103, 104].map((pid) => table.readsOf(pid))).toEqual([0, 0, 1, 1, 1]);
    table.add({ pid: 103, startTime: 500 });
    await scanner.fresh(102);
    expect(table.readsOf(103)).toBe(2);
  });
});
