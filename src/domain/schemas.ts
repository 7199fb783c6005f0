/**
 * Zod schemas for what crosses a boundary: API arguments and files read from disk. Inside the core
 * the plain types of this folder are used.
 */
import { z } from 'zod';
import { CoreError } from './errors.ts';
import { isSafeIdentifier, isUuidV4 } from './ids.ts';
import type { AgentGroupId, AgentId, ModelTemplateId, RoleId } from './ids.ts';
import { AGENT_SPEC_DEFAULTS } from './agent.ts';
import {
  CREDENTIAL_SOURCES,
  EFFORTS,
  LANGUAGES,
  PROVIDERS,
  ROLE_COLORS,
  readCredentialSource,
} from './enums.ts';
import { MAX_PRICE_PER_MTOK, TEMPLATE_DEFAULTS } from './template.ts';
import { describeIssues } from './zod-issues.ts';

/** Marks an issue so the error mapper answers UNSAFE_IDENTIFIER instead of INVALID_ARGUMENT. */
export const UNSAFE_ID_PARAM = { ledgerCode: 'UNSAFE_IDENTIFIER' } as const;

/**
 * A failed argument check as the typed error callers get: `path: message` of the first few issues,
 * bounded however large the input (zod-issues.ts).
 */
export function coreErrorFromZod(error: z.ZodError): CoreError {
  const issue = error.issues[0];
  const message = describeIssues(error.issues);
  const params =
    issue && 'params' in issue ? (issue.params as Record<string, unknown> | undefined) : undefined;
  if (params?.ledgerCode === UNSAFE_ID_PARAM.ledgerCode) return new CoreError('UNSAFE_IDENTIFIER', message);
  return new CoreError('INVALID_ARGUMENT', message);
}

const safeId = (what: string) =>
  z.string().refine(isSafeIdentifier, {
    message: `${what} must be 1–64 characters of A–Z, a–z, 0–9, "-" or "_" (not a reserved name)`,
    params: UNSAFE_ID_PARAM,
  });

export const agentIdSchema = safeId('agent id').transform((v) => v as AgentId);
export const templateIdSchema = safeId('model template id').transform((v) => v as ModelTemplateId);
export const roleIdSchema = safeId('role id').transform((v) => v as RoleId);
export const groupIdSchema = z
  .string()
  .refine(isUuidV4, { message: 'group id must be a lowercase uuid v4', params: UNSAFE_ID_PARAM })
  .transform((v) => v as AgentGroupId);

const u32 = z.int().min(0).max(0xffff_ffff);
const u8 = z.int().min(0).max(255);

/** AgentSpec as a client sends it: optional fields take their defaults. */
export const agentSpecInput = z.strictObject({
  id: agentIdSchema.optional(),
  name: z.string(),
  /** May be left out when the role supplies one. */
  modelTemplateId: templateIdSchema.optional(),
  ragSources: z.array(z.string()).optional(),
  connectedAgents: z.array(agentIdSchema).optional(),
  order: u32.optional(),
  workDir: z.string().nullable().optional(),
  maxToolIterations: u8.min(1).nullable().optional(),
  enabledTools: z.array(z.string()).nullable().optional(),
  hearsRoomLog: z.boolean().optional(),
  usesBlackboard: z.boolean().optional(),
  allowHandoff: z.boolean().optional(),
  planReview: z.boolean().optional(),
  batchStart: z.boolean().optional(),
  groupId: groupIdSchema.nullable().optional(),
  roleId: roleIdSchema.nullable().optional(),
});
export type AgentSpecInput = z.infer<typeof agentSpecInput>;

/** The same fields as stored in world.json: defaults fill gaps, unknown keys are kept. */
export const agentSpecStored = z.looseObject({
  id: agentIdSchema,
  name: z.string(),
  modelTemplateId: z.string().transform((v) => v as ModelTemplateId),
  ragSources: z.array(z.string()).default(AGENT_SPEC_DEFAULTS.ragSources),
  // Targets are checked by the decoder: unknown or unsafe ones are dropped, not fatal.
  connectedAgents: z.array(z.string()).catch([]).default([]),
  order: u32.catch(0).default(0),
  workDir: z.string().nullable().default(null),
  maxToolIterations: u8.nullable().catch(null).default(null),
  enabledTools: z.array(z.string()).nullable().default(null),
  hearsRoomLog: z.boolean().default(true),
  usesBlackboard: z.boolean().default(true),
  allowHandoff: z.boolean().default(true),
  planReview: z.boolean().default(false),
  batchStart: z.boolean().default(true),
  groupId: z.string().nullable().default(null),
  roleId: z.string().nullable().default(null),
});

const price = z
  .number()
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= MAX_PRICE_PER_MTOK, {
    message: `price must be a number from 0 to ${MAX_PRICE_PER_MTOK} (USD per 1M tokens)`,
  })
  .nullable();

const D = TEMPLATE_DEFAULTS;
const bool = (v: boolean) => z.boolean().default(v);

