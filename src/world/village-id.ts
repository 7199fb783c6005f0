import { randomUUID } from 'node:crypto';
import { isUuidV4 } from '../domain/ids.ts';
import { dirname } from 'node:path';
import { readTextOrNull } from './fs-util.ts';
import { writeWorkspaceFileAtomic } from './workspace-write.ts';

/**
 * The village's identity: read, trimmed and checked; created or regenerated when missing or invalid.
 * `workspace` (default: the file's folder): nothing below it may be a link (workspace-write.ts).
 */
export async function ensureVillageId(
  path: string,
  workspace = dirname(path),
): Promise<{ id: string; created: boolean }> {
  const text = await readTextOrNull(path).catch(() => null);
  const current = text?.trim() ?? '';
  if (isUuidV4(current)) return { id: current, created: false };
  const id = randomUUID();
  await writeWorkspaceFileAtomic(workspace, path, `${id}\n`);
  return { id, created: true };
}
