import { ATTACHMENT_KINDS, type AttachmentInput } from '../../domain/attachment.ts';
import {
  attachmentSizeProblem,
  detectAttachment,
  formatMegabytes,
  type DetectedAttachment,
} from '../../domain/attachment-detect.ts';
import { CoreError } from '../../domain/errors.ts';

/** How a kind is named in a size message ("images are limited to 10 MB before conversion"). */
const SIZE_RULE: Record<DetectedAttachment['kind'], string> = {
  image: 'images are limited to {limit} before conversion',
  audio: 'audio files are limited to {limit}',
  video: 'videos are limited to {limit}',
  pdf: 'PDFs are limited to {limit}',
};

const ACCEPTED = 'images (PNG, JPEG, WebP, GIF), audio (mp3, wav), video (mp4) and PDF';

/**
 * The send entry's second step (ledger §5.3 validation order): the kind by magic bytes and the
 * kind's size gate. Nothing is read but the bytes; the name's extension never decides anything.
 * INVALID_ATTACHMENT: empty, no kind we take, over the kind's limit.
 */
export function checkAttachment(input: AttachmentInput): DetectedAttachment {
  const size = input.bytes.length;
  if (size === 0) throw new CoreError('INVALID_ATTACHMENT', 'the attachment is empty (0 bytes)');
  const detected = detectAttachment(input.bytes);
  if (detected === null) {
    throw new CoreError(
      'INVALID_ATTACHMENT',
      `this file is not an attachment kind Fuseforks takes (decided by its content, not its name): ${ACCEPTED}`,
      { detail: `kinds: ${ATTACHMENT_KINDS.join(', ')}` },
    );
  }
  const problem = attachmentSizeProblem(detected.kind, size);
  if (problem !== null) {
    const rule = SIZE_RULE[detected.kind].replace('{limit}', formatMegabytes(problem.limitBytes));
    throw new CoreError('INVALID_ATTACHMENT', `${rule}; this file is ${formatMegabytes(size)}`, {
      detail: `limit_bytes=${problem.limitBytes} byte_length=${size}`,
    });
  }
  return detected;
}
