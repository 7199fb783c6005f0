/**
 * The app with a booted village over temp folders, as `createApp` builds it, plus the Node server of
 * src/server/http-server.ts with the events socket: the HTTP adapter as a whole, for tests that send
 * raw bytes (node:net) as well as in-process requests (`app.request`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { BrowserService } from '../../src/browser/service.ts';
import { BrowserSettingsStore } from '../../src/browser/settings.ts';
import { MemoryDiagLog } from '../../src/diag/log.ts';
import { EventBus } from '../../src/domain/events.ts';
import { FileSecretStore } from '../../src/secrets/file-secret-store.ts';
import { createApp } from '../../src/server/app.ts';
import { Boot } from '../../src/server/boot.ts';
import { COMMANDS } from '../../src/server/commands/index.ts';
import { attachEventsSocket } from '../../src/server/events-socket.ts';
import { createHttpServer } from '../../src/server/http-server.ts';
import { VillagePaths } from '../../src/world/paths.ts';

export interface AdapterUnderTest {
  app: Hono;
  server: Server;
  port: number;
  token: string;
  log: MemoryDiagLog;
  close(): Promise<void>;
}

export async function startAdapter(): Promise<AdapterUnderTest> {
  const root = await mkdtemp(join(tmpdir(), 'fuseforks-adapter-'));
  const paths = new VillagePaths(join(root, 'workspace'), join(root, 'home'));
  const log = new MemoryDiagLog();
  const events = new EventBus();
  const browser = new BrowserService({ log, settings: new BrowserSettingsStore(null) });
  const boot = new Boot({
    paths,
    log,
    events,
    secrets: new FileSecretStore(paths.secretsFile),
    detectLanguage: () => 'en',
    browser,
  });
  await boot.start();
  const token = 'adapter-test-token-0123456789abcdef';
  let port = 0;
  const app = createApp({ boot, token, commands: COMMANDS, port: () => port, log, browser });
  const server = createHttpServer(app, log);
  const closeEvents = attachEventsSocket(server, events, token, () => port);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    app,
    server,
    port,
    token,
    log,
    close: async () => {
      closeEvents();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await boot.close();
      await browser.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
