import { randomUUID } from 'node:crypto';
import type { AttachmentInput, AttachmentRef } from '../../domain/attachment.ts';
import type { DetectedAttachment } from '../../domain/attachment-detect.ts';
import { configIo } from '../fs-util.ts';
import type { VillagePaths } from '../paths.ts';
import { removeWorkspaceEntry, writeWorkspaceFileAtomic } from '../workspace-write.ts';
import { extensionFor, extensionsOfKind } from './attachment-files.ts';
import { convertToStoredWebp } from './image-convert.ts';

export const FILE_NAME_MAX_CHARS = 255;

/** The name shown when the person's file had none. */
const DEFAULT_FILE_NAMES: Record<DetectedAttachment['kind'], string> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  pdf: 'document.pdf',
};

// C0, DEL, C1, the line/paragraph separators (a name is display text on one line) and the bidi
// controls (an override could show "photo\u202egnp.exe" as "photoexe.png").
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The person's file name for display: control and bidi characters removed, trimmed, at most 255
 * code points.
 */
export function cleanAttachmentFileName(name: string, kind: DetectedAttachment['kind']): string {
  const clean = [...name.replace(CONTROL, '').trim()].slice(0, FILE_NAME_MAX_CHARS).join('').trim();
  return clean === '' ? DEFAULT_FILE_NAMES[kind] : clean;
}

export interface StoreOptions {
  /** Tests only: a smaller post-conversion gate than the ledger's 2 MB. */
  convertedMaxBytes?: number;
}

/**
 * Stores a checked attachment (checkAttachment's result) as `attachments/{uuid}.{ext}`: images
 * converted to WebP (image-convert.ts), other kinds as sent. Every refusal (undecodable, animated,
 * too large after conversion) happens before the write, and the write is atomic, so a refused
 * attachment leaves nothing on disk.
 */
export async function storeAttachment(
  paths: VillagePaths,
  input: AttachmentInput,
  detected: DetectedAttachment,
  options: StoreOptions = {},
): Promise<AttachmentRef> {
  const id = randomUUID();
  const fileName = cleanAttachmentFileName(input.fileName, detected.kind);
  if (detected.kind === 'image') {
    const image = await convertToStoredWebp(input.bytes, detected, options.convertedMaxBytes);
    await write(paths, paths.attachmentFile(id, 'webp'), image.bytes);
    return {
      id,
      kind: 'image',
      fileName,
      mimeType: 'image/webp',
      byteLength: image.bytes.length,
      width: image.width,
      height: image.height,
    };
  }
  const path = paths.attachmentFile(id, extensionFor(detected.mimeType));
  await write(paths, path, input.bytes);
  return { id, kind: detected.kind, fileName, mimeType: detected.mimeType, byteLength: input.bytes.length };
}

async function write(paths: VillagePaths, path: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeWorkspaceFileAtomic(paths.workspace, path, bytes);
  } catch (error) {
    throw configIo('write', path, error);
  }
}

/** The ref's file paths: its mime type's extension, or every extension of its kind when it has none. */
export function candidatePaths(
  paths: VillagePaths,
  ref: Pick<AttachmentRef, 'id' | 'kind' | 'mimeType'>,
): string[] {
  const exts = ref.mimeType === undefined ? extensionsOfKind(ref.kind) : [extensionFor(ref.mimeType)];
  return exts.map((ext) => paths.attachmentFile(ref.id, ext));
}

/** Removes a stored attachment (a send that failed after storing it); nothing when it is gone. */
export async function removeAttachment(paths: VillagePaths, ref: AttachmentRef): Promise<void> {
  for (const path of candidatePaths(paths, ref)) {
    try {
      removeWorkspaceEntry(paths.workspace, path);
    } catch (error) {
      throw configIo('remove', path, error);
    }
  }
}
