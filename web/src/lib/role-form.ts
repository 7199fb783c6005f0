import type { Role, RoleColor, RoleDefaults } from './types.ts';

/** ROLE_COLORS in src/domain/enums.ts: a closed enum, each with `--color-role-{name}` in style.css. */
export const ROLE_COLOR_NAMES: readonly RoleColor[] = [
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'violet',
  'pink',
];

/** BUNDLED_TOOL_NAMES / DEFAULT_ENABLED_TOOLS in src/tools/tool-names.ts (`run` is never a default). */
export const BUNDLED_TOOLS = [
  'remember',
  'grep',
  'fd',
  'diff',
  'sd',
  'yq',
  'file',
  'run',
  'browser',
] as const;
export const DEFAULT_TOOLS = ['remember', 'grep', 'fd', 'diff', 'sd', 'yq', 'file'] as const;

/** A servant's tool-loop limit when none is set; a role's limit is 1..255 (u8, at least 1). */
export const DEFAULT_MAX_TOOL_ITERATIONS = 12;
export const MAX_TOOL_ITERATIONS_LIMIT = 255;

export function roleColorVar(color: RoleColor): string {
  return `var(--color-role-${color})`;
}

/** The role editor's form state: text fields stay text until saved. */
export interface RoleDraft {
  name: string;
  description: string;
  color: RoleColor | null;
  construct: string;
  modelTemplateId: string | null;
  /** `default`: enabledTools null (the default set); `list`: exactly `tools`. */
  toolsMode: 'default' | 'list';
  tools: string[];
  /** Empty: null (the default of 12). */
  maxToolIterations: string;
}

/** What `upsert_role {role}` takes (roleInput in src/domain/schemas.ts). */
export interface RoleInputWire {
  id?: string;
  name: string;
  description: string;
  color: RoleColor | null;
  defaults: RoleDefaults;
}

export function draftFromRole(role: Role | null): RoleDraft {
  const tools = role?.defaults.enabledTools ?? null;
  return {
    name: role?.name ?? '',
    description: role?.description ?? '',
    color: role?.color ?? null,
    construct: role?.defaults.construct ?? '',
    modelTemplateId: role?.defaults.modelTemplateId ?? null,
    toolsMode: tools === null ? 'default' : 'list',
    tools: tools === null ? [...DEFAULT_TOOLS] : [...tools],
    maxToolIterations: role?.defaults.maxToolIterations?.toString() ?? '',
  };
}

export function sameDraft(a: RoleDraft, b: RoleDraft): boolean {
  const { tools: toolsA, ...restA } = a;
  const { tools: toolsB, ...restB } = b;
  const sameTools =
    a.toolsMode === 'default' ||
    (toolsA.length === toolsB.length && [...toolsA].sort().join('\n') === [...toolsB].sort().join('\n'));
  return sameTools && JSON.stringify(restA) === JSON.stringify(restB);
}

/**
 * The tools to offer as checkboxes: the bundled ones, then any other name the role already lists
 * (kept, so that saving does not silently drop a hand-written entry).
 */
export function toolChoices(draft: RoleDraft): string[] {
  const extra = draft.tools.filter((t) => !(BUNDLED_TOOLS as readonly string[]).includes(t));
  return [...BUNDLED_TOOLS, ...extra];
}

export interface RoleDraftErrors {
  name?: 'empty';
  maxToolIterations?: 'range';
}

export function roleDraftErrors(draft: RoleDraft): RoleDraftErrors {
  const errors: RoleDraftErrors = {};
  if (draft.name.trim() === '') errors.name = 'empty';
  const iterations = draft.maxToolIterations.normalize('NFKC').trim();
  if (iterations !== '') {
    const value = Number(iterations);
    if (!/^\d+$/.test(iterations) || value < 1 || value > MAX_TOOL_ITERATIONS_LIMIT) {
      errors.maxToolIterations = 'range';
    }
  }
  return errors;
}

/** The `upsert_role` argument, or the problems that keep it from being sent. */
export function roleInputFromDraft(
  draft: RoleDraft,
  id: string | null,
): { ok: true; role: RoleInputWire } | { ok: false; errors: RoleDraftErrors } {
  const errors = roleDraftErrors(draft);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const iterations = draft.maxToolIterations.normalize('NFKC').trim();
  const role: RoleInputWire = {
    name: draft.name.trim(),
    description: draft.description,
    color: draft.color,
    defaults: {
      construct: draft.construct,
      modelTemplateId: draft.modelTemplateId,
      enabledTools: draft.toolsMode === 'default' ? null : [...draft.tools],
      maxToolIterations: iterations === '' ? null : Number(iterations),
    },
  };
  if (id !== null) role.id = id;
  return { ok: true, role };
}

/** Another role already has this name (allowed by the core; shown as a warning only). */
export function duplicateRoleName(roles: readonly Role[], name: string, id: string | null): boolean {
  const wanted = name.trim();
  return wanted !== '' && roles.some((r) => r.id !== id && r.name.trim() === wanted);
}
