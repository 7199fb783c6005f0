/**
 * The attachment contract of all seven wires (ledger part 2 §2.8-§2.9, part 6 §1.1, §5.1, §7):
 * - each kind a wire carries (`carries()`) is one golden part on the final user message, the
 *   attachment before the text ("画像はテキストより前に置く", Anthropic's own advice), and the rest of
 *   the body is byte-identical to the body without it;
 * - each kind a wire does not carry is LEFT OUT by its encoder (the body is byte-identical to the one
 *   without the attachment). The send entry refuses such a message first (ATTACHMENT_NOT_CARRIED), so
 *   the encoder only meets one when a template changed between the send and the turn;
 * - no change for non-users: no `attachments` key, or `attachments: []`, serialises exactly as today's
 *   golden bodies (凍結 1 "添付なしはバイト等価", the Gemini wire included: 凍結 7 was overturned
 *   for content only).
 *
 * The shapes, by provider documentation and the ledger's probes (part 6 §7):
 * - Anthropic: `image` / `document` blocks with a base64 `source` {type, media_type, data} (the
 *   Messages API vision and PDF support pages);
 * - Gemini (REST, camelCase): `inlineData {mimeType, data}` for image, audio, video and PDF
 *   (generateContent `Part.inlineData`; inline requests up to 20 MB, the basis of the size gates);
 * - OpenAI-compatible: `image_url {url: data URL}`, `input_audio {data, format: mp3|wav}` (raw
 *   base64, no data: prefix), `file {filename, file_data: data URL}` (developers.openai.com file
 *   inputs guide: "Chat Completions accepts only PDF files as file content parts");
 * - OpenAI Responses and xAI: `input_image {image_url: data URL}`, `input_file {filename, file_data}`
 *   (the same guide, Responses mode; xAI's PDF is measured, its documents name images only);
 * - Meta: those two plus `input_audio {input_audio: {data, format}}` ("input_audio content part
 *   requires input_audio, audio_url, or file_id") and `input_video {video_url}` ("requires video_url
 *   or file_id"), the ledger's quoted refusals (part 6 §5.7) and its content-verified probe (§7.6);
 * - Perplexity: `input_image` with a data URL only (docs.perplexity.ai agent-api/image-attachments:
 *   `{"type": "input_image", "image_url": "data:image/png;base64,…"}`; other parts are refused by name).
 */
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_KINDS, type AttachmentKind } from '../../domain/attachment.ts';
import { PROVIDERS, type Provider } from '../../domain/enums.ts';
import { lastUserMessageOf } from '../../../test/fakes/request-parts.ts';
import type { WireKind } from '../../../test/fakes/wire-of-path.ts';
import { carries } from '../provider.ts';
import { ATTACHMENT_OF_KIND, WAV, contractContext, contractRequest } from './attachment-contract-cases.ts';
import { wireFor } from './index.ts';

const FINAL_TEXT =
  '【送り手: ミュゼ】\nこれは何?\n（添付: 画像 1 枚「photo.png」。中身はこの発話のターンにだけモデルへ渡されます）';

/**
 * Today's bodies of `contractRequest()` (no attachment anywhere), written down before attachments
 * reached the send entry: the bytes a village that never attaches anything keeps sending.
 */
