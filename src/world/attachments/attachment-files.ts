/**
 * The names of stored attachments: `{workspace}/attachments/{uuid}.{ext}`. The id is re-checked
 * wherever a path is built from it, and the extension comes from a closed list, so no outside
 * string ever becomes a path.
 */
import { ATTACHMENT_EXTENSIONS, type AttachmentKind } from '../../domain/attachment.ts';
import { CoreError } from '../../domain/errors.ts';

/** A uuid as crypto.randomUUID writes it (lower-case hex, 8-4-4-4-12). */
const ATTACHMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isAttachmentId(value: string): boolean {
  return ATTACHMENT_ID.test(value);
}

/** INVALID_ARGUMENT unless `value` is an attachment id. */
export function parseAttachmentId(value: string): string {
  if (!isAttachmentId(value)) {
    throw new CoreError('INVALID_ARGUMENT', 'an attachment id is a lower-case uuid', {
      detail: 'id',
    });
  }
  return value;
}

/** What each stored extension is (the file's extension was chosen by us from its magic bytes). */
export const STORED_EXTENSIONS: Readonly<Record<string, { kind: AttachmentKind; mimeType: string }>> =
  Object.freeze(
    Object.fromEntries(
      Object.entries(ATTACHMENT_EXTENSIONS).map(([mimeType, ext]) => [
        ext,
        { kind: kindOfMime(mimeType), mimeType },
      ]),
    ),
  );

function kindOfMime(mimeType: string): AttachmentKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'pdf';
}

/** The stored file's extension for a mime type; INVALID_ATTACHMENT for one we never store. */
export function extensionFor(mimeType: string): string {
  const ext = ATTACHMENT_EXTENSIONS[mimeType];
  if (ext === undefined) {
    throw new CoreError('INVALID_ATTACHMENT', `attachments are never stored as ${mimeType}`);
  }
  return ext;
}

/** The extensions a stored file of `kind` can have (a reference without a mime type). */
export function extensionsOfKind(kind: AttachmentKind): string[] {
  return Object.entries(STORED_EXTENSIONS)
    .filter(([, info]) => info.kind === kind)
    .map(([ext]) => ext);
}

/** `{uuid}.{ext}` with a stored extension, split; null for any other name (left alone by the GC). */
export function parseStoredName(name: string): { id: string; ext: string } | null {
  const dot = name.indexOf('.');
  if (dot < 0) return null;
  const id = name.slice(0, dot);
  const ext = name.slice(dot + 1);
  return isAttachmentId(id) && Object.hasOwn(STORED_EXTENSIONS, ext) ? { id, ext } : null;
}
