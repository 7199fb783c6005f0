import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FileSecretStore } from '../src/secrets/file-secret-store.ts';
import type { SecretStore } from '../src/secrets/secret-store.ts';
import {
  makeTempRoot,
  removeRoot,
  startTestVillage,
  TEMPLATE,
  type TestVillage,
} from './helpers/village-server.ts';

const opened: TestVillage[] = [];
async function open(options: Parameters<typeof startTestVillage>[0] = {}) {
  const village = await startTestVillage(options);
  opened.push(village);
  await village.ready();
  return village;
}
afterEach(async () => {
  for (const v of opened.splice(0)) {
    await v.close();
    await removeRoot(v.root);
  }
});

function rawUpgrade(port: number, requestLine: string, reset: boolean): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      );
      if (reset) socket.resetAndDestroy();
      else setTimeout(() => socket.destroy(), 20);
      resolve();
    });
    socket.on('error', () => resolve());
  });
}

describe('the events socket survives hostile upgrades', () => {
  it('a malformed URL and reset connections do not take the server down', async () => {
    const v = await open();
    await rawUpgrade(v.server.port, 'GET //[ HTTP/1.1', false);
    for (let i = 0; i < 20; i += 1) await rawUpgrade(v.server.port, 'GET /nope HTTP/1.1', true);
    for (let i = 0; i < 5; i += 1)
      await rawUpgrade(v.server.port, 'GET /api/events?token=wrong HTTP/1.1', true);
    await new Promise((r) => setTimeout(r, 100));
    expect(await v.ok('boot_status')).toEqual({ ready: true, error: null, warnings: [] });
  });

  it('checks the Host header on the upgrade too', async () => {
    const v = await open();
    const ws = new WebSocket(`ws://127.0.0.1:${v.server.port}/api/events?token=${v.server.token}`, {
      headers: { host: 'evil.example' },
    });
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });
});

describe('a shared village cannot reach outside its folder', () => {
  it('refuses agent folders that are symbolic links, for reads and writes', async () => {
    const v = await open();
    const { id } = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await v.ok('create_agent', { spec: { id: 's', name: 'S', modelTemplateId: id } });
    const outside = join(v.root, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'Memory.md'), 'private notes');
    const dir = join(v.workspace, 'agents', 's');
    await removeRoot(dir);
    await symlink(outside, dir);
    const read = await v.call('read_config_file', { agentId: 's', kind: 'memory' });
    expect(read.status).toBe(500);
    expect(read.body).toMatchObject({ code: 'CONFIG_IO' });
    expect(JSON.stringify(read.body)).not.toContain('private notes');
    const write = await v.call('write_config_file', { agentId: 's', kind: 'mcp', content: '{}' });
    expect(write.body).toMatchObject({ code: 'CONFIG_IO' });
    expect((await readdir(outside)).sort()).toEqual(['Memory.md']);
  });

  it('refuses an Ordinance.md that links elsewhere (it would go into every prompt)', async () => {
    const v = await open();
    await writeFile(join(v.root, 'credentials'), 'aws_secret=xyz');
    await symlink(join(v.root, 'credentials'), join(v.workspace, 'Ordinance.md'));
    const res = await v.call('read_ordinance');
    expect(res.body).toMatchObject({ code: 'CONFIG_IO' });
    expect(JSON.stringify(res.body)).not.toContain('aws_secret');
  });

  it('a new agent never inherits files left behind under a reused id', async () => {
    const v = await open();
    const { id } = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    const stale = join(v.workspace, 'agents', 'agent_1');
    await mkdir(stale, { recursive: true });
    await writeFile(join(stale, 'Memory.md'), 'old memories');
    await v.ok('create_agent', { spec: { name: 'New', modelTemplateId: id } });
    expect(await v.ok('read_config_file', { agentId: 'agent_1', kind: 'memory' })).toBe('');
  });
});

