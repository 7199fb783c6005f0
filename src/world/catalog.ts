/** Pure mutations of the village's catalogues: model templates, roles and groups. */
import { randomUUID } from 'node:crypto';
import { CoreError } from '../domain/errors.ts';
import type { CredentialSource } from '../domain/enums.ts';
import type { AgentGroupId, ModelTemplateId, RoleId } from '../domain/ids.ts';
import type { GroupInput, RoleInput, TemplateInput } from '../domain/schemas.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../domain/template.ts';
import type { AgentGroup, Role } from '../domain/village.ts';
import { requireName, requireTemplate } from './validate.ts';
import type { WorldState } from './world-state.ts';

function normaliseBaseUrl(value: string): string {
  // `echo:` selects the echo backend (debugging and demos; no network).
  if (value.trim() === 'echo:') return 'echo:';
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new CoreError('INVALID_ARGUMENT', 'baseUrl must be an http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CoreError('INVALID_ARGUMENT', 'baseUrl must be an http(s) URL');
  }
  if (url.username || url.password) {
    throw new CoreError('INVALID_ARGUMENT', 'baseUrl must not carry credentials; use set_credential');
  }
  return url.toString().replace(/\/+$/, '');
}

/**
 * The credential a saved template ends up with (ledger part 2 §5.6): a keyring entry is kept, a
 * keyring claim without a stored secret becomes `unset`, and only unset <-> not_required comes from
 * the client.
 */
export function normaliseCredential(
  previous: CredentialSource | null,
  requested: CredentialSource,
  hasSecret: boolean,
): CredentialSource {
  if (previous === 'keyring' && hasSecret) return 'keyring';
  if (requested === 'keyring') return hasSecret ? 'keyring' : 'unset';
  return requested;
}

export function upsertTemplate(
  world: WorldState,
  input: TemplateInput,
  hasSecret: (id: ModelTemplateId) => boolean,
): { world: WorldState; template: ModelTemplate } {
  const id = input.id ?? (randomUUID() as ModelTemplateId);
  const previous = world.templates.find((t) => t.id === id) ?? null;
  const { id: _id, ...fields } = input;
  const template: ModelTemplate = {
    ...fields,
    id,
    name: requireName(input.name, 'the template name'),
    baseUrl: normaliseBaseUrl(input.baseUrl),
    model: requireName(input.model, 'the model name'),
    credential: normaliseCredential(previous?.credential ?? null, input.credential, hasSecret(id)),
    // A client that predates the option sends none: its edit must not switch streaming back on.
    stream: input.stream ?? previous?.stream ?? TEMPLATE_DEFAULTS.stream,
  };
  const templates = previous
    ? world.templates.map((t) => (t.id === id ? template : t))
    : [...world.templates, template];
  return { world: { ...world, templates }, template };
}

/** A template servants still use is kept: removing it would leave them without a model. */
export function removeTemplate(world: WorldState, id: ModelTemplateId): WorldState {
  requireTemplate(world, id);
  const users = world.agents.filter((a) => a.modelTemplateId === id);
  if (users.length > 0) {
    throw new CoreError(
      'TEMPLATE_IN_USE',
      `the template is used by ${users.length} ${users.length === 1 ? 'servant' : 'servants'}`,
      {
        agentId: users[0]!.id,
        detail: users.map((a) => a.id).join(', '),
      },
    );
  }
  const { [id]: _dropped, ...unknownTemplates } = world.unknown.templates;
  return {
    ...world,
    templates: world.templates.filter((t) => t.id !== id),
    unknown: { ...world.unknown, templates: unknownTemplates },
  };
}

export function setTemplateCredential(world: WorldState, id: ModelTemplateId, credential: CredentialSource) {
  requireTemplate(world, id);
  return { ...world, templates: world.templates.map((t) => (t.id === id ? { ...t, credential } : t)) };
}

/** A role id is issued by the core; an id the client sends must name an existing role. */
export function upsertRole(world: WorldState, input: RoleInput): { world: WorldState; role: Role } {
  const previous = input.id ? world.roles.find((r) => r.id === input.id) : undefined;
  if (input.id && !previous) throw new CoreError('ROLE_NOT_FOUND', `no role with id ${input.id}`);
  const role: Role = {
    id: previous?.id ?? (randomUUID() as RoleId),
    name: requireName(input.name, 'the role name'),
    description: input.description,
    color: input.color,
    defaults: input.defaults,
  };
  const roles = previous ? world.roles.map((r) => (r.id === role.id ? role : r)) : [...world.roles, role];
  return { world: { ...world, roles }, role };
}

/** Agents keep their roleId; a role that no longer exists is simply not shown. */
export function removeRole(world: WorldState, id: RoleId): WorldState {
  if (!world.roles.some((r) => r.id === id)) throw new CoreError('ROLE_NOT_FOUND', `no role with id ${id}`);
  const { [id]: _dropped, ...unknownRoles } = world.unknown.roles;
  const { [id]: _droppedDefaults, ...unknownRoleDefaults } = world.unknown.roleDefaults;
  return {
    ...world,
    roles: world.roles.filter((r) => r.id !== id),
    unknown: { ...world.unknown, roles: unknownRoles, roleDefaults: unknownRoleDefaults },
  };
}

/** Group ids are uuid v4 issued here and never reissued: an unknown id from a client is refused. */
export function upsertGroup(world: WorldState, input: GroupInput): { world: WorldState; group: AgentGroup } {
  const previous = input.id ? world.groups.find((g) => g.id === input.id) : undefined;
  if (input.id && !previous) throw new CoreError('GROUP_NOT_FOUND', `no group with id ${input.id}`);
  const group: AgentGroup = {
    id: previous?.id ?? (randomUUID() as AgentGroupId),
    name: requireName(input.name, 'the group name'),
    batchStart: input.batchStart,
  };
  const groups = previous
    ? world.groups.map((g) => (g.id === group.id ? group : g))
    : [...world.groups, group];
  return { world: { ...world, groups }, group };
}

/** Members keep their groupId; it shows as no group and is normalised on the next write. */
export function removeGroup(world: WorldState, id: AgentGroupId): WorldState {
  if (!world.groups.some((g) => g.id === id))
    throw new CoreError('GROUP_NOT_FOUND', `no group with id ${id}`);
  const { [id]: _dropped, ...unknownGroups } = world.unknown.groups;
  return {
    ...world,
    groups: world.groups.filter((g) => g.id !== id),
    unknown: { ...world.unknown, groups: unknownGroups },
  };
}
