import type { AgentSnapshot } from '../domain/agent.ts';
import { IDLE_RUNTIME, type RuntimeView } from '../orchestrator/agent-runtime.ts';
import type { AgentId } from '../domain/ids.ts';
import type { TopologyEdge } from '../domain/village.ts';
import type { WorldState } from '../world/world-state.ts';

/** Runtime facts the world does not own (the orchestrator's); idle when nothing ran. */
export type RuntimeOf = (agentId: AgentId) => RuntimeView;

export const idleRuntime: RuntimeOf = () => IDLE_RUNTIME;

/** Agents in list order; a groupId that no longer resolves shows as no group. */
export function agentSnapshots(world: WorldState, runtimeOf: RuntimeOf = idleRuntime): AgentSnapshot[] {
  const groups = new Set<string>(world.groups.map((g) => g.id));
  return [...world.agents]
    .sort((a, b) => a.order - b.order)
    .map((spec) => ({
      ...spec,
      groupId: spec.groupId !== null && groups.has(spec.groupId) ? spec.groupId : null,
      model: world.templates.find((t) => t.id === spec.modelTemplateId)?.model ?? '',
      ...runtimeOf(spec.id),
    }));
}

export function topologyEdges(world: WorldState): TopologyEdge[] {
  return world.agents.flatMap((a) => a.connectedAgents.map((target) => ({ source: a.id, target })));
}

/** The whole projection the UI needs (`get_world`). Templates carry the credential source only. */
export function projectWorld(world: WorldState, villageId: string, runtimeOf: RuntimeOf = idleRuntime) {
  return {
    villageId,
    agents: agentSnapshots(world, runtimeOf),
    templates: world.templates,
    roles: world.roles,
    groups: world.groups,
    edges: topologyEdges(world),
    positions: world.topologyPositions,
    settings: {
      tokenBudget: world.tokenBudget,
      language: world.language,
      askTimeoutSecs: world.askTimeoutSecs,
      defaultVerifier: world.defaultVerifier,
      userName: world.userName,
      externalName: world.externalName,
      reception: world.reception,
    },
  };
}
