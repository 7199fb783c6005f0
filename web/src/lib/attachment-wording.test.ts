import { describe, expect, it } from 'vitest';
import { ATTACHMENT_KINDS } from '../../../src/domain/attachment.ts';
import enAttachments from '../locales/en/attachments.json';
import enTemplates from '../locales/en/templates.json';
import jaAttachments from '../locales/ja/attachments.json';
import jaTemplates from '../locales/ja/templates.json';
import { carriesProblem, checkFile, reducedSize } from './attachment-check.ts';
import {
  formatSize,
  goneText,
  noticeIsRefusal,
  noticeText,
  oneTurnText,
  problemText,
  reducedText,
  type Translate,
} from './attachment-wording.ts';
import { realTranslator } from './translator.test-support.ts';

// The real dictionaries through the real vue-i18n, as the chat uses them.
function translator(locale: 'ja' | 'en'): Translate {
  return realTranslator(locale, {
    ja: { attachments: jaAttachments, templates: jaTemplates },
    en: { attachments: enAttachments, templates: enTemplates },
  });
}
const en = translator('en');
const ja = translator('ja');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keysOf(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('both languages', () => {
  it('have the same keys, and a word, a one-turn notice and a gone frame per kind', () => {
    expect(keysOf(jaAttachments).sort()).toEqual(keysOf(enAttachments).sort());
    for (const kind of ATTACHMENT_KINDS) {
      for (const group of ['kind', 'kinds', 'kindTitle', 'oneTurn', 'gone'] as const) {
        expect(enAttachments[group][kind], `${group}.${kind}`).toBeTruthy();
      }
    }
  });

  it('say servant / サーヴァント, never agent', () => {
    const all = JSON.stringify(enAttachments) + JSON.stringify(jaAttachments);
    expect(all).not.toMatch(/agent|エージェント/i);
  });
});

describe('sizes in decimal units, rounded up', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [1001, '2 KB'],
    [999_999, '1000 KB'],
    [10_000_000, '10 MB'],
    [10_000_001, '10.1 MB'],
    [2_340_000, '2.4 MB'],
    [12_000_000, '12 MB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});

describe('refusals name the limit or what the connection takes', () => {
  const context = { fileName: 'clip.mp4', servant: 'Sam' };

  it('too large: the size and the limit of the kind', () => {
    const video = checkFile({ kind: 'video', mimeType: 'video/mp4' }, false, 12_500_000);
    if (video.ok) throw new Error('expected a refusal');
    expect(problemText(video.problem, context, en)).toBe('clip.mp4 is 12.5 MB: videos can be at most 12 MB.');
    expect(problemText(video.problem, context, ja)).toBe('clip.mp4 は 12.5 MB です。動画の上限は 12 MB です');
  });

  it('too large image: the limit is before conversion', () => {
    const image = checkFile({ kind: 'image', mimeType: 'image/png' }, false, 10_000_001);
    if (image.ok) throw new Error('expected a refusal');
    const named = { ...context, fileName: 'big.png' };
    expect(problemText(image.problem, named, en)).toBe(
      'big.png is 10.1 MB: images can be at most 10 MB before conversion.',
    );
    expect(problemText(image.problem, named, ja)).toBe(
      'big.png は 10.1 MB です。画像の上限は変換前で 10 MB です',
    );
  });

  it('not carried: the servant, its connection and the kinds it does take', () => {
    const problem = carriesProblem('video', 'anthropic')!;
    expect(problemText(problem, context, en)).toBe(
      "Sam's connection, Anthropic, cannot take videos. It can take: images, PDFs.",
    );
    expect(problemText(problem, context, ja)).toBe(
      'Sam の接続先は Anthropicです。動画は受け付けません。受け付けるのは画像・PDFです',
    );
  });

  it('not carried to a provider whose label has brackets: no brackets inside brackets', () => {
    const problem = carriesProblem('video', 'open_ai_compat')!;
    expect(problemText(problem, { fileName: 'clip.mp4', servant: 'Cora' }, en)).toBe(
      "Cora's connection, OpenAI-compatible (Chat Completions), cannot take videos. It can take: images, audio files, PDFs.",
    );
    expect(problemText(problem, { fileName: 'clip.mp4', servant: 'Cora' }, ja)).toBe(
      'Cora の接続先は OpenAI 互換（Chat Completions）です。動画は受け付けません。受け付けるのは画像・音声・PDFです',
    );
  });

  it('the Meta line says "no expiry" in plain words, without the API field', () => {
    expect(en('attachments.metaRetention')).toMatch(
      /^Files sent to Meta are kept at Meta with no expiry date\./,
    );
    expect(ja('attachments.metaRetention')).toMatch(
      /^Meta へ送ったファイルは Meta 側に保存期限なしで保存されます。/,
    );
    for (const t of [en, ja]) expect(t('attachments.metaRetention')).not.toMatch(/expires_at|null/);
  });

  it('too many pixels: the image’s size and the server’s ceiling in megapixels', () => {
    const problem = { code: 'tooManyPixels' as const, width: 12000, height: 12000, limitPixels: 100_000_000 };
    expect(problemText(problem, context, en)).toBe(
      `${context.fileName} is 12000 × 12000 px: images can have at most 100 megapixels.`,
    );
    expect(problemText(problem, context, ja)).toBe(
      `${context.fileName} は 12000 × 12000 px です。画像は 100 メガピクセルまでです`,
    );
  });

  it('unknown, animated, empty: each its own line with the file name', () => {
    for (const code of ['unknownKind', 'animated', 'empty'] as const) {
      const text = problemText({ code }, { fileName: 'x.bin', servant: 'Sam' }, en);
      expect(text).toContain('x.bin');
      expect(problemText({ code }, { fileName: 'x.bin', servant: 'Sam' }, ja)).toContain('x.bin');
    }
    expect(problemText({ code: 'unknownKind' }, context, en)).toMatch(/contents, not its name/);
  });
});

describe('the chip notices', () => {
  it('the one-turn notice is the ledger’s sentence for images, generalised per kind', () => {
    expect(oneTurnText('image', ja)).toBe(
      'この画像は今回のみモデルへ渡ります。次のターンからはモデルには見えません（画面には残ります）',
    );
    expect(oneTurnText('image', en)).toBe(
      'This image is passed to the model only this time. In later turns the model no longer sees it (it stays on screen).',
    );
    expect(oneTurnText('pdf', en)).toMatch(/^This PDF is passed to the model only this time/);
    expect(oneTurnText('audio', ja)).toMatch(/^この音声は今回のみ/);
  });

  it('says an image will be reduced to 1568 px, and nothing for one that fits', () => {
    const size = { width: 4000, height: 3000 };
    expect(reducedText(size, reducedSize(4000, 3000), en)).toBe(
      'It will be reduced to 1568 px on the longest edge (4000 × 3000 px → 1568 × 1176 px).',
    );
    expect(reducedText(size, reducedSize(4000, 3000), ja)).toMatch(/^長辺 1568 px へ縮小して送ります/);
    expect(reducedText({ width: 800, height: 600 }, reducedSize(800, 600), en)).toBeNull();
  });

  it('the gone frame per kind (ledger 凍結 8)', () => {
    expect(goneText('image', en)).toBe('The image was deleted after its retention period');
    expect(goneText('image', ja)).toBe('画像は保持期間を過ぎて削除されました');
    expect(goneText('video', ja)).toBe('動画は保持期間を過ぎて削除されました');
  });
});

describe('the line under the input about the last file offered', () => {
  it('says a second file replaced the first (one per message), as a remark', () => {
    const notice = { code: 'replaced' as const, old: 'a.png', new: 'b.pdf' };
    expect(noticeText(notice, 'Sam', en)).toBe('One file per message: a.png was replaced by b.pdf.');
    expect(noticeText(notice, 'Sam', ja)).toBe('添付は 1 通に 1 件です。a.png を b.pdf に差し替えました');
    expect(noticeIsRefusal(notice)).toBe(false);
  });

  it('says only the first of several dropped files was taken', () => {
    expect(noticeText({ code: 'onlyFirst', fileName: 'a.png' }, 'Sam', en)).toBe(
      'One file per message: only a.png was taken.',
    );
  });

  it('gives a refusal its problem line, as an error', () => {
    const notice = { code: 'problem' as const, problem: { code: 'animated' as const }, fileName: 'x.webp' };
    expect(noticeText(notice, 'Sam', en)).toMatch(/^x\.webp is an animated image/);
    expect(noticeIsRefusal(notice)).toBe(true);
    expect(noticeIsRefusal({ code: 'unreadable', fileName: 'x' })).toBe(true);
    expect(noticeText({ code: 'unreadable', fileName: 'x.pdf' }, 'Sam', ja)).toBe(
      'x.pdf を読み込めませんでした',
    );
  });
});
