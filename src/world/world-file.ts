import { CoreError, isCoreError } from '../domain/errors.ts';
import { dirname } from 'node:path';
import { readTextOrNull } from './fs-util.ts';
import { writeWorkspaceFileAtomic } from './workspace-write.ts';
import { decodeWorld, encodeWorld, WorldDecodeError, type DecodedWorld } from './world-codec.ts';
import type { WorldState } from './world-state.ts';

/** Null when the file does not exist; a file that exists but cannot be read or decoded throws. */
export async function readWorldFile(path: string): Promise<DecodedWorld | null> {
  let text: string | null;
  try {
    text = await readTextOrNull(path);
  } catch (error) {
    throw new WorldDecodeError(
      `world.json could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return text === null ? null : decodeWorld(text);
}

/** `workspace` (default: the file's folder): nothing below it may be a link (workspace-write.ts). */
export async function writeWorldFile(
  path: string,
  world: WorldState,
  workspace = dirname(path),
): Promise<void> {
  try {
    await writeWorkspaceFileAtomic(workspace, path, encodeWorld(world));
  } catch (error) {
    if (isCoreError(error)) throw error;
    throw new CoreError('CONFIG_IO', 'could not write world.json', {
      detail: (error as NodeJS.ErrnoException).code ?? null,
      cause: error,
    });
  }
}
