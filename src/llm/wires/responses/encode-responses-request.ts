/**
 * ChatRequest to the `POST /responses` body, the part the four wires share. Key order is fixed and
 * pinned by each wire's golden tests: model, instructions?, input, tools?, include?, reasoning?,
 * store, max_output_tokens, temperature?, max_steps?. Optional keys are omitted, never null.
 *
 * Each wire passes what only it knows: where the system prompt goes, its server tools, `include`,
 * the `reasoning` block, whether temperature may be sent for this model, and `max_steps`.
 * - `store: false` is always written (Spec 34 D3): the village keeps no conversation at the provider,
 *   and there is no `previous_response_id` (history is built on our side).
 * - `max_output_tokens` is the only limit field, the user's value as it is.
 * - `tool_choice` is never written (encode-responses-tools.ts says why).
 * - attachments of a kind this provider does not carry are left out (`withCarriedAttachments`).
 */
import type { ChatRequest } from '../../canonical.ts';
import { withCarriedAttachments } from '../attachment-wire.ts';
import type { WireContext } from '../wire.ts';
import { convertToResponsesInput, type SystemPlacement } from './convert-to-responses-input.ts';
import type { ResponsesReasoning, ResponsesRequest, ResponsesServerTool } from './responses-api.ts';
import { encodeResponsesTools } from './encode-responses-tools.ts';

export interface ResponsesEncodeOptions {
  systemPlacement: SystemPlacement;
  /** Server tools of the skills that are active for this template (none with ToolChoice 'none'). */
  serverTools?: ResponsesServerTool[];
  /** `strict` on every function tool, only where the wire decides to send it. */
  strictFunctionTools?: boolean;
  /** Omitted when absent or empty. */
  include?: string[];
  /** Omitted when absent or null. */
  reasoning?: ResponsesReasoning | null;
  /** False for models that answer 400 to `temperature`; default true (sent when the request has one). */
  temperatureAllowed?: boolean;
  /** Perplexity only; omitted when absent or null. */
  maxSteps?: number | null;
}

export function encodeResponsesRequest(
  request: ChatRequest,
  context: Pick<WireContext, 'model' | 'provider'>,
  options: ResponsesEncodeOptions,
): ResponsesRequest {
  const { instructions, input } = convertToResponsesInput(
    request.system,
    withCarriedAttachments(context.provider, request.messages),
    options.systemPlacement,
  );
  const tools = encodeResponsesTools(request, {
    ...(options.serverTools ? { serverTools: options.serverTools } : {}),
    ...(options.strictFunctionTools !== undefined ? { strict: options.strictFunctionTools } : {}),
  });
  const body: Partial<ResponsesRequest> = { model: context.model };
  if (instructions !== undefined) body.instructions = instructions;
  body.input = input;
  if (tools !== null) body.tools = tools;
  if (options.include !== undefined && options.include.length > 0) body.include = options.include;
  if (options.reasoning != null) body.reasoning = options.reasoning;
  body.store = false;
  body.max_output_tokens = request.maxOutputTokens;
  if (request.temperature !== null && options.temperatureAllowed !== false)
    body.temperature = request.temperature;
  if (options.maxSteps != null) body.max_steps = options.maxSteps;
  return body as ResponsesRequest;
}
