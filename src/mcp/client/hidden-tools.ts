import type { McpConfigStatus } from './server-set.ts';

/**
 * The shared servers' status with each tool marked for the running agents that do not get it: one of
 * the agent's own MCP tools has the same name and wins (ledger §5.3; VillageToolRegistry drops the
 * shared one). Names are made distinct within one mcp.json only, so a shared `my.srv` and an agent's
 * `my_srv` can meet; without this, mcp_status would list the shared tool as offered to everyone.
 */
export function markHiddenSharedTools(
  shared: McpConfigStatus,
  agents: readonly McpConfigStatus[],
): McpConfigStatus {
  const owners = agents.flatMap((set) =>
    set.agentId === null
      ? []
      : [{ agentId: set.agentId, names: new Set(set.servers.flatMap((s) => s.tools)) }],
  );
  return {
    ...shared,
    servers: shared.servers.map((server) => ({
      ...server,
      toolNames: server.toolNames.map((entry) => ({
        ...entry,
        hiddenFor: owners.filter((owner) => owner.names.has(entry.name)).map((owner) => owner.agentId),
      })),
    })),
  };
}
