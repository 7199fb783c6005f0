import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyringSecretStore, type KeyringBackend } from '../src/secrets/keyring-secret-store.ts';
import { removeRoot, startTestVillage, TEMPLATE, webp, type TestVillage } from './helpers/village-server.ts';

/** Every error code this foundation can produce, each through the real API with its status. */
describe('error codes over the API', () => {
  let village: TestVillage;
  let templateId: string;

  beforeAll(async () => {
    village = await startTestVillage();
    await village.ready();
    templateId = (await village.ok<{ id: string }>('upsert_template', { template: TEMPLATE })).id;
    await village.ok('create_agent', { spec: { id: 'alice', name: 'Alice', modelTemplateId: templateId } });
    await village.ok('create_agent', { spec: { id: 'bob', name: 'Bob', modelTemplateId: templateId } });
  });
  afterAll(async () => {
    await village.close();
    await removeRoot(village.root);
  });

  const cases: [string, string, () => unknown, number][] = [
    ['AGENT_NOT_FOUND', 'delete_agent', () => ({ agentId: 'nobody' }), 404],
    [
      'DUPLICATE_AGENT',
      'create_agent',
      () => ({ spec: { id: 'alice', name: 'Other', modelTemplateId: templateId } }),
      409,
    ],
    [
      'DUPLICATE_AGENT_NAME',
      'create_agent',
      () => ({ spec: { name: '  Alice ', modelTemplateId: templateId } }),
      409,
    ],
    ['MODEL_TEMPLATE_NOT_FOUND', 'remove_template', () => ({ templateId: 'missing' }), 404],
    ['INVALID_TOKEN_BUDGET', 'set_token_budget', () => ({ tokenBudget: 0 }), 400],
    ['INVALID_TOPOLOGY', 'set_connections', () => ({ agentId: 'alice', connectedAgents: ['alice'] }), 400],
    ['UNSAFE_IDENTIFIER', 'read_config_file', () => ({ agentId: '../alice', kind: 'skill' }), 400],
    [
      'INVALID_ICON',
      'set_agent_icon',
      () => ({ agentId: 'alice', bytes: Buffer.from('GIF89a').toString('base64') }),
      400,
    ],
    [
      'SERDE_FAILED',
      'write_config_file',
      () => ({ agentId: 'alice', kind: 'mcp', content: '{"mcpServers": ' }),
      400,
    ],
    ['INVALID_USER_NAME', 'set_user_name', () => ({ userName: 'a】b' }), 400],
    ['INVALID_ASK_TIMEOUT', 'set_ask_timeout', () => ({ askTimeoutSecs: 10 }), 400],
    ['ROLE_NOT_FOUND', 'remove_role', () => ({ roleId: 'nope' }), 404],
    ['GROUP_NOT_FOUND', 'remove_group', () => ({ groupId: '00000000-0000-4000-8000-000000000000' }), 404],
    ['INVALID_ARGUMENT', 'upsert_group', () => ({ group: { name: '   ' } }), 400],
    ['UNKNOWN_COMMAND', 'launch_rockets', () => ({}), 404],
  ];

  it.each(cases)('%s from %s', async (code, name, args, status) => {
    const res = await village.call<{ code: string; message: string; retryable: boolean; detail: unknown }>(
      name,
      args(),
    );
    expect(res.body.code).toBe(code);
    expect(res.status).toBe(status);
    expect(Object.keys(res.body).sort()).toEqual(['agentId', 'code', 'detail', 'message', 'retryable']);
    expect(typeof res.body.message).toBe('string');
  });

  it('DUPLICATE_AGENT_NAME names the clashing agent', async () => {
    const res = await village.call('update_agent', { spec: { id: 'bob', name: 'Alice' } });
    expect(res.body).toMatchObject({ code: 'DUPLICATE_AGENT_NAME', agentId: 'alice' });
  });

  it('CONFIG_IO (500) when a file cannot be written, and the world is unchanged', async () => {
    // agents/bob is replaced by a plain file, so writing agents/bob/SKILL.md fails.
    const dir = join(village.workspace, 'agents', 'bob');
    await removeRoot(dir);
    await writeFile(dir, 'not a folder');
    const res = await village.call('write_config_file', { agentId: 'bob', kind: 'skill', content: 'hi' });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'CONFIG_IO', retryable: true });
    await removeRoot(dir);
    await mkdir(dir);
  });
});

describe('SECRET_STORE_FAILED over the API', () => {
  it('answers 500 when the secret store refuses, and the template stays unset', async () => {
    const refusing: KeyringBackend = {
      get: async () => null,
      set: async () => {
        throw Object.assign(new Error("Couldn't access platform storage: AccessDenied"), {
          code: 'GenericFailure',
        });
      },
      delete: async () => undefined,
    };
    const village = await startTestVillage({ secrets: new KeyringSecretStore(refusing) });
    try {
      await village.ready();
      const { id } = await village.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
      const res = await village.call('set_credential', { templateId: id, secret: 'sk-refused-123' });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: 'SECRET_STORE_FAILED' });
      expect(JSON.stringify(res.body)).not.toContain('sk-refused-123');
      const world = await village.ok<{ templates: { credential: string }[] }>('get_world');
      expect(world.templates[0]?.credential).toBe('unset');
    } finally {
      await village.close();
      await removeRoot(village.root);
    }
  });
});

describe('icons', () => {
  it('accepts a WebP up to 512 KB for agents, the user and the external client', async () => {
    const village = await startTestVillage();
    try {
      await village.ready();
      const { id } = await village.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
      await village.ok('create_agent', { spec: { id: 'a1', name: 'A', modelTemplateId: id } });
      const icon = webp(512 * 1024).toString('base64');
      for (const [kind, extra] of [
        ['agent', { agentId: 'a1' }],
        ['user', {}],
        ['external', {}],
      ] as const) {
        await village.ok(`set_${kind}_icon`, { ...extra, bytes: icon });
        expect(await village.ok(`get_${kind}_icon`, extra)).toEqual({ bytes: icon });
        const tooBig = await village.call(`set_${kind}_icon`, {
          ...extra,
          bytes: webp(512 * 1024 + 1).toString('base64'),
        });
        expect(tooBig.body).toMatchObject({ code: 'INVALID_ICON' });
        await village.ok(`clear_${kind}_icon`, extra);
        expect(await village.ok(`get_${kind}_icon`, extra)).toEqual({ bytes: null });
      }
    } finally {
      await village.close();
      await removeRoot(village.root);
    }
  });
});
