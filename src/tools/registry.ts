import type { AgentId } from '../domain/ids.ts';
import type { AgentTool, ToolRegistry } from '../orchestrator/tool.ts';
import type { Village } from '../world/village.ts';
import { isBundledToolPresented } from './tool-names.ts';

/** Where MCP tools come from (the MCP manager); kept structural so tools/ does not depend on mcp/. */
export interface McpToolSource {
  sharedTools(): AgentTool[];
  agentTools(agentId: AgentId): AgentTool[];
}

const NO_MCP: McpToolSource = {
  sharedTools: () => [],
  agentTools: () => [],
};

/**
 * The tools an agent is offered after the topology tools (ledger part 1 §5.3): the shared registry
 * (bundled tools filtered by `enabledTools` and the work folder, declared tools such as `rag` left to
 * their own specFor, then shared MCP), then the agent's own
 * MCP tools. On a name clash the agent's own tool wins; otherwise the first of a name is kept, so a
 * request never carries two tools of one name. A shared MCP tool hidden this way is not dropped in
 * silence: mcp_status marks it hidden for the agent (markHiddenSharedTools, the same rule by name).
 */
export class VillageToolRegistry implements ToolRegistry {
  constructor(
    private readonly village: Village,
    private readonly bundled: AgentTool[],
    private readonly mcp: McpToolSource = NO_MCP,
  ) {}

  toolsFor(agentId: AgentId): AgentTool[] {
    const spec = this.village.state.agents.find((a) => a.id === agentId);
    if (!spec) return [];
    const own = dedupe(this.mcp.agentTools(agentId));
    const ownNames = new Set(own.map((tool) => tool.name));
    const shared = dedupe([
      ...this.bundled.filter((tool) =>
        isBundledToolPresented(tool.name, spec.enabledTools, spec.workDir !== null),
      ),
      ...this.mcp.sharedTools(),
    ]).filter((tool) => !ownNames.has(tool.name));
    return [...shared, ...own];
  }
}

function dedupe(tools: AgentTool[]): AgentTool[] {
  const seen = new Set<string>();
  return tools.filter((tool) => {
    if (seen.has(tool.name)) return false;
    seen.add(tool.name);
    return true;
  });
}
