import { randomUUID } from 'node:crypto';
import { isUuidV4 } from '../domain/ids.ts';
import { readTextOrNull, writeFileAtomic } from './fs-util.ts';

/** The village's identity: read, trimmed and checked; created or regenerated when missing or invalid. */
export async function ensureVillageId(path: string): Promise<{ id: string; created: boolean }> {
  const text = await readTextOrNull(path).catch(() => null);
  const current = text?.trim() ?? '';
  if (isUuidV4(current)) return { id: current, created: false };
  const id = randomUUID();
  await writeFileAtomic(path, `${id}\n`);
  return { id, created: true };
}
