import { CoreError } from '../../domain/errors.ts';
import type { AttachmentData } from '../../llm/canonical.ts';
import { encodeJpeg } from './image-convert.ts';

/**
 * The OpenAI-compatible JPEG retry (ledger 凍結 4: after a 400 on a request with an image, once):
 * the same image as image/jpeg at the same edge limit. Only images can be re-encoded.
 */
export async function reencodeAsJpeg(data: AttachmentData): Promise<AttachmentData> {
  if (data.kind !== 'image') {
    throw new CoreError('INVALID_ATTACHMENT', `only images can be re-encoded as JPEG, not ${data.kind}`);
  }
  const jpeg = await encodeJpeg(Buffer.from(data.data, 'base64'));
  return {
    kind: 'image',
    mimeType: 'image/jpeg',
    data: jpeg.toString('base64'),
    ...(data.fileName === undefined ? {} : { fileName: data.fileName }),
  };
}
