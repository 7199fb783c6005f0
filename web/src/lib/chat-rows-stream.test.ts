import { describe, expect, it } from 'vitest';
import { buildChatRows, clearCutoff, type ToolRun } from './chat-rows.ts';
import type { StreamingReply } from './streaming-reply.ts';
import type { AgentMessage } from './types.ts';

const msg = (id: string, tsMs: number): AgentMessage => ({
  id,
  from: { kind: 'agent', id: 'a' },
  to: { kind: 'user' },
  content: id,
  tokens: 0,
  tsMs,
  hop: 0,
});
const run = (tsMs: number): ToolRun => ({
  key: `r${tsMs}`,
  agentId: 'a',
  tool: 'grep',
  ok: true,
  reason: null,
  reasonState: null,
  tsMs,
});
const reply = (messageId: string, tsMs: number, stopped?: 'cut' | 'interrupted'): StreamingReply => ({
  agentId: 'a',
  messageId,
  text: 'partial',
  thinking: '',
  tsMs,
  ...(stopped ? { stopped } : {}),
});
const opts = (streams: StreamingReply[], clearedAtMs: number | null = null) => ({
  clearedAtMs,
  showPresenceNotices: true,
  streams,
});
const shape = (rows: ReturnType<typeof buildChatRows>) => rows.map((r) => `${r.kind}:${r.key}`);

describe('chat rows with streaming replies', () => {
  it('puts a growing reply at the end, keyed by its message id, and a stopped one where it began', () => {
    const rows = buildChatRows(
      [msg('m1', 10), msg('m3', 30)],
      [run(40)],
      opts([reply('live', 5), reply('gone', 20, 'interrupted')]),
    );
    expect(shape(rows)).toEqual(['message:m1', 'stream:gone', 'message:m3', 'tool:tool-r40', 'stream:live']);
  });

  it('shows the stored message, not the reply, once both are loaded (same key: the row does not jump)', () => {
    const streaming = buildChatRows([msg('m1', 10)], [], opts([reply('m2', 15)]));
    const final = buildChatRows([msg('m1', 10), msg('m2', 20)], [], opts([reply('m2', 15)]));
    expect(shape(streaming)).toEqual(['message:m1', 'stream:m2']);
    expect(shape(final)).toEqual(['message:m1', 'message:m2']);
  });

  it('"clear view" hides a stopped reply from before the cut but never the one growing, and cuts before it', () => {
    const messages = [msg('m1', 10), msg('m2', 20)];
    const streams = [reply('old', 15, 'cut'), reply('live', 5)];
    const all = buildChatRows(messages, [], opts(streams));
    expect(clearCutoff(all)).toBe(20);
    expect(shape(buildChatRows(messages, [], opts(streams, 20)))).toEqual(['stream:live']);
    expect(clearCutoff(buildChatRows([], [], opts([reply('late', 50, 'interrupted')])))).toBe(50);
    expect(clearCutoff(buildChatRows([], [], opts([reply('live', 5)])))).toBeNull();
  });
});
