/**
 * The OpenAI-compatible wire (`POST {baseUrl}/chat/completions`): pure encode / decode, no I/O.
 * The client adds `Authorization: Bearer` itself, so this wire adds no headers.
 */
import type { WireAdapter } from '../wire.ts';
import { decodeOpenAiCompatResponse } from './decode-openai-compat-response.ts';
import { encodeOpenAiCompatRequest } from './encode-openai-compat-request.ts';
import { openAiCompatErrorSignal } from './openai-compat-error.ts';
import { openAiCompatStreaming } from './stream-openai-compat.ts';

export const openAiCompatWire: WireAdapter = {
  provider: 'open_ai_compat',
  headers: () => ({}),
  encode: (request, context) => encodeOpenAiCompatRequest(request, context),
  decode: (body) => decodeOpenAiCompatResponse(body),
  errorSignal: (body) => openAiCompatErrorSignal(body),
  // `insufficient_quota` is billing here (OpenAI answers it with a 429 that must not be retried).
  billingAware: true,
  streaming: openAiCompatStreaming,
};
