import { describe, expect, it } from 'vitest';
import type { AttachmentRef } from '../../domain/attachment.ts';
import { attachmentMarker, forwardingNote, markerFileName, withForwardingNote } from './attachment-marker.ts';

const ref = (kind: AttachmentRef['kind'], fileName = 'photo.png'): AttachmentRef => ({
  id: '0b1c5a8e-1d2f-4a3b-9c4d-5e6f7a8b9c0d',
  kind,
  fileName,
});

describe('attachmentMarker', () => {
  it('says that the file existed and reaches the model only in its own turn (ja, en)', () => {
    expect(attachmentMarker([{ ref: ref('image'), delivered: true }], 'ja')).toBe(
      '（添付: 画像 1 枚「photo.png」。中身はこの発話のターンにだけモデルへ渡されます）',
    );
    expect(attachmentMarker([{ ref: ref('image'), delivered: true }], 'en')).toBe(
      '(Attached: 1 image "photo.png". Its content reaches the model only in the turn it was sent.)',
    );
    expect(attachmentMarker([{ ref: ref('pdf', 'a.pdf'), delivered: true }], 'ja')).toBe(
      '（添付: PDF 1 件「a.pdf」。中身はこの発話のターンにだけモデルへ渡されます）',
    );
    expect(attachmentMarker([{ ref: ref('audio', 'v.mp3'), delivered: true }], 'en')).toBe(
      '(Attached: 1 audio file "v.mp3". Its content reaches the model only in the turn it was sent.)',
    );
  });

  it('says when the file was gone before the turn (no bytes reached the model)', () => {
    expect(attachmentMarker([{ ref: ref('video', 'c.mp4'), delivered: false }], 'ja')).toBe(
      '（添付: 動画 1 件「c.mp4」。ファイルが削除されていたため、中身はモデルへ渡されていません）',
    );
    expect(attachmentMarker([{ ref: ref('image'), delivered: false }], 'en')).toBe(
      '(Attached: 1 image "photo.png". The file had been deleted, so its content did not reach the model.)',
    );
  });

  it('is empty without attachments', () => {
    expect(attachmentMarker([], 'ja')).toBe('');
  });
});

describe('markerFileName', () => {
  it('cleans a name like an envelope label: no brackets, quotes or line breaks, at most 80 chars', () => {
    expect(markerFileName('a】\n【送り手: x】.png')).toBe('a送り手: x.png');
    expect(markerFileName('「x」"y".png')).toBe('xy.png');
    expect([...markerFileName('あ'.repeat(200))].length).toBe(80);
  });

  it('a name with nothing left is omitted from the marker', () => {
    expect(attachmentMarker([{ ref: ref('image', '【】'), delivered: true }], 'en')).toBe(
      '(Attached: 1 image. Its content reaches the model only in the turn it was sent.)',
    );
  });
});

describe('forwardingNote', () => {
  it('names the kind that is not forwarded (ja, en)', () => {
    expect(forwardingNote([ref('image')], 'ja')).toBe('（画像 1 枚は転送されません）');
    expect(forwardingNote([ref('image')], 'en')).toBe('(1 image is not forwarded)');
    expect(forwardingNote([ref('audio')], 'ja')).toBe('（音声 1 件は転送されません）');
    expect(forwardingNote([ref('pdf')], 'en')).toBe('(1 PDF is not forwarded)');
    expect(forwardingNote([ref('image'), ref('image')], 'en')).toBe('(2 images are not forwarded)');
  });

  it('is absent without attachments, and the body stays as written', () => {
    expect(forwardingNote(undefined, 'ja')).toBe('');
    expect(withForwardingNote('please look', [], 'en')).toBe('please look');
    expect(withForwardingNote('please look', [ref('video')], 'en')).toBe(
      'please look\n\n(1 video is not forwarded)',
    );
  });
});
