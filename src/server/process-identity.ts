/**
 * Tells whether a process id recorded earlier still names the same process: a pid alone is reused
 * after the process dies (and after a reboot). On Linux a process is identified by the boot it runs
 * in and its start time in clock ticks since that boot; elsewhere only liveness can be asked.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  pid: number;
  host: string;
  /** Linux only; null elsewhere. */
  bootId: string | null;
  startTicks: string | null;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/{pid}/stat; the command name (field 2) may hold spaces and parentheses. */
function startTicksOf(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

export function identityOf(pid: number): ProcessIdentity {
  return {
    pid,
    host: hostname(),
    bootId: readOrNull('/proc/sys/kernel/random/boot_id')?.trim() ?? null,
    startTicks: startTicksOf(pid),
  };
}

export type Liveness = 'alive' | 'dead' | 'elsewhere';

/** `elsewhere`: recorded on another machine (a synced or network folder), so it cannot be asked. */
export function livenessOf(recorded: ProcessIdentity): Liveness {
  const here = identityOf(recorded.pid);
  if (recorded.host !== here.host) return 'elsewhere';
  try {
    process.kill(recorded.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'dead';
  }
  if (recorded.bootId !== null && here.bootId !== null && recorded.bootId !== here.bootId) return 'dead';
  if (recorded.startTicks !== null && here.startTicks !== null && recorded.startTicks !== here.startTicks) {
    return 'dead';
  }
  return 'alive';
}
