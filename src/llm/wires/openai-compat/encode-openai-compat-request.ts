/**
 * ChatRequest to the `POST /chat/completions` body. Key order is fixed and pinned by the golden
 * tests: model, messages, tools, tool_choice, max_tokens | max_completion_tokens, temperature,
 * reasoning_effort. Optional keys are omitted, never sent as null.
 */
import type { ChatRequest, ToolSpec } from '../../canonical.ts';
import type { WireContext } from '../wire.ts';
import { convertToOpenAiCompatMessages } from './convert-to-openai-compat-messages.ts';
import type { OpenAiCompatRequest, OpenAiCompatTool } from './openai-compat-api.ts';
import { reasoningEffort, usesMaxCompletionTokens } from './openai-compat-options.ts';

function convertTool(tool: ToolSpec): OpenAiCompatTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

export function encodeOpenAiCompatRequest(request: ChatRequest, context: WireContext): OpenAiCompatRequest {
  const body: OpenAiCompatRequest = {
    model: context.model,
    messages: convertToOpenAiCompatMessages(request.system, request.messages),
  };
  // tools and tool_choice only with at least one tool (an empty `tools` array is a 400 on OpenAI).
  const hasTools = request.tools.length > 0;
  if (hasTools) {
    body.tools = request.tools.map(convertTool);
    body.tool_choice = request.toolChoice;
  }
  if (usesMaxCompletionTokens(context.model)) body.max_completion_tokens = request.maxOutputTokens;
  else body.max_tokens = request.maxOutputTokens;
  if (request.temperature !== null) body.temperature = request.temperature;
  const effort = reasoningEffort(context.model, request.effort, hasTools);
  if (effort !== null) body.reasoning_effort = effort;
  return body;
}
