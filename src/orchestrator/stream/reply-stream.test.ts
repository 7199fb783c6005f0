import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../domain/events.ts';
import type { AgentId } from '../../domain/ids.ts';
import type { BatchClock } from './delta-batcher.ts';
import { ReplyStream } from './reply-stream.ts';

/** Time stands still and timers never run: only the first piece and the flushes send. */
const stillClock: BatchClock = { now: () => 0, schedule: () => () => undefined };

function setup() {
  const events: CoreEvent[] = [];
  const stream = new ReplyStream('a' as AgentId, { emit: (e) => events.push(e) }, stillClock);
  return { events, stream };
}

describe('ReplyStream', () => {
  it('sends text and thinking under one message id, and only those', () => {
    const { events, stream } = setup();
    stream.beginCall();
    stream.onDelta({ kind: 'reasoning', text: 'hmm' });
    stream.onDelta({ kind: 'tool-call', index: 0, id: 'c1', name: 'f', arguments: '{"secret":' });
    stream.onDelta({ kind: 'source', url: 'https://a.example' });
    stream.onDelta({ kind: 'usage', usage: { prompt: 3 } });
    stream.onDelta({ kind: 'text', text: 'Hel' });
    stream.onDelta({ kind: 'text', text: 'lo' });
    stream.endCall();
    expect(events).toEqual([
      { type: 'messageDelta', agentId: 'a', messageId: stream.messageId, text: '', thinking: 'hmm' },
      { type: 'messageDelta', agentId: 'a', messageId: stream.messageId, text: 'Hello' },
    ]);
  });

  it("a later call's text follows the earlier text after a blank line", () => {
    const { events, stream } = setup();
    stream.beginCall();
    stream.onDelta({ kind: 'text', text: 'Let me look.' });
    stream.endCall();
    stream.beginCall();
    stream.onDelta({ kind: 'text', text: 'Found' });
    stream.onDelta({ kind: 'text', text: ' it.' });
    stream.endCall();
    const text = events.map((e) => (e.type === 'messageDelta' ? e.text : '')).join('');
    expect(text).toBe('Let me look.\n\nFound it.');
  });

  it('stop marks a bubble that showed something, once, after flushing it', () => {
    const { events, stream } = setup();
    stream.beginCall();
    stream.onDelta({ kind: 'text', text: 'a' });
    stream.onDelta({ kind: 'text', text: 'b' });
    stream.stop('cut');
    stream.stop('interrupted');
    stream.onDelta({ kind: 'text', text: 'late' });
    expect(events.map((e) => e.type)).toEqual(['messageDelta', 'messageDelta', 'messageStreamStopped']);
    expect(events[2]).toEqual({
      type: 'messageStreamStopped',
      agentId: 'a',
      messageId: stream.messageId,
      reason: 'cut',
    });
  });

  it('stop says nothing when nothing was shown, or when the final message was delivered', () => {
    const quiet = setup();
    quiet.stream.beginCall();
    quiet.stream.onDelta({ kind: 'tool-call', index: 0, arguments: '{}' });
    quiet.stream.stop('interrupted');
    expect(quiet.events).toEqual([]);

    const done = setup();
    done.stream.onDelta({ kind: 'text', text: 'x' });
    done.stream.onDelta({ kind: 'text', text: 'y' });
    done.stream.deliver();
    done.stream.stop('cut');
    expect(done.events.map((e) => e.type)).toEqual(['messageDelta', 'messageDelta']);
  });
});
