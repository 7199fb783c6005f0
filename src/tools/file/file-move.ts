import { lstat } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';
import { copyEntry } from '../work-dir/copy-entry.ts';
import { moveEntry } from '../work-dir/move-entry.ts';
import { resolveCreatable, resolveExisting, type Resolved } from '../work-dir/resolve.ts';
import type { Language } from '../../domain/enums.ts';
import { fileTexts } from './file-texts.ts';
import { kindOf, opFailed, type OpEnv } from './file-write.ts';

/** The source of move / remove: it exists, is not the work folder itself, and is not a link. */
export async function existingSource(workDir: string, path: unknown, language: Language): Promise<Resolved> {
  const F = fileTexts(language);
  const source = await resolveExisting(workDir, path, language);
  if (!source.ok) return source;
  if (source.rel === '.') return { ok: false, reason: 'invalid', message: F.rootRefused };
  try {
    if ((await lstat(resolve(workDir, path as string))).isSymbolicLink()) {
      return { ok: false, reason: 'invalid', message: F.linkRefused(path as string) };
    }
  } catch {
    // Resolved a moment ago; the move itself will report a vanished file.
  }
  return source;
}

async function destination(env: OpEnv, to: unknown, from: { abs: string; rel: string }): Promise<Resolved> {
  // Errors about the destination name the argument the model wrote it in.
  const F = fileTexts(env.language);
  const target = await resolveCreatable(env.workDir, to, env.language, 'to');
  if (!target.ok) return target;
  // `to: "dest/"` reads as "into dest"; the tool takes the full new name, so say so for a file.
  if (/[\\/]$/.test(to as string) && (await kindOf(from.abs)) === 'file') {
    const suggestion = `${to as string}${basename(from.abs)}`;
    return { ok: false, reason: 'invalid', message: F.folderFormForDestination(to as string, suggestion) };
  }
  if ((await kindOf(target.abs)) !== null) {
    return { ok: false, reason: 'invalid', message: F.destinationExists(target.rel) };
  }
  if (target.abs.startsWith(from.abs + sep)) {
    return { ok: false, reason: 'invalid', message: F.intoItself(from.rel, target.rel) };
  }
  return target;
}

/** `move { path, to }`: both ends checked; never replaces what is at `to`. */
export async function moveOp(env: OpEnv, path: unknown, to: unknown): Promise<string> {
  const F = fileTexts(env.language);
  const source = await existingSource(env.workDir, path, env.language);
  if (!source.ok) return source.message;
  const target = await destination(env, to, source);
  if (!target.ok) return target.message;
  const refused = env.fenced('move', [source.rel, target.rel]);
  if (refused) return refused;
  try {
    await moveEntry(source.root, source.abs, target.abs);
  } catch (error) {
    return opFailed(env.language, 'move', source.rel, error, `${source.rel} → ${target.rel}`);
  }
  return F.moved(source.rel, target.rel);
}

/** `copy { path, to }`: a file or a folder; links inside a copied folder are copied as links. */
export async function copyOp(env: OpEnv, path: unknown, to: unknown): Promise<string> {
  const F = fileTexts(env.language);
  const source = await resolveExisting(env.workDir, path, env.language);
  if (!source.ok) return source.message;
  if (source.rel === '.') return F.rootRefused;
  const target = await destination(env, to, source);
  if (!target.ok) return target.message;
  // Copying out of a fenced area is a read: only the destination is asked.
  const refused = env.fenced('copy', [target.rel]);
  if (refused) return refused;
  try {
    await copyEntry(source.root, source.abs, target.abs);
  } catch (error) {
    return opFailed(env.language, 'copy', source.rel, error, `${source.rel} → ${target.rel}`);
  }
  return F.copied(source.rel, target.rel);
}
