import { describe, expect, it } from 'vitest';
import {
  BUNDLED_TOOLS,
  DEFAULT_TOOLS,
  draftFromRole,
  duplicateRoleName,
  ROLE_COLOR_NAMES,
  roleColorVar,
  roleInputFromDraft,
  sameDraft,
  toolChoices,
} from './role-form.ts';
import type { Role } from './types.ts';
import { ROLE_COLORS } from '../../../src/domain/enums.ts';
import { roleInput } from '../../../src/domain/schemas.ts';
import { BUNDLED_TOOL_NAMES, DEFAULT_ENABLED_TOOLS } from '../../../src/tools/tool-names.ts';
import { readFileSync } from 'node:fs';

const role = (partial: Partial<Role> = {}): Role => ({
  id: 'r1',
  name: '調査役',
  description: 'for people',
  color: 'teal',
  defaults: { construct: '# 調査役', modelTemplateId: 't1', enabledTools: null, maxToolIterations: null },
  ...partial,
});

describe('role form', () => {
  it('mirrors the core enums and tool names', () => {
    expect(ROLE_COLOR_NAMES).toEqual([...ROLE_COLORS]);
    expect(BUNDLED_TOOLS).toEqual([...BUNDLED_TOOL_NAMES]);
    expect(DEFAULT_TOOLS).toEqual([...DEFAULT_ENABLED_TOOLS]);
  });

  it('has a CSS variable for every colour', () => {
    const css = readFileSync(new URL('../style.css', import.meta.url), 'utf8');
    for (const color of ROLE_COLOR_NAMES) {
      expect(css).toContain(`--color-role-${color}:`);
      expect(roleColorVar(color)).toBe(`var(--color-role-${color})`);
    }
  });

  it('round-trips a role through the form into a valid upsert_role argument', () => {
    for (const r of [
      role(),
      role({
        color: null,
        defaults: { construct: '', modelTemplateId: null, enabledTools: [], maxToolIterations: 30 },
      }),
      role({
        defaults: {
          construct: 'x',
          modelTemplateId: null,
          enabledTools: ['run', 'mcp_x'],
          maxToolIterations: 1,
        },
      }),
    ]) {
      const result = roleInputFromDraft(draftFromRole(r), r.id);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(result.role).toEqual({
        id: r.id,
        name: r.name,
        description: r.description,
        color: r.color,
        defaults: r.defaults,
      });
      expect(roleInput.safeParse(result.role).success).toBe(true);
    }
  });

  it('creates without an id and trims the name', () => {
    const draft = { ...draftFromRole(null), name: '  助役 ' };
    const result = roleInputFromDraft(draft, null);
    expect(result.ok && result.role).toEqual({
      name: '助役',
      description: '',
      color: null,
      defaults: { construct: '', modelTemplateId: null, enabledTools: null, maxToolIterations: null },
    });
  });

  it('refuses an empty name and an out-of-range tool limit', () => {
    expect(roleInputFromDraft({ ...draftFromRole(null), name: ' ' }, null)).toEqual({
      ok: false,
      errors: { name: 'empty' },
    });
    for (const bad of ['0', '256', '1.5', '-1', 'x']) {
      const result = roleInputFromDraft({ ...draftFromRole(role()), maxToolIterations: bad }, 'r1');
      expect(result, bad).toEqual({ ok: false, errors: { maxToolIterations: 'range' } });
    }
  });

  it('starts a list from the default set and keeps unknown tool names', () => {
    expect(draftFromRole(role()).tools).toEqual([...DEFAULT_TOOLS]);
    const draft = draftFromRole(role({ defaults: { ...role().defaults, enabledTools: ['grep', 'mcp_x'] } }));
    expect(toolChoices(draft)).toEqual([...BUNDLED_TOOLS, 'mcp_x']);
  });

  it('compares drafts by what would be saved', () => {
    const a = draftFromRole(role());
    expect(sameDraft(a, draftFromRole(role()))).toBe(true);
    expect(sameDraft(a, { ...a, name: 'x' })).toBe(false);
    expect(sameDraft(a, { ...a, tools: ['run'] })).toBe(true);
    const list = { ...a, toolsMode: 'list' as const };
    expect(sameDraft(a, list)).toBe(false);
    expect(sameDraft(list, { ...list, tools: [...list.tools].reverse() })).toBe(true);
    expect(sameDraft(list, { ...list, tools: ['run'] })).toBe(false);
  });

  it('warns on a name another role has', () => {
    const roles = [role(), role({ id: 'r2', name: '助役' })];
    expect(duplicateRoleName(roles, '助役 ', 'r1')).toBe(true);
    expect(duplicateRoleName(roles, '助役', 'r2')).toBe(false);
    expect(duplicateRoleName(roles, '', null)).toBe(false);
  });
});
