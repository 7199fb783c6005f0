import { describe, expect, it } from 'vitest';
import { hasNoRequest, isEmptyChat } from './empty-chat.ts';
import type { AgentMessage, SessionSummary } from './types.ts';

const session = (title: string): SessionSummary => ({
  id: 's1',
  meta: { title, createdAt: 1, updatedAt: 1, recordCount: 0 },
});
const message = (kind: 'system' | 'user' | 'agent'): AgentMessage =>
  ({
    id: `m-${kind}`,
    from: kind === 'agent' ? { kind, id: 'a' } : { kind },
    to: { kind: 'user' },
    content: 'x',
    tsMs: 1,
    hop: 0,
  }) as unknown as AgentMessage;

describe('empty chats', () => {
  it('a chat without a request (blank title) has nothing to fork or export', () => {
    expect(hasNoRequest(session(''))).toBe(true);
    expect(hasNoRequest(session('  '))).toBe(true);
    expect(hasNoRequest(session('Plan the release'))).toBe(false);
  });

  it('the open chat is empty with no request and only System lines', () => {
    expect(isEmptyChat(session(''), [])).toBe(true);
    expect(isEmptyChat(session(''), [message('system')])).toBe(true);
    expect(isEmptyChat(session(''), [message('system'), message('agent')])).toBe(false);
    expect(isEmptyChat(session('asked'), [])).toBe(false);
    expect(isEmptyChat(null, [])).toBe(false);
  });
});
