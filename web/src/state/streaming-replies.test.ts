import { describe, expect, it } from 'vitest';
import type { AgentMessage, CoreEvent } from '../lib/types.ts';
import { applyEvent, replayPatches, type LiveState } from './apply-event.ts';
import {
  appendDelta,
  closeIdleGaps,
  markGaps,
  stopReply,
  streamingAgents,
  type StreamingReply,
} from './streaming-replies.ts';
import type { World } from './world.ts';

function state(): LiveState {
  return {
    world: { agents: [{ id: 'a', status: 'running' }] } as unknown as World,
    messages: [],
    toolRows: [],
    typing: {},
    interrupting: {},
    waves: [],
    streams: [],
  };
}

const delta = (messageId: string, text: string, thinking?: string): CoreEvent => ({
  type: 'messageDelta',
  agentId: 'a',
  messageId,
  text,
  ...(thinking === undefined ? {} : { thinking }),
});

const final = (id: string, content: string): AgentMessage => ({
  id,
  from: { kind: 'agent', id: 'a' },
  to: { kind: 'user' },
  content,
  tokens: 3,
  tsMs: 50,
  hop: 0,
});

describe('a streaming reply', () => {
  it('grows by each delta, text and thinking apart, stamped at its first delta', () => {
    const s = state();
    applyEvent(s, delta('m1', 'Hel', 'Look'), 10);
    applyEvent(s, delta('m1', 'lo **wor'), 20);
    applyEvent(s, delta('m1', 'ld**', 'ing up'), 30);
    expect(s.streams).toEqual([
      { agentId: 'a', messageId: 'm1', text: 'Hello **world**', thinking: 'Looking up', tsMs: 10 },
    ]);
    expect(s.messages).toEqual([]);
  });

  it('keeps replies of two messages apart', () => {
    const s = state();
    applyEvent(s, delta('m1', 'one'), 1);
    applyEvent(s, { type: 'messageDelta', agentId: 'b', messageId: 'm2', text: 'two' }, 2);
    applyEvent(s, delta('m1', ' more'), 3);
    expect(s.streams.map((r) => [r.agentId, r.text])).toEqual([
      ['a', 'one more'],
      ['b', 'two'],
    ]);
  });

  it('is replaced by its final message (same id): one row, the stored message', () => {
    const s = state();
    applyEvent(s, delta('m1', 'Hello'), 1);
    applyEvent(s, delta('other', 'Still going'), 1);
    applyEvent(s, { type: 'messageSent', message: final('m1', 'Hello world') as never }, 2);
    expect(s.messages.map((m) => m.content)).toEqual(['Hello world']);
    expect(s.streams.map((r) => r.messageId)).toEqual(['other']);
  });

  it('stays, marked, when its stream is interrupted or cut; later deltas do not grow it', () => {
    const s = state();
    applyEvent(s, delta('m1', 'Half a'), 1);
    applyEvent(s, { type: 'messageStreamStopped', agentId: 'a', messageId: 'm1', reason: 'interrupted' }, 2);
    applyEvent(s, delta('m1', ' sentence'), 3);
    expect(s.streams).toMatchObject([{ messageId: 'm1', text: 'Half a', stopped: 'interrupted' }]);
    applyEvent(s, delta('m2', 'Cut'), 4);
    applyEvent(s, { type: 'messageStreamStopped', agentId: 'a', messageId: 'm2', reason: 'cut' }, 5);
    expect(s.streams[1]).toMatchObject({ messageId: 'm2', stopped: 'cut' });
    expect(s.messages).toEqual([]);
    expect(streamingAgents(s.streams).size).toBe(0);
  });

  it('a stop for a message that showed nothing leaves nothing behind', () => {
    const s = state();
    applyEvent(s, { type: 'messageStreamStopped', agentId: 'a', messageId: 'm1', reason: 'cut' }, 1);
    applyEvent(s, delta('m2', ''), 1);
    applyEvent(s, { type: 'messageStreamStopped', agentId: 'a', messageId: 'm2', reason: 'cut' }, 1);
    expect(s.streams).toEqual([]);
  });

  it('is dropped when the conversation is switched or cleared, like the messages', () => {
    const s = state();
    applyEvent(s, delta('m1', 'of the old conversation'), 1);
    applyEvent(s, delta('m2', 'stopped'), 1);
    applyEvent(s, { type: 'messageStreamStopped', agentId: 'a', messageId: 'm2', reason: 'cut' }, 1);
    applyEvent(s, { type: 'sessionSwitched', sessionId: 'other' }, 2);
    expect(s.streams).toEqual([]);
    applyEvent(s, delta('m3', 'again'), 3);
    applyEvent(s, { type: 'conversationCleared' }, 4);
    expect(s.streams).toEqual([]);
    // Still streaming when dropped: its tail does not start a reply in the conversation now open.
    applyEvent(s, delta('m1', ' and its tail'), 5);
    applyEvent(s, delta('m3', ' tail'), 5);
    applyEvent(s, delta('new', 'of this conversation'), 6);
    expect(s.streams.map((r) => r.messageId)).toEqual(['new']);
  });

  it('left open when the run ends (no final, no stop) is shown as cut, not growing forever', () => {
    const s = state();
    applyEvent(s, delta('m1', 'Lost with the run'), 1);
    applyEvent(s, { type: 'messageDelta', agentId: 'b', messageId: 'm2', text: 'other servant' }, 1);
    applyEvent(s, { type: 'agentTyping', agentId: 'a', active: false }, 2);
    expect(s.streams.map((r) => r.stopped)).toEqual(['cut', undefined]);
    // A stop that comes after says what really happened; a late final message still wins.
    applyEvent(s, { type: 'messageStreamStopped', agentId: 'a', messageId: 'm1', reason: 'interrupted' }, 3);
    expect(s.streams[0]!.stopped).toBe('interrupted');
    applyEvent(s, { type: 'agentStatusChanged', agentId: 'b', status: 'stopping' }, 4);
    expect(s.streams[1]!.stopped).toBe('cut');
    applyEvent(s, { type: 'messageSent', message: final('m1', 'Lost with the run, found') as never }, 5);
    expect(s.streams.map((r) => r.messageId)).toEqual(['m2']);
  });

  it('after a fetch, deltas are not applied twice, and a run end seen meanwhile closes no newer reply', () => {
    const s = state();
    const seen: CoreEvent[] = [
      delta('m1', 'once'),
      { type: 'agentTyping', agentId: 'a', active: false },
      { type: 'agentTyping', agentId: 'a', active: true },
      delta('m2', 'new run'),
    ];
    for (const event of seen) applyEvent(s, event, 1);
    replayPatches(s, seen, 2);
    expect(s.streams).toMatchObject([
      { messageId: 'm1', text: 'once', stopped: 'cut' },
      { messageId: 'm2', text: 'new run' },
    ]);
    expect(s.streams[1]!.stopped).toBeUndefined();
  });
});

