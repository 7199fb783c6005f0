import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { APP_VERSION } from './version.ts';
import { browserMain } from './browser/cli-browser.ts';
import { sendMain } from './cli-send.ts';
import { DEFAULT_PORT } from './server/default-port.ts';
// The server (and the UI build) load only for `serve`: the small helpers start in a moment.
import type { RunningServer } from './server/serve.ts';

const USAGE = `Usage: fuseforks [serve] [--workspace DIR] [--home DIR] [--port N] [--host H]

  --workspace DIR  the village folder   ($FUSEFORKS_WORKSPACE, default {home}/workspace)
  --home DIR       app data on this device ($FUSEFORKS_HOME, default ~/.local/share/fuseforks)
  --port N         HTTP port            ($FUSEFORKS_PORT, default ${DEFAULT_PORT})
  --host H         bind address         (default 127.0.0.1)

       fuseforks browser <command> [options]   control the running server's browser
                                               (status, start, open, snapshot, evaluate, …;
                                               see fuseforks browser --help)
       fuseforks send <agentId> <message> [--attach FILE] [options]
                                               send a message (and one file) to a servant of
                                               the running server; prints the message id
                                               (see fuseforks send --help)
`;

export function defaultHome(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FUSEFORKS_HOME) return resolve(env.FUSEFORKS_HOME);
  const dataHome = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(dataHome, 'fuseforks');
}

export interface ServeConfig {
  workspace: string;
  home: string;
  port: number;
  host: string;
}

/** Flags win over environment variables, which win over defaults. */
export function resolveServeConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      workspace: { type: 'string' },
      home: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
    },
    allowPositionals: false,
  });
  const home = values.home ? resolve(values.home) : defaultHome(env);
  // An empty variable counts as unset.
  const workspaceFlag = values.workspace ?? (env.FUSEFORKS_WORKSPACE || undefined);
  const portText = values.port ?? (env.FUSEFORKS_PORT || String(DEFAULT_PORT));
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${portText}`);
  return {
    home,
    workspace: workspaceFlag ? resolve(workspaceFlag) : join(home, 'workspace'),
    port,
    host: values.host ?? '127.0.0.1',
  };
}

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${APP_VERSION}\n`);
    return 0;
  }
  if (first === 'browser') return browserMain(rest, resolveServeConfig);
  if (first === 'send') return sendMain(rest, resolveServeConfig);
  const serveArgs = first === 'serve' ? rest : first === undefined || first.startsWith('-') ? argv : null;
  if (serveArgs === null) {
    process.stderr.write(`unknown command: ${first}\n${USAGE}`);
    return 2;
  }
  let config: ServeConfig;
  try {
    config = resolveServeConfig(serveArgs);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  // Last line of defence: a stray rejection is reported, never allowed to end the village.
  process.on('unhandledRejection', (reason) => {
    process.stderr.write(
      `[fuseforks] WARN unhandled rejection: ${(reason as Error)?.name ?? typeof reason}\n`,
    );
  });
  const { ensureUiBuilt } = await import('./server/web-ui.ts');
  const { startServer } = await import('./server/serve.ts');
  try {
    await ensureUiBuilt((line) => process.stdout.write(`${line}\n`));
  } catch (error) {
    // The API still works without the UI; the page at / says the UI is missing.
    process.stderr.write(`fuseforks: the web UI could not be built: ${(error as Error).message}\n`);
  }
  let server: RunningServer;
  try {
    server = await startServer({ ...config, stderr: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${config.port} is already in use (choose another with --port)`
        : code === 'EACCES'
          ? `no permission to use port ${config.port} or to write ${config.home}`
          : (error as Error).message;
    process.stderr.write(`fuseforks: could not start: ${reason}\n`);
    return 1;
  }
  // Listening for the stop signals before saying the server runs: whoever reads the line may stop it
  // at once, and a signal with no listener yet would kill the process without closing the village.
  const stopped = new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stdout.write(
    `Fuseforks ${APP_VERSION} is running.\n  UI:        ${server.uiUrl}\n  workspace: ${config.workspace}\n  app data:  ${config.home}\n`,
  );
  await stopped;
  await server.close();
  return 0;
}
