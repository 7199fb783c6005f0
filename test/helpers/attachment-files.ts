/**
 * Small real attachment files for tests: images made by sharp, and mp3 / wav / mp4 / PDF bytes
 * built by hand from their formats' headers (the detector reads only the first bytes; the rest is
 * padding a player would still accept).
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export async function pngBytes(width = 40, height = 30, colour = '#cc2200'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function jpegBytes(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2244cc' } })
    .jpeg()
    .toBuffer();
}

export async function webpBytes(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#22cc44' } })
    .webp()
    .toBuffer();
}

export async function gifBytes(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cccc00' } })
    .gif()
    .toBuffer();
}

async function twoFrames(): Promise<Buffer[]> {
  return Promise.all(
    ['#00ff00', '#ff0000'].map((background) =>
      sharp({ create: { width: 20, height: 20, channels: 4, background } })
        .png()
        .toBuffer(),
    ),
  );
}

/** Two different frames joined as an animation (sharp writes a VP8X chunk with the animation flag). */
export async function animatedWebpBytes(): Promise<Buffer> {
  return sharp(await twoFrames(), { join: { animated: true } })
    .webp()
    .toBuffer();
}

export async function animatedGifBytes(): Promise<Buffer> {
  return sharp(await twoFrames(), { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** CRC-32 as PNG chunks use it (zlib's polynomial). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real PNG with an acTL chunk (an APNG header) placed after IHDR. */
export async function apngBytes(): Promise<Buffer> {
  const png = await pngBytes(20, 20);
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(2, 0); // frames
  actl.writeUInt32BE(0, 4); // loops
  return Buffer.concat([png.subarray(0, ihdrEnd), pngChunk('acTL', actl), png.subarray(ihdrEnd)]);
}

/**
 * A decompression bomb: a valid 1-bit grey PNG of `side` x `side` pixels that is all zeros, a few
 * tens of KB on disk.
 */
export function pngBombBytes(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An mp3: an ID3v2.4 tag (empty) then MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz). */
export function mp3Bytes(frames = 4, withId3 = true): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const body = Buffer.concat(Array.from({ length: frames }, () => frame));
  return withId3 ? Buffer.concat([id3, body]) : body;
}

/** A wav: RIFF / WAVE / fmt (PCM 16-bit mono 8 kHz) / data of `samples` silent samples. */
export function wavBytes(samples = 800): Buffer {
  const data = samples * 2;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(8000, 24);
  out.writeUInt32LE(16000, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(data, 40);
  return out;
}

/** An mp4's ftyp box with `brand` (e.g. isom, mp42, M4A , heic), then an empty mdat box. */
export function mp4Bytes(brand = 'isom'): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isom', 16, 'latin1');
  ftyp.write('mp41', 20, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}
