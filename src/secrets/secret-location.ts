import { homedir } from 'node:os';
import { isAbsolute, relative, sep } from 'node:path';
import { FileSecretStore } from './file-secret-store.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * Where the API keys really go, for the UI to say so (issue 25: it said "OS credential store" while
 * the server was writing its 0600 file fallback). The file path is shown from the user's home
 * (`~/...`), so a screenshot of the dialog does not carry the account name.
 */
export type SecretStoreLocation = { kind: 'keyring' } | { kind: 'file'; path: string };

export function displayPath(path: string, userHome: string = homedir()): string {
  if (userHome === '') return path;
  const rel = relative(userHome, path);
  if (rel === '') return '~';
  if (rel.startsWith('..') || isAbsolute(rel)) return path;
  return `~${sep}${rel}`;
}

export function secretStoreLocation(store: SecretStore, userHome: string = homedir()): SecretStoreLocation {
  if (store instanceof FileSecretStore) return { kind: 'file', path: displayPath(store.path, userHome) };
  return store.kind === 'keyring' ? { kind: 'keyring' } : { kind: 'file', path: 'secrets.json' };
}
