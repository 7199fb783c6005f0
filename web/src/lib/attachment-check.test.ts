import { describe, expect, it } from 'vitest';
import { ATTACHMENT_KINDS, ATTACHMENT_MAX_BYTES } from '../../../src/domain/attachment.ts';
import { ATTACHMENT_IMAGE_MAX_INPUT_PIXELS } from '../../../src/world/attachments/image-convert.ts';
import {
  attachmentFileName,
  carriesProblem,
  checkFile,
  IMAGE_MAX_INPUT_PIXELS,
  pixelProblem,
  reducedSize,
} from './attachment-check.ts';

const png = { kind: 'image' as const, mimeType: 'image/png' };

describe('checkFile: the file’s own checks before it becomes the attachment', () => {
  it('takes a detected kind within its gate', () => {
    expect(checkFile(png, false, 1234)).toEqual({ ok: true, kind: 'image', mimeType: 'image/png' });
  });

  it('refuses an empty file, an unknown kind, an animated image, in that order', () => {
    expect(checkFile(null, false, 0)).toEqual({ ok: false, problem: { code: 'empty' } });
    expect(checkFile(null, false, 10)).toEqual({ ok: false, problem: { code: 'unknownKind' } });
    expect(checkFile(png, true, 10)).toEqual({ ok: false, problem: { code: 'animated' } });
  });

  it.each(ATTACHMENT_KINDS)('%s: refused one byte over its own gate, taken at the gate', (kind) => {
    const limit = ATTACHMENT_MAX_BYTES[kind];
    const detected = { kind, mimeType: 'x/y' };
    expect(checkFile(detected, false, limit).ok).toBe(true);
    expect(checkFile(detected, false, limit + 1)).toEqual({
      ok: false,
      problem: { code: 'tooLarge', kind, byteLength: limit + 1, limitBytes: limit },
    });
  });

  it('uses the ledger limits: video 12 MB, the others 10 MB (decimal)', () => {
    expect(ATTACHMENT_MAX_BYTES).toEqual({
      image: 10_000_000,
      audio: 10_000_000,
      video: 12_000_000,
      pdf: 10_000_000,
    });
  });
});

describe('carriesProblem: the target’s wire', () => {
  it('refuses video to Anthropic and names what it takes', () => {
    expect(carriesProblem('video', 'anthropic')).toEqual({
      code: 'notCarried',
      kind: 'video',
      provider: 'anthropic',
      carried: ['image', 'pdf'],
    });
  });

  it('says nothing when the wire carries the kind, or before a target is chosen', () => {
    expect(carriesProblem('video', 'gemini')).toBeNull();
    expect(carriesProblem('image', 'perplexity_responses')).toBeNull();
    expect(carriesProblem('video', null)).toBeNull();
  });
});

describe('reducedSize: the stored image never over 1568 px on its longest edge', () => {
  it('brings the longest edge down, keeping the shape', () => {
    expect(reducedSize(4000, 3000)).toEqual({ width: 1568, height: 1176 });
    expect(reducedSize(1000, 3136)).toEqual({ width: 500, height: 1568 });
  });

  it('is null for an image that fits (never enlarged)', () => {
    expect(reducedSize(1568, 1000)).toBeNull();
    expect(reducedSize(16, 16)).toBeNull();
  });
});

describe('attachmentFileName', () => {
  it('keeps the person’s name and gives a nameless paste one from its kind', () => {
    expect(attachmentFileName(' photo.png ', 'image', 'image/png')).toBe('photo.png');
    expect(attachmentFileName('', 'image', 'image/png')).toBe('pasted-image.png');
    expect(attachmentFileName('', 'audio', 'audio/mpeg')).toBe('pasted-audio.mp3');
  });
});

describe('pixelProblem: the server’s decoder ceiling, checked on the page', () => {
  it('is the server’s own number (100 megapixels)', () => {
    expect(IMAGE_MAX_INPUT_PIXELS).toBe(ATTACHMENT_IMAGE_MAX_INPUT_PIXELS);
    expect(IMAGE_MAX_INPUT_PIXELS).toBe(100_000_000);
  });

  it('refuses 12000 × 12000, takes exactly 10000 × 10000', () => {
    expect(pixelProblem(12000, 12000)).toEqual({
      code: 'tooManyPixels',
      width: 12000,
      height: 12000,
      limitPixels: 100_000_000,
    });
    expect(pixelProblem(10000, 10000)).toBeNull();
    expect(pixelProblem(4000, 3000)).toBeNull();
  });
});
