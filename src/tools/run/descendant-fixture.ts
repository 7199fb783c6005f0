/**
 * Shared by the tests that start real descendants: shell scripts that escape the process group
 * (`setsid`, a double fork), reading who they are from /proc independently of the code under test,
 * and a cleanup that kills whatever a failing test left behind.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach } from 'vitest';

export interface Identity {
  pid: number;
  startTime: number;
}

/** Field 22 of /proc/<pid>/stat, parsed here on its own so the tests do not trust proc-table.ts. */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

export function identityOf(pid: number): Identity {
  const fields = statFields(pid);
  if (fields === null) throw new Error(`pid ${pid} is not running`);
  return { pid, startTime: Number(fields[19]) };
}

export function parentOf(pid: number): number {
  return Number(statFields(pid)?.[1]);
}

/** Alive: present with the same start time and neither a zombie nor dead. */
export function isAlive(who: Identity): boolean {
  const fields = statFields(who.pid);
  return fields !== null && Number(fields[19]) === who.startTime && fields[0] !== 'Z' && fields[0] !== 'X';
}

export function environOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
}

const strays: Identity[] = [];

/** Kills, after each test of the file, every process the test registered that is still alive. */
export function killStraysAfterEach(): void {
  afterEach(() => {
    for (const who of strays.splice(0)) {
      if (isAlive(who)) process.kill(who.pid, 'SIGKILL');
    }
  });
}

/** The process's identity, registered for the cleanup after the test. */
export function registerStray(pid: number): Identity {
  const who = identityOf(pid);
  strays.push(who);
  return who;
}

/**
 * Waits for a pid file (written whole by `mv`), registers the process for cleanup, and then writes
 * `<path>.seen`, which WAIT_UNTIL_SEEN waits for: the command cannot end (and have its daemon killed)
 * before the test knows who the daemon is.
 */
export async function waitForPid(path: string): Promise<Identity> {
  for (let i = 0; i < 400; i += 1) {
    if (existsSync(path)) {
      const who = registerStray(Number(readFileSync(path, 'utf8')));
      writeFileSync(`${path}.seen`, '');
      return who;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} never appeared`);
}

/** True once the process is dead; false if it is still alive after many checks. */
export async function dies(who: Identity): Promise<boolean> {
  for (let i = 0; i < 200; i += 1) {
    if (!isAlive(who)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

/**
 * Shell snippets for `sh -c SCRIPT sh PIDFILE`. The daemon writes its own pid to "$1" (via a temp file
 * and mv, so a reader never sees half of it), then becomes `sleep 300` under the same pid.
 */
const DAEMON_BODY = `echo $$ > "$1.tmp" && mv "$1.tmp" "$1"; exec sleep 300`;
/** A new session: it leaves the process group the command leads. */
export const SETSID_DAEMON = `setsid sh -c '${DAEMON_BODY}' daemon "$1"`;
/** Daemonizing double fork: the subshell exits at once, so the daemon is reparented away from us. */
export const DOUBLE_FORK_DAEMON = `( ${SETSID_DAEMON} </dev/null >/dev/null 2>&1 & )`;
/** Also without the environment it inherited (so without the run's marker). */
export const BARE_SETSID_DAEMON = `env -i PATH="$PATH" ${SETSID_DAEMON}`;
/** The command's part: wait until the test has read the daemon's pid (see waitForPid). */
export const WAIT_UNTIL_SEEN = `while [ ! -e "$1.seen" ]; do sleep 0.02; done`;

export function shCall(script: string, pidFile: string): { command: string; args: string[] } {
  return { command: 'sh', args: ['-c', script, 'sh', pidFile] };
}