describe('identifiers and arguments', () => {
  it('refuses reserved names as ids', async () => {
    const v = await open();
    const { id } = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    for (const bad of ['__proto__', 'constructor', 'prototype']) {
      const res = await v.call('create_agent', { spec: { id: bad, name: bad, modelTemplateId: id } });
      expect(res.body).toMatchObject({ code: 'UNSAFE_IDENTIFIER' });
    }
  });

  it('answers a misspelled argument with 400 naming it, and changes nothing', async () => {
    const v = await open();
    const { id } = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await v.ok('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: id } });
    const res = await v.call<{ code: string; message: string }>('update_agent', {
      spec: { id: 'a', nmae: 'B' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('nmae');
    const typo = await v.call('set_token_budget', { tokenBudgte: 5 });
    expect(typo.status).toBe(400);
  });

  it('refuses an unknown credential value instead of reading it as unset', async () => {
    const v = await open();
    const res = await v.call('upsert_template', { template: { ...TEMPLATE, credential: 'keyrnig' } });
    expect(res.body).toMatchObject({ code: 'INVALID_ARGUMENT' });
    const legacy = await v.ok<{ credential: string }>('upsert_template', {
      template: { ...TEMPLATE, credential: 'none' },
    });
    expect(legacy.credential).toBe('unset');
  });
});

describe('templates and their keys', () => {
  it('issues template ids itself and refuses a client-chosen new id', async () => {
    const v = await open();
    const res = await v.call('upsert_template', { template: { ...TEMPLATE, id: 'chosen_by_client' } });
    expect(res.body).toMatchObject({ code: 'MODEL_TEMPLATE_NOT_FOUND' });
    const made = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    expect(made.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a key is bound to the endpoint it was set for; clear_credential goes back to unset', async () => {
    const v = await open();
    const t = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await v.ok('set_credential', { templateId: t.id, secret: 'sk-bound' });
    const moved = await v.ok<{ credential: string }>('upsert_template', {
      template: { ...TEMPLATE, id: t.id, baseUrl: 'https://attacker.example/v1', credential: 'keyring' },
    });
    expect(moved.credential).toBe('unset');
    const back = await v.ok<{ credential: string }>('upsert_template', {
      template: { ...TEMPLATE, id: t.id, credential: 'keyring' },
    });
    expect(back.credential).toBe('keyring');
    await v.ok('clear_credential', { templateId: t.id });
    const world = await v.ok<{ templates: { credential: string }[] }>('get_world');
    expect(world.templates[0]?.credential).toBe('unset');
  });

  it('a template in use is not removed', async () => {
    const v = await open();
    const t = await v.ok<{ id: string }>('upsert_template', { template: TEMPLATE });
    await v.ok('create_agent', { spec: { id: 'a', name: 'A', modelTemplateId: t.id } });
    const res = await v.call('remove_template', { templateId: t.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'TEMPLATE_IN_USE', agentId: 'a' });
    await v.ok('delete_agent', { agentId: 'a' });
    await v.ok('remove_template', { templateId: t.id });
  });
});

describe('boot over HTTP', () => {
  it('answers boot_status while init is still running, and NOT_READY to other commands', async () => {
    const root = await makeTempRoot();
    await mkdir(join(root, 'workspace'), { recursive: true });
    await writeFile(
      join(root, 'workspace', 'world.json'),
      JSON.stringify({ templates: [{ id: 't1', ...TEMPLATE }], tokenBudget: 5 }),
    );
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inner = new FileSecretStore(join(root, 'home', 'secrets.json'));
    const slow: SecretStore = {
      kind: 'file',
      get: async (key) => {
        await gate;
        return inner.get(key);
      },
      set: (k, s) => inner.set(k, s),
      delete: (k) => inner.delete(k),
    };
    const village = await startTestVillage({ root, secrets: slow });
    opened.push(village);
    expect(await village.ok('boot_status')).toEqual({ ready: false, error: null, warnings: [] });
    const early = await village.call('get_world');
    expect(early.status).toBe(503);
    expect(early.body).toMatchObject({ code: 'NOT_READY', retryable: true });
    release();
    await village.ready();
    expect((await village.ok<{ agents: unknown[] }>('get_world')).agents).toEqual([]);
  });
});

describe('the command line', () => {
  it('says in one line that the port is taken, and exits 1', async () => {
    const v = await open();
    const root = await makeTempRoot();
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, '..', 'bin', 'fuseforks.mjs'), 'serve'],
      {
        env: {
          ...process.env,
          FUSEFORKS_HOME: join(root, 'home'),
          FUSEFORKS_WORKSPACE: join(root, 'ws'),
          FUSEFORKS_PORT: String(v.server.port),
          FUSEFORKS_SECRET_STORE: 'file',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain(`fuseforks: could not start: port ${v.server.port} is already in use`);
    expect(err).not.toContain('    at ');
    expect(await readFile(join(root, 'ws', 'fuseforks.log'), 'utf8')).toContain('version:');
    await removeRoot(root);
  });
});
