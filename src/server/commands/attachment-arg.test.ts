import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BASE64_CHARS, ATTACHMENT_VIDEO_MAX_BYTES } from '../../domain/attachment.ts';
import { CoreError } from '../../domain/errors.ts';
import { readAttachmentArg } from './attachment-arg.ts';

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof CoreError ? error.code : `not a CoreError: ${String(error)}`;
  }
}

describe('readAttachmentArg', () => {
  it('takes a file of the largest size (a 12 MB video, 16,000,000 base64 characters)', () => {
    const bytes = Buffer.alloc(ATTACHMENT_VIDEO_MAX_BYTES, 0x5a).toString('base64');
    expect(bytes.length).toBe(ATTACHMENT_MAX_BASE64_CHARS);
    // A grouped base64 regex ran out of stack here (RangeError, an INTERNAL 500) instead of decoding.
    expect(readAttachmentArg({ fileName: 'clip.mp4', bytes }, undefined)?.bytes.length).toBe(
      ATTACHMENT_VIDEO_MAX_BYTES,
    );
  });

  it.each([
    ['whitespace', 'aGVs bG8='],
    ['stray bits', 'aGl='],
    ['one character over the largest file', 'A'.repeat(ATTACHMENT_MAX_BASE64_CHARS + 4)],
    ['nothing', ''],
  ])('refuses %s as INVALID_ATTACHMENT', (_what, bytes) => {
    expect(codeOf(() => readAttachmentArg({ fileName: 'a.png', bytes }, undefined))).toBe(
      'INVALID_ATTACHMENT',
    );
  });
});
