import { describe, expect, it } from 'vitest';
import { isResendable, lastReplyAndRequest, requestBefore } from './resend-targets.ts';
import type { AgentMessage } from './types.ts';

let n = 0;
function msg(from: AgentMessage['from'], to: AgentMessage['to'], content = 'x'): AgentMessage {
  n += 1;
  return { id: `m${n}`, from, to, content, tokens: 1, tsMs: n, hop: 0 } as AgentMessage;
}
const user = { kind: 'user' } as const;
const a = { kind: 'agent', id: 'a' } as AgentMessage['to'];
const b = { kind: 'agent', id: 'b' } as AgentMessage['to'];
const system = { kind: 'system' } as const;

describe('resend targets', () => {
  it('only the person’s request to one servant is resendable', () => {
    expect(isResendable(msg(user, a))).toBe(true);
    expect(isResendable(msg(a as AgentMessage['from'], user))).toBe(false);
    expect(isResendable(msg(user, { kind: 'broadcast' } as unknown as AgentMessage['to']))).toBe(false);
  });

  it('finds the last reply and the request before it, past servant hops and system notices', () => {
    const request = msg(user, a);
    const hop = msg(a as AgentMessage['from'], b);
    const reply = msg(b as AgentMessage['from'], user);
    const notice = msg(system, user);
    expect(
      lastReplyAndRequest([msg(user, a), msg(a as AgentMessage['from'], user), request, hop, reply, notice]),
    ).toEqual({
      replyId: reply.id,
      requestId: request.id,
    });
  });

  it('none while a newer request waits for its reply, nor without a reply or a request', () => {
    const request = msg(user, a);
    const reply = msg(a as AgentMessage['from'], user);
    expect(lastReplyAndRequest([request, reply, msg(user, a)])).toBeNull();
    expect(lastReplyAndRequest([request])).toBeNull();
    expect(lastReplyAndRequest([reply])).toBeNull();
    expect(lastReplyAndRequest([])).toBeNull();
  });
});

describe('the request a stop line ended', () => {
  it('is the latest request of the person before the line', () => {
    const older = msg(user, a);
    const request = msg(user, b);
    const hop = msg(b as AgentMessage['from'], a);
    const stop = msg(system, user);
    const later = msg(user, a);
    expect(requestBefore([older, request, hop, stop, later], stop.id)).toBe(request.id);
  });

  it('is null when the line is not loaded or nothing of the person’s comes before it', () => {
    const stop = msg(system, user);
    expect(requestBefore([stop], stop.id)).toBeNull();
    expect(requestBefore([msg(user, a)], 'not-loaded')).toBeNull();
  });
});
