import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { DiagLog } from '../../diag/log.ts';
import { quoteName } from '../config/describe.ts';
import type { McpEntry } from '../config/index.ts';
import type { Language } from '../../domain/enums.ts';
import { MCP_CALL_TEXTS } from './call-texts.ts';
import { describeMcpError, formatLimit, isFinalFailure } from './connect-error.ts';
import { connectServer, type ConnectedServer } from './connect-server.ts';
import type { SkippedTool, ToolListing } from './list-tools.ts';
import { retryDelayMs, type McpTimings } from './timings.ts';

/** What one enabled, valid server is doing; `retrying` waits for `retryAtMs`. */
export type LinkState = 'connecting' | 'connected' | 'retrying' | 'failed';

export interface ServerLinkOptions {
  name: string;
  /** `scope=shared` or `scope=agent agent=…`, for the log. */
  scope: string;
  /** Valid, enabled and with its variables expanded. */
  entry: McpEntry;
  /** A stdio entry's command as the file writes it: messages show this, never the expanded one. */
  commandAsWritten?: string;
  timings: McpTimings;
  log: DiagLog;
  now: () => number;
  onChange: () => void;
}

/**
 * One server's connection for as long as its set is open: it connects at start, and after a crash,
 * a hang-up or a failed attempt it tries again by itself with backoff (past the ledger, issue 17),
 * except after a failure no retry can fix (401/403, a missing command). A connection that stayed up
 * at least the longest wait counts as healthy: its loss starts the waits short again, while a server
 * that crashes right after every handshake keeps backing off.
 */
export class ServerLink {
  state: LinkState = 'connecting';
  /** The last failure, kept while retrying; for a connected server, tools its SDK refused. */
  error: string | null = null;
  retryAtMs: number | null = null;
  private connection: ConnectedServer | null = null;
  private failures = 0;
  private connectedAtMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly closing = new AbortController();
  private checking = false;

  constructor(private readonly options: ServerLinkOptions) {}

  start(): void {
    this.running = this.attempt();
  }

  /** The connection to call through, or null while there is none. */
  live(): ConnectedServer | null {
    return this.connection;
  }

  tools(): Tool[] {
    return this.connection?.tools ?? [];
  }

  skipped(): SkippedTool[] {
    return this.connection?.skipped ?? [];
  }

  pid(): number | null {
    return this.connection?.pid ?? null;
  }

  /**
   * Why there is no connection to call through, for a tool called in the meantime (the model reads
   * it: the village language; the last error inside is the status text, English like the log).
   */
  unavailable(language: Language): string {
    const t = MCP_CALL_TEXTS[language];
    const why = this.error ?? t.connectionLost;
    if (this.state === 'retrying' && this.retryAtMs !== null) {
      const wait = Math.max(0, this.retryAtMs - this.options.now());
      return t.notConnectedRetry(why, formatLimit(wait));
    }
    if (this.state === 'connecting') return t.stillConnecting;
    return t.notConnected(why);
  }

  private get label(): string {
    return `server=${this.options.name} ${this.options.scope}`;
  }

  private async attempt(): Promise<void> {
    this.timer = null;
    if (this.closing.signal.aborted) return;
    this.retryAtMs = null;
    this.state = 'connecting';
    this.options.onChange();
    let connection: ConnectedServer | undefined;
    try {
      connection = await connectServer(this.options.entry, {
        timeoutMs: this.options.timings.connectTimeoutMs,
        commandAsWritten: this.options.commandAsWritten,
        signal: this.closing.signal,
        onLost: () => {
          if (connection === undefined) return;
          this.lost(connection, connection.lostReason());
        },
        onToolsChanged: (listing) => {
          if (connection !== undefined) this.retool(connection, listing);
        },
        onTransportError: () => {
          if (connection !== undefined) void this.check(connection);
        },
      });
    } catch (error) {
      if (this.closing.signal.aborted) return;
      const text = describeMcpError(error);
      this.options.log.warn(`mcp: connect failed ${this.label} error=${text}`);
      if (isFinalFailure(error)) {
        this.state = 'failed';
        this.error = text;
        this.options.onChange();
        return;
      }
      this.retryLater(text);
      return;
    }
    if (this.closing.signal.aborted) {
      await connection.close();
      return;
    }
    this.connection = connection;
    this.connectedAtMs = this.options.now();
    this.state = 'connected';
    this.error = refusedText(connection.skipped);
    this.options.log.note(`mcp: connected ${this.label} tools=${connection.tools.length}`);
    this.options.onChange();
  }

  private retryLater(reason: string): void {
    const delay = retryDelayMs(this.failures, this.options.timings.retry);
    this.failures += 1;
    this.state = 'retrying';
    this.error = reason;
    this.retryAtMs = this.options.now() + delay;
    this.options.log.note(`mcp: retry ${this.label} in_ms=${delay}`);
    this.timer = setTimeout(() => {
      this.running = this.attempt();
    }, delay);
    this.options.onChange();
  }

  /** The server changed its tool list: the old tools go, the new ones come, in one step. */
  private retool(connection: ConnectedServer, listing: ToolListing): void {
    if (this.connection !== connection) return;
    connection.tools = listing.tools;
    connection.skipped = listing.skipped;
    this.error = refusedText(listing.skipped);
    this.options.log.note(`mcp: tools changed ${this.label} tools=${listing.tools.length}`);
    this.options.onChange();
  }

  /** The connection is gone (the server exited, hung up, or a call found it gone): try again later. */
  lost(connection: ConnectedServer, reason: string): void {
    if (this.closing.signal.aborted || this.connection !== connection) return;
    this.connection = null;
    void connection.close();
    if (this.options.now() - this.connectedAtMs >= this.options.timings.retry.maxMs) this.failures = 0;
    this.options.log.warn(`mcp: connection lost ${this.label} error=${reason}`);
    this.retryLater(reason);
  }

  /**
   * The transport reported an error (an HTTP server that went away breaks its event stream): a ping
   * tells whether the connection is still there. A server without ping is alive enough.
   */
  private async check(connection: ConnectedServer): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await connection.client.ping({ timeout: this.options.timings.connectTimeoutMs });
    } catch (error) {
      if (!(error instanceof McpError && error.code === ErrorCode.MethodNotFound)) {
        this.lost(connection, describeMcpError(error));
      }
    } finally {
      this.checking = false;
    }
  }

  /** Ends the connection and any attempt or wait; a child being started is killed. */
  async close(): Promise<void> {
    this.closing.abort();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const connection = this.connection;
    this.connection = null;
    await connection?.close();
    await this.running;
  }
}

/** Tools the SDK refused, named with the field (issue 17): the server's other tools still work. */
function refusedText(skipped: readonly SkippedTool[]): string | null {
  const invalid = skipped.filter((tool) => tool.invalid);
  if (invalid.length === 0) return null;
  const shown = invalid.slice(0, 3).map((tool) => `tool ${quoteName(tool.tool)}: ${tool.reason}`);
  const more = invalid.length > 3 ? `; and ${invalid.length - 3} more` : '';
  return `not offered: ${shown.join('; ')}${more}`;
}
