import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttachmentInput, AttachmentRef } from '../../domain/attachment.ts';
import { CoreError } from '../../domain/errors.ts';
import { mp3Bytes, pdfBytes, pngBytes, wavBytes } from '../../../test/helpers/attachment-files.ts';
import { VillagePaths } from '../paths.ts';
import { tempWorkspace } from '../test-kit.ts';
import {
  checkAttachment,
  readAttachmentData,
  readAttachmentFile,
  reencodeAsJpeg,
  removeAttachment,
  storeAttachment,
} from './index.ts';

let space: ReturnType<typeof tempWorkspace>;
let paths: VillagePaths;

beforeEach(() => {
  space = tempWorkspace('fuseforks-attach-read-');
  paths = new VillagePaths(space.ws, join(space.base, 'home'));
});
afterEach(() => space.cleanup());

async function store(input: AttachmentInput): Promise<AttachmentRef> {
  return storeAttachment(paths, input, checkAttachment(input));
}

async function rejection(promise: Promise<unknown>): Promise<CoreError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
}

const UUID = '0b6f6a52-3c1d-4e8f-9a2b-7c4d5e6f7a8b';

describe('readAttachmentData', () => {
  it('gives the stored bytes as base64 with the stored mime type and the name', async () => {
    const ref = await store({ fileName: 'photo.png', bytes: await pngBytes(50, 20) });
    const data = await readAttachmentData(paths, ref);
    expect(data).toMatchObject({ kind: 'image', mimeType: 'image/webp', fileName: 'photo.png' });
    const decoded = Buffer.from(data!.data, 'base64');
    expect(decoded.length).toBe(ref.byteLength);
    expect((await sharp(decoded).metadata()).format).toBe('webp');
    const song = await store({ fileName: 's.mp3', bytes: mp3Bytes() });
    expect(Buffer.from((await readAttachmentData(paths, song))!.data, 'base64').equals(mp3Bytes())).toBe(
      true,
    );
  });

  it('finds the file from the kind when the reference has no mime type', async () => {
    const ref = await store({ fileName: 'a.wav', bytes: wavBytes() });
    const { mimeType: _dropped, ...old } = ref;
    expect((await readAttachmentData(paths, old))?.mimeType).toBe('audio/wav');
  });

  it('is null when the file is gone (removed, or never there)', async () => {
    const ref = await store({ fileName: 'd.pdf', bytes: pdfBytes() });
    await removeAttachment(paths, ref);
    expect(await readAttachmentData(paths, ref)).toBeNull();
    expect(
      await readAttachmentData(paths, { id: UUID, kind: 'pdf', fileName: 'x', mimeType: 'application/pdf' }),
    ).toBeNull();
  });

  it('refuses a symbolic link or a hard-linked file in place of the attachment', async () => {
    mkdirSync(paths.attachmentsDir);
    const secret = join(space.outside, 'secret.pdf');
    writeFileSync(secret, pdfBytes());
    const ref: AttachmentRef = { id: UUID, kind: 'pdf', fileName: 'x', mimeType: 'application/pdf' };
    symlinkSync(secret, paths.attachmentFile(UUID, 'pdf'));
    expect((await rejection(readAttachmentData(paths, ref))).code).toBe('CONFIG_IO');
    rmSync(paths.attachmentFile(UUID, 'pdf'));
    linkSync(secret, paths.attachmentFile(UUID, 'pdf'));
    expect((await rejection(readAttachmentData(paths, ref))).code).toBe('CONFIG_IO');
  });

  it('refuses a FIFO under a stored name at once, without waiting for a writer', async () => {
    mkdirSync(paths.attachmentsDir);
    execFileSync('mkfifo', [paths.attachmentFile(UUID, 'pdf')]);
    const ref: AttachmentRef = { id: UUID, kind: 'pdf', fileName: 'x', mimeType: 'application/pdf' };
    expect((await rejection(readAttachmentData(paths, ref))).code).toBe('CONFIG_IO');
  });

  it('refuses an attachments folder that is a link', async () => {
    symlinkSync(space.outside, paths.attachmentsDir);
    writeFileSync(join(space.outside, `${UUID}.pdf`), pdfBytes());
    const ref: AttachmentRef = { id: UUID, kind: 'pdf', fileName: 'x', mimeType: 'application/pdf' };
    expect((await rejection(readAttachmentData(paths, ref))).code).toBe('CONFIG_IO');
  });

  it('refuses a stored file larger than its kind allows', async () => {
    mkdirSync(paths.attachmentsDir);
    writeFileSync(paths.attachmentFile(UUID, 'webp'), Buffer.alloc(2_000_001));
    const ref: AttachmentRef = { id: UUID, kind: 'image', fileName: 'x', mimeType: 'image/webp' };
    expect((await rejection(readAttachmentData(paths, ref))).code).toBe('INVALID_ATTACHMENT');
  });
});

