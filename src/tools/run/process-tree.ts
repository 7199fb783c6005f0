/**
 * Runs one program without a shell and without stdin, and kills the whole process tree on timeout,
 * on interruption and when the program ends (ledger part 5 §5). The child leads its own session and
 * process group on POSIX, so `kill(-pid)` reaches the grandchildren a plain kill would leave behind; on
 * Linux the tree tracker also finds the descendants that left the group (`setsid`, double forks) and
 * reports each process it killed and each it could not; on Windows `taskkill /T /F` kills the tree.
 * stdout and stderr are drained separately while the child runs; after the child has exited (or been
 * killed) the pipes get only a short grace, so a grandchild holding them open never keeps the call
 * waiting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { HostInfo } from './host.ts';
import { RUN_MARKER_NAME } from './run-marker.ts';
import { TreeTracker, type TreeReport } from './tree-tracker.ts';

export type RunEnding =
  | { kind: 'exited'; code: number }
  | { kind: 'signal'; signal: string }
  | { kind: 'timeout' }
  | { kind: 'interrupted' }
  | { kind: 'spawn_failed'; code: string };

export interface StreamCapture {
  /** The first bytes, at most the capture limit. */
  head: Buffer;
  totalBytes: number;
}

export interface RunCapture {
  ending: RunEnding;
  stdout: StreamCapture;
  stderr: StreamCapture;
  elapsedMs: number;
  /** What the tree kill killed and could not (Linux); null where only the group or tree kill ran. */
  tree: TreeReport | null;
}

export interface RunRequest {
  file: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  /** Bytes kept from the start of each stream; the rest is counted, not kept. */
  keepBytes: { stdout: number; stderr: number };
  host: HostInfo;
}

/** How long the pipes may stay open after the child is gone: enough to read what is buffered. */
export const PIPE_GRACE_AFTER_EXIT_MS = 1_000;
export const PIPE_GRACE_AFTER_KILL_MS = 200;

class Collector {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  total = 0;
  constructor(private readonly limit: number) {}
  push = (chunk: Buffer): void => {
    this.total += chunk.length;
    if (this.kept >= this.limit) return;
    const part = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(part);
    this.kept += part.length;
  };
  capture(): StreamCapture {
    return { head: Buffer.concat(this.chunks), totalBytes: this.total };
  }
}

/** Kills the process group (POSIX) or the process tree (Windows). Never throws. */
export function killTree(pid: number, host: HostInfo): void {
  if (host.platform === 'win32') {
    const systemRoot = process.env.SYSTEMROOT ?? 'C:\\Windows';
    try {
      const killer = spawn(join(systemRoot, 'System32', 'taskkill.exe'), ['/pid', String(pid), '/T', '/F'], {
        stdio: 'ignore',
        windowsHide: true,
      });
      killer.on('error', () => killSingle(pid));
    } catch {
      killSingle(pid);
    }
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    killSingle(pid);
  }
}

function killSingle(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Linux only: the marker every descendant inherits, and the tracker that follows the tree. The marker
 * goes past the ledger's environment list (part 5 §5) on purpose (issue 17): it is what finds a
 * double-forked daemon, and it carries nothing of the parent's.
 */
function startTracking(request: RunRequest): { marker: string | null; env: Record<string, string> } {
  if (request.host.platform !== 'linux') return { marker: null, env: request.env };
  const marker = randomBytes(12).toString('hex');
  return { marker, env: { ...request.env, [RUN_MARKER_NAME]: marker } };
}

export function runProcessTree(request: RunRequest): Promise<RunCapture> {
  const started = Date.now();
  const stdout = new Collector(request.keepBytes.stdout);
  const stderr = new Collector(request.keepBytes.stderr);
  const result = (ending: RunEnding, tree: TreeReport | null = null): RunCapture => ({
    ending,
    stdout: stdout.capture(),
    stderr: stderr.capture(),
    elapsedMs: Date.now() - started,
    tree,
  });
  if (request.signal.aborted) return Promise.resolve(result({ kind: 'interrupted' }));

  return new Promise<RunCapture>((resolve) => {
    const { marker, env } = startTracking(request);
    let child: ChildProcess;
    try {
      child = spawn(request.file, [...request.args], {
        cwd: request.cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        // Its own session and process group on POSIX; on Windows `detached` would open a console instead.
        detached: request.host.platform !== 'win32',
        windowsHide: true,
      });
    } catch (error) {
      resolve(result({ kind: 'spawn_failed', code: errorCode(error) }));
      return;
    }
    // Read at once: spawn returns after exec, and the child cannot be reaped before this line ends.
    const tracker =
      marker !== null && child.pid !== undefined ? TreeTracker.forChild(child.pid, marker) : null;
    tracker?.watch();

    let killedFor: 'timeout' | 'interrupted' | null = null;
    let done = false;
    const kill = (why: 'timeout' | 'interrupted'): void => {
      if (killedFor !== null || done) return;
      killedFor = why;
      // After a fresh walk of /proc (a few milliseconds, never blocking the server for long).
      if (tracker !== null) void tracker.strikeNow();
      else if (child.pid !== undefined) killTree(child.pid, request.host);
    };
    const onAbort = (): void => kill('interrupted');
    const timer = setTimeout(() => kill('timeout'), request.timeoutMs);
    request.signal.addEventListener('abort', onAbort, { once: true });

    const finish = async (ending: RunEnding): Promise<void> => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      // Nothing the command started may outlive the call: a background descendant would run with no
      // time limit and no interrupt. This holds when the command ended by itself too (issue 17).
      if (tracker !== null) {
        resolve(result(ending, await tracker.sweep()));
        return;
      }
      // Elsewhere the process group, which outlives its leader while any member is alive.
      if (request.host.platform !== 'win32' && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is already empty.
        }
      }
      resolve(result(ending));
    };

    child.stdout?.on('data', stdout.push);
    child.stderr?.on('data', stderr.push);
    child.on('error', (error) => void finish({ kind: 'spawn_failed', code: errorCode(error) }));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      const ending: RunEnding =
        killedFor !== null
          ? { kind: killedFor }
          : code !== null
            ? { kind: 'exited', code }
            : { kind: 'signal', signal: signal ?? 'unknown' };
      // 'close' comes once every pipe is closed; a grandchild may hold one open, so do not wait long.
      const grace = killedFor !== null ? PIPE_GRACE_AFTER_KILL_MS : PIPE_GRACE_AFTER_EXIT_MS;
      const cutoff = setTimeout(() => void finish(ending), grace);
      child.once('close', () => {
        clearTimeout(cutoff);
        void finish(ending);
      });
    });
  });
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'UNKNOWN';
}
