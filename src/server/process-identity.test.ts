import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { identityOf, livenessOf, startTimeOf } from './process-identity.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A live child process (not this one): its pid names it until the test ends. */
function liveChild(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const here = identityOf(process.pid);

describe('the same machine', () => {
  it.skipIf(here.machineId === null)(
    'is decided by the machine id: a renamed host is still this one',
    async () => {
      const renamed = { ...identityOf(await deadPid()), host: `old-name-of-${hostname()}` };
      expect(livenessOf(renamed)).toBe('dead');
      expect(livenessOf({ ...identityOf(process.pid), host: `old-name-of-${hostname()}` })).toBe('alive');
    },
  );

  it('another machine id is another machine, whatever its hostname', () => {
    expect(livenessOf({ ...identityOf(process.pid), machineId: 'another-machine' })).toBe('elsewhere');
  });

  it('without a machine id on either side, the hostname decides (a lock written before ids were kept)', () => {
    const old = { ...identityOf(process.pid), machineId: null };
    expect(livenessOf(old)).toBe('alive');
    expect(livenessOf({ ...old, host: `not-${hostname()}` })).toBe('elsewhere');
  });

  it.skipIf(here.pidNamespace === null)(
    'a pid of another pid namespace (a container) cannot be asked',
    () => {
      expect(livenessOf({ ...identityOf(process.pid), pidNamespace: 'pid:[1]' })).toBe('elsewhere');
    },
  );
});

describe.skipIf(startTimeOf(process.pid) === null)('a reused pid without /proc start ticks', () => {
  it('is told apart by the start time ps reports', () => {
    const pid = liveChild();
    // As recorded where there are no start ticks (macOS): only the ps start time.
    const recorded = { ...identityOf(pid), startTicks: null, startTime: startTimeOf(pid) };
    expect(recorded.startTime).toMatch(/\d{4}$/);
    expect(livenessOf(recorded)).toBe('alive');
    expect(livenessOf({ ...recorded, startTime: 'Thu Jan 1 00:00:00 1970' })).toBe('dead');
  });

  it('does not depend on the zone or locale of the person running it', () => {
    const pid = liveChild();
    const before = startTimeOf(pid);
    const { TZ, LC_ALL } = process.env;
    try {
      process.env.TZ = 'Asia/Tokyo';
      process.env.LC_ALL = 'ja_JP.UTF-8';
      expect(startTimeOf(pid)).toBe(before);
    } finally {
      process.env.TZ = TZ;
      process.env.LC_ALL = LC_ALL;
      if (TZ === undefined) delete process.env.TZ;
      if (LC_ALL === undefined) delete process.env.LC_ALL;
    }
  });
});
