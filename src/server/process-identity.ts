/**
 * Tells whether a process id recorded earlier still names the same process: a pid alone is reused
 * after the process dies (and after a reboot). On Linux a process is identified by the boot it runs
 * in and its start time in clock ticks since that boot; elsewhere by the start time `ps` reports.
 *
 * "Same machine" is decided by the machine's id (/etc/machine-id, macOS IOPlatformUUID), not by its
 * name: hostnames change (DHCP, macOS renaming itself on a network), and a lock written under the old
 * name would never be taken over. The hostname is kept for the message only, and decides only when no
 * machine id can be read (then a renamed machine counts as another, as before). On Linux a process in
 * another pid namespace (a container on this machine) cannot be asked either: it counts as elsewhere.
 * Two machines cloned with one machine id (a copied VM image that was not reset) count as one, as they
 * do for systemd and D-Bus.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  pid: number;
  /** For the message only (it may change while the machine stays the same). */
  host: string;
  /** The machine's id; null when none can be read. */
  machineId: string | null;
  /** Linux only; null elsewhere. */
  bootId: string | null;
  /** Linux only: the pid namespace the pid belongs to. */
  pidNamespace: string | null;
  /** Linux only: the start time in clock ticks since boot. */
  startTicks: string | null;
  /** Elsewhere: the start time `ps -o lstart=` reports, in UTC (a second's resolution). */
  startTime: string | null;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function runOrNull(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      timeout: 5_000,
      stdio: ['ignore', 'pipe', 'ignore'],
      // One format whatever the person's locale and zone: the text is compared, not read.
      env: { ...process.env, LC_ALL: 'C', TZ: 'UTC' },
    });
  } catch {
    return null;
  }
}

function machineIdNow(): string | null {
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    const id = readOrNull(path)?.trim();
    if (id) return id;
  }
  if (process.platform === 'darwin') {
    const out = runOrNull('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice']);
    const uuid = out === null ? null : /"IOPlatformUUID"\s*=\s*"([^"]+)"/.exec(out)?.[1];
    if (uuid) return uuid;
  }
  return null;
}

let machineIdCache: string | null | undefined;

/** The machine's id, read once per process (it does not change while the machine runs). */
function machineId(): string | null {
  if (machineIdCache === undefined) machineIdCache = machineIdNow();
  return machineIdCache;
}

/** Field 22 of /proc/{pid}/stat; the command name (field 2) may hold spaces and parentheses. */
function startTicksOf(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

/** When `pid` started, as `ps` says (where there is no /proc); null when ps cannot tell. */
export function startTimeOf(pid: number): string | null {
  const out = runOrNull('ps', ['-o', 'lstart=', '-p', String(pid)]);
  const text = out?.trim().replace(/\s+/g, ' ');
  return text ? text : null;
}

function pidNamespaceOf(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return null;
  }
}

export function identityOf(pid: number): ProcessIdentity {
  const startTicks = startTicksOf(pid);
  return {
    pid,
    host: hostname(),
    machineId: machineId(),
    bootId: readOrNull('/proc/sys/kernel/random/boot_id')?.trim() ?? null,
    // Ours: the namespace this process sees pids in (the recorded pid was seen in it too).
    pidNamespace: pidNamespaceOf(process.pid),
    startTicks,
    startTime: startTicks === null ? startTimeOf(pid) : null,
  };
}

export type Liveness = 'alive' | 'dead' | 'elsewhere';

function sameMachine(recorded: ProcessIdentity, here: ProcessIdentity): boolean {
  if (recorded.machineId !== null && here.machineId !== null) return recorded.machineId === here.machineId;
  return recorded.host === here.host;
}

const differ = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;

/**
 * `elsewhere`: recorded on another machine (a synced or network folder), or in another container of
 * this one, so it cannot be asked.
 */
export function livenessOf(recorded: ProcessIdentity): Liveness {
  const here = identityOf(recorded.pid);
  if (!sameMachine(recorded, here)) return 'elsewhere';
  // That boot is over: nothing of it runs any more.
  if (differ(recorded.bootId, here.bootId)) return 'dead';
  if (differ(recorded.pidNamespace, here.pidNamespace)) return 'elsewhere';
  try {
    process.kill(recorded.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'dead';
  }
  if (differ(recorded.startTicks, here.startTicks)) return 'dead';
  // Without /proc a reused pid is told apart by its start time; asked only when one was recorded.
  if (
    recorded.startTime !== null &&
    differ(recorded.startTime, here.startTime ?? startTimeOf(recorded.pid))
  ) {
    return 'dead';
  }
  return 'alive';
}
