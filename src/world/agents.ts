/** Pure agent mutations over WorldState: each returns a new state or throws a CoreError. */
import { AGENT_SPEC_DEFAULTS, type AgentSpec } from '../domain/agent.ts';
import { CoreError } from '../domain/errors.ts';
import type { AgentGroupId, AgentId } from '../domain/ids.ts';
import type { AgentSpecInput } from '../domain/schemas.ts';
import {
  requireAgent,
  requireName,
  requireTemplate,
  requireWorkDir,
  validateConnections,
} from './validate.ts';
import type { WorldState } from './world-state.ts';

/** The smallest free `agent_N`, the same scheme the UI uses. */
export function deriveAgentId(world: WorldState): AgentId {
  const taken = new Set<string>(world.agents.map((a) => a.id));
  for (let n = 1; ; n += 1) if (!taken.has(`agent_${n}`)) return `agent_${n}` as AgentId;
}

function assertUniqueName(world: WorldState, name: string, self: string | null): void {
  const clash = world.agents.find((a) => a.id !== self && a.name.trim() === name);
  if (clash) {
    throw new CoreError('DUPLICATE_AGENT_NAME', 'another servant already has this name', {
      agentId: clash.id,
    });
  }
}

function assertRefs(world: WorldState, spec: AgentSpec, previous: AgentSpec | null): void {
  if (!previous || previous.modelTemplateId !== spec.modelTemplateId)
    requireTemplate(world, spec.modelTemplateId);
  if (spec.groupId !== null && (!previous || previous.groupId !== spec.groupId))
    requireGroup(world, spec.groupId);
  if (spec.roleId !== null && (!previous || previous.roleId !== spec.roleId)) {
    if (!world.roles.some((r) => r.id === spec.roleId)) {
      throw new CoreError('ROLE_NOT_FOUND', `no role with id ${spec.roleId}`);
    }
  }
}

export function requireGroup(world: WorldState, id: string): void {
  if (!world.groups.some((g) => g.id === id))
    throw new CoreError('GROUP_NOT_FOUND', `no group with id ${id}`);
}

function defined<T>(value: T | undefined, fallback: T): T {
  return value === undefined ? fallback : value;
}

export interface CreatedAgent {
  world: WorldState;
  spec: AgentSpec;
  /** Construct.md content copied from the role, when it has one. */
  construct: string | null;
  warnings: string[];
}

/**
 * A new agent. Fields the client left out take the role's defaults (copied once, here only),
 * then the spec defaults.
 */
export function createAgent(world: WorldState, input: AgentSpecInput): CreatedAgent {
  const id = input.id ?? deriveAgentId(world);
  if (world.agents.some((a) => a.id === id)) {
    throw new CoreError('DUPLICATE_AGENT', `an agent with id ${id} already exists`, { agentId: id });
  }
  const warnings: string[] = [];
  const role = input.roleId ? world.roles.find((r) => r.id === input.roleId) : undefined;
  if (input.roleId && !role) throw new CoreError('ROLE_NOT_FOUND', `no role with id ${input.roleId}`);

  let roleTemplate = role?.defaults.modelTemplateId ?? null;
  if (roleTemplate !== null && !world.templates.some((t) => t.id === roleTemplate)) {
    warnings.push(`role ${role?.id}: model template ${roleTemplate} is missing, not copied`);
    roleTemplate = null;
  }
  const name = requireName(input.name, 'the servant name');
  assertUniqueName(world, name, null);

  const modelTemplateId = input.modelTemplateId ?? roleTemplate;
  if (modelTemplateId === null) {
    throw new CoreError(
      'MODEL_TEMPLATE_NOT_FOUND',
      'a servant needs a model template (none given, none from its role)',
    );
  }
  const spec: AgentSpec = {
    id,
    name,
    modelTemplateId,
    ragSources: defined(input.ragSources, AGENT_SPEC_DEFAULTS.ragSources),
    connectedAgents: [],
    order: defined(input.order, nextOrder(world)),
    workDir: requireWorkDir(defined(input.workDir, null)),
    maxToolIterations: defined(input.maxToolIterations, role?.defaults.maxToolIterations ?? null),
    enabledTools: defined(input.enabledTools, role?.defaults.enabledTools ?? null),
    hearsRoomLog: defined(input.hearsRoomLog, true),
    usesBlackboard: defined(input.usesBlackboard, true),
    allowHandoff: defined(input.allowHandoff, true),
    planReview: defined(input.planReview, false),
    batchStart: defined(input.batchStart, true),
    groupId: defined(input.groupId, null),
    roleId: defined(input.roleId, null),
  };
  assertRefs(world, spec, null);
  spec.connectedAgents = validateConnections(world, id, input.connectedAgents ?? []) as AgentId[];
  const construct = role && role.defaults.construct.length > 0 ? role.defaults.construct : null;
  return { world: { ...world, agents: [...world.agents, spec] }, spec, construct, warnings };
}

