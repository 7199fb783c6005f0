import { closeSync, constants, fstatSync, read } from 'node:fs';
import { promisify } from 'node:util';
import {
  ATTACHMENT_IMAGE_CONVERTED_MAX_BYTES,
  ATTACHMENT_MAX_BYTES,
  type AttachmentKind,
  type AttachmentRef,
} from '../../domain/attachment.ts';
import { CoreError } from '../../domain/errors.ts';
import type { AttachmentData } from '../../llm/canonical.ts';
import { configIo, isNotFound } from '../fs-util.ts';
import type { VillagePaths } from '../paths.ts';
import { openWorkspaceFileSync } from '../workspace-write.ts';
import { parseAttachmentId, STORED_EXTENSIONS } from './attachment-files.ts';
import { imageSize } from './image-convert.ts';
import { candidatePaths } from './store.ts';

const readAsync = promisify(read);

/**
 * Read-only, and non-blocking for the open itself: a FIFO planted under a stored name would
 * otherwise block the open (and the event loop with it) until a writer came; this way it opens at
 * once and is refused as "not a regular file". No effect on regular files.
 */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The largest stored file of a kind: images are stored converted (2 MB), the rest as sent. */
function storedLimit(kind: AttachmentKind): number {
  return kind === 'image' ? ATTACHMENT_IMAGE_CONVERTED_MAX_BYTES : ATTACHMENT_MAX_BYTES[kind];
}

/**
 * The file's bytes, or null when it is not there. Opened like every workspace file (no symbolic
 * link anywhere on the path, O_NOFOLLOW, no other hard links: CONFIG_IO naming it), and refused
 * (INVALID_ATTACHMENT) when larger than the kind allows: a file swapped in by hand must not put
 * hundreds of MB into a request.
 */
async function readStored(paths: VillagePaths, path: string, kind: AttachmentKind): Promise<Buffer | null> {
  let fd: number;
  try {
    fd = openWorkspaceFileSync(paths.workspace, path, READ_FLAGS, false);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw configIo('read', path, error);
  }
  try {
    const size = fstatSync(fd).size;
    const limit = storedLimit(kind);
    if (size > limit) {
      throw new CoreError(
        'INVALID_ATTACHMENT',
        `the stored ${kind} is larger than ${limit} bytes; it is not sent`,
      );
    }
    const bytes = Buffer.alloc(size);
    for (let done = 0; done < size;) {
      const { bytesRead } = await readAsync(fd, bytes, done, size - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return bytes;
  } catch (error) {
    throw configIo('read', path, error);
  } finally {
    closeSync(fd);
  }
}

/** A reference's bytes for a request (the turn the message was sent); null when the file is gone. */
export async function readAttachmentData(
  paths: VillagePaths,
  ref: AttachmentRef,
): Promise<AttachmentData | null> {
  for (const path of candidatePaths(paths, ref)) {
    const bytes = await readStored(paths, path, ref.kind);
    if (bytes === null) continue;
    const ext = path.slice(path.lastIndexOf('.') + 1);
    return {
      kind: ref.kind,
      mimeType: STORED_EXTENSIONS[ext]!.mimeType,
      data: bytes.toString('base64'),
      fileName: ref.fileName,
    };
  }
  return null;
}

/** What `read_attachment` answers (the chat's thumbnail and full-size view). */
export interface AttachmentFile {
  id: string;
  kind: AttachmentKind;
  mimeType: string;
  /** Not kept beside the file (the message holds it); absent here. */
  fileName?: string;
  bytes: Buffer;
  width?: number;
  height?: number;
}

/**
 * The stored file of `id` (INVALID_ARGUMENT unless a uuid), whichever stored extension it has; kind
 * and mime type follow from the extension (we chose it from the magic bytes). null when gone.
 */
export async function readAttachmentFile(paths: VillagePaths, id: string): Promise<AttachmentFile | null> {
  parseAttachmentId(id);
  for (const [ext, info] of Object.entries(STORED_EXTENSIONS)) {
    const bytes = await readStored(paths, paths.attachmentFile(id, ext), info.kind);
    if (bytes === null) continue;
    const size = info.kind === 'image' ? await imageSize(bytes) : null;
    return { id, kind: info.kind, mimeType: info.mimeType, bytes, ...(size ?? {}) };
  }
  return null;
}
