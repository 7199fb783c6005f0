import type { AgentId } from '../../domain/ids.ts';
import type { DiagLog } from '../../diag/log.ts';
import type { AgentTool } from '../../orchestrator/tool.ts';
import {
  assignMcpToolNames,
  expandMcpEntry,
  formatEntryProblem,
  readMcpConfig,
  type ServerConfig,
} from '../config/index.ts';
import { mcpTool } from './mcp-tool.ts';
import { ServerLink } from './server-link.ts';
import type { McpTimings } from './timings.ts';

/**
 * `retrying`: the server crashed, hung up or could not be reached; the next attempt starts at
 * `retryAtMs`. `failed` is final until a reconnect (401/403, a missing command).
 */
export type McpServerState = 'disabled' | 'connecting' | 'connected' | 'retrying' | 'failed' | 'invalid';

/** One server's state as `mcp_status` shows it. Never persisted. */
export interface McpServerStatus {
  name: string;
  transport: 'stdio' | 'http' | null;
  enabled: boolean;
  state: McpServerState;
  /** The namespaced names the model sees, in the server's order (see `toolNames[].hiddenFor`). */
  tools: string[];
  /** Which server tool each of those names calls (names are folded, cut and made distinct). */
  toolNames: McpToolNameStatus[];
  /** Tools the server lists that are not offered, and why. */
  skippedTools: { tool: string; reason: string }[];
  /** Never a header value or a response body. */
  error: string | null;
  /** A connected stdio server's process id. */
  pid: number | null;
  /** When the next connection attempt starts (epoch ms), while `retrying`. */
  retryAtMs: number | null;
}

/** One offered name and the server tool it calls. */
export interface McpToolNameStatus {
  name: string;
  tool: string;
  /**
   * The running agents that do not get this shared tool, because one of their own MCP tools has the
   * same name (it wins, ledger §5.3). Names are distinct within one mcp.json, not across the shared
   * file and an agent's. Always empty for an agent's own servers.
   */
  hiddenFor: AgentId[];
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
  name: string;
  transport: 'stdio' | 'http' | null;
  enabled: boolean;
  /** Null for a disabled or invalid entry, which never connects. */
  link: ServerLink | null;
  /** Why the entry is invalid (a bad field, an unset variable). */
  problem: string | null;
}

interface NamedTool {
  slot: ServerSlot;
  name: string;
  tool: AgentTool;
  serverTool: string;
}

export interface ServerSetOptions {
  agentId: AgentId | null;
  configPath: string;
  timings: McpTimings;
  log: DiagLog;
  /** Where `${VAR}` in the file is looked up: this process's environment. */
  env: Readonly<Record<string, string | undefined>>;
  now: () => number;
  onChange: () => void;
}

/**
 * The connections of one mcp.json. `open` reads the file and starts every enabled, valid entry at
 * once; each server then lives on its own (ServerLink), reconnecting by itself. Nothing waits for a
 * connection: a turn offers the tools of the servers connected when it starts, and a server that
 * connects later joins from the next turn (a turn's tool list is fixed when it starts, as the cached
 * prompt prefix is). A reconnect of the whole file is a close of this set and the open of a new one.
 */
export class McpServerSet {
  private slots: ServerSlot[] = [];
  private fileError: string | null = null;
  private closed = false;
  private opened: Promise<void> = Promise.resolve();
  private named: NamedTool[] = [];

  constructor(private readonly options: ServerSetOptions) {}

  private get label(): string {
    return this.options.agentId === null ? 'scope=shared' : `scope=agent agent=${this.options.agentId}`;
  }

  /** Reads the file and starts the connections; resolves once they are started, not connected. */
  open(): Promise<void> {
    this.opened = this.start();
    return this.opened;
  }

