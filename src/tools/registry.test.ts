import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { AgentId } from '../domain/ids.ts';
import type { AgentTool } from '../orchestrator/tool.ts';
import type { Village } from '../world/village.ts';
import { ragTool } from './rag/rag-tool.ts';
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

it('leaves rag to its declaration: offered whatever enabledTools says, hidden by its own specFor', async () => {
  const root = mkdtempSync(join(tmpdir(), 'fuseforks-rag-offer-'));
  try {
    const agents = [
      { id: 'explicit', enabledTools: ['remember'], workDir: null, ragSources: [root] },
      { id: 'defaults', enabledTools: null, workDir: null, ragSources: [root] },
      { id: 'none', enabledTools: null, workDir: null, ragSources: [] },
      { id: 'dead', enabledTools: ['rag'], workDir: null, ragSources: [join(root, 'gone')] },
    ];
    const ragVillage = { state: { agents } } as unknown as Village;
    const registry = new VillageToolRegistry(ragVillage, [tool('remember', 'bundled'), ragTool(ragVillage)]);
    const offeredNames = async (id: string) => {
      const names: string[] = [];
      for (const t of registry.toolsFor(id as AgentId)) {
        const spec = await t.specFor({ agentId: id, language: 'en' } as never);
        if (spec) names.push(spec.name);
      }
      return names;
    };
    expect(await offeredNames('explicit')).toEqual(['remember', 'rag']);
    expect(await offeredNames('defaults')).toEqual(['remember', 'rag']);
    expect(await offeredNames('none')).toEqual(['remember']);
    // Listing rag in enabledTools does not offer it without a valid root.
    expect(await offeredNames('dead')).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
