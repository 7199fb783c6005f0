import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DIR_MODE, readTextOrNull, writeFileAtomic } from '../world/fs-util.ts';
import { secretStoreFailed, type SecretStore } from './secret-store.ts';

interface SecretsFile {
  secrets: Record<string, string>;
}

/**
 * The fallback when no OS keyring answers: `{home}/secrets.json`, mode 0600, in the app-data dir
 * (never in the workspace, which travels with the village).
 */
export class FileSecretStore implements SecretStore {
  readonly kind = 'file' as const;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  async get(key: string): Promise<string | null> {
    await this.chain;
    const file = await this.read('read');
    return Object.hasOwn(file.secrets, key) ? (file.secrets[key] ?? null) : null;
  }

  set(key: string, secret: string): Promise<void> {
    return this.update('store', (secrets) => {
      secrets[key] = secret;
    });
  }

  delete(key: string): Promise<void> {
    return this.update('delete', (secrets) => {
      delete secrets[key];
    });
  }

  /** Read-modify-write, one at a time. */
  private update(action: string, change: (secrets: Record<string, string>) => void): Promise<void> {
    const next = this.chain.then(async () => {
      const file = await this.read(action);
      change(file.secrets);
      try {
        await mkdir(dirname(this.path), { recursive: true, mode: DIR_MODE });
        // The temp file is created 0600 and renamed over any older, wider-moded file.
        await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
      } catch (error) {
        throw secretStoreFailed(action, error);
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async read(action: string): Promise<SecretsFile> {
    let text: string | null;
    try {
      text = await readTextOrNull(this.path);
    } catch (error) {
      throw secretStoreFailed(action, error);
    }
    if (text === null) return { secrets: {} };
    try {
      const parsed = JSON.parse(text) as Partial<SecretsFile> | null;
      const secrets: Record<string, string> = {};
      for (const [k, v] of Object.entries(parsed?.secrets ?? {})) if (typeof v === 'string') secrets[k] = v;
      return { secrets };
    } catch (error) {
      throw secretStoreFailed(action, error);
    }
  }
}
