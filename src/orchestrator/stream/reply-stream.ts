/**
 * One turn's streamed reply as the person sees it (issue 23): the deltas of every model call of the
 * turn grow one bubble, whose id the final message takes (so the UI replaces the bubble with it).
 * A bubble that showed something and never got its final message is closed with
 * `messageStreamStopped`. Nothing here enters history or the store: those come from the final
 * response, exactly as without streaming.
 *
 * Takes only an event sink and a clock, never the Orchestrator (no import circle).
 */
import { randomUUID } from 'node:crypto';
import type { CoreEvent } from '../../domain/events.ts';
import type { AgentId } from '../../domain/ids.ts';
import type { StreamDelta } from '../../llm/stream/stream-delta.ts';
import { DeltaBatcher, type BatchClock, type DeltaBatch } from './delta-batcher.ts';

export interface EventSink {
  emit(event: CoreEvent): void;
}

/**
 * Why a bubble has no final message: the stream or the turn broke (`cut`), the person interrupted
 * it, or the servant handed the work on to another one (its reply is the other servant's to give).
 */
export type StreamStopReason = 'cut' | 'interrupted' | 'handed_off';

/** Between two calls' texts in one bubble (a reply, its tool calls, then the next reply). */
const CALL_SEPARATOR = '\n\n';

export class ReplyStream {
  readonly messageId = randomUUID();
  private readonly batcher: DeltaBatcher;
  private shownText = false;
  private shownThinking = false;
  /** Whether the call now running has shown text (resp. thinking) yet. */
  private callText = false;
  private callThinking = false;
  private closed = false;

  constructor(
    private readonly agentId: AgentId,
    private readonly events: EventSink,
    clock: BatchClock,
  ) {
    this.batcher = new DeltaBatcher((batch) => this.sendBatch(batch), clock);
  }

  /** A model call starts: its first text follows the earlier calls' text after a blank line. */
  beginCall(): void {
    this.callText = false;
    this.callThinking = false;
  }

  /**
   * What the person would see: text and the thinking summary. Tool-call argument pieces, sources
   * and usage are not shown while streaming (the final message carries the sources).
   */
  readonly onDelta = (delta: StreamDelta): void => {
    if (this.closed) return;
    if (delta.kind === 'text' && delta.text !== '') {
      const lead = !this.callText && this.shownText ? CALL_SEPARATOR : '';
      this.callText = true;
      this.shownText = true;
      this.batcher.push({ text: lead + delta.text });
    } else if (delta.kind === 'reasoning' && delta.text !== '') {
      const lead = !this.callThinking && this.shownThinking ? CALL_SEPARATOR : '';
      this.callThinking = true;
      this.shownThinking = true;
      this.batcher.push({ thinking: lead + delta.text });
    }
  };

  /** The call ended (answered or not): what it showed goes out before any later event. */
  endCall(): void {
    this.batcher.flush();
  }

  /** The final message is about to be recorded under `messageId`: the bubble is done. */
  deliver(): void {
    this.batcher.flush();
    this.closed = true;
  }

  /** The turn ended without the final message: a bubble that showed something is marked. */
  stop(reason: StreamStopReason): void {
    if (this.closed) return;
    this.batcher.flush();
    this.closed = true;
    if (!this.shownText && !this.shownThinking) return;
    this.events.emit({
      type: 'messageStreamStopped',
      agentId: this.agentId,
      messageId: this.messageId,
      reason,
    });
  }

  private sendBatch(batch: DeltaBatch): void {
    const event: Extract<CoreEvent, { type: 'messageDelta' }> = {
      type: 'messageDelta',
      agentId: this.agentId,
      messageId: this.messageId,
      text: batch.text,
    };
    if (batch.thinking !== '') event.thinking = batch.thinking;
    this.events.emit(event);
  }
}
