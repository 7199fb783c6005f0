import { FileSecretStore } from './file-secret-store.ts';
import {
  KEYRING_SERVICE,
  KeyringSecretStore,
  napiKeyring,
  type KeyringBackend,
} from './keyring-secret-store.ts';
import type { SecretStore } from './secret-store.ts';

const PROBE_ACCOUNT = '__fuseforks_probe__';

/**
 * The OS keyring when a write-read-delete round trip of a probe entry works, else the 0600 file in
 * the app-data dir. (A read alone is not enough: some platforms answer "no entry" to reads while
 * refusing every write.)
 */
export async function chooseSecretStore(
  secretsFile: string,
  backend: KeyringBackend = napiKeyring,
): Promise<{ store: SecretStore; reason: string }> {
  if (process.env.FUSEFORKS_SECRET_STORE === 'file') {
    return { store: new FileSecretStore(secretsFile), reason: 'FUSEFORKS_SECRET_STORE=file' };
  }
  try {
    const probe = `probe-${process.pid}`;
    await backend.set(KEYRING_SERVICE, PROBE_ACCOUNT, probe);
    const read = await backend.get(KEYRING_SERVICE, PROBE_ACCOUNT);
    await backend.delete(KEYRING_SERVICE, PROBE_ACCOUNT);
    if (read !== probe) throw Object.assign(new Error('probe mismatch'), { code: 'ProbeMismatch' });
    return { store: new KeyringSecretStore(backend), reason: 'os keyring answered' };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return {
      store: new FileSecretStore(secretsFile),
      reason: `os keyring unavailable (${typeof code === 'string' ? code : 'no answer'})`,
    };
  }
}
