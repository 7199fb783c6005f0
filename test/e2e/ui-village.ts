/**
 * The village and the browser of the end-to-end tests, without the test runner: `fuseforks serve` as a
 * child process on a temp workspace, and Debian's Chromium driven by playwright-core. The tests take it
 * through ui-harness.ts (which adds the runner's timeouts and failure screenshots); the UI bench
 * (bench/attachments-ui.ts) takes it from here, where importing vitest would fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOTS = join(REPO, 'test-artifacts', 'screenshots');

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found)
    throw new Error(
      'Chromium not found: install Debian’s chromium (apt-get install -y chromium) or set CHROMIUM_PATH',
    );
  return found;
}

export interface UiVillage {
  url: string;
  token: string;
  root: string;
  workspace: string;
  home: string;
  /** `POST /api/<command>` with the village's token (for setup and checks a person would not see). */
  api<T = unknown>(command: string, args?: Record<string, unknown>): Promise<T>;
  /** Stops the server, keeping its files (the page stays open and loses its socket). */
  pause(): Promise<void>;
  /** Starts the server again on the same port, workspace and home (so the same token). */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export interface UiVillageOptions {
  /** Fixes the first-run language (through the OS locale the server reads). */
  language?: 'ja' | 'en';
  /** Runs on the empty workspace folder before the server first starts (e.g. to break world.json). */
  prepare?: (workspace: string) => Promise<void> | void;
  /** Wait until the village is open (default true; false for a village expected to fail). */
  waitReady?: boolean;
  /** Extra environment for the server process (e.g. NODE_EXTRA_CA_CERTS for a test-only CA). */
  env?: Record<string, string>;
}

interface Served {
  child: ChildProcess;
  url: string;
}

async function serve(
  workspace: string,
  home: string,
  port: number,
  language: 'ja' | 'en',
  extraEnv: Record<string, string> = {},
): Promise<Served> {
  const locale = language === 'ja' ? 'ja_JP.UTF-8' : 'en_US.UTF-8';
  const env = {
    ...process.env,
    ...extraEnv,
    LANG: locale,
    LC_ALL: locale,
    FUSEFORKS_PORT: '',
    FUSEFORKS_HOME: '',
    FUSEFORKS_WORKSPACE: '',
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(REPO, 'bin', 'fuseforks.mjs'),
      'serve',
      '--workspace',
      workspace,
      '--home',
      home,
      '--port',
      String(port),
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fuseforks serve did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /UI:\s+(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fuseforks serve exited (${code}):\n${output}`));
    });
  });
  return { child, url };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Starts `fuseforks serve --port 0` in a new temp workspace. */
export async function startUiVillage(options: UiVillageOptions | 'ja' | 'en' = {}): Promise<UiVillage> {
  const opts = typeof options === 'string' ? { language: options } : options;
  const language = opts.language ?? 'ja';
  const root = await mkdtemp(join(tmpdir(), 'fuseforks-e2e-'));
  const workspace = join(root, 'workspace');
  const home = join(root, 'home');
  mkdirSync(workspace, { recursive: true });
  await opts.prepare?.(workspace);
  let served = await serve(workspace, home, 0, language, opts.env);
  const parsed = new URL(served.url);
  const token = parsed.searchParams.get('token')!;
  const base = parsed.origin;
  const port = Number(parsed.port);
  const api = async <T>(command: string, args: Record<string, unknown> = {}): Promise<T> => {
    const response = await fetch(`${base}/api/${command}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = (await response.json()) as T;
    if (!response.ok) throw new Error(`${command}: ${JSON.stringify(body)}`);
    return body;
  };
  const waitReady = async () => {
    // The page shows a splash while the village opens; API setup calls need it open.
    for (let i = 0; ; i++) {
      const status = await api<{ ready: boolean; error: unknown }>('boot_status');
      if (status.ready) return;
      if (status.error || i > 300)
        throw new Error(`the village did not open: ${JSON.stringify(status.error)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  if (opts.waitReady !== false) await waitReady();
  return {
    url: served.url,
    token,
    root,
    workspace,
    home,
    api,
    pause: () => stopChild(served.child),
    resume: async () => {
      served = await serve(workspace, home, port, language, opts.env);
      await waitReady();
    },
    stop: async () => {
      await stopChild(served.child);
      await rm(root, { recursive: true, force: true });
    },
  };
}

let browser: Browser | null = null;

/** One Chromium per test file, a fresh profile each time. */
export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}

export interface UiSession {
  context: BrowserContext;
  page: Page;
  /** Browser console errors and page errors seen so far (a test may assert there are none). */
  errors: string[];
}

/** A page on the village's UI; `locale` is the browser's language (the village's own may differ). */
export async function openUi(
  village: UiVillage,
  { viewport = { width: 1440, height: 900 }, locale = 'ja-JP' } = {},
): Promise<UiSession> {
  const b = await launchBrowser();
  const context = await b.newContext({ viewport, locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.goto(village.url);
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** A model template on a fake provider's base URL (OpenAI-compatible unless `extra` says otherwise). */
export async function fakeTemplate(
  village: UiVillage,
  baseUrl: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { id } = await village.api<{ id: string }>('upsert_template', {
    template: {
      name: 'Fake',
      baseUrl,
      model: 'fake-1',
      provider: 'open_ai_compat',
      credential: 'not_required',
      ...extra,
    },
  });
  return id;
}

/** Polls `read` until `ok` holds (about 10 s), returning that value; the last value is in the error. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await read())}`);
}
