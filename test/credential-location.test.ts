/**
 * get_world says where API keys really go (issue 25): a real server with the real secret-store
 * choice, a real set_credential, then the file (or its absence) checked on disk. Where no OS keyring
 * answers a write (this machine: @napi-rs/keyring answers AccessDenied), that is the 0600 file.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSecretStore } from '../src/secrets/choose-secret-store.ts';
import { displayPath } from '../src/secrets/secret-location.ts';
import { startServer, type RunningServer } from '../src/server/serve.ts';
import { makeTempRoot, removeRoot, TEMPLATE } from './helpers/village-server.ts';

let root: string;
let server: RunningServer;
let savedHome: string | undefined;
let savedStore: string | undefined;

const call = async <T>(name: string, args: unknown = {}): Promise<T> => {
  const response = await fetch(`${server.url}/api/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
  return body;
};

beforeAll(async () => {
  root = await makeTempRoot();
  savedHome = process.env.HOME;
  savedStore = process.env.FUSEFORKS_SECRET_STORE;
  delete process.env.FUSEFORKS_SECRET_STORE;
  // The app-data dir under the user's home, as by default (~/.local/share/fuseforks).
  process.env.HOME = root;
  server = await startServer({
    workspace: join(root, 'workspace'),
    home: join(root, '.local', 'share', 'fuseforks'),
    port: 0,
    detectLanguage: () => 'en',
  });
  for (let i = 0; i < 200; i++) {
    if ((await call<{ ready: boolean }>('boot_status')).ready) break;
    await new Promise((r) => setTimeout(r, 10));
  }
});

afterAll(async () => {
  await server.close();
  if (savedHome === undefined) delete process.env.HOME;
  else process.env.HOME = savedHome;
  if (savedStore !== undefined) process.env.FUSEFORKS_SECRET_STORE = savedStore;
  await removeRoot(root);
});

describe('the credential location get_world reports', () => {
  it('is where set_credential really put the key', async () => {
    const secretsFile = join(root, '.local', 'share', 'fuseforks', 'secrets.json');
    // The same probe the server ran at start: what this machine's keyring does.
    const here = (await chooseSecretStore(join(root, 'probe-secrets.json'))).store.kind;
    const world = await call<{ credentialStore: { kind: string; path?: string } }>('get_world');
    const { id } = await call<{ id: string }>('upsert_template', { template: TEMPLATE });
    const answer = await call<{ credentialStore: unknown }>('set_credential', {
      templateId: id,
      secret: 'sk-location-test',
    });
    expect(answer.credentialStore).toEqual(world.credentialStore);
    try {
      if (here === 'file') {
        expect(world.credentialStore).toEqual({
          kind: 'file',
          path: join('~', '.local', 'share', 'fuseforks', 'secrets.json'),
        });
        const stored = JSON.parse(await readFile(secretsFile, 'utf8')) as { secrets: Record<string, string> };
        expect(Object.keys(stored.secrets)).toEqual([id]);
        expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);
      } else {
        expect(world.credentialStore).toEqual({ kind: 'keyring' });
        await expect(stat(secretsFile)).rejects.toThrow();
      }
    } finally {
      await call('clear_credential', { templateId: id });
    }
  });
});

describe('displayPath', () => {
  it('shows a path under the home from ~ and any other path as it is', () => {
    expect(displayPath('/home/ann/.local/share/fuseforks/secrets.json', '/home/ann')).toBe(
      '~/.local/share/fuseforks/secrets.json',
    );
    expect(displayPath('/srv/fuseforks/secrets.json', '/home/ann')).toBe('/srv/fuseforks/secrets.json');
    // A sibling whose name starts with the home's is not under it.
    expect(displayPath('/home/anna/secrets.json', '/home/ann')).toBe('/home/anna/secrets.json');
  });
});
