import type { AgentId } from '../../domain/ids.ts';
import type { DiagLog } from '../../diag/log.ts';
import type { AgentTool } from '../../orchestrator/tool.ts';
import type { VillagePaths } from '../../world/paths.ts';
import { markHiddenSharedTools } from './hidden-tools.ts';
import { McpServerSet, type McpConfigStatus } from './server-set.ts';
import {
  MCP_CALL_TIMEOUT_MS,
  MCP_CONNECT_TIMEOUT_MS,
  MCP_RETRY,
  type McpTimings,
  type RetryPolicy,
} from './timings.ts';

export interface McpStatusView {
  shared: McpConfigStatus | null;
  /** Running agents only: an agent's servers live exactly as long as it runs. */
  agents: McpConfigStatus[];
}

export interface McpManagerOptions {
  paths: VillagePaths;
  log: DiagLog;
  /** Any server's state changed (the UI refetches `mcp_status`). */
  onChange?: () => void;
  /** The connect + handshake limit (30 s). */
  timeoutMs?: number;
  /** The limit of one tools/call without progress (600 s). */
  callTimeoutMs?: number;
  /** The waits between connection attempts (1 s doubling to 60 s). */
  retry?: RetryPolicy;
  /** Where `${VAR}` in mcp.json is looked up; this process's environment. */
  env?: Readonly<Record<string, string | undefined>>;
  now?: () => number;
}

/**
 * The village's MCP client side: the shared servers of `{workspace}/mcp.json`, opened at boot, and
 * each running agent's own `agents/{id}/mcp.json`, opened when it starts and closed when it stops (one
 * process per agent, never shared). Connection state lives here only and is never persisted.
 */
export class McpManager {
  private shared: McpServerSet | null = null;
  private readonly perAgent = new Map<AgentId, McpServerSet>();
  private readonly timings: McpTimings;

  constructor(private readonly options: McpManagerOptions) {
    this.timings = {
      connectTimeoutMs: options.timeoutMs ?? MCP_CONNECT_TIMEOUT_MS,
      callTimeoutMs: options.callTimeoutMs ?? MCP_CALL_TIMEOUT_MS,
      retry: options.retry ?? MCP_RETRY,
    };
  }

  private newSet(agentId: AgentId | null): McpServerSet {
    const { paths, log } = this.options;
    return new McpServerSet({
      agentId,
      configPath: agentId === null ? paths.sharedMcp : paths.configFile(agentId, 'mcp'),
      timings: this.timings,
      log,
      env: this.options.env ?? process.env,
      now: this.options.now ?? Date.now,
      onChange: () => this.options.onChange?.(),
    });
  }

  /**
   * (Re)connect the shared servers: the old set's tools are gone before the new set connects.
   * Resolves once the file is read and the connections are started; nothing waits for a handshake.
   */
  async openShared(): Promise<void> {
    const old = this.shared;
    const next = this.newSet(null);
    this.shared = next;
    // The old tools are out of sight from here; the new set starts at once.
    const opened = next.open();
    await old?.close();
    await opened;
  }

  /** The agent started: connect its own servers (replacing any left from before). */
  async agentStarted(agentId: AgentId): Promise<void> {
    const old = this.perAgent.get(agentId);
    const next = this.newSet(agentId);
    this.perAgent.set(agentId, next);
    const opened = next.open();
    await old?.close();
    await opened;
  }

  async agentStopped(agentId: AgentId): Promise<void> {
    const set = this.perAgent.get(agentId);
    this.perAgent.delete(agentId);
    await set?.close();
  }

  /** Saving a running agent's mcp.json reconnects it; for an agent not running nothing connects. */
  async reloadAgent(agentId: AgentId): Promise<boolean> {
    if (!this.perAgent.has(agentId)) return false;
    await this.agentStarted(agentId);
    return true;
  }

  sharedTools(): AgentTool[] {
    return this.shared?.tools() ?? [];
  }

  agentTools(agentId: AgentId): AgentTool[] {
    return this.perAgent.get(agentId)?.tools() ?? [];
  }

  status(): McpStatusView {
    const agents = [...this.perAgent.values()].map((set) => set.status());
    const shared = this.shared?.status() ?? null;
    return { shared: shared === null ? null : markHiddenSharedTools(shared, agents), agents };
  }

  async close(): Promise<void> {
    const sets = [this.shared, ...this.perAgent.values()];
    this.shared = null;
    this.perAgent.clear();
    await Promise.all(sets.map((set) => set?.close()));
  }
}
