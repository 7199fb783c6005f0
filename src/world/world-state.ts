import type { AgentSpec } from '../domain/agent.ts';
import type { Language } from '../domain/enums.ts';
import type { AgentId } from '../domain/ids.ts';
import type { ModelTemplate } from '../domain/template.ts';
import type { AgentGroup, Role, TopologyPosition } from '../domain/village.ts';

type Unknown = Record<string, unknown>;

/** Fields this build does not know, kept per record so they are written back unchanged. */
export interface UnknownFields {
  world: Unknown;
  agents: Record<string, Unknown>;
  templates: Record<string, Unknown>;
  roles: Record<string, Unknown>;
  /** Unknown keys inside a role's `defaults`, by role id. */
  roleDefaults: Record<string, Unknown>;
  groups: Record<string, Unknown>;
}

/** The village definition held in memory; `world.json` is its projection. Treated as immutable. */
export interface WorldState {
  agents: AgentSpec[];
  templates: ModelTemplate[];
  roles: Role[];
  groups: AgentGroup[];
  topologyPositions: Record<string, TopologyPosition>;
  /** Effective-token ceiling per causal chain; null = no ceiling. */
  tokenBudget: number | null;
  /** Null while undetermined (first run, or an unknown stored code): detected at boot. */
  language: Language | null;
  askTimeoutSecs: number | null;
  defaultVerifier: AgentId | null;
  userName: string | null;
  externalName: string | null;
  reception: AgentId | null;
  unknown: UnknownFields;
}

export function emptyUnknown(): UnknownFields {
  return { world: {}, agents: {}, templates: {}, roles: {}, roleDefaults: {}, groups: {} };
}

export function emptyWorld(): WorldState {
  return {
    agents: [],
    templates: [],
    roles: [],
    groups: [],
    topologyPositions: {},
    tokenBudget: null,
    language: null,
    askTimeoutSecs: null,
    defaultVerifier: null,
    userName: null,
    externalName: null,
    reception: null,
    unknown: emptyUnknown(),
  };
}
