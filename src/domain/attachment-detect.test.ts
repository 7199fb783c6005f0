import { describe, expect, it } from 'vitest';
import {
  animatedGifBytes,
  animatedWebpBytes,
  apngBytes,
  gifBytes,
  jpegBytes,
  mp3Bytes,
  mp4Bytes,
  pdfBytes,
  pngBytes,
  wavBytes,
  webpBytes,
} from '../../test/helpers/attachment-files.ts';
import {
  attachmentSizeProblem,
  detectAttachment,
  formatMegabytes,
  isAnimatedPng,
  isAnimatedWebp,
} from './attachment-detect.ts';

describe('detectAttachment', () => {
  it('names the kind, mime type and format of real image files', async () => {
    expect(detectAttachment(await pngBytes())).toEqual({
      kind: 'image',
      mimeType: 'image/png',
      format: 'png',
    });
    expect(detectAttachment(await jpegBytes())).toEqual({
      kind: 'image',
      mimeType: 'image/jpeg',
      format: 'jpeg',
    });
    expect(detectAttachment(await webpBytes())).toEqual({
      kind: 'image',
      mimeType: 'image/webp',
      format: 'webp',
    });
    expect(detectAttachment(await gifBytes())).toEqual({
      kind: 'image',
      mimeType: 'image/gif',
      format: 'gif',
    });
  });

  it('names audio, video and PDF from their headers', () => {
    expect(detectAttachment(mp3Bytes())).toEqual({ kind: 'audio', mimeType: 'audio/mpeg', format: 'mp3' });
    expect(detectAttachment(mp3Bytes(4, false))?.format).toBe('mp3');
    expect(detectAttachment(wavBytes())).toEqual({ kind: 'audio', mimeType: 'audio/wav', format: 'wav' });
    expect(detectAttachment(mp4Bytes('isom'))).toEqual({
      kind: 'video',
      mimeType: 'video/mp4',
      format: 'mp4',
    });
    expect(detectAttachment(mp4Bytes('mp42'))?.format).toBe('mp4');
    expect(detectAttachment(pdfBytes())).toEqual({ kind: 'pdf', mimeType: 'application/pdf', format: 'pdf' });
  });

  it('refuses the ftyp brands that are audio-only, QuickTime or HEIF/AVIF stills', () => {
    for (const brand of ['M4A ', 'M4B ', 'M4P ', 'qt  ', 'heic', 'heix', 'mif1', 'msf1', 'avif', 'avis']) {
      expect(detectAttachment(mp4Bytes(brand)), brand).toBeNull();
    }
  });

  it('never reads JPEG, AAC ADTS or a reserved MPEG header as an mp3 frame', () => {
    expect(detectAttachment(Buffer.from([0xff, 0xd8, 0xfe, 0x00]))).toBeNull(); // FF D8 without a marker
    expect(detectAttachment(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0, 0]))).toBeNull(); // ADTS (MPEG-4)
    expect(detectAttachment(Buffer.from([0xff, 0xf9, 0x50, 0x80, 0, 0, 0]))).toBeNull(); // ADTS (MPEG-2)
    expect(detectAttachment(Buffer.from([0xff, 0xeb, 0x90, 0x64]))).toBeNull(); // reserved version
    expect(detectAttachment(Buffer.from([0xff, 0xfb, 0xf0, 0x64]))).toBeNull(); // bad bitrate
    expect(detectAttachment(Buffer.from([0xff, 0xfb, 0x9c, 0x64]))).toBeNull(); // reserved sample rate
    expect(detectAttachment(Buffer.from([0xff, 0xfd, 0x90, 0x64]))).toBeNull(); // Layer II
  });

  it('gives null for empty, 3-byte, truncated and unknown inputs', () => {
    expect(detectAttachment(new Uint8Array())).toBeNull();
    expect(detectAttachment(Uint8Array.of(0x89, 0x50, 0x4e))).toBeNull();
    expect(detectAttachment(Buffer.from('RIFF\0\0\0\0WEB', 'latin1'))).toBeNull();
    expect(detectAttachment(Buffer.from('RIFF\0\0\0\0AVI ', 'latin1'))).toBeNull();
    expect(detectAttachment(Buffer.from('%PDF', 'latin1'))).toBeNull();
    expect(detectAttachment(Buffer.from('GIF90a...', 'latin1'))).toBeNull();
    expect(detectAttachment(Buffer.from('hello, this is plain text', 'latin1'))).toBeNull();
    expect(detectAttachment(mp4Bytes().subarray(0, 12))).toBeNull();
    expect(detectAttachment(Buffer.from('ID3', 'latin1'))).toBeNull();
  });

  it('works on a Uint8Array that is a view into a larger buffer', async () => {
    const png = await pngBytes();
    const wrapped = new Uint8Array(png.length + 10);
    wrapped.set(png, 10);
    expect(detectAttachment(wrapped.subarray(10))?.format).toBe('png');
  });
});

describe('animation flags', () => {
  it('isAnimatedWebp reads the VP8X animation flag', async () => {
    expect(isAnimatedWebp(await animatedWebpBytes())).toBe(true);
    expect(isAnimatedWebp(await webpBytes())).toBe(false);
    expect(isAnimatedWebp(await animatedGifBytes())).toBe(false);
    expect(isAnimatedWebp(Buffer.from('RIFF\0\0\0\0WEBPVP8X', 'latin1'))).toBe(false);
  });

  it('isAnimatedPng finds acTL before the image data', async () => {
    expect(isAnimatedPng(await apngBytes())).toBe(true);
    expect(isAnimatedPng(await pngBytes())).toBe(false);
    expect(isAnimatedPng((await apngBytes()).subarray(0, 20))).toBe(false);
  });
});

describe('sizes', () => {
  it('attachmentSizeProblem gives the limit and the size only when over the kind’s gate', () => {
    expect(attachmentSizeProblem('image', 10_000_000)).toBeNull();
    expect(attachmentSizeProblem('image', 10_000_001)).toEqual({
      limitBytes: 10_000_000,
      byteLength: 10_000_001,
    });
    expect(attachmentSizeProblem('video', 12_000_000)).toBeNull();
    expect(attachmentSizeProblem('video', 12_400_000)).toEqual({
      limitBytes: 12_000_000,
      byteLength: 12_400_000,
    });
    expect(attachmentSizeProblem('audio', 10_000_001)?.limitBytes).toBe(10_000_000);
    expect(attachmentSizeProblem('pdf', 10_000_001)?.limitBytes).toBe(10_000_000);
  });

  it('formatMegabytes writes decimal MB, rounding up so "over" never reads as the limit', () => {
    expect(formatMegabytes(10_000_000)).toBe('10 MB');
    expect(formatMegabytes(12_400_000)).toBe('12.4 MB');
    expect(formatMegabytes(10_000_001)).toBe('10.1 MB');
    expect(formatMegabytes(2_000_000)).toBe('2 MB');
    expect(formatMegabytes(0)).toBe('0 MB');
  });
});
