import type { AgentId } from '../../domain/ids.ts';
import type { DiagLog } from '../../diag/log.ts';
import type { AgentTool } from '../../orchestrator/tool.ts';
import { mcpToolName, readMcpConfig, type McpEntry } from '../config/index.ts';
import { describeMcpError } from './connect-error.ts';
import { connectServer, type ConnectedServer } from './connect-server.ts';
import { mcpTool } from './mcp-tool.ts';

export type McpServerState = 'disabled' | 'connecting' | 'connected' | 'failed' | 'invalid';

/** One server's state as `mcp_status` shows it. Never persisted. */
export interface McpServerStatus {
  name: string;
  transport: 'stdio' | 'http' | null;
  enabled: boolean;
  state: McpServerState;
  /** The namespaced names the model sees, in the server's order. */
  tools: string[];
  /** Never a header value or a response body. */
  error: string | null;
  /** A connected stdio server's process id. */
  pid: number | null;
}

/** The servers of one mcp.json: the shared one (`agentId` null) or an agent's. */
export interface McpConfigStatus {
  scope: 'shared' | 'agent';
  agentId: AgentId | null;
  /** The file itself could not be read or parsed: an error, never an empty set. */
  error: string | null;
  servers: McpServerStatus[];
}

interface ServerSlot {
  status: McpServerStatus;
  entry: McpEntry | null;
  connection: ConnectedServer | null;
  tools: AgentTool[];
}

export interface ServerSetOptions {
  agentId: AgentId | null;
  configPath: string;
  timeoutMs: number;
  log: DiagLog;
  onChange: () => void;
}

/**
 * The connections of one mcp.json. `open` reads the file and connects every enabled, valid entry at
 * once; each failure stays with its server. `close` ends them all (stdio children are killed). A set
 * is opened once: a reconnect is a close of this set and the open of a new one.
 */
export class McpServerSet {
  private slots: ServerSlot[] = [];
  private fileError: string | null = null;
  private closed = false;
  private settled: Promise<void> = Promise.resolve();
  /** Aborted by close: connections still being made are torn down (their children killed). */
  private readonly closing = new AbortController();

  constructor(private readonly options: ServerSetOptions) {}

  private get label(): string {
    return this.options.agentId === null ? 'scope=shared' : `scope=agent agent=${this.options.agentId}`;
  }

  /** Read the file and start every connection; resolves once each has connected or failed. */
  open(): Promise<void> {
    this.settled = this.connectAll();
    return this.settled;
  }

  /** Resolves when the connections started by `open` have settled. */
  ready(): Promise<void> {
    return this.settled;
  }

  private async connectAll(): Promise<void> {
    const read = await readMcpConfig(this.options.configPath);
    if (this.closed) return;
    if (!read.ok) {
      this.fileError = read.message;
      this.options.log.warn(`mcp: config unreadable ${this.label} error=${read.message}`);
      this.options.onChange();
      return;
    }
    this.slots = read.servers.map((server) => {
      if (server.problem) {
        return {
          status: {
            name: server.name,
            transport: null,
            enabled: false,
            state: 'invalid',
            tools: [],
            error: `${server.problem.field}: ${server.problem.message}`,
            pid: null,
          },
          entry: null,
          connection: null,
          tools: [],
        };
      }
      const { entry } = server;
      return {
        status: {
          name: server.name,
          transport: entry.type,
          enabled: entry.enabled,
          state: entry.enabled ? 'connecting' : 'disabled',
          tools: [],
          error: null,
          pid: null,
        },
        entry,
        connection: null,
        tools: [],
      };
    });
    this.options.onChange();
    await Promise.all(this.slots.map((slot) => this.connectOne(slot)));
  }

  private async connectOne(slot: ServerSlot): Promise<void> {
    if (slot.entry === null || !slot.entry.enabled) return;
    const name = slot.status.name;
    let connection: ConnectedServer | undefined;
    try {
      connection = await connectServer(slot.entry, {
        timeoutMs: this.options.timeoutMs,
        signal: this.closing.signal,
        onLost: () => {
          if (connection !== undefined) this.lost(slot, connection);
        },
        onToolsChanged: (tools) => {
          if (connection !== undefined) this.retool(slot, connection, tools);
        },
      });
    } catch (error) {
      if (this.closed) return;
      slot.status = { ...slot.status, state: 'failed', error: describeMcpError(error) };
      this.options.log.warn(`mcp: connect failed server=${name} ${this.label} error=${slot.status.error}`);
      this.options.onChange();
      return;
    }
    if (this.closed) {
      await connection.close();
      return;
    }
    slot.connection = connection;
    const live = connection;
    slot.tools = live.tools.map((tool) => mcpTool(name, tool, live, () => this.lost(slot, live)));
    slot.status = {
      ...slot.status,
      state: 'connected',
      tools: connection.tools.map((tool) => mcpToolName(name, tool.name)),
      error: null,
      pid: connection.pid,
    };
    this.options.log.note(`mcp: connected server=${name} ${this.label} tools=${slot.tools.length}`);
    this.options.onChange();
  }

  /** The server changed its tool list: the old tools go, the new ones come, in one step. */
  private retool(slot: ServerSlot, connection: ConnectedServer, tools: ConnectedServer['tools']): void {
    if (this.closed || slot.connection !== connection) return;
    const name = slot.status.name;
    slot.tools = tools.map((tool) => mcpTool(name, tool, connection, () => this.lost(slot, connection)));
    slot.status = { ...slot.status, tools: tools.map((tool) => mcpToolName(name, tool.name)) };
    this.options.log.note(`mcp: tools changed server=${name} ${this.label} tools=${tools.length}`);
    this.options.onChange();
  }

  /** The server went away on its own: its tools leave with it. */
  private lost(slot: ServerSlot, connection: ConnectedServer): void {
    if (this.closed || slot.connection !== connection) return;
    slot.connection = null;
    slot.tools = [];
    void connection.close();
    slot.status = {
      ...slot.status,
      state: 'failed',
      tools: [],
      error: 'the server closed the connection',
      pid: null,
    };
    this.options.log.warn(`mcp: connection lost server=${slot.status.name} ${this.label}`);
    this.options.onChange();
  }

  /** The connected servers' tools, in file order. */
  tools(): AgentTool[] {
    return this.slots.flatMap((slot) => slot.tools);
  }

  status(): McpConfigStatus {
    return {
      scope: this.options.agentId === null ? 'shared' : 'agent',
      agentId: this.options.agentId,
      error: this.fileError,
      servers: this.slots.map((slot) => ({ ...slot.status, tools: [...slot.status.tools] })),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    const connections = this.slots.flatMap((slot) => (slot.connection ? [slot.connection] : []));
    for (const slot of this.slots) {
      slot.connection = null;
      slot.tools = [];
    }
    await Promise.all(connections.map((connection) => connection.close()));
    // Half-made connections end through the abort; wait for them so no child outlives the close.
    await this.settled;
  }
}
