import type { AgentSnapshot, AgentSpec } from '../domain/agent.ts';
import { IDLE_RUNTIME, type RuntimeView } from '../orchestrator/agent-runtime.ts';
import type { AgentId } from '../domain/ids.ts';
import type { TopologyEdge } from '../domain/village.ts';
import type { WorldState } from '../world/world-state.ts';

/** Runtime facts the world does not own (the orchestrator's); idle when nothing ran. */
export type RuntimeOf = (agentId: AgentId) => RuntimeView;

export const idleRuntime: RuntimeOf = () => IDLE_RUNTIME;

/** An agent's spec as the UI sees it: its group resolved, its template's model named. */
type ResolvedSpec = AgentSpec & Pick<AgentSnapshot, 'model'>;

/**
 * What one world state projects to, whatever the agents are doing. A WorldState is never changed in
 * place (the village replaces it on every change), so this is worked out once per state, not once per
 * `get_world` (issue 24: the per-agent copies, sort and template look-ups were most of its cost).
 * Shared by every answer for that state: read-only.
 */
interface WorldProjection {
  specs: readonly ResolvedSpec[];
  /** Each spec with IDLE_RUNTIME, the answer for an agent that has not run in this process. */
  idleSnapshots: readonly AgentSnapshot[];
  edges: TopologyEdge[];
  settings: ReturnType<typeof settingsOf>;
}

const projections = new WeakMap<WorldState, WorldProjection>();

function projectionOf(world: WorldState): WorldProjection {
  let projection = projections.get(world);
  if (!projection) {
    const specs = resolvedSpecs(world);
    projection = {
      specs,
      idleSnapshots: specs.map((spec) => ({ ...spec, ...IDLE_RUNTIME })),
      edges: topologyEdges(world),
      settings: settingsOf(world),
    };
    projections.set(world, projection);
  }
  return projection;
}

/** Agents in list order; a groupId that no longer resolves shows as no group. */
function resolvedSpecs(world: WorldState): ResolvedSpec[] {
  const groups = new Set<string>(world.groups.map((g) => g.id));
  const models = new Map<string, string>();
  // The first template of an id wins, as `find` did.
  for (const t of world.templates) if (!models.has(t.id)) models.set(t.id, t.model);
  return [...world.agents]
    .sort((a, b) => a.order - b.order)
    .map((spec) => ({
      ...spec,
      groupId: spec.groupId !== null && groups.has(spec.groupId) ? spec.groupId : null,
      model: models.get(spec.modelTemplateId) ?? '',
    }));
}

/** Agents in list order with their runtime facts; a groupId that no longer resolves shows as no group. */
export function agentSnapshots(world: WorldState, runtimeOf: RuntimeOf = idleRuntime): AgentSnapshot[] {
  const { specs, idleSnapshots } = projectionOf(world);
  return specs.map((spec, i) => {
    const runtime = runtimeOf(spec.id);
    return runtime === IDLE_RUNTIME ? idleSnapshots[i]! : { ...spec, ...runtime };
  });
}

export function topologyEdges(world: WorldState): TopologyEdge[] {
  return world.agents.flatMap((a) => a.connectedAgents.map((target) => ({ source: a.id, target })));
}

function settingsOf(world: WorldState) {
  return {
    tokenBudget: world.tokenBudget,
    language: world.language,
    askTimeoutSecs: world.askTimeoutSecs,
    defaultVerifier: world.defaultVerifier,
    userName: world.userName,
    externalName: world.externalName,
    reception: world.reception,
  };
}

/** The whole projection the UI needs (`get_world`). Templates carry the credential source only. */
export function projectWorld(world: WorldState, villageId: string, runtimeOf: RuntimeOf = idleRuntime) {
  const projection = projectionOf(world);
  return {
    villageId,
    agents: agentSnapshots(world, runtimeOf),
    templates: world.templates,
    roles: world.roles,
    groups: world.groups,
    edges: projection.edges,
    positions: world.topologyPositions,
    settings: projection.settings,
  };
}
