/**
 * The attachment contract shared by every layer (ledger part 2 §1.5, §2.8, §5.3; Spec 23 images,
 * Spec 36 audio/video/PDF). Pure data: detection, conversion and storage live in src/world/attachments/.
 */

/** The closed set of kinds (`AttachmentKind { Image, Audio, Video, Pdf }`). */
export const ATTACHMENT_KINDS = ['image', 'audio', 'video', 'pdf'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/**
 * Limits. "MB" is read as 10^6 bytes: the basis is Gemini's 20 MB inline request (12 MB video ->
 * 16.0 MB of base64, plus 4.0 MB margin), and the decimal reading keeps that margin whichever unit the
 * provider means. One gate per kind, never per wire (ledger §5.3).
 */
const MB = 1_000_000;
/** The original image file, before conversion. */
export const ATTACHMENT_IMAGE_MAX_BYTES = 10 * MB;
/** The stored WebP after conversion. */
export const ATTACHMENT_IMAGE_CONVERTED_MAX_BYTES = 2 * MB;
/** The longest edge of a stored image. */
export const ATTACHMENT_IMAGE_MAX_EDGE_PX = 1568;
export const ATTACHMENT_AUDIO_MAX_BYTES = 10 * MB;
export const ATTACHMENT_VIDEO_MAX_BYTES = 12 * MB;
export const ATTACHMENT_PDF_MAX_BYTES = 10 * MB;

/** The size gate of each kind as sent (images: the original, before conversion). */
export const ATTACHMENT_MAX_BYTES: Record<AttachmentKind, number> = {
  image: ATTACHMENT_IMAGE_MAX_BYTES,
  audio: ATTACHMENT_AUDIO_MAX_BYTES,
  video: ATTACHMENT_VIDEO_MAX_BYTES,
  pdf: ATTACHMENT_PDF_MAX_BYTES,
};

/** The largest file any kind may be (video, 12 MB): the bound a base64 text or a body stands for. */
export const ATTACHMENT_LARGEST_MAX_BYTES = Math.max(...Object.values(ATTACHMENT_MAX_BYTES));

/** Exactly one attachment per message, whatever its kind (the type stays a list, as the ledger's Vec). */
export const ATTACHMENTS_PER_MESSAGE = 1;

/** Startup GC: files older than this are removed first ... */
export const ATTACHMENT_GC_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** ... then the oldest go while the folder holds more than this. */
export const ATTACHMENT_GC_MAX_TOTAL_BYTES = 500 * MB;

/** The largest base64 text an attachment can arrive as (the video gate, 4/3 of it, rounded up). */
export const ATTACHMENT_MAX_BASE64_CHARS = Math.ceil(ATTACHMENT_VIDEO_MAX_BYTES / 3) * 4;

/**
 * What a message keeps of its attachment: a reference, never the bytes (ledger §2.8: id, dimensions
 * and the original file name). `mimeType` and `byteLength` go past the ledger's list: the file's
 * extension follows from the mime type (mp3 or wav) and the chat shows the size on the chip.
 */
export interface AttachmentRef {
  /** uuid v4; the file is `{workspace}/attachments/{id}.{ext}`. */
  id: string;
  kind: AttachmentKind;
  /** The name the person's file had (display only; its extension is never read). */
  fileName: string;
  /** image/webp, audio/mpeg, audio/wav, video/mp4, application/pdf */
  mimeType?: string;
  /** Bytes of the stored file. */
  byteLength?: number;
  /** Images only: the stored size. */
  width?: number;
  height?: number;
}

/**
 * Bytes of one attachment as a request carries them, only ever on the final user message of the
 * turn the message was sent in (re-exported by llm/canonical.ts; here so world/attachments can read
 * and re-encode them without an edge to llm).
 */
export interface AttachmentData {
  kind: AttachmentKind;
  /** e.g. image/webp, audio/mpeg, audio/wav, video/mp4, application/pdf */
  mimeType: string;
  /** Base64 of the file. */
  data: string;
  fileName?: string;
}

/** The stored file's extension for each mime type a stored attachment can have. */
export const ATTACHMENT_EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
};

/** Longest original file name kept for display (it is never read for the kind). */
export const ATTACHMENT_FILE_NAME_MAX_CHARS = 255;

/** What arrives at the send entry (`send_user_message`, the door, the CLI): a name and the bytes. */
export interface AttachmentInput {
  fileName: string;
  bytes: Uint8Array;
}
