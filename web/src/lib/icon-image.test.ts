import { describe, expect, it } from 'vitest';
import { ICON_MAX_BYTES as CORE_ICON_MAX_BYTES } from '../../../src/world/icons.ts';
import {
  bytesToBase64,
  centreCrop,
  encodeWithinLimit,
  ICON_MAX_BYTES,
  IconError,
  isWebp,
} from './icon-image.ts';

function webp(length: number): Uint8Array {
  const bytes = new Uint8Array(Math.max(length, 12));
  bytes.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  bytes.set(
    [...'WEBP'].map((c) => c.charCodeAt(0)),
    8,
  );
  return bytes;
}

describe('centreCrop', () => {
  it('takes the centred square of a landscape image', () => {
    expect(centreCrop(400, 300)).toEqual({ sx: 50, sy: 0, size: 300 });
  });
  it('takes the centred square of a portrait image', () => {
    expect(centreCrop(300, 500)).toEqual({ sx: 0, sy: 100, size: 300 });
  });
  it('keeps a square whole, however small', () => {
    expect(centreCrop(256, 256)).toEqual({ sx: 0, sy: 0, size: 256 });
    expect(centreCrop(10, 10)).toEqual({ sx: 0, sy: 0, size: 10 });
  });
  it('rounds an odd margin down to whole pixels', () => {
    expect(centreCrop(301, 200)).toEqual({ sx: 50, sy: 0, size: 200 });
  });
  it('refuses an image without pixels', () => {
    expect(() => centreCrop(0, 10)).toThrow();
    expect(() => centreCrop(Number.NaN, 10)).toThrow();
  });
});

describe('bytesToBase64', () => {
  it('matches the standard padded encoding', () => {
    for (const text of ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar']) {
      const bytes = new TextEncoder().encode(text);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
  it('encodes every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 * 3 + 1 }, (_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('isWebp', () => {
  it('knows the RIFF/WEBP magic', () => {
    expect(isWebp(webp(20))).toBe(true);
    expect(isWebp(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(false);
    expect(isWebp(new Uint8Array(4))).toBe(false);
  });
});

describe('encodeWithinLimit', () => {
  it('uses the core limit of 512 KB', () => {
    expect(ICON_MAX_BYTES).toBe(CORE_ICON_MAX_BYTES);
  });
  it('lowers the quality until the icon fits', async () => {
    const tried: number[] = [];
    const bytes = await encodeWithinLimit(
      async (q) => {
        tried.push(q);
        return webp(Math.round(q * 1000));
      },
      600,
      [0.9, 0.7, 0.5],
    );
    expect(tried).toEqual([0.9, 0.7, 0.5]);
    expect(bytes.length).toBe(500);
  });
  it('stops at the first quality that fits', async () => {
    const tried: number[] = [];
    await encodeWithinLimit(async (q) => (tried.push(q), webp(100)), 600, [0.9, 0.5]);
    expect(tried).toEqual([0.9]);
  });
  it('fails when nothing fits', async () => {
    await expect(encodeWithinLimit(async () => webp(1000), 600, [0.9, 0.1])).rejects.toMatchObject({
      reason: 'tooLarge',
    });
  });
  it('fails when the browser did not make WebP (no encoder: PNG comes back)', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]);
    const error = await encodeWithinLimit(async () => png).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IconError);
    expect((error as IconError).reason).toBe('noWebp');
  });
});
