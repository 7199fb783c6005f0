/**
 * What the Responses decoder keeps on `ToolCall.extra` and the input converter reads back: the same
 * mechanism Gemini uses for its thought signature (ChatMessage has no slot for provider parts by the
 * ledger's rule). Everything sits under one `responses` key so another adapter's extra is never
 * mistaken for ours.
 */
import type { ToolCall } from '../../canonical.ts';
import { isJsonObject } from '../decode-json.ts';
import type { ResponsesCarriedItem } from './responses-api.ts';

export interface ResponsesCallFacts {
  /** `custom`: a custom_tool_call (free-form `input`), answered with custom_tool_call_output. */
  kind: 'function' | 'custom';
  /** The output item's own id (`fc_…`, `ct_…`), sent back with the call when kept. */
  itemId?: string;
  /**
   * On the first ToolCall of a response only: the output items the next call of the same turn must
   * get back verbatim (every non-call item when encrypted reasoning or a phase is there), in order.
   */
  carried?: ResponsesCarriedItem[];
  /** With `carried`: how many carried items preceded this call's item in the output (its place). */
  after?: number;
}

export interface ResponsesToolCallExtra {
  responses: ResponsesCallFacts;
}

/** Our facts about a call, or the defaults (a plain function call) for a call we did not decode. */
export function responsesCallFacts(call: ToolCall): ResponsesCallFacts {
  const extra = call.extra;
  if (!isJsonObject(extra) || !isJsonObject(extra.responses)) return { kind: 'function' };
  const facts = extra.responses;
  return {
    kind: facts.kind === 'custom' ? 'custom' : 'function',
    ...(typeof facts.itemId === 'string' && facts.itemId !== '' ? { itemId: facts.itemId } : {}),
    ...(Array.isArray(facts.carried) ? { carried: facts.carried.filter(isCarriedItem) } : {}),
    ...(Number.isInteger(facts.after) && (facts.after as number) >= 0
      ? { after: facts.after as number }
      : {}),
  };
}

function isCarriedItem(value: unknown): value is ResponsesCarriedItem {
  return isJsonObject(value) && typeof value.type === 'string';
}
