import { describe, expect, it } from 'vitest';
import { CoreError } from '../domain/errors.ts';
import type { CredentialSource } from '../domain/enums.ts';
import {
  isUuidV4,
  type AgentGroupId,
  type AgentId,
  type ModelTemplateId,
  type RoleId,
} from '../domain/ids.ts';
import { groupInput, roleInput, templateInput, type TemplateInput } from '../domain/schemas.ts';
import { TEMPLATE_DEFAULTS } from '../domain/template.ts';
import {
  normaliseCredential,
  removeGroup,
  removeRole,
  removeTemplate,
  upsertGroup,
  upsertRole,
  upsertTemplate,
} from './catalog.ts';
import { emptyWorld, type WorldState } from './world-state.ts';
import { codeOf } from '../../test/helpers/core-error.ts';

const noSecret = () => false;
const withSecret = () => true;

function tplInput(extra: Record<string, unknown> = {}): TemplateInput {
  return templateInput.parse({
    name: 'Local',
    baseUrl: 'http://localhost:11434/v1',
    model: 'llama3',
    ...extra,
  });
}

describe('normaliseCredential', () => {
  const cases: [CredentialSource | null, CredentialSource, boolean, CredentialSource][] = [
    // An existing keyring entry with its secret stays, whatever the client says.
    ['keyring', 'unset', true, 'keyring'],
    ['keyring', 'not_required', true, 'keyring'],
    ['keyring', 'keyring', true, 'keyring'],
    // A keyring claim without a stored secret becomes unset.
    ['keyring', 'keyring', false, 'unset'],
    [null, 'keyring', false, 'unset'],
    ['unset', 'keyring', false, 'unset'],
    ['not_required', 'keyring', false, 'unset'],
    // unset <-> not_required is taken from the client.
    ['unset', 'not_required', false, 'not_required'],
    ['not_required', 'unset', false, 'unset'],
    [null, 'not_required', false, 'not_required'],
    [null, 'unset', false, 'unset'],
    ['keyring', 'not_required', false, 'not_required'],
    ['keyring', 'unset', false, 'unset'],
  ];
  it.each(cases)('previous %s, requested %s, secret %s -> %s', (previous, requested, hasSecret, expected) => {
    expect(normaliseCredential(previous, requested, hasSecret)).toBe(expected);
  });
});

