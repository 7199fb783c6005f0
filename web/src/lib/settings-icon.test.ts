import { describe, expect, it } from 'vitest';
import { isPngOrJpeg, sniffIconSource } from './settings-icon.ts';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0);

describe('user icon source', () => {
  it('accepts PNG and JPEG by magic bytes only', () => {
    expect(sniffIconSource(PNG)).toBe('png');
    expect(sniffIconSource(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffIconSource(ascii('GIF89a'))).toBeNull();
    expect(sniffIconSource(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(sniffIconSource(new Uint8Array())).toBeNull();
  });

  it('reads a Blob head', async () => {
    expect(await isPngOrJpeg(new Blob([PNG], { type: 'image/gif' }))).toBe(true);
    expect(await isPngOrJpeg(new Blob([ascii('GIF89a')], { type: 'image/png' }))).toBe(false);
  });
});
