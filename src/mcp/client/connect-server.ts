import { isAbsolute } from 'node:path';
import { access, constants } from 'node:fs/promises';
// Types only: the SDK's client and stdio halves (with its JSON-schema validator) cost start-up tens
// of ms, and nothing connects before the village is up; `loadClientSdk` brings them on the first connect.
import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type * as StdioModule from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { currentHost } from '../../tools/run/host.ts';
import { resolveProgram } from '../../tools/run/resolve-program.ts';
import type { McpEntry, McpStdioEntry } from '../config/index.ts';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { closedText, watchChildExit, type ChildExit } from './child-exit.ts';
import { formatLimit, isTransportTooLarge, McpLocalError, TOO_LARGE_TEXT } from './connect-error.ts';
import { listServerTools, type ToolListing } from './list-tools.ts';

export interface ConnectedServer extends ToolListing {
  client: Client;
  /** The child's process id for a stdio server (shown in the status), null for http. */
  pid: number | null;
  close(): Promise<void>;
  /** A message from the server was over the transport's bound, which reset the connection. */
  tooLarge(): boolean;
  /** Why it ended: a message over the transport's limit, or how a stdio server's process ended. */
  lostReason(): string;
}

export interface ConnectOptions {
  /** The connect + handshake limit (MCP_CONNECT_TIMEOUT_MS of timings.ts unless a test sets it). */
  timeoutMs: number;
  /** A stdio entry's command as the file writes it (before `${VAR}`), the form messages show. */
  commandAsWritten?: string;
  /** Called once when the connection ends without our close (the server exited or hung up). */
  onLost: () => void;
  /** Aborted when the connection is no longer wanted (its set closed): a half-made one is torn down. */
  signal?: AbortSignal;
  /** The server announced a new tool list (`notifications/tools/list_changed`); here it is, all pages. */
  onToolsChanged?: (listing: ToolListing) => void;
  /**
   * The transport reported an error while connected (an HTTP event stream that broke, a line that is
   * not JSON-RPC): the connection may or may not still be there.
   */
  onTransportError?: () => void;
}

/**
 * The command for a message: as the file writes it, since a `${VAR}` in it may hold a secret that
 * the status and the log must never show.
 */
function shownCommand(command: string, written: string | undefined): string {
  if (written === undefined || written === command) return command;
  return `${written} (after expanding its variables)`;
}

/** The program to start: a bare name through PATH (which-style), a path as written. */
async function resolveCommand(entry: McpStdioEntry, written: string | undefined): Promise<string> {
  const { command } = entry;
  const shown = shownCommand(command, written);
  if (isAbsolute(command) || command.includes('/') || command.includes('\\')) {
    try {
      await access(command, constants.X_OK);
      return command;
    } catch {
      throw new McpLocalError(`command not found or not executable: ${shown}`, { final: true });
    }
  }
  const found = await resolveProgram(command, process.env.PATH, currentHost());
  if (found === null) throw new McpLocalError(`command not found on PATH: ${shown}`, { final: true });
  return found;
}

type StdioSdk = typeof StdioModule;
type ClientSdk = typeof ClientModule;
let clientSdk: Promise<[ClientSdk, StdioSdk]> | undefined;

function loadClientSdk(): Promise<[ClientSdk, StdioSdk]> {
  clientSdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
  ]);
  return clientSdk;
}

/**
 * No message built here shows an expanded value: the command only as written (above); a failed
 * spawn or fetch is described by its errno code or HTTP status (describeMcpError), never by the
 * args, env, url or headers it was given.
 */
async function transportFor(
  entry: McpEntry,
  writtenCommand: string | undefined,
  stdio: StdioSdk,
): Promise<Transport> {
  if (entry.type === 'http') {
    return new StreamableHTTPClientTransport(new URL(entry.url), {
      requestInit: { headers: entry.headers },
      // A dropped stream is reported, not retried behind the user's back.
      reconnectionOptions: {
        maxRetries: 0,
        initialReconnectionDelay: 1_000,
        maxReconnectionDelay: 1_000,
        reconnectionDelayGrowFactor: 1,
      },
    });
  }
  return new stdio.StdioClientTransport({
    command: await resolveCommand(entry, writtenCommand),
    args: entry.args,
    env: { ...stdio.getDefaultEnvironment(), ...entry.env },
    // The server's stderr may echo its environment (where people put tokens): never read it.
    stderr: 'ignore',
  });
}

/**
 * Start (stdio) or reach (http) one server, do the handshake and list its tools, all within
 * `timeoutMs`. On any failure the half-open connection is closed (the child process killed).
 */
export async function connectServer(entry: McpEntry, options: ConnectOptions): Promise<ConnectedServer> {
  // Before the handshake's own time limit starts: loading is no part of the server's answer time.
  const [{ Client }, stdio] = await loadClientSdk();
  const { StdioClientTransport } = stdio;
  let closing = false;
  let connected = false;
  const client: Client = new Client(
    { name: 'fuseforks', version: '0.1.0' },
    {
      listChanged: {
        tools: {
          // Listed by us, so every page is read; a burst of notices costs one listing.
          autoRefresh: false,
          debounceMs: 100,
          onChanged: () => {
            if (closing || !connected) return;
            listServerTools(client, options.timeoutMs).then(
              (listing) => {
                if (!closing) options.onToolsChanged?.(listing);
              },
              () => {},
            );
          },
        },
      },
    },
  );
  let tooLarge = false;
  let exit: ChildExit | null = null;
  client.onerror = (error) => {
    if (isTransportTooLarge(error)) tooLarge = true;
    else if (connected && !closing) options.onTransportError?.();
  };
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new McpLocalError(`no handshake within ${formatLimit(options.timeoutMs)}`)),
      options.timeoutMs,
    );
    onAbort = () => reject(new McpLocalError('closed before the handshake finished'));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  deadline.catch(() => {});
  try {
    const transport = await Promise.race([transportFor(entry, options.commandAsWritten, stdio), deadline]);
    exit = transport instanceof StdioClientTransport ? watchChildExit(transport) : null;
    client.onclose = () => {
      if (!closing) options.onLost();
    };
    const work = client
      .connect(transport, { timeout: options.timeoutMs })
      .then(() => listServerTools(client, options.timeoutMs));
    // When the deadline wins, the handshake's own failure (after close) must not go unhandled.
    work.catch(() => {});
    const listing = await Promise.race([work, deadline]);
    connected = true;
    return {
      client,
      ...listing,
      pid: transport instanceof StdioClientTransport ? transport.pid : null,
      close: async () => {
        closing = true;
        await client.close().catch(() => {});
      },
      tooLarge: () => tooLarge,
      lostReason: () => (tooLarge ? TOO_LARGE_TEXT : closedText(exit, 'running')),
    };
  } catch (error) {
    closing = true;
    await client.close().catch(() => {});
    // A server that exits during the handshake says how (its exit code), not only that it closed.
    if (error instanceof McpError && error.code === -32000 && exit?.describe())
      throw new McpLocalError(closedText(exit, 'handshake'));
    throw error;
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}
