/**
 * The `tools` array of a Responses request: the request's function tools in the flat form
 * `{type: "function", name, description, parameters}`, then the server tools the wire's active
 * skills add (web_search, x_search, finance_search ...). Function and server tools may sit together
 * on every Responses provider (xAI measured 2026-08-10).
 *
 * With ToolChoice 'none' (the wrap-up call after the tool limit, summarize) NEITHER kind is sent: "no
 * tools" reaches server tools too, or the person pays a search's injected input for a summary
 * (ledger xai_responses). `tool_choice` itself is never sent on any Responses wire: Meta accepts
 * only "auto" (`only "auto" is supported for tool_choice`) and 'none' is expressed by the absence.
 * The parameters schema goes as written (the compat wire sends it unchanged too); `strict` is added
 * only when the wire passes it.
 */
import type { ChatRequest, ToolSpec } from '../../canonical.ts';
import type { ResponsesFunctionTool, ResponsesServerTool, ResponsesTool } from './responses-api.ts';

export interface ResponsesToolOptions {
  serverTools?: ResponsesServerTool[];
  strict?: boolean;
}

export function responsesFunctionTool(tool: ToolSpec, strict?: boolean): ResponsesFunctionTool {
  const flat: ResponsesFunctionTool = {
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
  };
  return strict === undefined ? flat : { ...flat, strict };
}

/** The tools to send, or null to omit the key (an empty array is never sent). */
export function encodeResponsesTools(
  request: Pick<ChatRequest, 'tools' | 'toolChoice'>,
  options: ResponsesToolOptions = {},
): ResponsesTool[] | null {
  if (request.toolChoice === 'none') return null;
  const tools: ResponsesTool[] = [
    ...request.tools.map((tool) => responsesFunctionTool(tool, options.strict)),
    ...(options.serverTools ?? []),
  ];
  return tools.length === 0 ? null : tools;
}
