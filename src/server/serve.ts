import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import { FileDiagLog, type DiagLog } from '../diag/log.ts';
import { EventBus } from '../domain/events.ts';
import type { Language } from '../domain/enums.ts';
import type { ModelTemplate } from '../domain/template.ts';
import type { LlmBackend } from '../llm/backend.ts';
import { chooseSecretStore } from '../secrets/choose-secret-store.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { APP_VERSION, appProfile, appRun } from '../version.ts';
import { DIR_MODE } from '../world/fs-util.ts';
import { VillagePaths } from '../world/paths.ts';
import { sweepLeftoverTemps } from '../world/temp-sweep.ts';
import { BrowserService } from '../browser/service.ts';
import { BrowserSettingsStore } from '../browser/settings.ts';
import { ensureApiToken } from './api-token.ts';
import { createApp } from './app.ts';
import { Boot } from './boot.ts';
import { COMMANDS } from './commands/index.ts';
import { attachEventsSocket } from './events-socket.ts';
import { acquireWorkspaceLock, type WorkspaceLock } from './workspace-lock.ts';

import { DEFAULT_PORT } from './default-port.ts';
import { createHttpServer } from './http-server.ts';

export { DEFAULT_PORT };

export interface ServeOptions {
  workspace: string;
  home: string;
  port?: number;
  host?: string;
  /** Echo log lines to stderr (the CLI does; tests usually do not). */
  stderr?: boolean;
  /** Overrides for tests. */
  secrets?: SecretStore;
  detectLanguage?: () => Language;
  backendFor?: (template: ModelTemplate) => Promise<LlmBackend>;
  browserConnectTimeoutMs?: number;
  /** Tests only: the CA of a local https price table server. */
  priceTableCa?: string;
}

export interface RunningServer {
  url: string;
  uiUrl: string;
  port: number;
  token: string;
  boot: Boot;
  events: EventBus;
  log: DiagLog;
  browser: BrowserService;
  close(): Promise<void>;
}

/**
 * Starts listening at once; the village opens in the background (ask `boot_status`). Throws
 * ALREADY_RUNNING when another server holds the workspace (workspace-lock.ts).
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const paths = new VillagePaths(options.workspace, options.home);
  await mkdir(paths.home, { recursive: true, mode: DIR_MODE });
  await mkdir(paths.workspace, { recursive: true });
  // Before anything is written: a second server must not touch the first one's files.
  const lock = acquireWorkspaceLock(paths.workspace);
  try {
    return await startHoldingLock(options, paths, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startHoldingLock(
  options: ServeOptions,
  paths: VillagePaths,
  lock: WorkspaceLock,
): Promise<RunningServer> {
  const log = new FileDiagLog(paths.log, { stderr: options.stderr ?? false, workspace: paths.workspace });
  log.note(`---- start pid=${process.pid} ----`);
  log.note(`version: app=${APP_VERSION} profile=${appProfile()} node=${process.version} run=${appRun()}`);
  const leftovers = sweepLeftoverTemps(paths.workspace);
  if (leftovers.length > 0) {
    const n = leftovers.length;
    log.note(`workspace: removed ${n} leftover temp ${n === 1 ? 'file' : 'files'}`);
  }

  const token = await ensureApiToken(paths.apiToken);
  let secrets = options.secrets;
  if (!secrets) {
    const chosen = await chooseSecretStore(paths.secretsFile);
    secrets = chosen.store;
    log.note(`secrets: store=${chosen.store.kind} reason=${chosen.reason}`);
  }
  const events = new EventBus();
  const browser = new BrowserService({
    log,
    settings: new BrowserSettingsStore(paths.browserSettings),
    ...(options.browserConnectTimeoutMs === undefined
      ? {}
      : { connectTimeoutMs: options.browserConnectTimeoutMs }),
  });
  const boot = new Boot({
    browser,
    paths,
    log,
    events,
    secrets,
    detectLanguage: options.detectLanguage,
    backendFor: options.backendFor,
    priceTableCa: options.priceTableCa,
  });

  let port = options.port ?? DEFAULT_PORT;
  const app = createApp({ boot, token, commands: COMMANDS, port: () => port, log, browser });
  const server: Server = createHttpServer(app, log);
  const closeEvents = attachEventsSocket(server, events, token, () => port);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  await lock.publish(url).catch((error: unknown) => {
    log.warn(`workspace lock: URL not recorded (${(error as Error).message})`);
  });
  void boot.start();

  return {
    url,
    uiUrl: `${url}/?token=${token}`,
    port,
    token,
    boot,
    events,
    log,
    browser,
    close: async () => {
      try {
        await boot.close();
        await browser.stop();
        closeEvents();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } finally {
        lock.release();
        log.close();
      }
    },
  };
}
