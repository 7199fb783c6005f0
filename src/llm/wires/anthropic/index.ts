/** The Anthropic Messages wire (`POST {baseUrl}/messages`): pure canonical <-> JSON, no I/O. */
import { isJsonObject } from '../decode-json.ts';
import type { WireAdapter } from '../wire.ts';
import { anthropicErrorSignal } from './anthropic-error.ts';
import { decodeAnthropicResponse } from './decode-anthropic-response.ts';
import { anthropicHeaders, encodeAnthropicRequest } from './encode-anthropic-request.ts';
import { AnthropicStreamAssembler } from './stream-anthropic.ts';

export const anthropicWire: WireAdapter = {
  provider: 'anthropic',
  headers: (request) => anthropicHeaders(request),
  encode: (request, context) => encodeAnthropicRequest(request, context),
  decode: (body) => decodeAnthropicResponse(body),
  errorSignal: (body) => anthropicErrorSignal(body),
  /** Anthropic has no billing error code; only the OpenAI-shaped wires read `insufficient_quota`. */
  billingAware: false,
  /** The same request with `stream: true`, to the same URL; the events rebuild the whole body. */
  streaming: {
    body: (encoded) => (isJsonObject(encoded) ? { ...encoded, stream: true } : encoded),
    assembler: () => new AnthropicStreamAssembler(),
  },
};

export { CACHE_MIN_TOKENS, estimateCacheTokens } from './anthropic-cache.ts';
export { ANTHROPIC_VERSION, EXTENDED_CACHE_TTL_BETA } from './encode-anthropic-request.ts';
