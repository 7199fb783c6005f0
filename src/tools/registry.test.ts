import { expect, it } from 'vitest';
import type { AgentId } from '../domain/ids.ts';
import type { AgentTool } from '../orchestrator/tool.ts';
import type { Village } from '../world/village.ts';
import { VillageToolRegistry, type McpToolSource } from './registry.ts';

function tool(name: string, from: string): AgentTool {
  return {
    name,
    wantsReason: false,
    specFor: () => ({ name, description: from, parameters: { type: 'object' } }),
    execute: async () => from,
  };
}

const village = {
  state: { agents: [{ id: 'alice', enabledTools: ['remember', 'grep'], workDir: null }] },
} as unknown as Village;
const ALICE = 'alice' as AgentId;

it('offers bundled, then shared MCP, then the agent’s own; the own tool wins a clash; no name twice', async () => {
  const mcp: McpToolSource = {
    sharedTools: () => [
      tool('web__search', 'shared'),
      tool('docs__read', 'shared'),
      tool('docs__read', 'shared-dup'),
    ],
    agentTools: (id) => (id === ALICE ? [tool('db__query', 'own'), tool('web__search', 'own')] : []),
  };
  const registry = new VillageToolRegistry(
    village,
    [tool('remember', 'bundled'), tool('grep', 'bundled')],
    mcp,
  );
  const offered = registry.toolsFor(ALICE);
  // grep needs a work folder; alice has none.
  expect(offered.map((t) => t.name)).toEqual(['remember', 'docs__read', 'db__query', 'web__search']);
  const descriptions = await Promise.all(
    offered.map(async (t) => (await t.specFor({} as never))!.description),
  );
  expect(descriptions).toEqual(['bundled', 'shared', 'own', 'own']);
  // Execution resolves to the agent's own tool too.
  expect(await offered.find((t) => t.name === 'web__search')!.execute({}, {} as never)).toBe('own');
  expect(registry.toolsFor('nobody' as AgentId)).toEqual([]);
});