/** Template fields with their defaults (ledger part 3 §2.2). */
const templateShape = {
  name: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  contextLength: u32.min(1).default(D.contextLength),
  temperature: z.number().min(0).max(2).nullable().default(D.temperature),
  maxOutputTokens: u32.min(1).default(D.maxOutputTokens),
  provider: z.enum(PROVIDERS).nullable().default(D.provider),
  useTools: bool(D.useTools),
  effort: z.enum(EFFORTS).nullable().default(D.effort),
  googleSearch: bool(D.googleSearch),
  geminiUrlContext: bool(D.geminiUrlContext),
  xaiWebSearch: bool(D.xaiWebSearch),
  xaiXSearch: bool(D.xaiXSearch),
  openaiWebSearch: bool(D.openaiWebSearch),
  openaiReasoningPro: bool(D.openaiReasoningPro),
  metaWebSearch: bool(D.metaWebSearch),
  perplexityWebSearch: bool(D.perplexityWebSearch),
  perplexityFinanceSearch: bool(D.perplexityFinanceSearch),
  perplexityPeopleSearch: bool(D.perplexityPeopleSearch),
  perplexityFetchUrl: bool(D.perplexityFetchUrl),
  requestTimeoutSecs: u32.min(1).max(3600).default(D.requestTimeoutSecs),
  maxRetries: u32.max(10).default(D.maxRetries),
  // No default here: a client that does not send it keeps the stored value (catalog.ts).
  stream: z.boolean().optional(),
  inputPerMtok: price.default(null),
  outputPerMtok: price.default(null),
  cacheReadPerMtok: price.default(null),
  cacheWritePerMtok: price.default(null),
  cacheWrite1hPerMtok: price.default(null),
  pricingAsOf: z.string().nullable().default(null),
};

/** On disk: the legacy "none" and anything unknown read as unset. */
const storedCredentialSchema = z.preprocess(readCredentialSource, z.enum(CREDENTIAL_SOURCES));
/** From a client: only the legacy "none" is translated; anything else must be a known value. */
const inputCredentialSchema = z.preprocess((v) => (v === 'none' ? 'unset' : v), z.enum(CREDENTIAL_SOURCES));

/** A template from a client: id optional (the core issues one), `"none"` credential reads as unset. */
export const templateInput = z.strictObject({
  ...templateShape,
  id: templateIdSchema.optional(),
  credential: inputCredentialSchema.default('unset'),
});
export type TemplateInput = z.infer<typeof templateInput>;

/**
 * On disk the API's range limits do not make a village unreadable: a value out of range falls back
 * to its default (an older or hand-edited file still opens).
 */
const templateShapeLenient = Object.fromEntries(
  Object.entries(templateShape).map(([key, schema]) =>
    key in TEMPLATE_DEFAULTS
      ? [key, (schema as z.ZodType).catch(TEMPLATE_DEFAULTS[key as keyof typeof TEMPLATE_DEFAULTS] as never)]
      : [key, schema],
  ),
) as unknown as typeof templateShape;

/** A template on disk; `apiKeyEnv` (retired) is removed by the world decoder before this runs. */
export const templateStored = z.looseObject({
  ...templateShapeLenient,
  // Written before the option (or broken): on, the default.
  stream: z.boolean().default(D.stream).catch(D.stream),
  id: templateIdSchema,
  credential: storedCredentialSchema.default('unset'),
});

export const roleDefaultsSchema = z.strictObject({
  construct: z.string().default(''),
  modelTemplateId: templateIdSchema.nullable().default(null),
  enabledTools: z.array(z.string()).nullable().default(null),
  maxToolIterations: u8.min(1).nullable().default(null),
});

export const roleInput = z.strictObject({
  id: roleIdSchema.optional(),
  name: z.string(),
  description: z.string().default(''),
  color: z.enum(ROLE_COLORS).nullable().default(null),
  defaults: roleDefaultsSchema.default({
    construct: '',
    modelTemplateId: null,
    enabledTools: null,
    maxToolIterations: null,
  }),
});
export type RoleInput = z.infer<typeof roleInput>;

export const roleStored = z.looseObject({
  id: roleIdSchema,
  name: z.string(),
  description: z.string().default(''),
  color: z.enum(ROLE_COLORS).nullable().catch(null).default(null),
  defaults: z
    .looseObject({
      construct: z.string().default(''),
      modelTemplateId: z.string().nullable().default(null),
      enabledTools: z.array(z.string()).nullable().default(null),
      maxToolIterations: u8.nullable().default(null),
    })
    .default({ construct: '', modelTemplateId: null, enabledTools: null, maxToolIterations: null }),
});

export const groupInput = z.strictObject({
  id: groupIdSchema.optional(),
  name: z.string(),
  batchStart: z.boolean().default(true),
});
export type GroupInput = z.infer<typeof groupInput>;

export const groupStored = z.looseObject({
  id: groupIdSchema,
  name: z.string(),
  batchStart: z.boolean().default(true),
});

/** A stored map position (extra keys tolerated on disk). */
export const positionSchema = z.object({ x: z.number(), y: z.number() });
export const positionInput = z.strictObject({ x: z.number(), y: z.number() });
export const languageSchema = z.enum(LANGUAGES);
