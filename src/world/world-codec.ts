/**
 * world.json <-> WorldState. Decoding keeps unknown fields, drops `retired_*` ones, and normalises
 * what the ledger says to normalise on load; anything else that does not fit is a corrupt file.
 */
import { z } from 'zod';
import { AGENT_SPEC_FIELDS, type AgentSpec } from '../domain/agent.ts';
import { LANGUAGES, type Language } from '../domain/enums.ts';
import type { AgentGroupId, AgentId, RoleId } from '../domain/ids.ts';
import { isSafeIdentifier } from '../domain/ids.ts';
import {
  agentSpecStored,
  groupStored,
  positionSchema,
  roleStored,
  templateStored,
} from '../domain/schemas.ts';
import type { ModelTemplate } from '../domain/template.ts';
import type { AgentGroup, Role, TopologyPosition } from '../domain/village.ts';
import { ASK_TIMEOUT_RANGE } from '../domain/village.ts';
import { issueMessage, issuePath } from '../domain/zod-issues.ts';
import { jsonProblem } from './json-problem.ts';
import { userNameProblem } from './validate.ts';
import { emptyUnknown, type WorldState } from './world-state.ts';

/** Fields removed from the model: read and discarded, never written back (ledger part 3 §5.1). */
const RETIRED_TEMPLATE_FIELDS = ['apiKeyEnv', 'api_key_env', 'retired_api_key_env'];
const RETIRED_ROLE_DEFAULT_FIELDS = ['ragSources', 'rag_sources', 'retired_rag_sources'];

const WORLD_KEYS = [
  'agents',
  'templates',
  'roles',
  'groups',
  'topologyPositions',
  'tokenBudget',
  'language',
  'askTimeoutSecs',
  'defaultVerifier',
  'userName',
  'externalName',
  'reception',
] as const;
/** Accepted on read as a spelling of `topologyPositions`. */
const POSITIONS_ALIAS = 'topology_positions';

export class WorldDecodeError extends Error {
  override name = 'WorldDecodeError';
}

export interface DecodedWorld {
  world: WorldState;
  /** One line each, for the diagnostics log (no values that could be secrets). */
  notes: string[];
  warnings: string[];
}

const worldShape = z.looseObject({
  agents: z.array(z.unknown()).default([]),
  templates: z.array(z.unknown()).default([]),
  roles: z.array(z.unknown()).default([]),
  groups: z.array(z.unknown()).default([]),
  topologyPositions: z.record(z.string(), positionSchema).optional(),
  [POSITIONS_ALIAS]: z.record(z.string(), positionSchema).optional(),
  tokenBudget: z.int().min(0).nullable().default(null),
  language: z.unknown().optional(),
  askTimeoutSecs: z.int().nullable().default(null),
  defaultVerifier: z.string().nullable().default(null),
  userName: z.string().nullable().default(null),
  externalName: z.string().nullable().default(null),
  reception: z.string().nullable().default(null),
});

function splitUnknown(value: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!known.includes(key)) rest[key] = v;
  return rest;
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    // Bounded: world.json is edited by hand and may hold anything.
    const issue = result.error.issues[0];
    const path = issue ? issuePath(issue.path) : '';
    throw new WorldDecodeError(
      `${where}${path ? `.${path}` : ''}: ${issue ? issueMessage(issue) : 'invalid'}`,
    );
  }
  return result.data;
}

function withoutKeys(value: unknown, keys: string[]): { value: unknown; removed: boolean } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { value, removed: false };
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  let removed = false;
  for (const key of keys) {
    if (key in copy) {
      delete copy[key];
      removed = true;
    }
  }
  return { value: copy, removed };
}

const TEMPLATE_KNOWN = Object.keys(templateStored.shape);
const ROLE_KNOWN = Object.keys(roleStored.shape);
const GROUP_KNOWN = Object.keys(groupStored.shape);
const ROLE_DEFAULTS_KNOWN = ['construct', 'modelTemplateId', 'enabledTools', 'maxToolIterations'];

