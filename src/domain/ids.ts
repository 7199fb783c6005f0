import { CoreError } from './errors.ts';

declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

export type AgentId = Brand<string, 'AgentId'>;
export type ModelTemplateId = Brand<string, 'ModelTemplateId'>;
export type RoleId = Brand<string, 'RoleId'>;
export type AgentGroupId = Brand<string, 'AgentGroupId'>;

/**
 * Identifiers that become folder names or keyring keys: 1–64 of [A-Za-z0-9_-]. Rejecting `.` and
 * `/` here is the structural barrier against path traversal.
 */
const SAFE_IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;
/** Names JavaScript objects treat specially; ids are used as keys, so these are refused too. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

export function isSafeIdentifier(value: unknown): value is string {
  return typeof value === 'string' && SAFE_IDENTIFIER.test(value) && !RESERVED.has(value);
}

/** Never echoes the rejected value in full: ids arrive from clients and may be anything. */
function unsafe(what: string, value: unknown): CoreError {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 64)) : typeof value;
  return new CoreError(
    'UNSAFE_IDENTIFIER',
    `${what} must be 1–64 characters of A–Z, a–z, 0–9, "-" or "_" (not a reserved name)`,
    {
      detail: `got ${shown}`,
    },
  );
}

export function parseAgentId(value: unknown): AgentId {
  if (!isSafeIdentifier(value)) throw unsafe('agent id', value);
  return value as AgentId;
}

export function parseModelTemplateId(value: unknown): ModelTemplateId {
  if (!isSafeIdentifier(value)) throw unsafe('model template id', value);
  return value as ModelTemplateId;
}

export function parseRoleId(value: unknown): RoleId {
  if (!isSafeIdentifier(value)) throw unsafe('role id', value);
  return value as RoleId;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isUuidV4(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

export function parseAgentGroupId(value: unknown): AgentGroupId {
  if (!isUuidV4(value)) {
    throw new CoreError('UNSAFE_IDENTIFIER', 'group id must be a lowercase uuid v4');
  }
  return value as AgentGroupId;
}
