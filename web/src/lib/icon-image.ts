// Icons are made in the page: any decodable image → centre-cropped 256 px square → WebP ≤ 512 KB
// (ledger part 1 §1.4). The core only checks the RIFF/WEBP magic and the size.

export const ICON_SIZE = 256;
/** The core's limit (src/world/icons.ts ICON_MAX_BYTES). */
export const ICON_MAX_BYTES = 512 * 1024;
/** Larger source files are refused before decoding (a product choice; the ledger sets none). */
export const ICON_SOURCE_MAX_BYTES = 20 * 1024 * 1024;
/** WebP qualities tried in turn until the result fits. */
export const ICON_QUALITIES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1] as const;

export interface CropRect {
  sx: number;
  sy: number;
  size: number;
}

/** The largest centred square of a width × height image (source pixels, whole numbers). */
export function centreCrop(width: number, height: number): CropRect {
  if (!(width > 0) || !(height > 0)) throw new Error('the image has no pixels');
  const size = Math.min(width, height);
  return { sx: Math.floor((width - size) / 2), sy: Math.floor((height - size) / 2), size };
}

/** RIFF....WEBP: what the core accepts. A browser without a WebP encoder hands back PNG instead. */
export function isWebp(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard padded base64 (what set_agent_icon decodes strictly). */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += BASE64[a >> 2]!;
    out += BASE64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : BASE64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : BASE64[c & 63]!;
  }
  return out;
}

export type IconFailure = 'sourceTooLarge' | 'undecodable' | 'noWebp' | 'tooLarge';

export class IconError extends Error {
  constructor(readonly reason: IconFailure) {
    super(reason);
    this.name = 'IconError';
  }
}

/** Encodes at falling quality until the bytes fit; the encoder is injected so this stays testable. */
export async function encodeWithinLimit(
  encode: (quality: number) => Promise<Uint8Array>,
  limit = ICON_MAX_BYTES,
  qualities: readonly number[] = ICON_QUALITIES,
): Promise<Uint8Array> {
  for (const quality of qualities) {
    const bytes = await encode(quality);
    if (!isWebp(bytes)) throw new IconError('noWebp');
    if (bytes.length <= limit) return bytes;
  }
  throw new IconError('tooLarge');
}

// ---- browser part (canvas); not unit-tested ----

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new IconError('undecodable');
  }
}

function toBytes(canvas: HTMLCanvasElement, quality: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) return reject(new IconError('noWebp'));
        blob.arrayBuffer().then((buffer) => resolve(new Uint8Array(buffer)), reject);
      },
      'image/webp',
      quality,
    );
  });
}

/** A picked file → the WebP icon bytes the core accepts. Throws IconError with a reason. */
export async function makeIcon(file: Blob): Promise<Uint8Array> {
  if (file.size > ICON_SOURCE_MAX_BYTES) throw new IconError('sourceTooLarge');
  const bitmap = await decode(file);
  try {
    const { sx, sy, size } = centreCrop(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = ICON_SIZE;
    canvas.height = ICON_SIZE;
    const context = canvas.getContext('2d');
    if (!context) throw new IconError('undecodable');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, sx, sy, size, size, 0, 0, ICON_SIZE, ICON_SIZE);
    return await encodeWithinLimit((quality) => toBytes(canvas, quality));
  } catch (error) {
    throw error instanceof IconError ? error : new IconError('undecodable');
  } finally {
    bitmap.close();
  }
}
