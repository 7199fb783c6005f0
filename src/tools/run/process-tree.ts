/**
 * Runs one program without a shell and without stdin, and kills the whole process tree on timeout
 * and on interruption (ledger part 5 §5). The child leads its own process group on POSIX, so
 * `kill(-pid)` reaches the grandchildren a plain kill would leave behind; on Windows `taskkill /T /F`
 * does the same. stdout and stderr are drained separately while the child runs; after the child has
 * exited (or been killed) the pipes get only a short grace, so a grandchild holding them open never
 * keeps the call waiting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { HostInfo } from './host.ts';

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

export function runProcessTree(request: RunRequest): Promise<RunCapture> {
  const started = Date.now();
  const stdout = new Collector(request.keepBytes.stdout);
  const stderr = new Collector(request.keepBytes.stderr);
  const result = (ending: RunEnding): RunCapture => ({
    ending,
    stdout: stdout.capture(),
    stderr: stderr.capture(),
    elapsedMs: Date.now() - started,
  });
  if (request.signal.aborted) return Promise.resolve(result({ kind: 'interrupted' }));

  return new Promise<RunCapture>((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(request.file, [...request.args], {
        cwd: request.cwd,
        env: request.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        // Its own process group on POSIX; on Windows `detached` would open a console instead.
        detached: request.host.platform !== 'win32',
        windowsHide: true,
      });
    } catch (error) {
      resolve(result({ kind: 'spawn_failed', code: errorCode(error) }));
      return;
    }

    let killedFor: 'timeout' | 'interrupted' | null = null;
    let done = false;
    const kill = (why: 'timeout' | 'interrupted'): void => {
      if (killedFor !== null || done) return;
      killedFor = why;
      if (child.pid !== undefined) killTree(child.pid, request.host);
    };
    const onAbort = (): void => kill('interrupted');
    const timer = setTimeout(() => kill('timeout'), request.timeoutMs);
    request.signal.addEventListener('abort', onAbort, { once: true });

    const finish = (ending: RunEnding): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      // Nothing the command started may outlive the call: a background grandchild would run with no
      // time limit and no interrupt. The group outlives its leader while any member is alive.
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
    child.on('error', (error) => finish({ kind: 'spawn_failed', code: errorCode(error) }));
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
      const cutoff = setTimeout(() => finish(ending), grace);
      child.once('close', () => {
        clearTimeout(cutoff);
        finish(ending);
      });
    });
  });
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'UNKNOWN';
}