describe('upsertTemplate', () => {
  it('issues an id when none is given and appends the template', () => {
    const { world, template } = upsertTemplate(emptyWorld(), tplInput(), noSecret);
    expect(template.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(world.templates).toEqual([template]);
    const second = upsertTemplate(world, tplInput({ name: 'Other' }), noSecret);
    expect(second.template.id).not.toBe(template.id);
    expect(second.world.templates).toHaveLength(2);
  });

  it('replaces the template with the same id', () => {
    const first = upsertTemplate(emptyWorld(), tplInput({ id: 'local' }), noSecret);
    const second = upsertTemplate(first.world, tplInput({ id: 'local', model: 'qwen' }), noSecret);
    expect(second.world.templates).toHaveLength(1);
    expect(second.world.templates[0]?.model).toBe('qwen');
  });

  it('fills the template fields and trims the names', () => {
    const { template } = upsertTemplate(
      emptyWorld(),
      tplInput({ name: '  Local  ', model: ' m ' }),
      noSecret,
    );
    expect(template).toMatchObject({ ...TEMPLATE_DEFAULTS, name: 'Local', model: 'm' });
  });

  it.each([
    ['http://localhost:11434/v1/', 'http://localhost:11434/v1'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['  https://api.example.com/v1//  ', 'https://api.example.com/v1'],
    ['https://api.example.com/v1', 'https://api.example.com/v1'],
  ])('normalises the baseUrl %j to %j', (baseUrl, expected) => {
    expect(upsertTemplate(emptyWorld(), tplInput({ baseUrl }), noSecret).template.baseUrl).toBe(expected);
  });

  it.each(['ftp://example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', ''])(
    'refuses the baseUrl %j with INVALID_ARGUMENT',
    (baseUrl) => {
      expect(codeOf(() => upsertTemplate(emptyWorld(), tplInput({ baseUrl }), noSecret))).toBe(
        'INVALID_ARGUMENT',
      );
    },
  );

  it('refuses a baseUrl carrying user:pass without echoing it', () => {
    let caught: unknown;
    try {
      upsertTemplate(
        emptyWorld(),
        tplInput({ baseUrl: 'https://bob:HUNTER2PW@api.example.com/v1' }),
        noSecret,
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CoreError);
    expect((caught as CoreError).code).toBe('INVALID_ARGUMENT');
    expect((caught as CoreError).message).not.toContain('HUNTER2PW');
    expect(
      codeOf(() => upsertTemplate(emptyWorld(), tplInput({ baseUrl: 'https://bob@x.test' }), noSecret)),
    ).toBe('INVALID_ARGUMENT');
  });

  it.each(['', '   '])('refuses the empty name %j with INVALID_ARGUMENT', (name) => {
    expect(codeOf(() => upsertTemplate(emptyWorld(), tplInput({ name }), noSecret))).toBe('INVALID_ARGUMENT');
  });

  it('normalises the credential using the stored secret for that id', () => {
    const asked: string[] = [];
    const hasSecret = (id: ModelTemplateId) => {
      asked.push(id);
      return id === 'with-secret';
    };
    const kept = upsertTemplate(
      emptyWorld(),
      tplInput({ id: 'with-secret', credential: 'keyring' }),
      hasSecret,
    );
    expect(kept.template.credential).toBe('keyring');
    const dropped = upsertTemplate(
      emptyWorld(),
      tplInput({ id: 'no-secret', credential: 'keyring' }),
      hasSecret,
    );
    expect(dropped.template.credential).toBe('unset');
    expect(asked).toEqual(['with-secret', 'no-secret']);
  });

  it('keeps an existing keyring credential when the client sends unset', () => {
    const first = upsertTemplate(emptyWorld(), tplInput({ id: 'k', credential: 'keyring' }), withSecret);
    const second = upsertTemplate(first.world, tplInput({ id: 'k', credential: 'unset' }), withSecret);
    expect(second.template.credential).toBe('keyring');
  });
});

describe('removeTemplate', () => {
  it('removes the template and its unknown fields', () => {
    const { world } = upsertTemplate(emptyWorld(), tplInput({ id: 'gone' }), noSecret);
    const withUnknown: WorldState = {
      ...world,
      unknown: { ...world.unknown, templates: { gone: { x: 1 } } },
    };
    const next = removeTemplate(withUnknown, 'gone' as ModelTemplateId);
    expect(next.templates).toEqual([]);
    expect(next.unknown.templates).toEqual({});
  });

  it('refuses an unknown id with MODEL_TEMPLATE_NOT_FOUND', () => {
    expect(codeOf(() => removeTemplate(emptyWorld(), 'nope' as ModelTemplateId))).toBe(
      'MODEL_TEMPLATE_NOT_FOUND',
    );
  });
});

describe('upsertRole', () => {
  it('issues a uuid v4 id and updates by that id', () => {
    const created = upsertRole(emptyWorld(), roleInput.parse({ name: 'Writer' }));
    expect(isUuidV4(created.role.id)).toBe(true);
    expect(created.world.roles).toEqual([created.role]);
    const updated = upsertRole(
      created.world,
      roleInput.parse({ id: created.role.id, name: 'Editor', color: 'red' }),
    );
    expect(updated.world.roles).toHaveLength(1);
    expect(updated.role).toMatchObject({ id: created.role.id, name: 'Editor', color: 'red' });
  });

  it('issues a fresh id for each new role', () => {
    const a = upsertRole(emptyWorld(), roleInput.parse({ name: 'A' }));
    const b = upsertRole(a.world, roleInput.parse({ name: 'B' }));
    expect(b.role.id).not.toBe(a.role.id);
  });

  it('refuses an unknown client id with ROLE_NOT_FOUND', () => {
    const world = emptyWorld();
    expect(codeOf(() => upsertRole(world, roleInput.parse({ id: 'made_up', name: 'X' })))).toBe(
      'ROLE_NOT_FOUND',
    );
  });

  it.each(['', ' \n '])('refuses the empty name %j with INVALID_ARGUMENT', (name) => {
    expect(codeOf(() => upsertRole(emptyWorld(), roleInput.parse({ name })))).toBe('INVALID_ARGUMENT');
  });

  it('removeRole refuses an unknown id and leaves agents their roleId', () => {
    const { world, role } = upsertRole(emptyWorld(), roleInput.parse({ name: 'R' }));
    expect(codeOf(() => removeRole(world, 'nope' as RoleId))).toBe('ROLE_NOT_FOUND');
    expect(removeRole(world, role.id).roles).toEqual([]);
  });
});

describe('upsertGroup / removeGroup', () => {
  it('issues a uuid v4 id and updates by that id', () => {
    const created = upsertGroup(emptyWorld(), groupInput.parse({ name: 'Team' }));
    expect(isUuidV4(created.group.id)).toBe(true);
    expect(created.group).toMatchObject({ name: 'Team', batchStart: true });
    const updated = upsertGroup(
      created.world,
      groupInput.parse({ id: created.group.id, name: 'Crew', batchStart: false }),
    );
    expect(updated.world.groups).toEqual([{ id: created.group.id, name: 'Crew', batchStart: false }]);
  });

  it('refuses an unknown client id with GROUP_NOT_FOUND, so ids are never reused', () => {
    const created = upsertGroup(emptyWorld(), groupInput.parse({ name: 'Team' }));
    const removed = removeGroup(created.world, created.group.id);
    expect(
      codeOf(() => upsertGroup(removed, groupInput.parse({ id: created.group.id, name: 'Back again' }))),
    ).toBe('GROUP_NOT_FOUND');
  });

  it('allows duplicate group names but not empty ones', () => {
    const a = upsertGroup(emptyWorld(), groupInput.parse({ name: 'Same' }));
    const b = upsertGroup(a.world, groupInput.parse({ name: 'Same' }));
    expect(b.world.groups).toHaveLength(2);
    expect(codeOf(() => upsertGroup(emptyWorld(), groupInput.parse({ name: '  ' })))).toBe(
      'INVALID_ARGUMENT',
    );
  });

  it('removeGroup leaves the members’ groupId untouched', () => {
    const { world, group } = upsertGroup(emptyWorld(), groupInput.parse({ name: 'Team' }));
    const member = {
      id: 'agent_1' as AgentId,
      name: 'One',
      modelTemplateId: 'tpl' as ModelTemplateId,
      ragSources: [],
      connectedAgents: [],
      order: 0,
      workDir: null,
      maxToolIterations: null,
      enabledTools: null,
      hearsRoomLog: true,
      usesBlackboard: true,
      allowHandoff: true,
      planReview: false,
      batchStart: true,
      groupId: group.id,
      roleId: null,
    };
    const next = removeGroup({ ...world, agents: [member] }, group.id);
    expect(next.groups).toEqual([]);
    expect(next.agents[0]?.groupId).toBe(group.id);
  });

  it('removeGroup refuses an unknown id with GROUP_NOT_FOUND', () => {
    expect(
      codeOf(() => removeGroup(emptyWorld(), '44444444-4444-4444-8444-444444444444' as AgentGroupId)),
    ).toBe('GROUP_NOT_FOUND');
  });
});
