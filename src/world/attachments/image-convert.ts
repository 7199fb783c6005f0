/**
 * Image conversion with sharp (libvips). The issue goes past the ledger here: the ledger converts
 * in the frontend (canvas, 凍結 4); this server converts, so every entry (chat, door, CLI) stores the
 * same thing and no client can store an unconverted file.
 *
 * Stored images: WebP, longest edge at most ATTACHMENT_IMAGE_MAX_EDGE_PX (never enlarged), EXIF
 * orientation applied, metadata stripped (sharp keeps none unless asked), at most
 * ATTACHMENT_IMAGE_CONVERTED_MAX_BYTES. Animated images are refused (凍結 4).
 */
// Types only: sharp (libvips) takes tens of ms to load, so it is imported on the first image.
import type createSharp from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import {
  ATTACHMENT_IMAGE_CONVERTED_MAX_BYTES,
  ATTACHMENT_IMAGE_MAX_EDGE_PX,
} from '../../domain/attachment.ts';
import { formatMegabytes, isAnimatedPng, isAnimatedWebp } from '../../domain/attachment-detect.ts';
import type { DetectedAttachment } from '../../domain/attachment-detect.ts';
import { CoreError } from '../../domain/errors.ts';

/**
 * The decoder's pixel ceiling: 100 megapixels covers the photos of today's phones and cameras
 * (12 / 48 / 50 / 108 MP) while a decompression bomb (a few KB of PNG claiming 20000 x 20000) is
 * refused before any pixel is decoded. sharp's own default (268 MP) would let one decode take
 * gigabytes.
 */
export const ATTACHMENT_IMAGE_MAX_INPUT_PIXELS = 100_000_000;

/** libwebp's quality 80: photos stay sharp at 1568 px and a typical photo lands far below 2 MB. */
export const STORED_WEBP_QUALITY = 80;
/** For the OpenAI-compatible JPEG retry only. */
export const RETRY_JPEG_QUALITY = 85;

type SharpFactory = typeof createSharp;
let sharpLoad: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded once. Callers await it outside their `try`: a sharp that cannot load is the
 * server's failure, not a bad image.
 */
function loadSharp(): Promise<SharpFactory> {
  sharpLoad ??= import('sharp').then((module) => module.default);
  return sharpLoad;
}

/**
 * `failOn: 'error'`: a truncated or damaged file is refused (libvips reports a premature end as an
 * error) instead of being stored with grey where the data ran out, while a file the decoder reads
 * whole with only a warning (stray bytes between JPEG markers, which some cameras write) is taken;
 * sharp's default 'warning' would refuse those. `animated: false`: only the first frame is decoded
 * (animation is refused before decoding).
 */
function decoder(sharp: SharpFactory, bytes: Uint8Array): Sharp {
  return sharp(bytes, {
    failOn: 'error',
    limitInputPixels: ATTACHMENT_IMAGE_MAX_INPUT_PIXELS,
    animated: false,
  });
}

function invalid(message: string, cause?: unknown, detail?: string): CoreError {
  return new CoreError('INVALID_ATTACHMENT', message, {
    ...(cause === undefined ? {} : { cause }),
    ...(detail === undefined ? {} : { detail }),
  });
}

/**
 * The refusal for bytes sharp cannot decode. sharp's reason (it names the decoder, e.g. "VipsJpeg:
 * premature end of JPEG image") goes into `detail` only: the message is what the person reads (the
 * UI maps it to a dictionary line), and library wording means nothing to them.
 */
function decodeProblem(error: unknown): CoreError {
  const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'unknown';
  const detail = `decoder: ${reason}`;
  if (/pixel limit/i.test(reason)) {
    return invalid(
      `the image has more than ${ATTACHMENT_IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels`,
      error,
      detail,
    );
  }
  return invalid('the file starts like an image but could not be read as one', error, detail);
}

export interface ConvertedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

const RESIZE = {
  width: ATTACHMENT_IMAGE_MAX_EDGE_PX,
  height: ATTACHMENT_IMAGE_MAX_EDGE_PX,
  fit: 'inside',
  withoutEnlargement: true,
} as const;

/** Animated: the WebP VP8X flag or a PNG acTL on the bytes; any format with more than one page per sharp. */
async function refuseAnimated(bytes: Uint8Array, detected: DetectedAttachment): Promise<void> {
  if (detected.format === 'webp' && isAnimatedWebp(bytes)) throw invalid('animated images are not accepted');
  if (detected.format === 'png' && isAnimatedPng(bytes)) throw invalid('animated images are not accepted');
  const sharp = await loadSharp();
  let pages: number | undefined;
  try {
    pages = (await decoder(sharp, bytes).metadata()).pages;
  } catch (error) {
    throw decodeProblem(error);
  }
  if (pages !== undefined && pages > 1) throw invalid('animated images are not accepted');
}

/** The stored WebP of an image the person sent; INVALID_ATTACHMENT when it cannot be one. */
export async function convertToStoredWebp(
  bytes: Uint8Array,
  detected: DetectedAttachment,
  convertedMaxBytes = ATTACHMENT_IMAGE_CONVERTED_MAX_BYTES,
): Promise<ConvertedImage> {
  await refuseAnimated(bytes, detected);
  const sharp = await loadSharp();
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await decoder(sharp, bytes)
      .rotate()
      .resize(RESIZE)
      .webp({ quality: STORED_WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeProblem(error);
  }
  if (out.data.length > convertedMaxBytes) {
    throw invalid(
      `images are limited to ${formatMegabytes(convertedMaxBytes)} after conversion to WebP; this one is ${formatMegabytes(out.data.length)}`,
    );
  }
  return { bytes: out.data, width: out.info.width, height: out.info.height };
}

/**
 * JPEG of the same image at the same edge limit (the OpenAI-compatible retry, ledger 凍結 4).
 * Transparency goes onto white: JPEG has none, and sharp would otherwise fill it black.
 */
export async function encodeJpeg(bytes: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await decoder(sharp, bytes)
      .rotate()
      .resize(RESIZE)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: RETRY_JPEG_QUALITY })
      .toBuffer();
  } catch (error) {
    throw decodeProblem(error);
  }
}

/** The stored image's size (read_attachment); null when sharp cannot read it. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    const meta = await decoder(sharp, bytes).metadata();
    return meta.width === undefined || meta.height === undefined
      ? null
      : { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
