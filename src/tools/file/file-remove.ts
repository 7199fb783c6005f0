import { access } from 'node:fs/promises';
import { insideFailure } from '../work-dir/inside-error.ts';
import { checkedTrashPath } from '../work-dir/move-entry.ts';
import { fileTexts } from './file-texts.ts';
import { existingSource } from './file-move.ts';
import { type OpEnv } from './file-write.ts';
import { errorDetail } from '../work-dir/write-texts.ts';

/** Moves one path to the OS trash; throws when there is no trash to move it to. */
export type TrashFn = (abs: string) => Promise<void>;

/** The freedesktop / macOS / Windows trash through the `trash` package, never globbing the name. */
export const osTrash: TrashFn = async (abs) => {
  const { default: trash } = await import('trash');
  await trash([abs], { glob: false });
};

/** `remove { path }`: to the trash only; when that fails, nothing is deleted. */
export async function removeOp(env: OpEnv, path: unknown, trash: TrashFn): Promise<string> {
  const F = fileTexts(env.language);
  const source = await existingSource(env.workDir, path, env.language);
  if (!source.ok) return source.message;
  const refused = env.fenced('remove', [source.rel]);
  if (refused) return refused;
  let abs: string;
  try {
    // The trash takes a path: it is checked through the pinned parent right before the hand-off.
    abs = await checkedTrashPath(source.root, source.abs);
    await trash(abs);
  } catch (error) {
    return insideFailure(error, source.rel, env.language) ?? F.trashFailed(source.rel, errorDetail(error));
  }
  // `trash` passes over what it could not find: make sure the path is really gone.
  const stillThere = await access(abs).then(
    () => true,
    () => false,
  );
  return stillThere ? F.trashFailed(source.rel, F.stillPresent) : F.trashed(source.rel);
}
