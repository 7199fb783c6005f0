import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../domain/ids.ts';
import { askRefusedLine, handoffLine, replyLine, turnFoldedLine } from './routing-lines.ts';

const a1 = 'agent_1' as AgentId;
const a2 = 'agent_2' as AgentId;
const a3 = 'agent_3' as AgentId;

describe('handoffLine', () => {
  it('formats a transfer', () => {
    expect(handoffLine({ agent: a1, to: a2, hop: 2 })).toBe('handoff: agent=agent_1 to=agent_2 hop=2');
  });
});

describe('replyLine', () => {
  it('writes to= the requester and refusal=no for an ordinary answer', () => {
    expect(replyLine({ agent: a2, to: a1, hop: 1, text: '調査しました。結果は 3 件です。' })).toBe(
      'reply: agent=agent_2 to=agent_1 hop=1 chars=17 refusal=no',
    );
  });

  it('writes to=user when the request had no reply_to (it came by transfer)', () => {
    expect(replyLine({ agent: a2, to: 'user', hop: 3, text: 'Done.' })).toBe(
      'reply: agent=agent_2 to=user hop=3 chars=5 refusal=no',
    );
    expect(replyLine({ agent: a2, to: 'user', hop: 3, text: '' })).toBe(
      'reply: agent=agent_2 to=user hop=3 chars=0 refusal=no',
    );
  });

  it('observes the refusal form (ja and en) and never writes the text', () => {
    const ja = replyLine({
      agent: a2,
      to: a1,
      hop: 1,
      text: '申し訳ありませんが、その依頼には対応できません。',
    });
    expect(ja).toBe('reply: agent=agent_2 to=agent_1 hop=1 chars=24 refusal=yes');
    const en = replyLine({ agent: a2, to: a1, hop: 1, text: "I can't access that repository." });
    expect(en).toBe('reply: agent=agent_2 to=agent_1 hop=1 chars=31 refusal=yes');
    expect(en).not.toContain('repository');
  });
});

describe('askRefusedLine', () => {
  it('formats a circular refusal with the chain', () => {
    expect(askRefusedLine({ agent: a3, to: a1, via: 'ask', chain: [a1, a2, a3] })).toBe(
      'ask refused: agent=agent_3 to=agent_1 via=ask reason=circular chain=[agent_1,agent_2,agent_3]',
    );
  });

  it('covers plan and a self-ask', () => {
    expect(askRefusedLine({ agent: a1, to: a1, via: 'plan', chain: [a1] })).toBe(
      'ask refused: agent=agent_1 to=agent_1 via=plan reason=circular chain=[agent_1]',
    );
  });
});

describe('turnFoldedLine', () => {
  it('names who got the interrupted reply, or - when nobody waits', () => {
    expect(turnFoldedLine({ agent: a2, hop: 1, replyTo: a1 })).toBe(
      'turn folded: agent=agent_2 hop=1 reply_to=agent_1',
    );
    expect(turnFoldedLine({ agent: a2, hop: 0 })).toBe('turn folded: agent=agent_2 hop=0 reply_to=-');
  });
});
