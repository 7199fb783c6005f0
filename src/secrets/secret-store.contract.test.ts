import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CoreError } from '../domain/errors.ts';
import { FileSecretStore } from './file-secret-store.ts';
import { KEYRING_SERVICE, KeyringSecretStore, type KeyringBackend } from './keyring-secret-store.ts';
import type { SecretStore } from './secret-store.ts';

/** An in-memory OS keyring: entries keyed by service + account, answering asynchronously. */
class MemoryKeyring implements KeyringBackend {
  readonly entries = new Map<string, string>();

  private static key(service: string, account: string): string {
    return `${service}\u0000${account}`;
  }

  private async tick(): Promise<void> {
    await new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3)));
  }

  async get(service: string, account: string): Promise<string | null> {
    await this.tick();
    return this.entries.get(MemoryKeyring.key(service, account)) ?? null;
  }

  async set(service: string, account: string, secret: string): Promise<void> {
    await this.tick();
    this.entries.set(MemoryKeyring.key(service, account), secret);
  }

  async delete(service: string, account: string): Promise<void> {
    await this.tick();
    this.entries.delete(MemoryKeyring.key(service, account));
  }
}

const tempDirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fuseforks-secrets-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function expectSecretStoreFailed(
  promise: Promise<unknown>,
  mustNotContain: string,
): Promise<CoreError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreError);
  const core = error as CoreError;
  expect(core.code).toBe('SECRET_STORE_FAILED');
  expect(core.message).not.toContain(mustNotContain);
  expect(core.detail ?? '').not.toContain(mustNotContain);
  expect(JSON.stringify(core.toPayload())).not.toContain(mustNotContain);
  return core;
}

function runContract(name: string, makeStore: () => Promise<SecretStore>): void {
  describe(`SecretStore contract: ${name}`, () => {
    it('get of an unknown key is null', async () => {
      const store = await makeStore();
      expect(await store.get('nobody')).toBeNull();
    });

    it('set then get returns the secret', async () => {
      const store = await makeStore();
      await store.set('tpl_a', 'sk-alpha');
      expect(await store.get('tpl_a')).toBe('sk-alpha');
    });

    it('set overwrites an existing secret', async () => {
      const store = await makeStore();
      await store.set('tpl_a', 'first');
      await store.set('tpl_a', 'second');
      expect(await store.get('tpl_a')).toBe('second');
    });

    it('delete then get is null', async () => {
      const store = await makeStore();
      await store.set('tpl_a', 'sk-alpha');
      await store.delete('tpl_a');
      expect(await store.get('tpl_a')).toBeNull();
    });

    it('delete of an unknown key does not throw', async () => {
      const store = await makeStore();
      await expect(store.delete('never-set')).resolves.toBeUndefined();
      expect(await store.get('never-set')).toBeNull();
    });

    it('keys are independent', async () => {
      const store = await makeStore();
      await store.set('one', 'secret-1');
      await store.set('two', 'secret-2');
      expect(await store.get('one')).toBe('secret-1');
      expect(await store.get('two')).toBe('secret-2');
      await store.delete('one');
      expect(await store.get('one')).toBeNull();
      expect(await store.get('two')).toBe('secret-2');
      await store.set('two', 'secret-2b');
      expect(await store.get('one')).toBeNull();
    });

    it('concurrent sets of 20 different keys are all readable afterwards', async () => {
      const store = await makeStore();
      const keys = Array.from({ length: 20 }, (_, i) => `key_${i}`);
      await Promise.all(keys.map((key) => store.set(key, `secret-for-${key}`)));
      const read = await Promise.all(keys.map((key) => store.get(key)));
      expect(read).toEqual(keys.map((key) => `secret-for-${key}`));
    });
  });
}

runContract('FileSecretStore', async () => new FileSecretStore(join(await tempDir(), 'secrets.json')));
runContract(
  'KeyringSecretStore (in-memory backend)',
  async () => new KeyringSecretStore(new MemoryKeyring()),
);

