import { describe, expect, it } from 'vitest';
import type { ChatRow, ToolRun } from './chat-rows.ts';
import { estimateRowHeight, markdownHeight } from './row-height.ts';
import type { AgentMessage } from './types.ts';

const message = (content: string, partial: Partial<AgentMessage> = {}): ChatRow => {
  const m: AgentMessage = {
    id: 'm1',
    from: { kind: 'agent', id: 'a' },
    to: { kind: 'user' },
    content,
    tokens: 0,
    tsMs: 1,
    hop: 0,
    ...partial,
  };
  return { kind: 'message', key: m.id, message: m, recipients: [m.to] };
};
const tool: ToolRun = {
  key: 't',
  agentId: 'a',
  tool: 'file',
  ok: true,
  reason: null,
  reasonState: null,
  tsMs: 1,
};

// The heights Chromium gives these rows at a 609 px list (measured on the seeded bench conversation).
describe('row height estimates', () => {
  it('matches the drawn heights of a line, a list, a code block and a tool row', () => {
    expect(estimateRowHeight(message('Message 188'), 609)).toBe(52);
    expect(estimateRowHeight(message('Reply 186 with a **list**:\n\n- one\n- two\n- three'), 609)).toBe(121);
    const code = 'Step 192:\n\n```ts\nconst value192 = 192;\nconsole.log(value192);\n```';
    expect(Math.abs(estimateRowHeight(message(code), 609) - 136)).toBeLessThanOrEqual(8);
    expect(estimateRowHeight({ kind: 'tool', key: 't', run: tool }, 609)).toBe(41);
  });

  it('grows with wrapping: a long paragraph takes more lines in a narrow list, CJK text twice the width', () => {
    const long = 'word '.repeat(200);
    expect(estimateRowHeight(message(long), 300)).toBeGreaterThan(estimateRowHeight(message(long), 900));
    expect(markdownHeight('あ'.repeat(100), 50)).toBe(4 * 21);
    expect(markdownHeight('a'.repeat(100), 50)).toBe(2 * 21);
  });

  it('counts attachments and notes under the text', () => {
    const plain = estimateRowHeight(message('hi'), 609);
    expect(estimateRowHeight(message('hi', { reasoningSummary: 'thought' }), 609)).toBeGreaterThan(plain);
  });
});
