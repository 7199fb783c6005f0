import type { AgentGroupId, AgentId, ModelTemplateId, RoleId } from './ids.ts';
import type { RoleColor } from './enums.ts';

/** Copied into a new agent (and its Construct.md) once, at creation; never re-applied. */
export interface RoleDefaults {
  construct: string;
  modelTemplateId: ModelTemplateId | null;
  enabledTools: string[] | null;
  maxToolIterations: number | null;
}

/** A role is both a creation template (`defaults`) and a live label (`name`, `color`). */
export interface Role {
  id: RoleId;
  name: string;
  /** For people; never enters a prompt. */
  description: string;
  color: RoleColor | null;
  defaults: RoleDefaults;
}

export const ROLE_DEFAULTS_EMPTY: RoleDefaults = {
  construct: '',
  modelTemplateId: null,
  enabledTools: null,
  maxToolIterations: null,
};

export interface AgentGroup {
  /** uuid v4 issued by the core, never reissued. */
  id: AgentGroupId;
  /** Not empty; duplicates allowed. */
  name: string;
  batchStart: boolean;
}

export interface TopologyPosition {
  x: number;
  y: number;
}

export interface TopologyEdge {
  source: AgentId;
  target: AgentId;
}

/** Default ask timeout when `askTimeoutSecs` is null. */
export const DEFAULT_ASK_TIMEOUT_SECS = 600;
export const ASK_TIMEOUT_RANGE = { min: 30, max: 3600 } as const;
/** Written only when a new world.json is created. */
export const NEW_VILLAGE_TOKEN_BUDGET = 1_000_000;
export const USER_NAME_MAX_CHARS = 32;
