/**
 * The bytes of sent attachments, fetched with `read_attachment` and kept per id so a thumbnail that
 * scrolls out and back (or the same message in two rows) is not fetched twice. The cache holds Blobs,
 * never object URLs: each component makes its own URL from the Blob and revokes it when it unmounts,
 * so no URL outlives what shows it. A gone file (ATTACHMENT_NOT_FOUND: the startup GC removed it) is
 * remembered as gone; any other failure is forgotten so the next showing tries again.
 */
import type { AttachmentKind } from '../../../src/domain/attachment.ts';
import type { AttachmentView } from '../../../src/server/commands/read-attachment.ts';
import { ApiError, type Api } from './api.ts';
import { base64ToBlob, safeBlobType } from './attachment-file.ts';
import type { Unbrand } from './types.ts';

/** What `read_attachment {id}` answers. */
export type ReadAttachment = Unbrand<AttachmentView>;

export type LoadedAttachment = { state: 'ready'; blob: Blob } | { state: 'gone' };

/** Images only: about 64 MB at the 2 MB stored-WebP ceiling. */
export const CACHED_ATTACHMENTS = 32;

const cache = new Map<string, Promise<LoadedAttachment>>();

/** Fetches one attachment's bytes as a Blob of a safe type (never cached: other kinds are downloads). */
export async function fetchAttachment(api: Api, id: string, kind: AttachmentKind): Promise<LoadedAttachment> {
  try {
    const read = await api.call<ReadAttachment>('read_attachment', { id });
    return { state: 'ready', blob: await base64ToBlob(read.bytes, safeBlobType(kind, read.mimeType)) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ATTACHMENT_NOT_FOUND') return { state: 'gone' };
    throw error;
  }
}

/** An image's bytes, from the cache when it has them (least recently used goes first). */
export function loadCachedAttachment(api: Api, id: string, kind: AttachmentKind): Promise<LoadedAttachment> {
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const loading = fetchAttachment(api, id, kind);
  cache.set(id, loading);
  loading.catch(() => cache.delete(id));
  while (cache.size > CACHED_ATTACHMENTS) cache.delete(cache.keys().next().value!);
  return loading;
}

/** For tests: start from an empty cache. */
export function clearAttachmentCache(): void {
  cache.clear();
}
