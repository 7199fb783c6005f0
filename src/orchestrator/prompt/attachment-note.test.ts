import { describe, expect, it } from 'vitest';
import type { AttachmentRef } from '../../domain/message.ts';
import { attachmentNote } from './attachment-note.ts';

const ref = (kind: AttachmentRef['kind']): AttachmentRef => ({ id: 'a', kind, fileName: 'f' });

describe('attachmentNote', () => {
  it('writes 「（画像 1 枚）」 as the ledger does', () => {
    expect(attachmentNote([ref('image')], 'ja')).toBe('（画像 1 枚）');
    expect(attachmentNote([ref('image')], 'en')).toBe('(1 image)');
  });

  it('names every kind, and nothing when there is none', () => {
    expect(attachmentNote([ref('pdf'), ref('audio')], 'ja')).toBe('（音声 1 件・PDF 1 件）');
    expect(attachmentNote([ref('video'), ref('video')], 'en')).toBe('(2 videos)');
    expect(attachmentNote(undefined, 'ja')).toBe('');
    expect(attachmentNote([], 'en')).toBe('');
  });
});
