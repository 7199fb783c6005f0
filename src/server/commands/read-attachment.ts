import { ATTACHMENT_EXTENSIONS, type AttachmentKind } from '../../domain/attachment.ts';
import { CoreError } from '../../domain/errors.ts';
import { isUuidV4 } from '../../domain/ids.ts';
import { readAttachmentFile } from '../../world/attachments/index.ts';
import type { AppContext } from '../context.ts';

/** What `read_attachment` answers: the stored file in base64 and what the chat shows of it. */
export interface AttachmentView {
  id: string;
  kind: AttachmentKind;
  mimeType: string;
  fileName: string;
  /** base64 of the stored file (images: the converted WebP). */
  bytes: string;
  width?: number;
  height?: number;
}

function notFound(id: string): CoreError {
  return new CoreError(
    'ATTACHMENT_NOT_FOUND',
    // The store cannot tell a made-up id from a removed file: say what is known, then the likely cause.
    `no attachment with this id ${JSON.stringify(id.slice(0, 64))} (it may have been removed after its retention period)`,
  );
}

/**
 * The file by its id. The original name comes from the file's own record when it keeps one, else
 * from the message that references it (the conversation keeps the reference), else the stored name.
 */
export async function readAttachmentView(ctx: AppContext, id: string): Promise<AttachmentView> {
  // Only an id the store could have made reaches the file system (no path from a request).
  if (!isUuidV4(id)) throw notFound(id);
  const file = await readAttachmentFile(ctx.paths, id);
  if (file === null) throw notFound(id);
  const referenced = ctx.orchestrator.messages
    .list()
    .flatMap((m) => m.attachments ?? [])
    .find((ref) => ref.id === id);
  const stored = `${id}.${ATTACHMENT_EXTENSIONS[file.mimeType] ?? 'bin'}`;
  return {
    id: file.id,
    kind: file.kind,
    mimeType: file.mimeType,
    fileName: file.fileName ?? referenced?.fileName ?? stored,
    bytes: Buffer.from(file.bytes).toString('base64'),
    ...(file.width === undefined ? {} : { width: file.width }),
    ...(file.height === undefined ? {} : { height: file.height }),
  };
}
