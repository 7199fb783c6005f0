import { lstat, stat } from 'node:fs/promises';
import type { FencedOp } from '../work-dir/fence.ts';
import { insideFailure } from '../work-dir/inside-error.ts';
import { MAX_FILE_BYTES } from '../work-dir/limits.ts';
import { readTextFrom } from '../work-dir/read-text.ts';
import { resolveCreatable, resolveExisting } from '../work-dir/resolve.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { createFile, makeFolder, replaceFileContent, withAppendable } from '../work-dir/write-file.ts';
import { errorDetail } from '../work-dir/write-texts.ts';
import type { Language } from '../../domain/enums.ts';
import { fileTexts, type FileOpName } from './file-texts.ts';

type Kind = 'file' | 'folder' | 'other' | null;

export async function kindOf(abs: string): Promise<Kind> {
  try {
    const info = await lstat(abs);
    if (info.isSymbolicLink()) {
      const target = await stat(abs);
      return target.isDirectory() ? 'folder' : target.isFile() ? 'file' : 'other';
    }
    return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : 'other';
  } catch {
    return null;
  }
}

/** The limits `write` and `append` put on the text they are given. */
function contentProblem(content: string, language: Language): string | null {
  const F = fileTexts(language);
  if (content.includes('\0')) return F.contentBinary;
  const bytes = Buffer.byteLength(content);
  return bytes > MAX_FILE_BYTES ? F.contentTooLarge(bytes) : null;
}

/** Where an op runs: the work folder, and the fence asked before anything is changed. */
export interface OpEnv {
  workDir: string;
  /** The village language of every result. */
  language: Language;
  fenced: (op: FencedOp, rels: readonly string[]) => string | null;
}

/**
 * The text of a failed op: a race or hard link says so (naming `paths`, both ends of a move or copy),
 * anything else names its errno code.
 */
export function opFailed(
  language: Language,
  what: FileOpName,
  rel: string,
  error: unknown,
  paths = rel,
): string {
  return insideFailure(error, paths, language) ?? fileTexts(language).ioFailed(what, rel, errorDetail(error));
}

/** A write to an existing file: a pipe, socket or device found there at the last moment is named so. */
function rewriteFailed(language: Language, what: FileOpName, rel: string, error: unknown): string {
  return (error as { code?: unknown }).code === 'NOT_REGULAR'
    ? workDirTexts(language).special(rel)
    : opFailed(language, what, rel, error);
}

/** A new file (and its missing folders); null when done, else the failure text. */
async function createNew(
  language: Language,
  target: { root: string; abs: string; rel: string },
  content: string,
) {
  try {
    await createFile(target.root, target.abs, content);
    return null;
  } catch (error) {
    return opFailed(language, 'write', target.rel, error);
  }
}

/** A trailing `/` names a folder: a file is never created under the name without it. */
function folderForm(path: unknown, language: Language): string | null {
  return typeof path === 'string' && /[\\/]$/.test(path) ? fileTexts(language).folderFormForFile(path) : null;
}

/** `write { path, content, overwrite? }`: new files freely; an existing file only with overwrite. */
export async function writeOp(
  env: OpEnv,
  path: unknown,
  content: string,
  overwrite: boolean,
): Promise<string> {
  const F = fileTexts(env.language);
  const problem = contentProblem(content, env.language) ?? folderForm(path, env.language);
  if (problem) return problem;
  const target = await resolveCreatable(env.workDir, path, env.language);
  if (!target.ok) return target.message;
  const refused = env.fenced('write', [target.rel]);
  if (refused) return refused;
  const kind = await kindOf(target.abs);
  if (kind === 'folder') return F.existsAsFolder(target.rel);
  const chars = [...content].length;
  if (kind !== null) {
    if (!overwrite) return F.exists(target.rel);
    // What exists is taken through the resolver of existing paths (a link out is refused there).
    const existing = await resolveExisting(env.workDir, path, env.language);
    if (!existing.ok) return existing.message;
    try {
      await replaceFileContent(existing.root, existing.abs, content);
    } catch (error) {
      return rewriteFailed(env.language, 'write', target.rel, error);
    }
    return F.overwritten(existing.rel, chars);
  }
  return (await createNew(env.language, target, content)) ?? F.created(target.rel, chars);
}

/** `append { path, content }`: creates a missing file; the 2 MiB limit is on the size after appending. */
export async function appendOp(env: OpEnv, path: unknown, content: string): Promise<string> {
  const F = fileTexts(env.language);
  const T = workDirTexts(env.language);
  const problem = contentProblem(content, env.language) ?? folderForm(path, env.language);
  if (problem) return problem;
  const target = await resolveCreatable(env.workDir, path, env.language);
  if (!target.ok) return target.message;
  const refused = env.fenced('append', [target.rel]);
  if (refused) return refused;
  const kind = await kindOf(target.abs);
  if (kind === 'folder') return F.existsAsFolder(target.rel);
  if (kind === null) {
    return (
      (await createNew(env.language, target, content)) ?? F.appendCreated(target.rel, [...content].length)
    );
  }
  const existing = await resolveExisting(env.workDir, path, env.language);
  if (!existing.ok) return existing.message;
  const rel = existing.rel;
  try {
    // Checked and appended to through one descriptor: the size and text checks are of the very file.
    return await withAppendable(existing.root, existing.abs, async (handle) => {
      const read = await readTextFrom(handle, true);
      if (read.kind === 'too_large') return T.tooLarge(rel, read.bytes);
      if (read.kind === 'binary') return T.binary(rel);
      if (read.kind === 'not_utf8') return T.notUtf8(rel);
      if (read.kind === 'folder') return F.existsAsFolder(rel);
      if (read.kind === 'special') return T.special(rel);
      const after = read.bytes + Buffer.byteLength(content);
      if (after > MAX_FILE_BYTES) return F.appendTooLarge(rel, after);
      await handle.appendFile(content);
      return F.appended(rel, [...content].length, after);
    });
  } catch (error) {
    return rewriteFailed(env.language, 'append', rel, error);
  }
}

/** `mkdir { path }`: the folder and any missing parents. */
export async function mkdirOp(env: OpEnv, path: unknown): Promise<string> {
  const F = fileTexts(env.language);
  const target = await resolveCreatable(env.workDir, path, env.language);
  if (!target.ok) return target.message;
  const refused = env.fenced('mkdir', [target.rel]);
  if (refused) return refused;
  const kind = await kindOf(target.abs);
  if (kind === 'folder') return F.folderExists(target.rel);
  if (kind !== null) return F.existsAsFile(target.rel);
  try {
    await makeFolder(target.root, target.abs);
  } catch (error) {
    return opFailed(env.language, 'mkdir', target.rel, error);
  }
  return F.madeFolder(target.rel);
}
