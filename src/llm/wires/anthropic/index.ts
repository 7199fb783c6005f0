/** The Anthropic Messages wire (`POST {baseUrl}/messages`): pure canonical <-> JSON, no I/O. */
import type { WireAdapter } from '../wire.ts';
import { anthropicErrorSignal } from './anthropic-error.ts';
import { decodeAnthropicResponse } from './decode-anthropic-response.ts';
import { anthropicHeaders, encodeAnthropicRequest } from './encode-anthropic-request.ts';

export const anthropicWire: WireAdapter = {
  provider: 'anthropic',
  headers: (request) => anthropicHeaders(request),
  encode: (request, context) => encodeAnthropicRequest(request, context),
  decode: (body) => decodeAnthropicResponse(body),
  errorSignal: (body) => anthropicErrorSignal(body),
  /** Anthropic has no billing error code; only the OpenAI-shaped wires read `insufficient_quota`. */
  billingAware: false,
};

export { CACHE_MIN_TOKENS, estimateCacheTokens } from './anthropic-cache.ts';
export { ANTHROPIC_VERSION, EXTENDED_CACHE_TTL_BETA } from './encode-anthropic-request.ts';
