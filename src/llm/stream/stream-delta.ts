import type { ChatResponse, Usage } from '../canonical.ts';

/**
 * What a stream says as it goes, the same on every wire (issue 23). The UI and the door show these;
 * the turn loop never builds history from them: history, usage and the turn record come from the
 * assembled final response (`StreamAssembler.finish`), which is the wire's own non-streaming decode
 * of the rebuilt body, so both paths give the same result by construction.
 */
export type StreamDelta =
  | { kind: 'text'; text: string }
  /** The model's thinking summary as it arrives (never enters history, as in the whole response). */
  | { kind: 'reasoning'; text: string }
  /**
   * A tool call growing: `index` orders calls within the reply; `id` and `name` arrive once (the
   * first delta of that call on most wires), `arguments` is the next piece of the JSON text.
   */
  | { kind: 'tool-call'; index: number; id?: string; name?: string; arguments: string }
  /** A source the answer cites (web search), display only. */
  | { kind: 'source'; url: string; title?: string }
  /** Token counts reported so far (some wires send them at the start, some at the end, some both). */
  | { kind: 'usage'; usage: Partial<Usage> };

/**
 * One wire's stream parser: fed decoded SSE events in order, it returns the deltas each one adds and
 * finally the whole response. Pure and synchronous (tested on input split at every byte).
 */
export interface StreamAssembler {
  push(event: { event: string; data: string }): StreamDelta[];
  /**
   * The stream ended normally: the response exactly as the wire's `decode` reads the provider's whole
   * (non-streaming) body for the same reply. Throws LlmError('parse') when the stream never completed
   * (no final event where the wire has one) or an event's JSON is broken, and the provider's error when
   * the stream carried an error event.
   */
  finish(): ChatResponse;
}
