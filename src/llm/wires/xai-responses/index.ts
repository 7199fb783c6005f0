/**
 * The xAI Responses wire (`POST {baseUrl}/responses`): pure encode / decode on the shared Responses
 * core, no I/O. The client adds `authorization: Bearer` (provider.ts `authHeaders`), so this wire
 * adds no headers. It exists for the web_search / x_search server tools, which xAI's chat
 * completions do not have (the legacy search_parameters there answers 410).
 */
import { responsesStreaming } from '../responses/index.ts';
import type { WireAdapter } from '../wire.ts';
import { decodeXaiResponse } from './decode-xai-response.ts';
import { encodeXaiRequest } from './encode-xai-request.ts';
import { xaiErrorSignal } from './xai-error.ts';

export const xaiResponsesWire: WireAdapter = {
  provider: 'xai_responses',
  headers: () => ({}),
  encode: (request, context) => encodeXaiRequest(request, context),
  decode: (body) => decodeXaiResponse(body),
  errorSignal: (body) => xaiErrorSignal(body),
  // `insufficient_quota` is billing on the compat and the four Responses wires (ledger part 5).
  billingAware: true,
  streaming: responsesStreaming({
    decode: (body) => decodeXaiResponse(body),
    errorSignal: (body) => xaiErrorSignal(body),
    billingAware: true,
    // custom_tool_call is x_search's own server-side call here (decode-xai-response.ts), not ours.
    callKinds: ['function_call'],
  }),
};
