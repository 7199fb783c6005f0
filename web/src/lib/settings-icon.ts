/**
 * The user's icon source: PNG or JPEG only, judged by magic bytes (never the file name or the
 * browser's guess). The conversion itself (centre crop, 256 px WebP ≤ 512 KB) is lib/icon-image.ts.
 */
export type IconSourceType = 'png' | 'jpeg';

export function sniffIconSource(bytes: Uint8Array): IconSourceType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  return null;
}

/** Reads only the head of the file. */
export async function isPngOrJpeg(file: Blob): Promise<boolean> {
  return sniffIconSource(new Uint8Array(await file.slice(0, 16).arrayBuffer())) !== null;
}