  private async start(): Promise<void> {
    const read = await readMcpConfig(this.options.configPath);
    if (this.closed) return;
    if (!read.ok) {
      this.fileError = read.message;
      this.options.log.warn(`mcp: config unreadable ${this.label} error=${read.message}`);
      this.options.onChange();
      return;
    }
    this.slots = read.servers.map((server) => this.slotOf(server));
    this.options.onChange();
    for (const slot of this.slots) slot.link?.start();
  }

  private slotOf(server: ServerConfig): ServerSlot {
    const { name } = server;
    if (server.problem) {
      const problem = `${server.problem.field}: ${server.problem.message}`;
      return { name, transport: null, enabled: false, link: null, problem };
    }
    const { entry } = server;
    const base = { name, transport: entry.type, enabled: entry.enabled, link: null, problem: null };
    if (!entry.enabled) return base;
    // Expanded once per open, from this process's environment; values never reach a message.
    const expanded = expandMcpEntry(entry, this.options.env);
    if (!expanded.ok) {
      this.options.log.warn(
        `mcp: ${formatEntryProblem({ server: name, ...expanded.problem })} ${this.label}`,
      );
      return { ...base, problem: `${expanded.problem.field}: ${expanded.problem.message}` };
    }
    const link = new ServerLink({
      name,
      scope: this.label,
      entry: expanded.entry,
      commandAsWritten: entry.type === 'stdio' ? entry.command : undefined,
      timings: this.options.timings,
      log: this.options.log,
      now: this.options.now,
      onChange: () => this.changed(),
    });
    return { ...base, link };
  }

  /**
   * A server's state or tools changed: names are given again over the whole file. They depend on the
   * configured servers (every slot, connected or not) and each one's tools, not on who came first.
   */
  private changed(): void {
    if (this.closed) return;
    const live = this.slots.flatMap((slot) => (slot.link === null ? [] : [{ slot, link: slot.link }]));
    const lists = live.map(({ slot, link }) => ({ slot, link, tools: link.tools() }));
    const names = assignMcpToolNames(
      this.slots.map((slot) => slot.name),
      lists.map(({ slot, tools }) => ({ server: slot.name, tools: tools.map((tool) => tool.name) })),
    );
    this.named = lists.flatMap(({ slot, link, tools }, server) =>
      tools.map((tool, index) => {
        const name = names[server]![index]!;
        const callTimeoutMs = this.options.timings.callTimeoutMs;
        const agentTool = mcpTool({ server: slot.name, tool, name, link, callTimeoutMs });
        return { slot, name, tool: agentTool, serverTool: tool.name };
      }),
    );
    this.options.onChange();
  }

  /** The connected servers' tools, in file order. */
  tools(): AgentTool[] {
    return this.named.map((named) => named.tool);
  }

  private statusOf(slot: ServerSlot): McpServerStatus {
    const mine = this.named.filter((named) => named.slot === slot);
    const link = slot.link;
    const state = slot.problem !== null ? 'invalid' : link === null ? 'disabled' : link.state;
    return {
      name: slot.name,
      transport: slot.transport,
      enabled: slot.enabled,
      state,
      tools: mine.map((named) => named.name),
      toolNames: mine.map((named) => ({ name: named.name, tool: named.serverTool, hiddenFor: [] })),
      skippedTools: (link?.skipped() ?? []).map(({ tool, reason }) => ({ tool, reason })),
      error: slot.problem ?? link?.error ?? null,
      pid: link?.pid() ?? null,
      retryAtMs: link?.state === 'retrying' ? link.retryAtMs : null,
    };
  }

  status(): McpConfigStatus {
    return {
      scope: this.options.agentId === null ? 'shared' : 'agent',
      agentId: this.options.agentId,
      error: this.fileError,
      servers: this.slots.map((slot) => this.statusOf(slot)),
    };
  }

  /** Ends every connection, attempt and wait; no child outlives it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.named = [];
    await this.opened;
    await Promise.all(this.slots.map((slot) => slot.link?.close()));
  }
}
