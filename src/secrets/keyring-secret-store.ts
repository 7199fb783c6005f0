import { AsyncEntry } from '@napi-rs/keyring';
import { secretStoreFailed, type SecretStore } from './secret-store.ts';

export const KEYRING_SERVICE = 'fuseforks';

/** The slice of the OS keyring we use; `@napi-rs/keyring` in production. */
export interface KeyringBackend {
  get(service: string, account: string): Promise<string | null>;
  set(service: string, account: string, secret: string): Promise<void>;
  delete(service: string, account: string): Promise<void>;
}

export const napiKeyring: KeyringBackend = {
  get: (service, account) => new AsyncEntry(service, account).getPassword(),
  set: (service, account, secret) => new AsyncEntry(service, account).setPassword(secret),
  delete: async (service, account) => {
    await new AsyncEntry(service, account).deletePassword();
  },
};

/** Secrets in the OS keyring under service `fuseforks`, account = template id. */
export class KeyringSecretStore implements SecretStore {
  readonly kind = 'keyring' as const;

  constructor(private readonly backend: KeyringBackend = napiKeyring) {}

  async get(key: string): Promise<string | null> {
    try {
      return await this.backend.get(KEYRING_SERVICE, key);
    } catch (error) {
      throw secretStoreFailed('read', error);
    }
  }

  async set(key: string, secret: string): Promise<void> {
    try {
      await this.backend.set(KEYRING_SERVICE, key, secret);
    } catch (error) {
      throw secretStoreFailed('store', error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.backend.delete(KEYRING_SERVICE, key);
    } catch (error) {
      throw secretStoreFailed('delete', error);
    }
  }
}
