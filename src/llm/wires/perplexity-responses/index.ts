/**
 * The Perplexity Responses wire (`POST https://api.perplexity.ai/v1/responses`, ledger part 6
 * `perplexity_responses`, the 7th wire): pure encode / decode on the shared Responses core, no I/O.
 * Perplexity has no Chat Completions endpoint (404), so this is its only wire. The client adds
 * `Authorization: Bearer` itself, so this wire adds no headers.
 */
import { responsesErrorSignal, responsesStreaming } from '../responses/index.ts';
import type { WireAdapter } from '../wire.ts';
import { decodePerplexityResponse } from './decode-perplexity-response.ts';
import { encodePerplexityRequest } from './encode-perplexity-request.ts';

export const perplexityResponsesWire: WireAdapter = {
  provider: 'perplexity_responses',
  headers: () => ({}),
  encode: (request, context) => encodePerplexityRequest(request, context),
  decode: (body) => decodePerplexityResponse(body),
  errorSignal: (body) => responsesErrorSignal(body),
  // Not measured on Perplexity. `insufficient_quota` means an exhausted balance wherever it appears,
  // and retrying one cannot help, so it is Billing here too (as on the OpenAI wires).
  billingAware: true,
  streaming: responsesStreaming({
    decode: (body) => decodePerplexityResponse(body),
    errorSignal: (body) => responsesErrorSignal(body),
    billingAware: true,
  }),
};
