/**
 * What the chat checks before a file becomes the message's attachment (ledger §5.3, issue 20): the
 * kind by magic bytes (never the name or the browser's claimed type), the size gate of that kind, and
 * whether the target's wire carries it. The server checks all of it again at the send entry (the
 * refusal codes INVALID_ATTACHMENT / ATTACHMENT_NOT_CARRIED); checking here first only spares the
 * person an upload that would be refused, and lets the screen say why before anything leaves the page.
 */
import { ATTACHMENT_IMAGE_MAX_EDGE_PX, type AttachmentKind } from '../../../src/domain/attachment.ts';
import { attachmentSizeProblem, type DetectedAttachment } from '../../../src/domain/attachment-detect.ts';
import { carriedKinds, carries } from './carries.ts';
import type { Provider } from './types.ts';

/** What magic-byte detection said about the first bytes (the core's `detectAttachment`). */
export type DetectedKind = Pick<DetectedAttachment, 'kind' | 'mimeType'>;

export type FileProblem =
  | { code: 'empty' }
  | { code: 'unknownKind' }
  | { code: 'animated' }
  | { code: 'tooLarge'; kind: AttachmentKind; byteLength: number; limitBytes: number }
  | { code: 'tooManyPixels'; width: number; height: number; limitPixels: number };

/**
 * The server's decoder ceiling, ATTACHMENT_IMAGE_MAX_INPUT_PIXELS in
 * src/world/attachments/image-convert.ts (a world file the page cannot import: it pulls in sharp).
 * Kept equal to it by attachment-check.test.ts, which imports the server's constant.
 */
export const IMAGE_MAX_INPUT_PIXELS = 100_000_000;

export interface CarriesProblem {
  code: 'notCarried';
  kind: AttachmentKind;
  provider: Provider;
  /** What the wire does take, for "it can take: …". */
  carried: AttachmentKind[];
}

export type AttachmentProblem = FileProblem | CarriesProblem;

/** A line under the input about the last file offered, kept until the next one or a send. */
export type DraftNotice =
  | { code: 'problem'; problem: FileProblem; fileName: string }
  | { code: 'unreadable'; fileName: string }
  | { code: 'replaced'; old: string; new: string }
  | { code: 'onlyFirst'; fileName: string }
  | { code: 'sending'; fileName: string };

/**
 * The file's own checks, in the send entry's order: a kind at all, a still image, then the size gate.
 * `detected` null: the first bytes match no kind we take.
 */
export function checkFile(
  detected: DetectedKind | null,
  animated: boolean,
  byteLength: number,
): { ok: true; kind: AttachmentKind; mimeType: string } | { ok: false; problem: FileProblem } {
  if (byteLength === 0) return { ok: false, problem: { code: 'empty' } };
  if (detected === null) return { ok: false, problem: { code: 'unknownKind' } };
  if (animated) return { ok: false, problem: { code: 'animated' } };
  const oversize = attachmentSizeProblem(detected.kind, byteLength);
  if (oversize) return { ok: false, problem: { code: 'tooLarge', kind: detected.kind, ...oversize } };
  return { ok: true, kind: detected.kind, mimeType: detected.mimeType };
}

/**
 * An image over the server's pixel ceiling, known once the thumbnail has told its size: refused on
 * the spot like the size gate, instead of a chip promising a reduction the server will refuse.
 */
export function pixelProblem(width: number, height: number): FileProblem | null {
  if (!(width * height > IMAGE_MAX_INPUT_PIXELS)) return null;
  return { code: 'tooManyPixels', width, height, limitPixels: IMAGE_MAX_INPUT_PIXELS };
}

/** Whether the target's wire takes the kind; null when it does, or when there is no target yet. */
export function carriesProblem(kind: AttachmentKind, provider: Provider | null): CarriesProblem | null {
  if (provider === null || carries(provider, kind)) return null;
  return { code: 'notCarried', kind, provider, carried: carriedKinds(provider) };
}

/**
 * The size an image will be stored at: the longest edge brought down to 1568 px, never enlarged (the
 * server's sharp `fit: inside`). Null when it already fits, so the chip says nothing.
 */
export function reducedSize(width: number, height: number): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (!(longest > ATTACHMENT_IMAGE_MAX_EDGE_PX)) return null;
  const scale = ATTACHMENT_IMAGE_MAX_EDGE_PX / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** A clipboard image often has no name (or a generic one): the chip and the marker still need one. */
export function attachmentFileName(name: string, kind: AttachmentKind, mimeType: string): string {
  const trimmed = name.trim();
  if (trimmed !== '') return trimmed;
  const extension = mimeType.split('/')[1]?.replace('mpeg', 'mp3') ?? 'bin';
  return `pasted-${kind}.${extension}`;
}
