import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CoreError, isCoreError } from '../domain/errors.ts';
import { MAX_BROWSER_TIMEOUT_MS } from './budget.ts';
import { HttpBrowserClient, type BrowserClient } from './client.ts';

export const BROWSER_USAGE = `Usage: fuseforks browser <command> [options]

Talks to the browser of a running \`fuseforks serve\` (the token is read from {home}/api_token).

  status | start | stop | tabs | counters
  open [URL]                                   open a tab (about:blank without URL)
  navigate URL [--target ID] [--timeout-ms N]
  snapshot [--target ID] [--selector CSS] [--timeout-ms N]
  evaluate [--target ID] [--ref eN] [--timeout-ms N] <fn>
                                               run a script in the page, e.g. "() => document.title"
  settings [--evaluate on|off]

  --target ID      the tab (default: the focused tab, else the first)
  --timeout-ms N   the request's budget (1..${MAX_BROWSER_TIMEOUT_MS}, default 20000)
  --home DIR       app data ($FUSEFORKS_HOME, default ~/.local/share/fuseforks)
  --port N         the server's port ($FUSEFORKS_PORT, default 7420)
  --host H         the server's address (default 127.0.0.1)
  --url URL        the server's URL instead of --host/--port, e.g. http://127.0.0.1:7420

Prints the answer as JSON; on failure "error CODE: message (detail)" on stderr and exit status 1.
Ctrl-C aborts the request (the server then stops a running evaluate).
`;

/** How `serve` finds home, port and host from flags and the environment (cli.ts passes its own). */
export type ResolveConfig = (argv: string[]) => { home: string; port: number; host: string };

/** Per command: how many positionals it takes [min, max] and which of its own options. */
const COMMANDS = {
  status: { args: [0, 0], options: [] },
  start: { args: [0, 0], options: [] },
  stop: { args: [0, 0], options: [] },
  tabs: { args: [0, 0], options: [] },
  counters: { args: [0, 0], options: [] },
  open: { args: [0, 1], options: [] },
  navigate: { args: [1, 1], options: ['target', 'timeout-ms'] },
  snapshot: { args: [0, 0], options: ['target', 'selector', 'timeout-ms'] },
  evaluate: { args: [1, 1], options: ['target', 'ref', 'timeout-ms'] },
  settings: { args: [0, 0], options: ['evaluate'] },
} satisfies Record<string, { args: [number, number]; options: string[] }>;

type Sub = keyof typeof COMMANDS;

const OPTIONS = {
  home: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  url: { type: 'string' },
  target: { type: 'string' },
  selector: { type: 'string' },
  ref: { type: 'string' },
  'timeout-ms': { type: 'string' },
  evaluate: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** A command line that cannot run: exit status 2 with the usage text. */
export class UsageError extends Error {}

/** `fuseforks browser …`: exit status 0 (answered), 1 (an error answer or no server), 2 (bad usage). */
export async function browserMain(argv: string[], resolveConfig: ResolveConfig): Promise<number> {
  let values: Values;
  let positionals: string[];
  let request: Request;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    }));
    if (values.help) {
      process.stdout.write(BROWSER_USAGE);
      return 0;
    }
    request = checkUsage(values, positionals);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${BROWSER_USAGE}`);
    return 2;
  }

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const client = await connect(values, resolveConfig);
    const result = await runSub(client, request, controller.signal);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${BROWSER_USAGE}`);
      return 2;
    }
    process.stderr.write(`${errorLine(error)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** A command line checked before anything is read or sent. */
interface Request {
  sub: Sub;
  args: string[];
  target: string | undefined;
  selector: string | undefined;
  ref: string | undefined;
  timeoutMs: number | undefined;
  evaluateEnabled: boolean | undefined;
}

function checkUsage(values: Values, positionals: string[]): Request {
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError('fuseforks browser: which command?');
  if (!Object.hasOwn(COMMANDS, name)) throw new UsageError(`fuseforks browser: unknown command ${name}`);
  const sub = name as Sub;
  const { args, options } = COMMANDS[sub];
  if (rest.length < args[0] || rest.length > args[1]) {
    const expected = args[0] === args[1] ? `${args[0]}` : `${args[0]} to ${args[1]}`;
    const word = args[0] === 1 && args[1] === 1 ? 'argument' : 'arguments';
    throw new UsageError(`fuseforks browser ${sub}: expected ${expected} ${word}, got ${rest.length}`);
  }
  const own = ['target', 'selector', 'ref', 'timeout-ms', 'evaluate'] as const;
  for (const option of own) {
    if (values[option] !== undefined && !(options as readonly string[]).includes(option)) {
      throw new UsageError(`fuseforks browser ${sub}: --${option} does not apply`);
    }
  }
  return {
    sub,
    args: rest,
    target: values.target,
    selector: values.selector,
    ref: values.ref,
    timeoutMs: parseTimeout(values['timeout-ms']),
    evaluateEnabled: values.evaluate === undefined ? undefined : parseOnOff(values.evaluate),
  };
}

async function connect(values: Values, resolveConfig: ResolveConfig): Promise<BrowserClient> {
  return new HttpBrowserClient(await resolveServerAccess(values, resolveConfig, 'fuseforks browser'));
}

/** The flags that say which running server to talk to (shared by `fuseforks browser` and `send`). */
export interface ServerFlags {
  home?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  url?: string | undefined;
}

/**
 * The running server's origin and API token: `--url`, or `--host`/`--port` (then the environment,
 * then the defaults, as `serve` reads them), and the token in `{home}/api_token`. Bad flags are a
 * UsageError naming `command`; a missing token is UNAUTHORIZED with the next step.
 */
export async function resolveServerAccess(
  values: ServerFlags,
  resolveConfig: ResolveConfig,
  command: string,
): Promise<{ baseUrl: string; token: string }> {
  if (values.url !== undefined && (values.port !== undefined || values.host !== undefined)) {
    throw new UsageError(`${command}: give --url or --host/--port, not both`);
  }
  let config: ReturnType<ResolveConfig>;
  try {
    config = resolveConfig([
      ...(values.home === undefined ? [] : ['--home', values.home]),
      ...(values.port === undefined ? [] : ['--port', values.port]),
      ...(values.host === undefined ? [] : ['--host', values.host]),
    ]);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let baseUrl: string;
  if (values.url !== undefined) {
    if (!URL.canParse(values.url) || !/^https?:$/.test(new URL(values.url).protocol)) {
      throw new UsageError(`${command}: --url must be an http URL, got ${JSON.stringify(values.url)}`);
    }
    baseUrl = values.url;
  } else {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    baseUrl = `http://${host}:${config.port}`;
  }
  return { baseUrl, token: await readToken(config.home) };
}

