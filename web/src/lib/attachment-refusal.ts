/**
 * The server's attachment refusals (INVALID_ATTACHMENT, ATTACHMENT_NOT_CARRIED) in the village's
 * words. The core words them in English for the API and the log; the chat reads which rule it was
 * from those words (the server's files are the source: src/world/attachments/check.ts and
 * image-convert.ts, src/server/commands/attachment-arg.ts, src/orchestrator/attachment-send.ts) and
 * says it from the dictionary. A message it does not know gets the code's dictionary line.
 */
import {
  ATTACHMENT_IMAGE_CONVERTED_MAX_BYTES,
  ATTACHMENT_MAX_BYTES,
  type AttachmentKind,
} from '../../../src/domain/attachment.ts';
import { formatSize, kindsWord, kindWord, type Translate } from './attachment-wording.ts';

export interface RefusedFile {
  fileName: string;
  kind: AttachmentKind;
  byteLength: number;
}

/** The core's message -> the dictionary line, or null for one not known here. */
export function refusalLine(message: string, file: RefusedFile, t: Translate): string | null {
  const name = file.fileName;
  const kind = kindWord(file.kind, t);
  const kinds = kindsWord(file.kind, t);
  if (message.startsWith('the attachment is empty') || message === 'attachment.bytes is empty') {
    return t('attachments.problem.empty', { name });
  }
  if (message.startsWith('this file is not an attachment kind'))
    return t('attachments.problem.unknownKind', { name });
  if (message.startsWith('animated images are not accepted'))
    return t('attachments.problem.animated', { name });
  const converted = /after conversion to WebP; this one is (\S+ MB)/.exec(message);
  if (converted)
    return t('attachments.refused.tooLargeConverted', {
      name,
      size: converted[1],
      limit: formatSize(ATTACHMENT_IMAGE_CONVERTED_MAX_BYTES),
    });
  if (/^(images|audio files|videos|PDFs) are limited to /.test(message)) {
    return t(file.kind === 'image' ? 'attachments.problem.tooLargeImage' : 'attachments.problem.tooLarge', {
      name,
      size: formatSize(file.byteLength),
      limit: formatSize(ATTACHMENT_MAX_BYTES[file.kind]),
      kind,
      kinds,
    });
  }
  if (message.startsWith('the attachment is larger than the largest file')) {
    return t('attachments.refused.tooLargeAny', { name });
  }
  if (message.startsWith('the file starts like an image but could not be read')) {
    return t('attachments.refused.undecodable', { name, kind });
  }
  const pixels = /^the image has more than (\d+) megapixels/.exec(message);
  if (pixels) return t('attachments.refused.tooManyPixels', { name, megapixels: pixels[1] });
  if (message.startsWith('a message takes at most one attachment')) return t('attachments.refused.second');
  if (message.startsWith("the servant's connection"))
    return t('attachments.refused.notCarried', { name, kinds });
  return null;
}
