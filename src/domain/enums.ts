/** Closed value sets of the ledger (wire values are snake_case). */

export const AGENT_STATUSES = ['idle', 'starting', 'running', 'stopping', 'failed'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** `failed` counts as stopped, the same as `idle`. */
export function isActiveStatus(status: AgentStatus): boolean {
  return status === 'starting' || status === 'running';
}

/** The closed set of per-agent files the API may touch, and the file each maps to. */
export const CONFIG_FILE_NAMES = {
  skill: 'SKILL.md',
  memory: 'Memory.md',
  construct: 'Construct.md',
  mcp: 'mcp.json',
  run: 'run.json',
} as const;
export type ConfigFileKind = keyof typeof CONFIG_FILE_NAMES;
export const CONFIG_FILE_KINDS = Object.keys(CONFIG_FILE_NAMES) as ConfigFileKind[];

export function isConfigFileKind(value: unknown): value is ConfigFileKind {
  return typeof value === 'string' && Object.hasOwn(CONFIG_FILE_NAMES, value);
}

export const PROVIDERS = [
  'open_ai_compat',
  'anthropic',
  'gemini',
  'xai_responses',
  'open_ai_responses',
  'meta_responses',
  'perplexity_responses',
] as const;
export type Provider = (typeof PROVIDERS)[number];

/** `xhigh` is the wire spelling (not `x_high`). */
export const EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
export type Effort = (typeof EFFORTS)[number];

export const CREDENTIAL_SOURCES = ['unset', 'not_required', 'keyring'] as const;
export type CredentialSource = (typeof CREDENTIAL_SOURCES)[number];

/** The legacy value `"none"` reads as `unset`. */
export function readCredentialSource(value: unknown): CredentialSource {
  if (value === 'none') return 'unset';
  return (CREDENTIAL_SOURCES as readonly unknown[]).includes(value) ? (value as CredentialSource) : 'unset';
}

export const ROLE_COLORS = ['red', 'orange', 'amber', 'green', 'teal', 'blue', 'violet', 'pink'] as const;
export type RoleColor = (typeof ROLE_COLORS)[number];

export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const GROUNDING_ENGINES = ['google', 'xai', 'open_ai', 'meta', 'perplexity'] as const;
export type GroundingEngine = (typeof GROUNDING_ENGINES)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PLAN_TASK_STATES = [
  'running',
  'answered',
  'handed_off',
  'undeliverable',
  'no_answer',
  'timed_out',
  'interrupted',
  'budget_exhausted',
] as const;
export type PlanTaskState = (typeof PLAN_TASK_STATES)[number];

export const PLAN_WAVE_STATES = ['pending', 'dispatched', 'discarded'] as const;
export type PlanWaveState = (typeof PLAN_WAVE_STATES)[number];

export const SESSION_MODES = ['continue', 'fresh'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/**
 * Provider auto-detection when a template leaves `provider` null: a URL containing one of these hosts
 * is that provider; anything else is open_ai_compat, the safe default for unknown proxies (ledger
 * part 2 §2.10; `api.perplexity.ai` since Spec 45 D1, part 6 §5.5 — Perplexity has no compat wire).
 * The web UI keeps a copy (web/src/lib/provider-skills.ts), pinned equal by its test.
 */
export const DETECTED_HOSTS: readonly (readonly [host: string, provider: Provider])[] = [
  ['api.anthropic.com', 'anthropic'],
  ['api.perplexity.ai', 'perplexity_responses'],
];

export function detectProvider(baseUrl: string): Provider {
  return DETECTED_HOSTS.find(([host]) => baseUrl.includes(host))?.[1] ?? 'open_ai_compat';
}