describe('bounds', () => {
  it('keeps at most the cap of text and thinking, marks the reply capped, never splits a character', () => {
    const replies: StreamingReply[] = [];
    const ev = { agentId: 'a', messageId: 'm', text: 'abcd', thinking: 'xy' };
    appendDelta(replies, ev, 0, 6);
    expect(replies[0]).toMatchObject({ text: 'abcd', thinking: 'xy' });
    expect(replies[0]!.capped).toBeUndefined();
    appendDelta(replies, { ...ev, text: 'e\u{1F600}f', thinking: '' }, 0, 6);
    // 'abcde' + half of the emoji would be 6: the half is left out.
    expect(replies[0]).toMatchObject({ text: 'abcde', capped: true });
    // A later delta adds nothing to the cut text (it would leave a hole); thinking has its own bound.
    appendDelta(replies, { ...ev, text: 'm', thinking: 'more!' }, 0, 6);
    expect(replies[0]).toMatchObject({ text: 'abcde', thinking: 'xymore', thinkingCapped: true });
  });

  it('a runaway stream of a million-character deltas holds about a megabyte', () => {
    const s = state();
    const chunk = 'x'.repeat(100_000);
    for (let i = 0; i < 30; i++) applyEvent(s, delta('m', chunk), i);
    expect(s.streams[0]!.text.length).toBe(1_000_000);
    expect(s.streams[0]!.capped).toBe(true);
  });

  it('keeps the newest stopped replies only', () => {
    const replies: StreamingReply[] = [];
    for (let i = 0; i < 5; i++) {
      appendDelta(replies, { agentId: 'a', messageId: `m${i}`, text: 't' }, i);
      stopReply(replies, `m${i}`, 'interrupted', 3);
    }
    appendDelta(replies, { agentId: 'a', messageId: 'open', text: 't' }, 9);
    expect(replies.map((r) => r.messageId)).toEqual(['m2', 'm3', 'm4', 'open']);
  });
});

describe('a dropped events socket', () => {
  it('marks the replies still open as possibly missing a part, not the stopped ones', () => {
    const replies: StreamingReply[] = [];
    appendDelta(replies, { agentId: 'a', messageId: 'open', text: 'a' }, 0);
    appendDelta(replies, { agentId: 'a', messageId: 'done', text: 'b' }, 0);
    stopReply(replies, 'done', 'cut');
    markGaps(replies);
    expect(replies.map((r) => [r.messageId, r.gap])).toEqual([
      ['open', true],
      ['done', undefined],
    ]);
  });

  it('after the fetch, an open reply from before the drop whose servant stopped typing is shown as cut', () => {
    const replies: StreamingReply[] = [];
    for (const [agentId, messageId] of [
      ['a', 'ended'],
      ['b', 'still'],
    ]) {
      appendDelta(replies, { agentId: agentId!, messageId: messageId!, text: 'x' }, 0);
    }
    markGaps(replies);
    appendDelta(replies, { agentId: 'a', messageId: 'after', text: 'new run' }, 1);
    closeIdleGaps(replies, { b: true });
    expect(replies.map((r) => [r.messageId, r.stopped])).toEqual([
      ['ended', 'cut'],
      ['still', undefined],
      ['after', undefined],
    ]);
  });
});
