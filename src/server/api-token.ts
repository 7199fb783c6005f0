import { randomBytes } from 'node:crypto';
import { chmod } from 'node:fs/promises';
import { FILE_MODE, readTextOrNull, writeFileAtomic } from '../world/fs-util.ts';

/** The API token in `{home}/api_token` (0600), created on first start. */
export async function ensureApiToken(path: string): Promise<string> {
  const existing = (await readTextOrNull(path))?.trim();
  if (existing && /^[0-9a-f]{32,}$/.test(existing)) {
    await chmod(path, FILE_MODE).catch(() => undefined);
    return existing;
  }
  const token = randomBytes(24).toString('hex');
  await writeFileAtomic(path, `${token}\n`);
  return token;
}
