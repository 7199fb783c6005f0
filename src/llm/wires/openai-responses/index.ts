/**
 * The OpenAI Responses wire (`POST {baseUrl}/responses`, provider `open_ai_responses`): pure encode
 * / decode on the shared Responses core, no I/O. The client adds `Authorization: Bearer` itself, so
 * this wire adds no headers.
 */
import type { WireAdapter } from '../wire.ts';
import { responsesErrorSignal, responsesStreaming } from '../responses/index.ts';
import { decodeOpenAiResponsesResponse } from './decode-openai-responses-response.ts';
import { encodeOpenAiResponsesRequest } from './encode-openai-responses-request.ts';

export const openAiResponsesWire: WireAdapter = {
  provider: 'open_ai_responses',
  headers: () => ({}),
  encode: (request, context) => encodeOpenAiResponsesRequest(request, context),
  decode: (body) => decodeOpenAiResponsesResponse(body),
  errorSignal: (body) => responsesErrorSignal(body),
  // `insufficient_quota` is billing here too (fixture openai-error): never retried.
  billingAware: true,
  streaming: responsesStreaming({
    decode: (body) => decodeOpenAiResponsesResponse(body),
    errorSignal: (body) => responsesErrorSignal(body),
    billingAware: true,
  }),
};
