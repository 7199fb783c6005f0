/**
 * Which attachment kind a file is, from its first bytes only (ledger §5.3: "判定は常に magic"): never
 * from its name, never from a type someone claims. Pure (Uint8Array only, no node: imports) so the
 * web UI runs the same predicate on a pasted file before it is sent.
 *
 * "Starts like a kind" is all this decides; whether the bytes really decode as that kind (sharp
 * reading the image, say) is the world layer's check.
 */
import { ATTACHMENT_MAX_BYTES, type AttachmentKind } from './attachment.ts';

/** The kind, the mime type of the bytes as they came (images are stored as image/webp later) and the format. */
export interface DetectedAttachment {
  kind: AttachmentKind;
  mimeType: string;
  format: AttachmentFormat;
}

export type AttachmentFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'mp3' | 'wav' | 'mp4' | 'pdf';

const FORMATS: Record<AttachmentFormat, { kind: AttachmentKind; mimeType: string }> = {
  png: { kind: 'image', mimeType: 'image/png' },
  jpeg: { kind: 'image', mimeType: 'image/jpeg' },
  webp: { kind: 'image', mimeType: 'image/webp' },
  gif: { kind: 'image', mimeType: 'image/gif' },
  mp3: { kind: 'audio', mimeType: 'audio/mpeg' },
  wav: { kind: 'audio', mimeType: 'audio/wav' },
  mp4: { kind: 'video', mimeType: 'video/mp4' },
  pdf: { kind: 'pdf', mimeType: 'application/pdf' },
};

/** The bytes at `from` equal `text` (ASCII). */
function startsWithAscii(bytes: Uint8Array, text: string, from = 0): boolean {
  if (bytes.length < from + text.length) return false;
  for (let i = 0; i < text.length; i += 1) {
    if (bytes[from + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** SOI followed by a marker (FF): a bare FF D8 is not enough. */
function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

function isGif(bytes: Uint8Array): boolean {
  return startsWithAscii(bytes, 'GIF87a') || startsWithAscii(bytes, 'GIF89a');
}

function riffForm(bytes: Uint8Array): string | null {
  return bytes.length >= 12 && startsWithAscii(bytes, 'RIFF') ? ascii(bytes, 8, 12) : null;
}

/** An ID3v2 tag (ID3, a major version 2..4, a revision byte below FF). */
function hasId3(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 10 &&
    startsWithAscii(bytes, 'ID3') &&
    bytes[3]! >= 2 &&
    bytes[3]! <= 4 &&
    bytes[4] !== 0xff
  );
}

/**
 * An MPEG audio Layer III frame header: 11 sync bits, a version that is not the reserved one, layer
 * bits 01 (Layer III), a bitrate index that is not "bad" (1111) and a sample rate that is not
 * reserved. JPEG (FF D8: the third byte of the sync is missing) and AAC ADTS (FF F1 / FF F9: layer
 * bits 00) fail the sync or layer test and are never read as mp3.
 */
function isMp3Frame(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff) return false;
  const b1 = bytes[1]!;
  const b2 = bytes[2]!;
  if ((b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = (b2 >> 4) & 0b1111;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer === 0b01 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/**
 * ISO base media brands that are not an mp4 video: audio-only (M4A/M4B/M4P), QuickTime, and the
 * HEIF/AVIF still-image family (a phone photo in an ftyp box must not pass as a video).
 */
const NOT_MP4_VIDEO_BRANDS = new Set([
  'M4A ',
  'M4B ',
  'M4P ',
  'qt  ',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'crx ',
]);

/** An `ftyp` box first (size at least 16: brand and minor version), with a video brand. */
function isMp4(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || !startsWithAscii(bytes, 'ftyp', 4)) return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16) return false;
  const brand = ascii(bytes, 8, 12);
  return !NOT_MP4_VIDEO_BRANDS.has(brand);
}

function formatOf(bytes: Uint8Array): AttachmentFormat | null {
  if (isPng(bytes)) return 'png';
  if (isJpeg(bytes)) return 'jpeg';
  if (isGif(bytes)) return 'gif';
  const riff = riffForm(bytes);
  // RIFF that is neither WEBP nor WAVE (AVI, say) is none of our kinds.
  if (riff !== null) return riff === 'WEBP' ? 'webp' : riff === 'WAVE' ? 'wav' : null;
  if (startsWithAscii(bytes, '%PDF-')) return 'pdf';
  if (isMp4(bytes)) return 'mp4';
  if (hasId3(bytes) || isMp3Frame(bytes)) return 'mp3';
  return null;
}

/** The kind the bytes start like, or null when they match none we take (empty and tiny inputs too). */
export function detectAttachment(bytes: Uint8Array): DetectedAttachment | null {
  const format = formatOf(bytes);
  return format === null ? null : { ...FORMATS[format], format };
}

/**
 * A WebP whose VP8X chunk has the animation flag (bit 1 of the flags byte). Magic bytes alone
 * cannot tell (ledger 凍結 4); an animated WebP always starts with VP8X.
 */
export function isAnimatedWebp(bytes: Uint8Array): boolean {
  if (riffForm(bytes) !== 'WEBP' || bytes.length < 21) return false;
  return startsWithAscii(bytes, 'VP8X', 12) && (bytes[20]! & 0x02) !== 0;
}

/**
 * A PNG with an acTL chunk before its first IDAT (APNG). The image decoder reads only the default
 * image, so this is checked on the bytes.
 */
export function isAnimatedPng(bytes: Uint8Array): boolean {
  if (!isPng(bytes)) return false;
  for (let at = 8; at + 8 <= bytes.length;) {
    const length =
      ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const type = ascii(bytes, at + 4, at + 8);
    if (type === 'acTL') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/** Over the kind's gate (images: the original file, before conversion). */
export interface AttachmentSizeProblem {
  limitBytes: number;
  byteLength: number;
}

export function attachmentSizeProblem(
  kind: AttachmentKind,
  byteLength: number,
): AttachmentSizeProblem | null {
  const limitBytes = ATTACHMENT_MAX_BYTES[kind];
  return byteLength > limitBytes ? { limitBytes, byteLength } : null;
}

/**
 * Bytes as decimal megabytes for messages ("10 MB", "12.4 MB"). One decimal, rounded UP, so a file
 * just over a limit never reads as the limit itself ("10.1 MB", not "10 MB"); whole numbers drop the
 * ".0".
 */
export function formatMegabytes(byteLength: number): string {
  const tenths = Math.ceil(byteLength / 100_000);
  const text = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
  return `${text} MB`;
}