async function readToken(home: string): Promise<string> {
  const path = join(home, 'api_token');
  let token = '';
  try {
    token = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code !== 'ENOENT') throw new CoreError('CONFIG_IO', `cannot read the API token at ${path} (${code})`);
  }
  if (token === '') {
    throw new CoreError('UNAUTHORIZED', `no API token at ${path}`, {
      detail: 'start the server once with `fuseforks serve`, or point --home at its app data',
    });
  }
  return token;
}

async function runSub(client: BrowserClient, request: Request, signal: AbortSignal): Promise<unknown> {
  const { sub, args } = request;
  const call = (route: string, body: Record<string, unknown>) => client.call(route, body, signal);
  // The same budget the server applies; the HTTP client waits this plus its margin.
  const budget = request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs };
  const target = async () => request.target ?? (await defaultTab(call));
  switch (sub) {
    case 'status':
    case 'start':
    case 'stop':
    case 'tabs':
    case 'counters':
      return call(sub, {});
    case 'open':
      return call('tabs/open', args[0] === undefined ? {} : { url: args[0] });
    case 'navigate':
      return call('navigate', { targetId: await target(), url: args[0], ...budget });
    case 'snapshot': {
      const selector = request.selector === undefined ? {} : { selector: request.selector };
      return call('snapshot', { targetId: await target(), ...selector, ...budget });
    }
    case 'evaluate': {
      const ref = request.ref === undefined ? {} : { ref: request.ref };
      return call('act', { kind: 'evaluate', targetId: await target(), fn: args[0], ...ref, ...budget });
    }
    case 'settings':
      return call(
        'settings',
        request.evaluateEnabled === undefined ? {} : { evaluateEnabled: request.evaluateEnabled },
      );
  }
}

/** The focused tab, else the first, as the service's own default. */
async function defaultTab(
  call: (route: string, body: Record<string, unknown>) => Promise<unknown>,
): Promise<string> {
  const { tabs } = (await call('tabs', {})) as { tabs: Array<{ targetId: string; focused: boolean }> };
  const tab = tabs.find((t) => t.focused) ?? tabs[0];
  if (!tab) {
    throw new CoreError('BROWSER_TAB_NOT_FOUND', 'there is no tab', {
      detail: 'open one with `fuseforks browser open URL`',
    });
  }
  return tab.targetId;
}

function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > MAX_BROWSER_TIMEOUT_MS) {
    throw new UsageError(
      `--timeout-ms must be a whole number from 1 to ${MAX_BROWSER_TIMEOUT_MS}, got ${text}`,
    );
  }
  return value;
}

function parseOnOff(text: string): boolean {
  if (text === 'on') return true;
  if (text === 'off') return false;
  throw new UsageError(`--evaluate takes on or off, got ${text}`);
}

/** `error CODE: message (detail)`, the line a failed CLI command prints on stderr. */
export function errorLine(error: unknown): string {
  if (isCoreError(error))
    return `error ${error.code}: ${error.message}${error.detail ? ` (${error.detail})` : ''}`;
  return `error: ${error instanceof Error ? error.message : String(error)}`;
}
