import { describe, expect, it } from 'vitest';
import type { Api } from '../lib/api.ts';
import type { AgentMessage } from '../lib/types.ts';
import { VillageStore } from './village.ts';

const msg = (n: number): AgentMessage =>
  ({
    id: `m${n}`,
    from: { kind: 'user' },
    to: { kind: 'user' },
    content: `message ${n}`,
    tokens: 0,
    tsMs: n,
    hop: 0,
  }) as AgentMessage;

/** `list_messages {page, before, limit}` over a conversation held in an array, as the core pages it. */
function conversationApi(log: AgentMessage[]): Api & { calls: number } {
  const api = {
    token: 't',
    calls: 0,
    async call<T>(command: string, args: Record<string, unknown> | Blob = {}): Promise<T> {
      if (command !== 'list_messages' || args instanceof Blob) throw new Error(`unexpected ${command}`);
      api.calls += 1;
      const limit = Number(args.limit);
      const end = args.before === undefined ? log.length : log.findIndex((m) => m.id === args.before);
      const start = Math.max(0, end - limit);
      const messages = log.slice(start, end);
      // This conversation made no tool calls: the store asks for each page's rows all the same.
      const toolCalls = args.toolCalls === undefined ? undefined : [];
      return { messages, hasMore: start > 0, next: messages[0]?.id ?? null, toolCalls } as T;
    },
  };
  return api;
}

const ids = (store: VillageStore) => store.state.messages.map((m) => m.id);

describe('message paging in the store', () => {
  it('pages older messages in until a deep message is loaded, and stops at the bound', async () => {
    const log = Array.from({ length: 1_000 }, (_, i) => msg(i + 1));
    const api = conversationApi(log);
    const store = new VillageStore(api);
    await store.refetchMessages(false);
    expect(store.state.messages.length).toBe(200);
    expect(await store.loadUntilMessage('m20', 10)).toBe(true);
    expect(ids(store)).toContain('m20');
    expect(store.state.messages.length).toBe(1_000);
    // A message not in the conversation ends: at the bound, or when nothing older is left.
    const fresh = new VillageStore(conversationApi(log));
    await fresh.refetchMessages(false);
    expect(await fresh.loadUntilMessage('elsewhere', 2)).toBe(false);
    expect(fresh.state.messages.length).toBe(600);
    expect(await store.loadUntilMessage('elsewhere', 10)).toBe(false);
  });

  it('keeps the older pages on a reconnect, and replaces them when the conversation changes', async () => {
    const log = Array.from({ length: 500 }, (_, i) => msg(i + 1));
    const store = new VillageStore(conversationApi(log));
    await store.refetchMessages(false);
    await store.loadOlderMessages();
    expect(store.state.messages.length).toBe(400);
    const cursor = store.state.olderMessages.next;
    log.push(msg(501), msg(502));
    await store.refetchMessages(true);
    expect(store.state.messages.length).toBe(402);
    expect(ids(store).slice(0, 2)).toEqual(['m101', 'm102']);
    expect(ids(store).slice(-1)).toEqual(['m502']);
    expect(store.state.olderMessages).toMatchObject({ hasMore: true, next: cursor });
    // A switched conversation (or one not joining what is loaded) is the newest page alone.
    await store.refetchMessages(false);
    expect(store.state.messages.length).toBe(200);
    log.splice(0, log.length, ...Array.from({ length: 50 }, (_, i) => msg(10_000 + i)));
    await store.refetchMessages(true);
    expect(ids(store)[0]).toBe('m10000');
    expect(store.state.olderMessages).toMatchObject({ hasMore: false, next: 'm10000' });
  });
});
