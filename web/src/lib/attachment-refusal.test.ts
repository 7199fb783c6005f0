import { describe, expect, it } from 'vitest';
import { detectAttachment } from '../../../src/domain/attachment-detect.ts';
import { CoreError } from '../../../src/domain/errors.ts';
import { LARGER_THAN_ANY_KIND, readAttachmentArg } from '../../../src/server/commands/attachment-arg.ts';
import { attachmentSizeRefusal, checkAttachment } from '../../../src/world/attachments/check.ts';
import { convertToStoredWebp } from '../../../src/world/attachments/image-convert.ts';
import { animatedGifBytes, pngBytes } from '../../../test/helpers/attachment-files.ts';
import enAttachments from '../locales/en/attachments.json';
import jaAttachments from '../locales/ja/attachments.json';
import { refusalLine, type RefusedFile } from './attachment-refusal.ts';
import type { Translate } from './attachment-wording.ts';
import { realTranslator } from './translator.test-support.ts';

function translator(locale: 'ja' | 'en'): Translate {
  return realTranslator(locale, { ja: { attachments: jaAttachments }, en: { attachments: enAttachments } });
}
const ja = translator('ja');
const en = translator('en');

/** The server's own message for a refusal (the real code that makes it, so a rewording is caught). */
async function serverMessage(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof CoreError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

const photo: RefusedFile = { fileName: 'photo.png', kind: 'image', byteLength: 12_300_000 };

describe('the server’s attachment refusals in the village’s words', () => {
  it('says each known refusal from the dictionary, never in the core’s English', async () => {
    const png = await pngBytes(40, 30);
    const gif = await animatedGifBytes();
    const truncated = png.subarray(0, 60);
    const cases: [string, RefusedFile, string][] = [
      [
        await serverMessage(() => checkAttachment({ fileName: 'a', bytes: new Uint8Array() })),
        photo,
        'photo.png は空のファイルです。添付するものがありません',
      ],
      [
        await serverMessage(() => checkAttachment({ fileName: 'a', bytes: Buffer.from('plain text') })),
        photo,
        'photo.png は添付できません。',
      ],
      [
        attachmentSizeRefusal('image', photo.byteLength)!.message,
        photo,
        'photo.png は 12.3 MB です。画像の上限は変換前で 10 MB です',
      ],
      [
        attachmentSizeRefusal('pdf', 11_000_000)!.message,
        { fileName: 'r.pdf', kind: 'pdf', byteLength: 11_000_000 },
        'r.pdf は 11 MB です。PDFの上限は 10 MB です',
      ],
      [
        await serverMessage(() => convertToStoredWebp(gif, detectAttachment(gif)!)),
        photo,
        'アニメーション画像です',
      ],
      [
        await serverMessage(() => convertToStoredWebp(png, detectAttachment(png)!, 10)),
        photo,
        '画像の上限は変換後で 2 MB です',
      ],
      [
        await serverMessage(() => convertToStoredWebp(truncated, detectAttachment(truncated)!)),
        photo,
        'photo.png は画像として読み込めませんでした',
      ],
      [
        await serverMessage(() => readAttachmentArg([{ fileName: 'a', bytes: '' }], undefined)),
        photo,
        '添付は 1 通に 1 件です',
      ],
      [LARGER_THAN_ANY_KIND, photo, 'photo.png はどの種類の上限よりも大きいファイルです'],
      [
        "the servant's connection (anthropic) cannot carry videos",
        { fileName: 'clip.mp4', kind: 'video', byteLength: 10 },
        'このサーヴァントの接続先は動画を受け付けません（clip.mp4）',
      ],
    ];
    for (const [message, file, line] of cases) {
      const said = refusalLine(message, file, ja);
      expect(said, message).toContain(line);
      expect(said, message).not.toMatch(/[a-z]{4,} [a-z]{4,}/);
      expect(refusalLine(message, file, en), message).not.toBeNull();
    }
  });

  it('leaves a message it does not know to the code’s own line', () => {
    expect(refusalLine('something new', photo, ja)).toBeNull();
  });
});