describe('readAttachmentFile', () => {
  it('answers kind, mime type, bytes and, for images, the stored size', async () => {
    const ref = await store({ fileName: 'p.png', bytes: await pngBytes(60, 30) });
    const file = await readAttachmentFile(paths, ref.id);
    expect(file).toMatchObject({ id: ref.id, kind: 'image', mimeType: 'image/webp', width: 60, height: 30 });
    expect(file!.bytes.length).toBe(ref.byteLength);
    const doc = await store({ fileName: 'd.pdf', bytes: pdfBytes() });
    const pdf = await readAttachmentFile(paths, doc.id);
    expect(pdf).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf' });
    expect(pdf!.width).toBeUndefined();
  });

  it('is null for an unknown id and INVALID_ARGUMENT for one that is not a uuid', async () => {
    expect(await readAttachmentFile(paths, UUID)).toBeNull();
    for (const id of ['../world', 'x', `${UUID}.webp`, UUID.toUpperCase(), '']) {
      expect((await rejection(readAttachmentFile(paths, id))).code).toBe('INVALID_ARGUMENT');
    }
  });

  it('refuses a planted link', async () => {
    mkdirSync(paths.attachmentsDir);
    writeFileSync(join(space.outside, 'x.webp'), await pngBytes());
    symlinkSync(join(space.outside, 'x.webp'), paths.attachmentFile(UUID, 'webp'));
    expect((await rejection(readAttachmentFile(paths, UUID))).code).toBe('CONFIG_IO');
  });
});

describe('reencodeAsJpeg', () => {
  it('re-encodes a stored image as JPEG at the same size', async () => {
    const ref = await store({ fileName: 'p.png', bytes: await pngBytes(80, 40) });
    const jpeg = await reencodeAsJpeg((await readAttachmentData(paths, ref))!);
    expect(jpeg).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', fileName: 'p.png' });
    const meta = await sharp(Buffer.from(jpeg.data, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 80, 40]);
  });

  it('keeps a large image within the edge limit', async () => {
    const big = await sharp(await pngBytes(3000, 2000))
      .webp()
      .toBuffer();
    const jpeg = await reencodeAsJpeg({
      kind: 'image',
      mimeType: 'image/webp',
      data: big.toString('base64'),
    });
    const meta = await sharp(Buffer.from(jpeg.data, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1568, 1045]);
  });

  it('refuses other kinds and bytes that are not an image', async () => {
    expect(
      (await rejection(reencodeAsJpeg({ kind: 'pdf', mimeType: 'application/pdf', data: '' }))).code,
    ).toBe('INVALID_ATTACHMENT');
    const junk = Buffer.from('not an image').toString('base64');
    expect(
      (await rejection(reencodeAsJpeg({ kind: 'image', mimeType: 'image/webp', data: junk }))).code,
    ).toBe('INVALID_ATTACHMENT');
  });
});

describe('removeAttachment', () => {
  it('removes the stored file and is quiet when it is already gone', async () => {
    const ref = await store({ fileName: 'p.png', bytes: await pngBytes() });
    await removeAttachment(paths, ref);
    expect(await readAttachmentFile(paths, ref.id)).toBeNull();
    await expect(removeAttachment(paths, ref)).resolves.toBeUndefined();
  });
});
