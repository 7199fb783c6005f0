import { existsSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../domain/errors.ts';
import {
  animatedGifBytes,
  animatedWebpBytes,
  apngBytes,
  gifBytes,
  jpegBytes,
  mp3Bytes,
  mp4Bytes,
  pdfBytes,
  pngBombBytes,
  pngBytes,
  wavBytes,
  webpBytes,
} from '../../../test/helpers/attachment-files.ts';
import { thrownCoreError } from '../../../test/helpers/core-error.ts';
import { VillagePaths } from '../paths.ts';
import { tempWorkspace } from '../test-kit.ts';
import { checkAttachment, storeAttachment } from './index.ts';

let space: ReturnType<typeof tempWorkspace>;
let paths: VillagePaths;

beforeEach(() => {
  space = tempWorkspace('fuseforks-attach-');
  paths = new VillagePaths(space.ws, join(space.base, 'home'));
});
afterEach(() => space.cleanup());

/** What is in attachments/ (nothing, when the folder was never made). */
function stored(): string[] {
  return existsSync(paths.attachmentsDir) ? readdirSync(paths.attachmentsDir) : [];
}

async function refusal(bytes: Uint8Array, fileName = 'x'): Promise<CoreError> {
  const detected = checkAttachment({ fileName, bytes });
  const error = await storeAttachment(paths, { fileName, bytes }, detected).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
}

describe('checkAttachment', () => {
  it('refuses an unknown kind, saying which kinds are taken', () => {
    const error = thrownCoreError(() =>
      checkAttachment({ fileName: 'notes.png', bytes: Buffer.from('plain text') }),
    );
    expect(error.code).toBe('INVALID_ATTACHMENT');
    expect(error.message).toContain('images (PNG, JPEG, WebP, GIF), audio (mp3, wav), video (mp4) and PDF');
  });

  it('refuses an empty file', () => {
    const error = thrownCoreError(() => checkAttachment({ fileName: 'a.png', bytes: new Uint8Array() }));
    expect(error.code).toBe('INVALID_ATTACHMENT');
    expect(error.message).toContain('empty');
  });

  it('names the limit and the size when a file is over its kind’s gate', async () => {
    const png = await pngBytes();
    const big = Buffer.alloc(12_400_000);
    png.copy(big);
    const image = thrownCoreError(() => checkAttachment({ fileName: 'big.png', bytes: big }));
    expect(image.code).toBe('INVALID_ATTACHMENT');
    expect(image.message).toBe('images are limited to 10 MB before conversion; this file is 12.4 MB');
    const video = Buffer.alloc(12_000_001);
    mp4Bytes().copy(video);
    expect(thrownCoreError(() => checkAttachment({ fileName: 'v', bytes: video })).message).toBe(
      'videos are limited to 12 MB; this file is 12.1 MB',
    );
    const audio = Buffer.alloc(10_500_000);
    mp3Bytes().copy(audio);
    expect(thrownCoreError(() => checkAttachment({ fileName: 'a', bytes: audio })).message).toBe(
      'audio files are limited to 10 MB; this file is 10.5 MB',
    );
  });

  it('decides by content, never by the name', async () => {
    expect(checkAttachment({ fileName: 'report.pdf', bytes: await pngBytes() }).kind).toBe('image');
    expect(checkAttachment({ fileName: 'photo.jpg', bytes: pdfBytes() }).kind).toBe('pdf');
  });
});

describe('storeAttachment', () => {
  it('converts an image to WebP, keeps its size under the edge limit, and writes it 0600', async () => {
    const bytes = await pngBytes(3000, 1000);
    const ref = await storeAttachment(
      paths,
      { fileName: ' photo.png ', bytes },
      checkAttachment({ fileName: '', bytes }),
    );
    expect(ref).toMatchObject({
      kind: 'image',
      fileName: 'photo.png',
      mimeType: 'image/webp',
      width: 1568,
      height: 523,
    });
    expect(stored()).toEqual([`${ref.id}.webp`]);
    const path = paths.attachmentFile(ref.id, 'webp');
    const file = readFileSync(path);
    expect(ref.byteLength).toBe(file.length);
    expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await sharp(file).metadata()).width).toBe(1568);
  });

  it('never enlarges a small image, and converts JPEG, WebP and static GIF too', async () => {
    for (const bytes of [await jpegBytes(), await webpBytes(), await gifBytes()]) {
      const ref = await storeAttachment(
        paths,
        { fileName: 'i', bytes },
        checkAttachment({ fileName: 'i', bytes }),
      );
      expect([ref.width, ref.height, ref.mimeType]).toEqual([40, 30, 'image/webp']);
    }
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    // 40 wide x 20 high, tagged "rotate 90" (orientation 6): upright it is 20 x 40.
    const bytes = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#808080' } })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner' } } })
      .jpeg()
      .toBuffer();
    const ref = await storeAttachment(
      paths,
      { fileName: 'p.jpg', bytes },
      checkAttachment({ fileName: '', bytes }),
    );
    expect([ref.width, ref.height]).toEqual([20, 40]);
    const meta = await sharp(readFileSync(paths.attachmentFile(ref.id, 'webp'))).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('stores audio, video and PDF as sent, with the extension from their magic bytes', async () => {
    const cases = [
      [mp3Bytes(), 'mp3', 'audio/mpeg'],
      [wavBytes(), 'wav', 'audio/wav'],
      [mp4Bytes(), 'mp4', 'video/mp4'],
      [pdfBytes(), 'pdf', 'application/pdf'],
    ] as const;
    for (const [bytes, ext, mimeType] of cases) {
      const ref = await storeAttachment(
        paths,
        { fileName: 'file.png', bytes },
        checkAttachment({ fileName: '', bytes }),
      );
      expect(ref.mimeType).toBe(mimeType);
      expect(ref.byteLength).toBe(bytes.length);
      expect(ref.width).toBeUndefined();
      expect(readFileSync(paths.attachmentFile(ref.id, ext)).equals(bytes)).toBe(true);
    }
    expect(stored()).toHaveLength(4);
  });

  it('cleans the file name: control and bidi characters out, trimmed, at most 255, a default when empty', async () => {
    const bytes = pdfBytes();
    const detected = checkAttachment({ fileName: '', bytes });
    expect(
      (await storeAttachment(paths, { fileName: 'a\nb\u0000c\u202e.pdf', bytes }, detected)).fileName,
    ).toBe('abc.pdf');
    expect((await storeAttachment(paths, { fileName: '  \t ', bytes }, detected)).fileName).toBe(
      'document.pdf',
    );
    const long = await storeAttachment(paths, { fileName: '漢'.repeat(300), bytes }, detected);
    expect([...long.fileName]).toHaveLength(255);
    const image = await pngBytes();
    expect(
      (
        await storeAttachment(
          paths,
          { fileName: '', bytes: image },
          checkAttachment({ fileName: '', bytes: image }),
        )
      ).fileName,
    ).toBe('image');
  });

  it('gives every stored file its own uuid', async () => {
    const bytes = pdfBytes();
    const detected = checkAttachment({ fileName: '', bytes });
    const a = await storeAttachment(paths, { fileName: 'a', bytes }, detected);
    const b = await storeAttachment(paths, { fileName: 'a', bytes }, detected);
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('storeAttachment refusals leave nothing on disk', () => {
  it('refuses animated WebP, GIF and PNG', async () => {
    for (const bytes of [await animatedWebpBytes(), await animatedGifBytes(), await apngBytes()]) {
      const error = await refusal(bytes);
      expect(error.code).toBe('INVALID_ATTACHMENT');
      expect(error.message).toBe('animated images are not accepted');
    }
    expect(stored()).toEqual([]);
  });

  it('refuses bytes that start like an image but do not decode (truncated)', async () => {
    for (const bytes of [await jpegBytes(400, 300), await pngBytes(400, 300), await webpBytes(400, 300)]) {
      const error = await refusal(bytes.subarray(0, Math.floor(bytes.length / 2)));
      expect(error.code).toBe('INVALID_ATTACHMENT');
      expect(error.message).toBe('the file starts like an image but could not be read as one');
      // The decoder's own words stay out of what the person reads, but are kept for the log.
      expect(error.message).not.toMatch(/vips|jpeg|png|webp/i);
      expect(error.detail).toMatch(/^decoder: /);
    }
    const headerOnly = await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
    expect(headerOnly.code).toBe('INVALID_ATTACHMENT');
    expect(stored()).toEqual([]);
  });

  it('takes a JPEG the decoder reads whole with only a warning (stray bytes between markers)', async () => {
    const jpeg = await jpegBytes(64, 48);
    const at = jpeg.indexOf(Buffer.from([0xff, 0xc4])); // before the first Huffman table
    const stray = Buffer.concat([jpeg.subarray(0, at), Buffer.from([1, 2, 3]), jpeg.subarray(at)]);
    const ref = await storeAttachment(
      paths,
      { fileName: 'cam.jpg', bytes: stray },
      checkAttachment({ fileName: '', bytes: stray }),
    );
    expect([ref.width, ref.height]).toEqual([64, 48]);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = pngBombBytes(20_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const error = await refusal(bomb);
    expect(error.code).toBe('INVALID_ATTACHMENT');
    expect(error.message).toBe('the image has more than 100 megapixels');
    expect(stored()).toEqual([]);
  });

  it('refuses an image over the post-conversion limit, naming it', async () => {
    const noise = await sharp({
      create: {
        width: 1568,
        height: 1568,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const detected = checkAttachment({ fileName: '', bytes: noise });
    const error: unknown = await storeAttachment(paths, { fileName: 'n', bytes: noise }, detected, {
      convertedMaxBytes: 1_000_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreError);
    if (!(error instanceof CoreError)) return;
    expect(error.code).toBe('INVALID_ATTACHMENT');
    expect(error.message).toMatch(
      /^images are limited to 1 MB after conversion to WebP; this one is 1\.\d MB$/,
    );
    expect(stored()).toEqual([]);
  });

  it('refuses to write through a planted attachments link, leaving its target untouched', async () => {
    symlinkSync(space.outside, paths.attachmentsDir);
    const error = await refusal(await pngBytes());
    expect(error.code).toBe('CONFIG_IO');
    expect(readdirSync(space.outside)).toEqual([]);
  });

  it('a refusal by the store itself (bytes that do not decode as their kind) makes no folder', async () => {
    const png = await pngBytes(400, 300);
    const error = await refusal(png.subarray(0, Math.floor(png.length / 2)));
    expect(error.code).toBe('INVALID_ATTACHMENT');
    expect(existsSync(paths.attachmentsDir)).toBe(false);
  });
});
