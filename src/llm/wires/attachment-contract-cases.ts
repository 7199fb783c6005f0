/**
 * Test-only: what the wire attachment contract test runs over all seven wires (one attachment of
 * each kind, a WireContext per provider, the request it rides on).
 */
import type { AttachmentKind } from '../../domain/attachment.ts';
import type { Provider } from '../../domain/enums.ts';
import { parseModelTemplateId } from '../../domain/ids.ts';
import { TEMPLATE_DEFAULTS, type ModelTemplate } from '../../domain/template.ts';
import type { AttachmentData, ChatMessage, ChatRequest } from '../canonical.ts';
import { DEFAULT_BASE_URL } from '../provider.ts';
import { request } from './test-request.ts';
import type { WireContext } from './wire.ts';

/** Short base64 stand-ins: the encoders pass `data` through, they never decode it. */
export const ATTACHMENT_OF_KIND: Record<AttachmentKind, AttachmentData> = {
  image: { kind: 'image', mimeType: 'image/webp', data: 'UklGRg==', fileName: 'photo.png' },
  audio: { kind: 'audio', mimeType: 'audio/mpeg', data: 'SUQz', fileName: 'voice.mp3' },
  video: { kind: 'video', mimeType: 'video/mp4', data: 'AAAAGGZ0eXA=', fileName: 'clip.mp4' },
  pdf: { kind: 'pdf', mimeType: 'application/pdf', data: 'JVBERi0=', fileName: 'report.pdf' },
};

export const WAV: AttachmentData = {
  kind: 'audio',
  mimeType: 'audio/wav',
  data: 'UklGRg==',
  fileName: 'a.wav',
};

/** A template on the provider's own default host, with no skill on (skills add tools, not parts). */
export function contractContext(provider: Provider): WireContext {
  const template: ModelTemplate = {
    ...TEMPLATE_DEFAULTS,
    id: parseModelTemplateId(`tpl-${provider}`),
    name: provider,
    baseUrl: DEFAULT_BASE_URL[provider],
    model: 'contract-model',
    provider,
  };
  return { provider, model: template.model, template };
}

/**
 * Two turns of history and the current user message (the folded turn, with its marker line), the
 * final one carrying `attachments` when given. `emptyLists` puts `attachments: []` on every user message.
 */
export function contractRequest(
  attachments?: AttachmentData[],
  { emptyLists = false }: { emptyLists?: boolean } = {},
): ChatRequest {
  const empty = emptyLists ? { attachments: [] } : {};
  const final: ChatMessage = {
    role: 'user',
    content:
      '【送り手: ミュゼ】\nこれは何?\n（添付: 画像 1 枚「photo.png」。中身はこの発話のターンにだけモデルへ渡されます）',
    ...(attachments === undefined ? empty : { attachments }),
  };
  return request({
    messages: [
      { role: 'user', content: 'こんにちは', ...empty },
      { role: 'assistant', content: 'やあ' },
      final,
    ],
  });
}