function nextOrder(world: WorldState): number {
  return world.agents.reduce((max, a) => Math.max(max, a.order + 1), 0);
}

/** Fields the client sent replace the stored ones; omitted fields keep their value. */
export function updateAgent(world: WorldState, input: Partial<AgentSpecInput> & { id: AgentId }): WorldState {
  const previous = requireAgent(world, input.id);
  const next: AgentSpec = { ...previous };
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  next.name = requireName(next.name, 'the servant name');
  next.workDir = requireWorkDir(next.workDir);
  // Names are checked when they change: duplicates loaded from an older village stay editable.
  if (next.name !== previous.name.trim()) assertUniqueName(world, next.name, next.id);
  assertRefs(world, next, previous);
  next.connectedAgents = validateConnections(world, next.id, next.connectedAgents) as AgentId[];
  return { ...world, agents: world.agents.map((a) => (a.id === next.id ? next : a)) };
}

/**
 * Removes the agent and the references to it (edges, position, verifier). `reception` is kept on
 * purpose: a reception naming a deleted agent answers AGENT_NOT_FOUND, an unset one
 * EXTERNAL_RECEPTION_UNSET; the person's next step differs (ledger part 5, MCP server).
 */
export function deleteAgent(world: WorldState, id: AgentId): WorldState {
  requireAgent(world, id);
  const { [id]: _dropped, ...positions } = world.topologyPositions;
  const { [id]: _unknown, ...unknownAgents } = world.unknown.agents;
  return {
    ...world,
    agents: world.agents
      .filter((a) => a.id !== id)
      .map((a) =>
        a.connectedAgents.includes(id)
          ? { ...a, connectedAgents: a.connectedAgents.filter((t) => t !== id) }
          : a,
      ),
    topologyPositions: positions,
    defaultVerifier: world.defaultVerifier === id ? null : world.defaultVerifier,
    unknown: { ...world.unknown, agents: unknownAgents },
  };
}

export function setConnections(world: WorldState, id: AgentId, targets: readonly AgentId[]): WorldState {
  requireAgent(world, id);
  const connectedAgents = validateConnections(world, id, targets) as AgentId[];
  return { ...world, agents: world.agents.map((a) => (a.id === id ? { ...a, connectedAgents } : a)) };
}

export interface Regroup {
  agentId: AgentId;
  groupId: AgentGroupId | null;
}

/**
 * One drag-and-drop: the full list order and, optionally, the dropped agent's new group, in one
 * step. Agents the order leaves out keep their relative order after the listed ones.
 */
export function commitAgentDrop(
  world: WorldState,
  order: readonly AgentId[],
  regroup: Regroup | null,
): WorldState {
  if (new Set(order).size !== order.length)
    throw new CoreError('INVALID_ARGUMENT', 'order lists an agent twice');
  for (const id of order) requireAgent(world, id);
  if (regroup) {
    requireAgent(world, regroup.agentId);
    if (regroup.groupId !== null) requireGroup(world, regroup.groupId);
  }
  const rest = [...world.agents]
    .filter((a) => !order.includes(a.id))
    .sort((a, b) => a.order - b.order)
    .map((a) => a.id);
  const position = new Map([...order, ...rest].map((id, index) => [id as string, index]));
  return {
    ...world,
    agents: world.agents.map((a) => ({
      ...a,
      order: position.get(a.id) ?? a.order,
      groupId: regroup && regroup.agentId === a.id ? regroup.groupId : a.groupId,
    })),
  };
}
