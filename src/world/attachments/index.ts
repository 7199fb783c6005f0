/** Attachments in the world layer: check, convert and store, read back, re-encode, collect. */
export { checkAttachment } from './check.ts';
export { storeAttachment, removeAttachment } from './store.ts';
export { readAttachmentData, readAttachmentFile, type AttachmentFile } from './read.ts';
export { reencodeAsJpeg } from './reencode.ts';
export {
  collectAttachments,
  attachmentGcLine,
  type AttachmentGcOptions,
  type AttachmentGcReport,
} from './gc.ts';
export type { DetectedAttachment } from '../../domain/attachment-detect.ts';