const PLAIN_BODY: Record<Provider, string> = {
  open_ai_compat: `{"model":"contract-model","messages":[{"role":"system","content":"あなたはザリです。"},{"role":"user","content":"こんにちは"},{"role":"assistant","content":"やあ"},{"role":"user","content":${JSON.stringify(FINAL_TEXT)}}],"max_tokens":8192}`,
  anthropic: `{"model":"contract-model","max_tokens":8192,"system":[{"type":"text","text":"あなたはザリです。"}],"messages":[{"role":"user","content":[{"type":"text","text":"こんにちは"}]},{"role":"assistant","content":[{"type":"text","text":"やあ"}]},{"role":"user","content":[{"type":"text","text":${JSON.stringify(FINAL_TEXT)}}]}],"thinking":{"type":"adaptive","display":"summarized"}}`,
  gemini: `{"systemInstruction":{"parts":[{"text":"あなたはザリです。"}]},"contents":[{"role":"user","parts":[{"text":"こんにちは"}]},{"role":"model","parts":[{"text":"やあ"}]},{"role":"user","parts":[{"text":${JSON.stringify(FINAL_TEXT)}}]}],"generationConfig":{"maxOutputTokens":8192,"thinkingConfig":{"includeThoughts":true}}}`,
  xai_responses: `{"model":"contract-model","input":[{"role":"system","content":"あなたはザリです。"},{"role":"user","content":"こんにちは"},{"role":"assistant","content":"やあ"},{"role":"user","content":${JSON.stringify(FINAL_TEXT)}}],"include":["no_inline_citations"],"store":false,"max_output_tokens":8192}`,
  open_ai_responses: `{"model":"contract-model","instructions":"あなたはザリです。","input":[{"role":"user","content":"こんにちは"},{"role":"assistant","content":"やあ"},{"role":"user","content":${JSON.stringify(FINAL_TEXT)}}],"include":["web_search_call.action.sources","reasoning.encrypted_content"],"reasoning":{"summary":"detailed","context":"current_turn"},"store":false,"max_output_tokens":8192}`,
  meta_responses: `{"model":"contract-model","instructions":"あなたはザリです。","input":[{"role":"user","content":"こんにちは"},{"role":"assistant","content":"やあ"},{"role":"user","content":${JSON.stringify(FINAL_TEXT)}}],"store":false,"max_output_tokens":8192}`,
  perplexity_responses: `{"model":"contract-model","instructions":"あなたはザリです。","input":[{"role":"user","content":"こんにちは"},{"role":"assistant","content":"やあ"},{"role":"user","content":${JSON.stringify(FINAL_TEXT)}}],"store":false,"max_output_tokens":8192}`,
};

const WIRE_KIND: Record<Provider, WireKind> = {
  open_ai_compat: 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
  xai_responses: 'responses',
  open_ai_responses: 'responses',
  meta_responses: 'responses',
  perplexity_responses: 'responses',
};

type Part = Record<string, unknown>;

