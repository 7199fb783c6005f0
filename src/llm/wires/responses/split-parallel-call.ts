/**
 * The parallel wrapper (fixture parallel-tool-call-wrapper): some OpenAI models answer several calls
 * as ONE function_call named `parallel` whose arguments are
 * `{"tool_uses": [{"recipient_name": "functions.<name>", "parameters": {...}}, ...]}`, a tool nobody
 * declared. Each use becomes its own ToolCall, so the orchestrator runs the tools it offered.
 *
 * Ids: `<call_id>_<index>`, so every result pairs with exactly one call. The next call of the turn
 * gets the split calls back as ordinary function_call items with those ids (what the model sees is
 * its own calls, answered one by one); the original wrapper item is not replayed.
 * A declared tool really named `parallel` without a `tool_uses` array is left alone.
 */
import type { ToolCall } from '../../canonical.ts';
import { isJsonObject } from '../decode-json.ts';

export const PARALLEL_WRAPPER_NAME = 'parallel';
const FUNCTIONS_PREFIX = 'functions.';

/** The split calls, or null when this is not the wrapper. */
export function splitParallelCall(
  callId: string,
  name: string,
  args: Record<string, unknown>,
): ToolCall[] | null {
  if (name !== PARALLEL_WRAPPER_NAME || !Array.isArray(args.tool_uses)) return null;
  return args.tool_uses.filter(isJsonObject).map((use, index) => {
    const recipient = typeof use.recipient_name === 'string' ? use.recipient_name : '';
    return {
      id: `${callId}_${index}`,
      name: recipient.startsWith(FUNCTIONS_PREFIX) ? recipient.slice(FUNCTIONS_PREFIX.length) : recipient,
      arguments: isJsonObject(use.parameters) ? use.parameters : {},
    };
  });
}
