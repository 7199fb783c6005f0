import { appendFile, lstat, mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FencedOp } from '../work-dir/fence.ts';
import { MAX_FILE_BYTES } from '../work-dir/limits.ts';
import { readTextFile } from '../work-dir/read-text.ts';
import { resolveCreatable, resolveExisting } from '../work-dir/resolve.ts';
import { T } from '../work-dir/texts.ts';
import { replaceFileContent } from '../work-dir/write-file.ts';
import { errorDetail } from '../work-dir/write-texts.ts';
import { F } from './file-texts.ts';

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
function contentProblem(content: string): string | null {
  if (content.includes('\0')) return F.contentBinary;
  const bytes = Buffer.byteLength(content);
  return bytes > MAX_FILE_BYTES ? F.contentTooLarge(bytes) : null;
}

/** Where an op runs: the work folder, and the fence asked before anything is changed. */
export interface OpEnv {
  workDir: string;
  fenced: (op: FencedOp, rels: readonly string[]) => string | null;
}

/** A new file (and its missing folders); null when done, else the failure text. */
async function createNew(abs: string, rel: string, content: string): Promise<string | null> {
  try {
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, content, { flag: 'wx' });
    return null;
  } catch (error) {
    return F.ioFailed('書き込み', rel, errorDetail(error));
  }
}

/** A trailing `/` names a folder: a file is never created under the name without it. */
function folderForm(path: unknown): string | null {
  return typeof path === 'string' && /[\\/]$/.test(path) ? F.folderFormForFile(path) : null;
}

/** `write { path, content, overwrite? }`: new files freely; an existing file only with overwrite. */
export async function writeOp(
  env: OpEnv,
  path: unknown,
  content: string,
  overwrite: boolean,
): Promise<string> {
  const problem = contentProblem(content) ?? folderForm(path);
  if (problem) return problem;
  const target = await resolveCreatable(env.workDir, path);
  if (!target.ok) return target.message;
  const refused = env.fenced('write', [target.rel]);
  if (refused) return refused;
  const kind = await kindOf(target.abs);
  if (kind === 'folder') return F.existsAsFolder(target.rel);
  const chars = [...content].length;
  if (kind !== null) {
    if (!overwrite) return F.exists(target.rel);
    // What exists is taken through the resolver of existing paths (a link out is refused there).
    const existing = await resolveExisting(env.workDir, path);
    if (!existing.ok) return existing.message;
    try {
      await replaceFileContent(existing.abs, content);
    } catch (error) {
      return F.ioFailed('書き込み', target.rel, errorDetail(error));
    }
    return F.overwritten(existing.rel, chars);
  }
  return (await createNew(target.abs, target.rel, content)) ?? F.created(target.rel, chars);
}

/** `append { path, content }`: creates a missing file; the 2 MiB limit is on the size after appending. */
export async function appendOp(env: OpEnv, path: unknown, content: string): Promise<string> {
  const problem = contentProblem(content) ?? folderForm(path);
  if (problem) return problem;
  const target = await resolveCreatable(env.workDir, path);
  if (!target.ok) return target.message;
  const refused = env.fenced('append', [target.rel]);
  if (refused) return refused;
  const kind = await kindOf(target.abs);
  if (kind === 'folder') return F.existsAsFolder(target.rel);
  if (kind === null) {
    return (
      (await createNew(target.abs, target.rel, content)) ?? F.appendCreated(target.rel, [...content].length)
    );
  }
  const existing = await resolveExisting(env.workDir, path);
  if (!existing.ok) return existing.message;
  const read = await readTextFile(existing.abs, true);
  if (read.kind === 'too_large') return T.tooLarge(existing.rel, read.bytes);
  if (read.kind === 'binary') return T.binary(existing.rel);
  if (read.kind === 'not_utf8') return T.notUtf8(existing.rel);
  if (read.kind === 'folder') return F.existsAsFolder(existing.rel);
  if (read.kind === 'special') return T.special(existing.rel);
  const after = read.bytes + Buffer.byteLength(content);
  if (after > MAX_FILE_BYTES) return F.appendTooLarge(existing.rel, after);
  try {
    await appendFile(existing.abs, content);
  } catch (error) {
    return F.ioFailed('追記', existing.rel, errorDetail(error));
  }
  return F.appended(existing.rel, [...content].length, after);
}

/** `mkdir { path }`: the folder and any missing parents. */
export async function mkdirOp(env: OpEnv, path: unknown): Promise<string> {
  const target = await resolveCreatable(env.workDir, path);
  if (!target.ok) return target.message;
  const refused = env.fenced('mkdir', [target.rel]);
  if (refused) return refused;
  const kind = await kindOf(target.abs);
  if (kind === 'folder') return F.folderExists(target.rel);
  if (kind !== null) return F.existsAsFile(target.rel);
  try {
    await mkdir(target.abs, { recursive: true });
  } catch (error) {
    return F.ioFailed('フォルダの作成', target.rel, errorDetail(error));
  }
  return F.madeFolder(target.rel);
}
