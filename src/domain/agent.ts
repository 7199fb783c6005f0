import type { AgentGroupId, AgentId, ModelTemplateId, RoleId } from './ids.ts';
import type { AgentStatus } from './enums.ts';
import type { ErrorPayload } from './errors.ts';

/** The 16 fields of an agent's definition (ledger part 2 §2.6), wire names camelCase. */
export interface AgentSpec {
  id: AgentId;
  name: string;
  modelTemplateId: ModelTemplateId;
  ragSources: string[];
  /** Directed out-edges. */
  connectedAgents: AgentId[];
  order: number;
  /** Null: the file tools do not run. */
  workDir: string | null;
  /** Null: the default of 12. */
  maxToolIterations: number | null;
  /** Null: the default set (which excludes `run`); an explicit list presents exactly those tools. */
  enabledTools: string[] | null;
  hearsRoomLog: boolean;
  usesBlackboard: boolean;
  allowHandoff: boolean;
  planReview: boolean;
  batchStart: boolean;
  /** Never read on execution paths; never in prompts. */
  groupId: AgentGroupId | null;
  roleId: RoleId | null;
}

export const AGENT_SPEC_FIELDS = [
  'id',
  'name',
  'modelTemplateId',
  'ragSources',
  'connectedAgents',
  'order',
  'workDir',
  'maxToolIterations',
  'enabledTools',
  'hearsRoomLog',
  'usesBlackboard',
  'allowHandoff',
  'planReview',
  'batchStart',
  'groupId',
  'roleId',
] as const satisfies readonly (keyof AgentSpec)[];

export const DEFAULT_MAX_TOOL_ITERATIONS = 12;

/** Defaults for every optional field; `batchStart` must default to true (ledger part 2 §5.7). */
export const AGENT_SPEC_DEFAULTS = {
  ragSources: [] as string[],
  connectedAgents: [] as AgentId[],
  order: 0,
  workDir: null,
  maxToolIterations: null,
  enabledTools: null,
  hearsRoomLog: true,
  usesBlackboard: true,
  allowHandoff: true,
  planReview: false,
  batchStart: true,
  groupId: null,
  roleId: null,
} satisfies Omit<AgentSpec, 'id' | 'name' | 'modelTemplateId'>;

/** Read-only view of an agent: its definition plus runtime state and volatile counters. */
export interface AgentSnapshot extends AgentSpec {
  /** Resolved from the template; "" when the template is missing. */
  model: string;
  status: AgentStatus;
  typing: boolean;
  uptimeSecs: number;
  totalTokens: number;
  promptTokens: number;
  cachedTokens: number;
  /** Input of the last single LLM call; null until the agent has called a model. */
  lastPromptTokens: number | null;
  lastError: ErrorPayload | null;
}
