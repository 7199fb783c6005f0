import type { ToolCallRecord } from '../../../src/domain/session.ts';
import type {
  AgentGroup,
  AgentSnapshot,
  Language,
  ModelTemplate,
  Role,
  TopologyEdge,
  TopologyPosition,
} from '../lib/types.ts';

/** The file path is shown from the user's home (`~/...`) when it lies under it. */
export type CredentialStoreLocation = { kind: 'keyring' } | { kind: 'file'; path: string };

/** `get_world`: the whole projection the UI draws from. */
export interface World {
  villageId: string;
  appVersion: string;
  /** Where the server keeps API keys (src/secrets/secret-location.ts): the OS keyring or its 0600 file. */
  credentialStore: CredentialStoreLocation;
  agents: AgentSnapshot[];
  templates: ModelTemplate[];
  roles: Role[];
  groups: AgentGroup[];
  edges: TopologyEdge[];
  positions: Record<string, TopologyPosition>;
  settings: {
    tokenBudget: number | null;
    language: Language;
    askTimeoutSecs: number | null;
    defaultVerifier: string | null;
    userName: string | null;
    externalName: string | null;
    reception: string | null;
  };
}

/**
 * The stored tool call (`list_tool_calls`, or the `call` of a live `toolInvoked`): the core's type, with
 * ids as the plain strings the wire carries.
 */
export type StoredToolCall = Omit<ToolCallRecord, 'agentId' | 'target'> & {
  agentId: string;
  target?: string;
};

/** One bundled/MCP tool call as the chat shows it: live from `toolInvoked`, or restored from the store. */
export interface ToolRow {
  key: string;
  agentId: string;
  tool: string;
  ok: boolean;
  reason: string | null;
  reasonState: 'written' | 'omitted' | 'unsupported' | 'excluded' | null;
  tsMs: number;
  /** Arguments and result, when the server sent them (absent from an older server's events). */
  call?: StoredToolCall;
}

/** A stored tool call as a row (after a reload, resume or fork). */
export function toolRowFromStored(call: StoredToolCall, index: number, batch = 'stored'): ToolRow {
  return {
    // Unique across batches too: each page's rows are a separate fetch with its own indexes.
    key: `${batch}-${call.tsMs}-${call.agentId}-${call.callId}-${index}`,
    agentId: call.agentId,
    tool: call.name,
    ok: !call.isError,
    reason: call.reason,
    reasonState: call.reasonState,
    tsMs: call.tsMs,
    call,
  };
}

export interface PendingEntry {
  command: string;
  args: string[];
  count: number;
  firstRequestedAtMs: number;
  /** The model's reason for the call (issue 22); absent when it wrote none. */
  reason?: string;
  exactPattern: string | null;
  openPattern: string | null;
}

export interface PendingListing {
  agents: { agentId: string; entries: PendingEntry[]; problem: string | null }[];
  total: number;
}

export interface McpServerStatus {
  name: string;
  transport: 'stdio' | 'http' | null;
  enabled: boolean;
  /** disabled | connecting | connected | retrying | failed | invalid */
  state: string;
  tools: string[];
  /**
   * Which server tool each offered name calls; `hiddenFor`: the running servants whose own MCP tool
   * of the same name wins over this shared one.
   */
  toolNames: { name: string; tool: string; hiddenFor: string[] }[];
  /** Tools the server lists that are not offered, and why. */
  skippedTools: { tool: string; reason: string }[];
  error: string | null;
  /** When the next connection attempt starts (epoch ms), while retrying. */
  retryAtMs: number | null;
}

export interface McpConfigStatus {
  scope: 'shared' | 'agent';
  agentId: string | null;
  error: string | null;
  servers: McpServerStatus[];
}

export interface McpStatusView {
  shared: McpConfigStatus | null;
  agents: McpConfigStatus[];
}

export type Toast = { id: number; kind: 'info' | 'warn' | 'error'; text: string };
