import type { CredentialStoreLocation } from '../state/world.ts';

/**
 * The sentence that says where a key is kept or deleted from, as the server reports it (get_world
 * `credentialStore`): the OS credential store only when the server really uses it, else its file.
 * An older server without the field is taken as the keyring it always claimed.
 */
export function credentialStoreText(
  location: CredentialStoreLocation | undefined,
  what: 'kept' | 'saved' | 'deleted',
): { key: string; params: Record<string, string> } {
  const base = {
    kept: 'templates.credential.neverShown',
    saved: 'templates.credential.saved',
    deleted: 'templates.credential.clearBody',
  }[what];
  if (location?.kind === 'file') return { key: `${base}File`, params: { path: location.path } };
  return { key: base, params: {} };
}