const RESPONSES_PARTS: Record<AttachmentKind, Part> = {
  image: { type: 'input_image', image_url: 'data:image/webp;base64,UklGRg==' },
  audio: { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
  video: { type: 'input_video', video_url: 'data:video/mp4;base64,AAAAGGZ0eXA=' },
  pdf: { type: 'input_file', filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
};

/** The golden part of each carried kind; a missing entry is a kind the wire does not carry. */
const GOLDEN_PART: Record<Provider, Partial<Record<AttachmentKind, Part>>> = {
  open_ai_compat: {
    image: { type: 'image_url', image_url: { url: 'data:image/webp;base64,UklGRg==' } },
    audio: { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
    pdf: {
      type: 'file',
      file: { filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
    },
  },
  anthropic: {
    image: { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' } },
    pdf: { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
  },
  gemini: {
    image: { inlineData: { mimeType: 'image/webp', data: 'UklGRg==' } },
    audio: { inlineData: { mimeType: 'audio/mpeg', data: 'SUQz' } },
    video: { inlineData: { mimeType: 'video/mp4', data: 'AAAAGGZ0eXA=' } },
    pdf: { inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' } },
  },
  xai_responses: { image: RESPONSES_PARTS.image, pdf: RESPONSES_PARTS.pdf },
  open_ai_responses: { image: RESPONSES_PARTS.image, pdf: RESPONSES_PARTS.pdf },
  meta_responses: RESPONSES_PARTS,
  perplexity_responses: { image: RESPONSES_PARTS.image },
};

const TEXT_PART: Record<WireKind, (text: string) => Part> = {
  openai: (text) => ({ type: 'text', text }),
  anthropic: (text) => ({ type: 'text', text }),
  gemini: (text) => ({ text }),
  responses: (text) => ({ type: 'input_text', text }),
};

function encoded(provider: Provider, ...args: Parameters<typeof contractRequest>): string {
  return JSON.stringify(wireFor(provider).encode(contractRequest(...args), contractContext(provider)));
}

/** Today's plain body with the final user message's content replaced by `parts`, key order kept. */
function plainBodyWithFinalParts(provider: Provider, parts: Part[]): string {
  const body = JSON.parse(PLAIN_BODY[provider]) as Record<string, { role: string }[]>;
  const list = body.messages ?? body.contents ?? body.input ?? [];
  const final = list.at(-1) as Record<string, unknown>;
  final[provider === 'gemini' ? 'parts' : 'content'] = parts;
  return JSON.stringify(body);
}

describe.each(PROVIDERS)('%s: attachments on the wire', (provider) => {
  const wire = WIRE_KIND[provider];

  it('no attachments key, and attachments: [] on every user message, are today’s golden body', () => {
    expect(encoded(provider)).toBe(PLAIN_BODY[provider]);
    expect(encoded(provider, undefined, { emptyLists: true })).toBe(PLAIN_BODY[provider]);
    expect(encoded(provider, [])).toBe(PLAIN_BODY[provider]);
  });

  it('the golden table has a part for exactly the kinds carries() says this wire carries', () => {
    const golden = ATTACHMENT_KINDS.filter((kind) => GOLDEN_PART[provider][kind] !== undefined);
    expect(golden).toEqual(ATTACHMENT_KINDS.filter((kind) => carries(provider, kind)));
  });

  it.each(ATTACHMENT_KINDS.filter((kind) => carries(provider, kind)))(
    'a carried %s is its golden part on the final user message, before the text',
    (kind) => {
      const part = GOLDEN_PART[provider][kind]!;
      const body = encoded(provider, [ATTACHMENT_OF_KIND[kind]]);
      expect(body).toBe(plainBodyWithFinalParts(provider, [part, TEXT_PART[wire](FINAL_TEXT)]));
      // The fake provider's reader finds the same part and still the text after it.
      const last = lastUserMessageOf(wire, JSON.parse(body));
      expect(last.attachments).toEqual([part]);
      expect(last.text).toBe(FINAL_TEXT);
    },
  );

  it.each(ATTACHMENT_KINDS.filter((kind) => !carries(provider, kind)))(
    'a %s it does not carry is left out: the body is today’s, byte for byte',
    (kind) => {
      expect(encoded(provider, [ATTACHMENT_OF_KIND[kind]])).toBe(PLAIN_BODY[provider]);
    },
  );

  it('history user messages never carry parts: only the final one does', () => {
    const body = JSON.parse(encoded(provider, [ATTACHMENT_OF_KIND.image])) as Record<string, unknown[]>;
    const list = body.messages ?? body.contents ?? body.input ?? [];
    const serialisedHistory = JSON.stringify(list.slice(0, -1));
    expect(serialisedHistory).not.toContain('UklGRg==');
  });
});

describe('audio format and file names', () => {
  it.each(['open_ai_compat', 'meta_responses'] as const)('%s: a WAV goes with format wav', (provider) => {
    const body = JSON.parse(encoded(provider, [WAV])) as unknown;
    expect(lastUserMessageOf(WIRE_KIND[provider], body).attachments).toEqual([
      { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
    ]);
  });

  it.each(['open_ai_compat', 'open_ai_responses', 'xai_responses', 'meta_responses'] as const)(
    '%s: a PDF without a name goes as document.pdf',
    (provider) => {
      const { fileName: _dropped, ...unnamed } = ATTACHMENT_OF_KIND.pdf;
      const parts = lastUserMessageOf(
        WIRE_KIND[provider],
        JSON.parse(encoded(provider, [unnamed])),
      ).attachments;
      expect(JSON.stringify(parts)).toContain('"filename":"document.pdf"');
    },
  );
});
