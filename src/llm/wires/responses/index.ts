/**
 * The shared Responses core (`POST {baseUrl}/responses`) the four wires build on: OpenAI, xAI, Meta
 * and Perplexity. Pure functions only; each wire folder adds its own tools, include, reasoning,
 * output kinds, grounding and notes. Usage notes for wire authors: see each export's comment.
 */
export * from './responses-api.ts';
export {
  convertToResponsesInput,
  type ResponsesInput,
  type SystemPlacement,
} from './convert-to-responses-input.ts';
export { encodeResponsesRequest, type ResponsesEncodeOptions } from './encode-responses-request.ts';
export {
  encodeResponsesTools,
  responsesFunctionTool,
  type ResponsesToolOptions,
} from './encode-responses-tools.ts';
export {
  decodeResponsesOutput,
  type DecodeResponsesOptions,
  type DecodedResponses,
  type ResponsesKindHandler,
} from './decode-responses-output.ts';
export { convertResponsesUsage } from './convert-responses-usage.ts';
export { mapResponsesFinish } from './map-responses-finish.ts';
export { responsesErrorSignal } from './responses-error.ts';
export {
  responsesCallFacts,
  type ResponsesCallFacts,
  type ResponsesToolCallExtra,
} from './responses-tool-call-extra.ts';
export { splitParallelCall, PARALLEL_WRAPPER_NAME } from './split-parallel-call.ts';
export { ResponsesSources } from './responses-sources.ts';
export {
  ResponsesStreamAssembler,
  responsesStreaming,
  type ResponsesStreamOptions,
} from './stream-responses.ts';
