/**
 * The Meta Responses wire (`meta_responses`, `POST {baseUrl}/responses`, default base URL
 * https://api.meta.ai/v1 in provider.ts): pure encode / decode on the shared Responses core, no I/O.
 * Meta answers the whole body without `stream` (measured, ledger part 6); streaming (issue 23) is
 * the shared Responses event stream, which goes past the ledger: no Meta stream was recorded. The
 * client adds `Authorization: Bearer` itself, so this wire adds no headers.
 */
import { responsesStreaming } from '../responses/index.ts';
import type { WireAdapter } from '../wire.ts';
import { decodeMetaResponse } from './decode-meta-response.ts';
import { encodeMetaRequest } from './encode-meta-request.ts';
import { metaErrorSignal } from './meta-error.ts';

export const metaResponsesWire: WireAdapter = {
  provider: 'meta_responses',
  headers: () => ({}),
  encode: (request, context) => encodeMetaRequest(request, context),
  decode: (body) => decodeMetaResponse(body),
  errorSignal: (body) => metaErrorSignal(body),
  // The Responses wires read `insufficient_quota` as billing (as OpenAI's does); not measured on Meta.
  billingAware: true,
  streaming: responsesStreaming({
    decode: (body) => decodeMetaResponse(body),
    errorSignal: (body) => metaErrorSignal(body),
    billingAware: true,
  }),
};
