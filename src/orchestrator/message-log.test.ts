/**
 * The message log's room-log indexes (issue 24) follow every record, eviction and clear, and the
 * excerpt composed from the log itself is the one composed from a plain copy of it.
 */
import { describe, expect, it } from 'vitest';
import { EventBus } from '../domain/events.ts';
import type { AgentId } from '../domain/ids.ts';
import type { AgentMessage, Endpoint } from '../domain/message.ts';
import { MessageLog } from './message-log.ts';
import { composeRoomLog } from './prompt/room-log.ts';
import { agent, msg, system, user, uuidLike } from './prompt/test-messages.ts';

const labelOf = (e: Endpoint) => (e.kind === 'agent' ? e.id.toUpperCase() : e.kind);
const ids = (messages: Iterable<AgentMessage>) => [...messages].map((m) => m.content);

describe('MessageLog indexes', () => {
  it('lists agent-sent messages newest first and drops evicted ones from both indexes', () => {
    const log = new MessageLog(3, new EventBus());
    const first = msg(agent('b'), user, 'one', { id: uuidLike('aaaaaaaa') });
    log.record(first);
    log.record(msg(user, agent('b'), 'two'));
    log.restore(msg(agent('c'), agent('b'), 'three', { id: uuidLike('aaaaaaaa') }));
    expect(ids(log.agentSentNewestFirst())).toEqual(['three', 'one']);
    expect(ids(log.withIdPrefix('aaaaaaaa'))).toEqual(['one', 'three']);
    log.record(msg(system, user, 'four'));
    expect(ids(log.agentSentNewestFirst())).toEqual(['three']);
    expect(ids(log.withIdPrefix('aaaaaaaa'))).toEqual(['three']);
    expect(ids(log.view())).toEqual(['two', 'three', 'four']);
    log.clear();
    expect(ids(log.agentSentNewestFirst())).toEqual([]);
    expect(log.withIdPrefix('aaaaaaaa')).toEqual([]);
  });

  it('matches a prefix of another length, and ignores case, by scanning', () => {
    const log = new MessageLog(10, new EventBus());
    log.record(msg(agent('b'), user, 'x', { id: 'ABCdef12-rest' }));
    log.record(msg(agent('b'), user, 'y', { id: 'short' }));
    expect(ids(log.withIdPrefix('abcdef12'))).toEqual(['x']);
    expect(ids(log.withIdPrefix('abc'))).toEqual(['x']);
    expect(ids(log.withIdPrefix('sho'))).toEqual(['y']);
  });
});

describe('composeRoomLog from the log', () => {
  it('is the excerpt of a plain copy, colliding ids, cut lines and eviction included', () => {
    const log = new MessageLog(40, new EventBus());
    const me = 'a' as AgentId;
    const long = 'z'.repeat(30);
    for (let i = 0; i < 60; i += 1) {
      const from = agent(['a', 'b', 'c'][i % 3]!);
      const to = i % 4 === 0 ? user : agent(['b', 'a', 'c'][i % 3]!);
      // Every fifth id shares its first 12 characters with another: the shown id grows past them.
      const id = uuidLike(i % 5 === 0 ? 'cafe0000babe' : '');
      const co = i % 7 === 0 ? { coRecipients: [me, 'c' as AgentId] } : {};
      log.record(msg(from, to, i % 2 === 0 ? `${long} ${i}` : `short ${i}`, { id, ...co }));
      if (i % 3 === 0) log.record(msg(user, agent('b'), `user ${i}`));
    }
    for (const reader of ['a', 'b', 'c', 'd'] as AgentId[]) {
      for (const window of [0, 1, 12, 100]) {
        const fromLog = composeRoomLog(log, reader, labelOf, 'en', window, 20);
        expect(fromLog).toBe(composeRoomLog(log.list(), reader, labelOf, 'en', window, 20));
      }
    }
    expect(composeRoomLog(log, me, labelOf, 'en', 100, 20)).toContain('[cafe0000-babe');
  });
});
