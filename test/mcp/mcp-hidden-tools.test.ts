/**
 * A shared MCP tool and a servant's own that end up with one name (server `my.srv` in the shared
 * mcp.json, `my_srv` in the servant's): the servant's own wins (ledger §5.3), and mcp_status says the
 * shared one is hidden for that servant instead of listing it as offered to all.
 */
import { expect, it } from 'vitest';
import type { Village } from '../../src/world/village.ts';
import { VillageToolRegistry } from '../../src/tools/registry.ts';
import { ALICE, useManagerKit } from './manager-kit.ts';
import { listed, scriptedStdio, untilSettled } from './servers.ts';

const kit = useManagerKit();

const village = {
  state: { agents: [{ id: ALICE, enabledTools: [], workDir: null }] },
} as unknown as Village;

it('marks a shared tool hidden for the servant whose own tool has its name, as the registry does', async () => {
  kit.writeShared({ 'my.srv': scriptedStdio([listed('x', { description: 'shared x' }), listed('y')]) });
  kit.writeAgent(ALICE, { my_srv: scriptedStdio([listed('x', { description: 'own x' })]) });
  await kit.manager.openShared();
  await kit.manager.agentStarted(ALICE);
  await untilSettled(kit.manager);

  const sharedNames = () => kit.manager.status().shared!.servers[0]!.toolNames;
  expect(sharedNames()).toEqual([
    { name: 'my_srv__x', tool: 'x', hiddenFor: [ALICE] },
    { name: 'my_srv__y', tool: 'y', hiddenFor: [] },
  ]);
  // The agent's own entry hides nothing of its own.
  expect(kit.manager.status().agents[0]!.servers[0]!.toolNames).toEqual([
    { name: 'my_srv__x', tool: 'x', hiddenFor: [] },
  ]);

  // The registry agrees: a shared tool is offered exactly when the status does not say it is hidden.
  const offered = new VillageToolRegistry(village, [], kit.manager).toolsFor(ALICE);
  for (const entry of sharedNames()) {
    const shared = kit.manager.sharedTools().find((tool) => tool.name === entry.name);
    expect(offered.includes(shared!)).toBe(!entry.hiddenFor.includes(ALICE));
  }
  const x = offered.find((tool) => tool.name === 'my_srv__x')!;
  expect((await x.specFor(kit.ctx()))!.description).toBe('own x');

  // Once the servant stops, nothing hides the shared tool.
  await kit.manager.agentStopped(ALICE);
  expect(sharedNames().map((entry) => entry.hiddenFor)).toEqual([[], []]);
});
