import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseSecretStore } from './choose-secret-store.ts';
import { FileSecretStore } from './file-secret-store.ts';
import { KEYRING_SERVICE, KeyringSecretStore, type KeyringBackend } from './keyring-secret-store.ts';

class MemoryKeyring implements KeyringBackend {
  readonly entries = new Map<string, string>();
  readonly calls: string[] = [];

  async get(service: string, account: string): Promise<string | null> {
    this.calls.push('get');
    return this.entries.get(`${service}\u0000${account}`) ?? null;
  }

  async set(service: string, account: string, secret: string): Promise<void> {
    this.calls.push('set');
    this.entries.set(`${service}\u0000${account}`, secret);
  }

  async delete(service: string, account: string): Promise<void> {
    this.calls.push('delete');
    this.entries.delete(`${service}\u0000${account}`);
  }
}

describe('chooseSecretStore', () => {
  let dir: string;
  let secretsFile: string;
  let savedEnv: string | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fuseforks-choose-'));
    secretsFile = join(dir, 'secrets.json');
    savedEnv = process.env.FUSEFORKS_SECRET_STORE;
    delete process.env.FUSEFORKS_SECRET_STORE;
  });

  afterEach(async () => {
    if (savedEnv === undefined) delete process.env.FUSEFORKS_SECRET_STORE;
    else process.env.FUSEFORKS_SECRET_STORE = savedEnv;
    await rm(dir, { recursive: true, force: true });
  });

  it('picks the keyring when a probe round trip works, and deletes the probe entry', async () => {
    const backend = new MemoryKeyring();
    const { store, reason } = await chooseSecretStore(secretsFile, backend);
    expect(store.kind).toBe('keyring');
    expect(store).toBeInstanceOf(KeyringSecretStore);
    expect(typeof reason).toBe('string');
    expect(backend.calls).toContain('set');
    expect(backend.entries.size).toBe(0);
    // The chosen store talks to the given backend.
    await store.set('tpl', 'sk');
    expect(await backend.get(KEYRING_SERVICE, 'tpl')).toBe('sk');
  });

  it('falls back to the file when the keyring refuses writes', async () => {
    const backend: KeyringBackend = {
      get: async () => null,
      set: async () => {
        throw Object.assign(new Error("Couldn't access platform storage: AccessDenied"), {
          code: 'GenericFailure',
        });
      },
      delete: async () => undefined,
    };
    const { store, reason } = await chooseSecretStore(secretsFile, backend);
    expect(store.kind).toBe('file');
    expect(store).toBeInstanceOf(FileSecretStore);
    expect((store as FileSecretStore).path).toBe(secretsFile);
    expect(reason).toContain('GenericFailure');
  });

  it('falls back to the file when the keyring answers reads with a different value', async () => {
    const backend = new MemoryKeyring();
    backend.get = async () => 'something else';
    const { store } = await chooseSecretStore(secretsFile, backend);
    expect(store.kind).toBe('file');
    expect((store as FileSecretStore).path).toBe(secretsFile);
  });

  it('falls back to the file when the keyring get rejects', async () => {
    const backend = new MemoryKeyring();
    backend.get = async () => {
      throw new Error('locked');
    };
    const { store } = await chooseSecretStore(secretsFile, backend);
    expect(store.kind).toBe('file');
  });

  it('FUSEFORKS_SECRET_STORE=file forces the file store without touching the keyring', async () => {
    process.env.FUSEFORKS_SECRET_STORE = 'file';
    const backend = new MemoryKeyring();
    const { store } = await chooseSecretStore(secretsFile, backend);
    expect(store.kind).toBe('file');
    expect((store as FileSecretStore).path).toBe(secretsFile);
    expect(backend.calls).toEqual([]);
  });

  it('with the real default backend resolves to a working store', async () => {
    const { store } = await chooseSecretStore(secretsFile);
    expect(['keyring', 'file']).toContain(store.kind);
    if (store.kind === 'keyring') {
      const key = `fuseforks-test-${process.pid}-${Date.now()}`;
      try {
        await store.set(key, 'round-trip');
        expect(await store.get(key)).toBe('round-trip');
      } finally {
        await store.delete(key);
      }
      expect(await store.get(key)).toBeNull();
    } else {
      expect(store).toBeInstanceOf(FileSecretStore);
      expect((store as FileSecretStore).path).toBe(secretsFile);
    }
  });
});