describe('FileSecretStore specifics', () => {
  it('has kind "file"', async () => {
    expect(new FileSecretStore(join(await tempDir(), 'secrets.json')).kind).toBe('file');
  });

  it('writes the file with mode 0600 and creates a missing folder with mode 0700', async () => {
    const dir = await tempDir();
    const home = join(dir, 'home');
    const path = join(home, 'secrets.json');
    const store = new FileSecretStore(path);
    await store.set('tpl', 'sk-1');
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('tightens a pre-existing 0644 secrets.json to 0600 on set and keeps its entries', async () => {
    const dir = await tempDir();
    const path = join(dir, 'secrets.json');
    await writeFile(path, JSON.stringify({ secrets: { old: 'kept' } }), { mode: 0o644 });
    await chmod(path, 0o644);
    expect((await stat(path)).mode & 0o777).toBe(0o644);
    const store = new FileSecretStore(path);
    await store.set('new', 'added');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await store.get('old')).toBe('kept');
    expect(await store.get('new')).toBe('added');
  });

  it('a corrupt secrets.json makes get reject with SECRET_STORE_FAILED without echoing the content', async () => {
    const dir = await tempDir();
    const path = join(dir, 'secrets.json');
    const content = '{"secrets": {"tpl": "FILE-CONTENT-CANARY" ';
    await writeFile(path, content, { mode: 0o600 });
    const store = new FileSecretStore(path);
    await expectSecretStoreFailed(store.get('tpl'), 'FILE-CONTENT-CANARY');
    await expectSecretStoreFailed(store.set('tpl', 'x'), 'FILE-CONTENT-CANARY');
  });

  it('garbage that is not JSON at all makes get reject without echoing the content', async () => {
    const dir = await tempDir();
    const path = join(dir, 'secrets.json');
    await writeFile(path, 'GARBAGE-CANARY sk-live-123', { mode: 0o600 });
    await expectSecretStoreFailed(new FileSecretStore(path).get('tpl'), 'GARBAGE-CANARY');
  });

  it('an unreadable secrets.json (a folder in its place) makes get reject with SECRET_STORE_FAILED', async () => {
    const dir = await tempDir();
    const path = join(dir, 'secrets.json');
    await mkdir(path);
    await writeFile(join(path, 'inner'), 'INNER-CANARY');
    await expectSecretStoreFailed(new FileSecretStore(path).get('tpl'), 'INNER-CANARY');
  });

  it('a failed set does not poison later operations', async () => {
    const dir = await tempDir();
    const path = join(dir, 'secrets.json');
    await writeFile(path, 'not json', { mode: 0o600 });
    const store = new FileSecretStore(path);
    await expect(store.set('a', '1')).rejects.toBeInstanceOf(CoreError);
    await writeFile(path, JSON.stringify({ secrets: {} }));
    await store.set('a', '1');
    expect(await store.get('a')).toBe('1');
  });
});

describe('KeyringSecretStore specifics', () => {
  it('has kind "keyring" and stores under service "fuseforks" with the key as account', async () => {
    const backend = new MemoryKeyring();
    const store = new KeyringSecretStore(backend);
    expect(store.kind).toBe('keyring');
    await store.set('tpl_x', 'sk-x');
    expect(await backend.get(KEYRING_SERVICE, 'tpl_x')).toBe('sk-x');
  });

  it('a backend error quoting the secret never leaks into the rejection', async () => {
    const failing: KeyringBackend = {
      get: () => Promise.reject(new Error('platform said: CANARY-SECRET')),
      set: (_service, _account, secret) => Promise.reject(new Error(`could not store ${secret}`)),
      delete: () => Promise.reject(new Error('platform said: CANARY-SECRET')),
    };
    const store = new KeyringSecretStore(failing);
    await expectSecretStoreFailed(store.set('tpl', 'CANARY-SECRET'), 'CANARY-SECRET');
    await expectSecretStoreFailed(store.get('tpl'), 'CANARY-SECRET');
    await expectSecretStoreFailed(store.delete('tpl'), 'CANARY-SECRET');
  });

  it('a synchronous throw from the backend also becomes SECRET_STORE_FAILED', async () => {
    const failing: KeyringBackend = {
      get: () => Promise.resolve(null),
      set: () => {
        throw new Error('CANARY-SECRET in message');
      },
      delete: () => Promise.resolve(),
    };
    await expectSecretStoreFailed(new KeyringSecretStore(failing).set('tpl', 'v'), 'CANARY-SECRET');
  });
});
