import type { AgentId } from '../domain/ids.ts';
import type { AgentTool, ToolRegistry } from '../orchestrator/tool.ts';
import type { Village } from '../world/village.ts';
import { isBundledToolPresented } from './tool-names.ts';

/**
 * The bundled tools, filtered per agent by `enabledTools` and the work folder. MCP tools will join
 * here (shared first, then the agent's own, which win on a name clash).
 */
export class BundledToolRegistry implements ToolRegistry {
  constructor(
    private readonly village: Village,
    private readonly bundled: AgentTool[],
  ) {}

  toolsFor(agentId: AgentId): AgentTool[] {
    const spec = this.village.state.agents.find((a) => a.id === agentId);
    if (!spec) return [];
    return this.bundled.filter((tool) =>
      isBundledToolPresented(tool.name, spec.enabledTools, spec.workDir !== null),
    );
  }
}
