import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreError } from '../domain/errors.ts';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
const LAUNCH_TIMEOUT_MS = 20_000;

/** The flags every launch uses: headless, no sandbox (containers), nothing that talks to the network by itself. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--remote-debugging-address=127.0.0.1',
  '--remote-debugging-port=0',
];

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  return fromEnv ? fromEnv : DEFAULT_CHROMIUM_PATH;
}

/** A running Chromium with a fresh profile; `close` kills its process group and removes the profile. */
export class ChromiumProcess {
  private exited = false;
  private readonly killOnExit = () => this.kill();

  private constructor(
    private readonly child: ChildProcess,
    readonly browserWsUrl: string,
    readonly profileDir: string,
    readonly executable: string,
  ) {
    child.once('exit', () => {
      this.exited = true;
    });
    // If the server dies without closing us, Chromium must not outlive it.
    process.once('exit', this.killOnExit);
  }

  static async launch(executable = chromiumPath()): Promise<ChromiumProcess> {
    if (!existsSync(executable)) {
      throw new CoreError('BROWSER_START_FAILED', `Chromium was not found at ${executable}`, {
        detail: 'install Debian\'s "chromium" package or set CHROMIUM_PATH',
      });
    }
    const profileDir = await mkdtemp(join(tmpdir(), 'fuseforks-chromium-'));
    const child = spawn(executable, [...CHROMIUM_FLAGS, `--user-data-dir=${profileDir}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    try {
      const url = await devToolsUrl(child);
      return new ChromiumProcess(child, url, profileDir, executable);
    } catch (error) {
      killGroup(child);
      await rm(profileDir, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return !this.exited;
  }

  /** `http://127.0.0.1:<port>` of the DevTools endpoint. */
  get httpBase(): string {
    const url = new URL(this.browserWsUrl);
    return `http://${url.host}`;
  }

  onExit(listener: () => void): void {
    if (this.exited) listener();
    else this.child.once('exit', listener);
  }

  async close(): Promise<void> {
    process.off('exit', this.killOnExit);
    if (!this.exited) {
      const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.kill();
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    }
    // A Chromium that died alone (a crash, a SIGKILL to its pid) leaves its helpers (zygote,
    // renderers) in its process group: they would live on and keep writing into the profile
    // folder while it is removed (seen as a folder still there seconds later).
    killGroup(this.child);
    await rm(this.profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(
      () => undefined,
    );
  }

  private kill(): void {
    if (!this.exited) killGroup(this.child);
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Reads `DevTools listening on ws://…` from stderr; the rest of stderr is drained and dropped. */
function devToolsUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const done = (error: CoreError | null, url?: string) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.off('error', onError);
      if (error) reject(error);
      else resolve(url!);
    };
    const onData = (chunk: Buffer) => {
      if (seen.length < 64 * 1024) seen += chunk.toString('utf8');
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match) {
        seen = '';
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        done(null, match[1]);
      }
    };
    const onExit = (code: number | null) =>
      done(
        new CoreError('BROWSER_START_FAILED', `Chromium exited during start (code ${String(code)})`, {
          detail: lastLine(seen),
        }),
      );
    const onError = (error: Error) =>
      done(new CoreError('BROWSER_START_FAILED', `Chromium could not be started (${error.name})`));
    const timer = setTimeout(
      () =>
        done(
          new CoreError(
            'BROWSER_START_FAILED',
            `Chromium did not open DevTools within ${LAUNCH_TIMEOUT_MS} ms`,
          ),
        ),
      LAUNCH_TIMEOUT_MS,
    );
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

function lastLine(text: string): string | null {
  const lines = text.trim().split('\n');
  return lines.at(-1)?.slice(0, 300) ?? null;
}
