/**
 * ChatRequest to the OpenAI `POST /v1/responses` body, on the shared encoder: model, instructions,
 * input, tools?, include, reasoning?, store false, max_output_tokens, temperature? (never max_steps).
 *
 * Function tools carry `strict: false`, past the ledger's flat form on purpose: OpenAI's Responses
 * function tools default to strict validation, which refuses any schema that does not list every
 * property as required with additionalProperties false, and the village's tool schemas (and MCP
 * servers') are not written for it.
 */
import type { ChatRequest } from '../../canonical.ts';
import type { WireContext } from '../wire.ts';
import { encodeResponsesRequest, type ResponsesRequest } from '../responses/index.ts';
import { temperatureAllowed } from './openai-responses-models.ts';
import {
  openAiResponsesInclude,
  openAiResponsesReasoning,
  openAiResponsesServerTools,
} from './openai-responses-options.ts';

export function encodeOpenAiResponsesRequest(request: ChatRequest, context: WireContext): ResponsesRequest {
  return encodeResponsesRequest(request, context, {
    systemPlacement: 'instructions',
    serverTools: openAiResponsesServerTools(context.template),
    strictFunctionTools: false,
    include: openAiResponsesInclude(context.model),
    reasoning: openAiResponsesReasoning(context.model, request.effort, context.template),
    temperatureAllowed: temperatureAllowed(context.model),
  });
}
