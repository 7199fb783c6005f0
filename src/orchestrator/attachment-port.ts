/**
 * What the orchestrator needs of the attachment files (src/world/attachments/): a small port, so the
 * send entry, the turn and the JPEG retry depend on these six operations and nothing else of the
 * world layer (and a test can hand in a port that fails where a real file system would not).
 */
import type { AttachmentInput, AttachmentKind, AttachmentRef } from '../domain/attachment.ts';
import { detectAttachment, type DetectedAttachment } from '../domain/attachment-detect.ts';
import type { AttachmentData } from '../llm/canonical.ts';
import {
  checkAttachment,
  readAttachmentData,
  reencodeAsJpeg,
  removeAttachment,
  storeAttachment,
} from '../world/attachments/index.ts';
import type { VillagePaths } from '../world/paths.ts';

export interface AttachmentPort {
  /** The kind by magic bytes and the size gate; throws INVALID_ATTACHMENT. */
  check(input: AttachmentInput): DetectedAttachment;
  /** The kind the bytes start like, for the diag line of a refused file; null: none we take. */
  kindOf(bytes: Uint8Array): AttachmentKind | null;
  /** Converts (images) and stores; throws INVALID_ATTACHMENT and then leaves nothing behind. */
  store(input: AttachmentInput, detected: DetectedAttachment): Promise<AttachmentRef>;
  remove(ref: AttachmentRef): Promise<void>;
  /** The stored bytes as a wire takes them; null when the file is gone. */
  read(ref: AttachmentRef): Promise<AttachmentData | null>;
  /** The JPEG retry of an OpenAI-compatible endpoint that refused the WebP. */
  reencodeAsJpeg(data: AttachmentData): Promise<AttachmentData>;
}

/** The real files of `{workspace}/attachments/`. */
export function fileAttachmentPort(paths: VillagePaths): AttachmentPort {
  return {
    check: (input) => checkAttachment(input),
    kindOf: (bytes) => {
      try {
        return detectAttachment(bytes)?.kind ?? null;
      } catch {
        return null;
      }
    },
    store: (input, detected) => storeAttachment(paths, input, detected),
    remove: async (ref) => {
      await removeAttachment(paths, ref);
    },
    read: (ref) => readAttachmentData(paths, ref),
    reencodeAsJpeg: (data) => reencodeAsJpeg(data),
  };
}
