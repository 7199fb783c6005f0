import { CoreError } from '../domain/errors.ts';

/**
 * Where template secrets live, keyed by template id. Implementations never put a secret into an
 * error, a log line or anything returned other than `get`.
 */
export interface SecretStore {
  readonly kind: 'keyring' | 'file';
  get(key: string): Promise<string | null>;
  set(key: string, secret: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export function secretStoreFailed(action: string, error: unknown): CoreError {
  // Only the error's class/code travels: platform messages could quote what was being stored.
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
  return new CoreError('SECRET_STORE_FAILED', `could not ${action} the secret`, { detail: reason });
}
