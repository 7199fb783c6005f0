import { stat } from 'node:fs/promises';
import { readTextFile } from './read-text.ts';
import { resolveExisting } from './resolve.ts';
import type { Language } from '../../domain/enums.ts';
import { workDirTexts } from './texts.ts';
import { errorDetail, writeTexts } from './write-texts.ts';

/**
 * The check order of the write tools (ledger `write_tools_contract`): 1 boundary resolution,
 * 2 is a file, 3 extension (yq only), 4 size 2 MiB, 5 binary, 6 UTF-8; the content parse (7) is
 * the tool's own. Only the first failing stage's message comes back. Split in two because a batch
 * preview treats a resolve failure (whole call refused) apart from the later stages (file skipped).
 */
export type Located =
  | { ok: true; abs: string; rel: string; root: string }
  /** `missingPath`: the shown input when the path does not exist (the message then says so). */
  | { ok: false; message: string; missingPath?: string };

export type Loaded =
  { ok: true; abs: string; rel: string; root: string; text: string } | { ok: false; message: string };

/** Stage 1: an existing path inside the work folder; nothing is ever created. */
export async function locateTarget(workDir: string, input: unknown, language: Language): Promise<Located> {
  const resolved = await resolveExisting(workDir, input, language);
  if (resolved.ok) return resolved;
  const gone = workDirTexts(language).workDirGone;
  if (resolved.reason === 'missing' && typeof input === 'string' && resolved.message !== gone) {
    const shown = input.length > 200 ? `${input.slice(0, 200)}…` : input;
    return { ok: false, message: writeTexts(language).missing(shown), missingPath: shown };
  }
  return { ok: false, message: resolved.message };
}

export interface LoadOptions {
  /** Refuse text that is not valid UTF-8 (every write); a read-only op may read it lossily. */
  strict: boolean;
  /** The village language of the refusals. */
  language: Language;
  /** Stage 3 (yq only): the refusal text for this path's extension, or null. */
  extension?: (rel: string) => string | null;
}

/** Stages 2–6 on a located path. */
export async function loadTarget(
  target: { abs: string; rel: string; root: string },
  options: LoadOptions,
): Promise<Loaded> {
  const { abs, rel, root } = target;
  const T = workDirTexts(options.language);
  const W = writeTexts(options.language);
  try {
    const info = await stat(abs);
    if (info.isDirectory()) return { ok: false, message: T.isFolder(rel) };
    if (!info.isFile()) return { ok: false, message: W.notRegular(rel) };
    const refused = options.extension?.(rel) ?? null;
    if (refused !== null) return { ok: false, message: refused };
    const read = await readTextFile(root, abs, options.strict);
    switch (read.kind) {
      case 'ok':
        return { ok: true, abs, rel, root, text: read.text };
      case 'folder':
        return { ok: false, message: T.isFolder(rel) };
      case 'too_large':
        return { ok: false, message: T.tooLarge(rel, read.bytes) };
      case 'binary':
        return { ok: false, message: T.binary(rel) };
      case 'special':
        return { ok: false, message: W.notRegular(rel) };
      case 'not_utf8':
        return { ok: false, message: T.notUtf8(rel) };
      case 'escaped':
        return { ok: false, message: T.swapped(rel) };
    }
  } catch (error) {
    return { ok: false, message: W.readFailed(rel, errorDetail(error)) };
  }
}

/** Stages 1–6 for one file. */
export async function openTarget(workDir: string, input: unknown, options: LoadOptions): Promise<Loaded> {
  const located = await locateTarget(workDir, input, options.language);
  if (!located.ok) return located;
  return loadTarget(located, options);
}
