/** A reply as it streams in (issue 23); the state's functions are in state/streaming-replies.ts. */
export type StreamStop = 'cut' | 'interrupted' | 'handed_off';

export interface StreamingReply {
  agentId: string;
  messageId: string;
  /** The reply so far (at most STREAM_TEXT_MAX_CHARS; `capped` says more came). */
  text: string;
  /** The reasoning summary so far (same bound). */
  thinking: string;
  /** A stream that ended without its final message: shown marked, never part of the conversation. */
  stopped?: StreamStop;
  /** More text arrived than is kept here; the final message, when it comes, holds it all. */
  capped?: boolean;
  /** The same for the thinking summary. */
  thinkingCapped?: boolean;
  /**
   * The events socket dropped while it streamed: deltas sent meanwhile are lost, so the text shown may
   * miss a part (the final message, when it comes, is whole).
   */
  gap?: boolean;
  /** Arrival of the first delta (this page's clock): where a stopped reply sits among the rows. */
  tsMs: number;
}
