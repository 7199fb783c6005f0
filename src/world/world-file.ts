import { CoreError } from '../domain/errors.ts';
import { readTextOrNull, writeFileAtomic } from './fs-util.ts';
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

export async function writeWorldFile(path: string, world: WorldState): Promise<void> {
  try {
    await writeFileAtomic(path, encodeWorld(world));
  } catch (error) {
    throw new CoreError('CONFIG_IO', 'could not write world.json', {
      detail: (error as NodeJS.ErrnoException).code ?? null,
      cause: error,
    });
  }
}