export function decodeWorld(text: string): DecodedWorld {
  // JSON.parse's own message quotes the text around the error, and this file may hold anything.
  const problem = jsonProblem(text);
  if (problem !== null) throw new WorldDecodeError(`world.json is ${problem}`);
  const json: unknown = JSON.parse(text);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new WorldDecodeError('world.json must hold a JSON object');
  }
  const raw = parseOrThrow(worldShape, json, 'world');
  const notes: string[] = [];
  const warnings: string[] = [];
  const unknown = emptyUnknown();
  unknown.world = splitUnknown(raw, [...WORLD_KEYS, POSITIONS_ALIAS]);

  const agents: AgentSpec[] = [];
  raw.agents.forEach((item, i) => {
    const parsed = parseOrThrow(agentSpecStored, item, `agents[${i}]`);
    if (agents.some((a) => a.id === parsed.id)) {
      throw new WorldDecodeError(`world.json: agent id ${parsed.id} appears twice`);
    }
    const spec = Object.fromEntries(AGENT_SPEC_FIELDS.map((k) => [k, parsed[k]])) as unknown as AgentSpec;
    spec.groupId = parsed.groupId as AgentGroupId | null;
    spec.roleId = parsed.roleId as RoleId | null;
    const extra = splitUnknown(parsed, AGENT_SPEC_FIELDS);
    if (Object.keys(extra).length > 0) unknown.agents[spec.id] = extra;
    agents.push(spec);
  });

  const templates: ModelTemplate[] = [];
  raw.templates.forEach((item, i) => {
    const stripped = withoutKeys(item, RETIRED_TEMPLATE_FIELDS);
    if (stripped.removed) notes.push(`world.json: templates[${i}] retired field dropped`);
    const parsed = parseOrThrow(templateStored, stripped.value, `templates[${i}]`);
    if (templates.some((t) => t.id === parsed.id)) {
      throw new WorldDecodeError(`world.json: template id ${parsed.id} appears twice`);
    }
    const extra = splitUnknown(parsed, TEMPLATE_KNOWN);
    if (Object.keys(extra).length > 0) unknown.templates[parsed.id] = extra;
    templates.push(pick(parsed, TEMPLATE_KNOWN) as unknown as ModelTemplate);
  });

  const roles: Role[] = [];
  raw.roles.forEach((item, i) => {
    const parsed = parseOrThrow(roleStored, item, `roles[${i}]`);
    const stripped = withoutKeys(parsed.defaults, RETIRED_ROLE_DEFAULT_FIELDS);
    if (stripped.removed) notes.push(`world.json: roles[${i}] retired field dropped`);
    const defaults = stripped.value as Role['defaults'] & Record<string, unknown>;
    const extra = splitUnknown(parsed, ROLE_KNOWN);
    if (Object.keys(extra).length > 0) unknown.roles[parsed.id] = extra;
    const defaultsExtra = splitUnknown(defaults, ROLE_DEFAULTS_KNOWN);
    if (Object.keys(defaultsExtra).length > 0) unknown.roleDefaults[parsed.id] = defaultsExtra;
    roles.push({
      id: parsed.id,
      name: parsed.name,
      description: parsed.description,
      color: parsed.color,
      defaults: {
        construct: defaults.construct,
        modelTemplateId: defaults.modelTemplateId,
        enabledTools: defaults.enabledTools,
        maxToolIterations: defaults.maxToolIterations,
      } as Role['defaults'],
    });
  });

  const groups: AgentGroup[] = [];
  raw.groups.forEach((item, i) => {
    const parsed = parseOrThrow(groupStored, item, `groups[${i}]`);
    const extra = splitUnknown(parsed, GROUP_KNOWN);
    if (Object.keys(extra).length > 0) unknown.groups[parsed.id] = extra;
    groups.push(pick(parsed, GROUP_KNOWN) as unknown as AgentGroup);
  });

  // Edges and positions of agents that are not there are dropped; cycles are fine.
  const ids = new Set<string>(agents.map((a) => a.id));
  for (const agent of agents) {
    const kept = [...new Set<string>(agent.connectedAgents)].filter(
      (t) => t !== agent.id && ids.has(t),
    ) as AgentId[];
    if (kept.length !== agent.connectedAgents.length) {
      const n = agent.connectedAgents.length - kept.length;
      notes.push(`world.json: agent ${agent.id} dropped ${n} ${n === 1 ? 'edge' : 'edges'}`);
    }
    agent.connectedAgents = kept;
  }
  const positions: Record<string, TopologyPosition> = {};
  for (const [id, pos] of Object.entries(raw.topologyPositions ?? raw[POSITIONS_ALIAS] ?? {})) {
    if (ids.has(id)) positions[id] = { x: pos.x, y: pos.y };
  }

  let tokenBudget = raw.tokenBudget;
  if (tokenBudget === 0) {
    notes.push('world.json: tokenBudget 0 read as no ceiling');
    tokenBudget = null;
  }

  let language: Language | null = null;
  if ((LANGUAGES as readonly unknown[]).includes(raw.language)) language = raw.language as Language;
  else if (raw.language !== undefined && raw.language !== null) {
    notes.push('world.json: unknown language code, will be detected again');
  }

  let askTimeoutSecs = raw.askTimeoutSecs;
  if (
    askTimeoutSecs !== null &&
    (askTimeoutSecs < ASK_TIMEOUT_RANGE.min || askTimeoutSecs > ASK_TIMEOUT_RANGE.max)
  ) {
    warnings.push(`world.json: askTimeoutSecs ${askTimeoutSecs} outside 30..=3600, using the default`);
    askTimeoutSecs = null;
  }

  // These go into the sender envelope; a hand-edited file gets the same check as the API.
  const envelopeName = (value: string | null, what: string): string | null => {
    if (value === null || userNameProblem(value) === null) return value === null ? null : value.trim();
    notes.push(`world.json: ${what} is not a valid name, cleared`);
    return null;
  };

  const agentRef = (value: string | null, what: string): AgentId | null => {
    if (value === null) return null;
    if (isSafeIdentifier(value) && ids.has(value)) return value as AgentId;
    notes.push(`world.json: ${what} names a missing agent, cleared`);
    return null;
  };

  return {
    world: {
      agents,
      templates,
      roles,
      groups,
      topologyPositions: positions,
      tokenBudget,
      language,
      askTimeoutSecs,
      defaultVerifier: agentRef(raw.defaultVerifier, 'defaultVerifier'),
      userName: envelopeName(raw.userName, 'userName'),
      externalName: envelopeName(raw.externalName, 'externalName'),
      // Kept even when its agent is gone: the door then says AGENT_NOT_FOUND, not "unset".
      reception:
        raw.reception !== null && isSafeIdentifier(raw.reception) ? (raw.reception as AgentId) : null,
      unknown,
    },
    notes,
    warnings,
  };
}

function pick(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in value).map((k) => [k, value[k]]));
}

/** The projection written to disk; a dangling `groupId` is normalised to null here. */
export function encodeWorld(world: WorldState): string {
  const groupIds = new Set<string>(world.groups.map((g) => g.id));
  const out = {
    agents: world.agents.map((a) => ({
      ...world.unknown.agents[a.id],
      ...a,
      groupId: a.groupId !== null && groupIds.has(a.groupId) ? a.groupId : null,
    })),
    templates: world.templates.map((t) => ({ ...world.unknown.templates[t.id], ...t })),
    roles: world.roles.map((r) => ({
      ...world.unknown.roles[r.id],
      ...r,
      defaults: { ...world.unknown.roleDefaults[r.id], ...r.defaults },
    })),
    groups: world.groups.map((g) => ({ ...world.unknown.groups[g.id], ...g })),
    topologyPositions: world.topologyPositions,
    tokenBudget: world.tokenBudget,
    language: world.language,
    askTimeoutSecs: world.askTimeoutSecs,
    defaultVerifier: world.defaultVerifier,
    userName: world.userName,
    externalName: world.externalName,
    reception: world.reception,
    ...world.unknown.world,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}
