/**
 * The Gemini native wire (`models/{model}:generateContent`): pure encode / decode, no I/O. The
 * client adds `x-goog-api-key` (provider.ts `authHeaders`), so this wire adds no headers. Streaming
 * (`streamGenerateContent?alt=sse`): stream-gemini.ts.
 */
import type { WireAdapter } from '../wire.ts';
import { decodeGeminiResponse } from './decode-gemini-response.ts';
import { geminiToolRefusals } from './gemini-declarations.ts';
import { encodeGeminiRequest } from './encode-gemini-request.ts';
import { geminiErrorSignal } from './gemini-error.ts';
import { geminiStreaming } from './stream-gemini.ts';

export const geminiWire: WireAdapter = {
  provider: 'gemini',
  headers: () => ({}),
  encode: (request, context) => encodeGeminiRequest(request, context),
  decode: (body) => decodeGeminiResponse(body),
  errorSignal: (body) => geminiErrorSignal(body),
  // RESOURCE_EXHAUSTED is a rate limit, not billing: Gemini has no `insufficient_quota`.
  billingAware: false,
  toolRefusals: (request) => geminiToolRefusals(request.tools),
  streaming: geminiStreaming,
};
