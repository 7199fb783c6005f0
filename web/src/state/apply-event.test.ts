import { describe, expect, it } from 'vitest';
import type { AgentMessage, AgentSnapshot } from '../lib/types.ts';
import { addMessage, applyEvent, replayPatches, typingFromWorld, type LiveState } from './apply-event.ts';
import { toolRowFromStored, type StoredToolCall, type World } from './world.ts';

function agent(id: string): AgentSnapshot {
  return {
    id,
    name: id,
    status: 'running',
    typing: false,
    uptimeSecs: 0,
    totalTokens: 0,
    promptTokens: 0,
    cachedTokens: 0,
    lastPromptTokens: null,
    lastError: null,
  } as unknown as AgentSnapshot;
}

function state(): LiveState {
  return {
    world: { agents: [agent('a')] } as unknown as World,
    messages: [],
    toolRows: [],
    typing: {},
    interrupting: {},
    waves: [],
    streams: [],
  };
}

const msg = (id: string, tsMs: number): AgentMessage => ({
  id,
  from: { kind: 'user' },
  to: { kind: 'agent', id: 'a' },
  content: id,
  tokens: 0,
  tsMs,
  hop: 0,
});

describe('applying events', () => {
  it('keeps each message once, in time order, whether it came by event or fetch first', () => {
    const s = state();
    applyEvent(s, { type: 'messageSent', message: msg('m2', 20) as never }, 0);
    addMessage(s.messages, msg('m1', 10));
    addMessage(s.messages, msg('m2', 20));
    applyEvent(s, { type: 'messageSent', message: msg('m1', 10) as never }, 0);
    expect(s.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('keeps only true typing keys and clears them (and a pending interrupt) when the run ends or the agent stops', () => {
    const s = state();
    applyEvent(s, { type: 'agentTyping', agentId: 'a' as never, active: true }, 0);
    s.interrupting.a = true;
    expect(s.typing).toEqual({ a: true });
    applyEvent(s, { type: 'agentTyping', agentId: 'a' as never, active: false }, 0);
    expect(s.typing).toEqual({});
    expect(s.interrupting).toEqual({});
    applyEvent(s, { type: 'agentTyping', agentId: 'a' as never, active: true }, 0);
    applyEvent(s, { type: 'agentStatusChanged', agentId: 'a' as never, status: 'stopping' }, 0);
    expect(s.typing).toEqual({});
    expect(s.world!.agents[0]!.status).toBe('stopping');
  });

  it('stamps tool rows with the arrival time and keeps the reason state', () => {
    const s = state();
    applyEvent(
      s,
      {
        type: 'toolInvoked',
        agentId: 'a' as never,
        tool: 'grep',
        ok: false,
        reason: 'look',
        reasonState: 'written',
      },
      1234,
    );
    expect(s.toolRows).toMatchObject([
      { agentId: 'a', tool: 'grep', ok: false, reason: 'look', reasonState: 'written', tsMs: 1234 },
    ]);
  });

  it('gives the tool limit and repeat toasts the count their plural form follows', () => {
    const s = state();
    expect(
      applyEvent(s, { type: 'toolLimitReached', agentId: 'a' as never, maxIterations: 1 }, 0).toast?.plural,
    ).toBe(1);
    expect(
      applyEvent(s, { type: 'toolRepeatBlocked', agentId: 'a' as never, tool: 'grep', repeats: 3 }, 0).toast
        ?.plural,
    ).toBe(3);
  });

  it('gives tool limit and repeat block their own toasts, and asks for the right refetches', () => {
    const s = state();
    expect(
      applyEvent(s, { type: 'toolLimitReached', agentId: 'a' as never, maxIterations: 12 }, 0).toast,
    ).toMatchObject({
      key: 'toast.toolLimit',
      params: { max: 12 },
    });
    expect(
      applyEvent(s, { type: 'toolRepeatBlocked', agentId: 'a' as never, tool: 'grep', repeats: 2 }, 0).toast,
    ).toMatchObject({
      key: 'toast.toolRepeat',
    });
    expect(applyEvent(s, { type: 'worldChanged' }, 0).refetch).toEqual(['world']);
    expect(applyEvent(s, { type: 'pendingCommandsChanged', agentId: 'a' as never }, 0).refetch).toEqual([
      'pending',
    ]);
    expect(
      applyEvent(
        s,
        { type: 'planWaveStarted', planId: 1, agentId: 'a' as never, wave: 1, tasks: [], startedAtMs: 0 },
        0,
      ).refetch,
    ).toEqual(['waves']);
    s.messages.push(msg('x', 1));
    s.toolRows.push({
      key: 'k',
      agentId: 'a',
      tool: 't',
      ok: true,
      reason: null,
      reasonState: null,
      tsMs: 1,
    });
    expect(applyEvent(s, { type: 'conversationCleared' }, 0).refetch).toEqual(['session', 'messages']);
    expect(s.messages).toEqual([]);
    expect(s.toolRows).toEqual([]);
  });

  it('fetches the open session again when any conversation is renamed (every window shows the title)', () => {
    const s = state();
    const outcome = applyEvent(s, { type: 'sessionRenamed', sessionId: 'x', title: 'New title' }, 1);
    expect(outcome).toEqual({ refetch: ['session'] });
  });

  it('updates the card counters from agentStatsUpdated', () => {
    const s = state();
    applyEvent(
      s,
      {
        type: 'agentStatsUpdated',
        agentId: 'a' as never,
        uptimeSecs: 5,
        totalTokens: 100,
        promptTokens: 80,
        cachedTokens: 20,
        lastPromptTokens: 40,
      },
      0,
    );
    expect(s.world!.agents[0]).toMatchObject({
      totalTokens: 100,
      promptTokens: 80,
      cachedTokens: 20,
      lastPromptTokens: 40,
    });
  });
});

describe('after a fetch', () => {
  it('re-applies the events that came meanwhile, from the last conversation switch on, without repeating rows', () => {
    const s = state();
    const seen = [
      { type: 'messageSent', message: msg('old', 5) },
      { type: 'sessionSwitched', sessionId: 'new' },
      { type: 'messageSent', message: msg('late', 50) },
      { type: 'agentStatusChanged', agentId: 'a', status: 'failed' },
      { type: 'toolInvoked', agentId: 'a', tool: 'grep', ok: true },
    ] as never[];
    replayPatches(s, seen, 0);
    expect(s.messages.map((m) => m.id)).toEqual(['late']);
    expect(s.world!.agents[0]!.status).toBe('failed');
    expect(s.toolRows).toEqual([]);
  });

  it('takes typing from the fetched snapshots and drops interrupts of servants no longer typing', () => {
    const s = state();
    s.typing = { gone: true };
    s.interrupting = { gone: true };
    (s.world!.agents[0] as { typing: boolean }).typing = true;
    typingFromWorld(s);
    expect(s.typing).toEqual({ a: true });
    expect(s.interrupting).toEqual({});
  });
});

describe('tool rows', () => {
  it('take the server time when the event carries it', () => {
    const s = state();
    applyEvent(s, { type: 'toolInvoked', agentId: 'a' as never, tool: 'file', ok: true, tsMs: 77 }, 999);
    expect(s.toolRows[0]!.tsMs).toBe(77);
  });

  it('keep the stored call the event carries, so a live row opens like a restored one', () => {
    const s = state();
    const call = storedCall();
    applyEvent(
      s,
      { type: 'toolInvoked', agentId: 'a' as never, tool: 'file', ok: false, tsMs: 5, call } as never,
      9,
    );
    expect(s.toolRows[0]).toMatchObject({ tool: 'file', ok: false, call });
  });

  it('a live event for a call the fetched stored rows already hold adds no second row', () => {
    const s = state();
    const call = storedCall();
    s.toolRows.push(toolRowFromStored(call, 0));
    const event = { type: 'toolInvoked', agentId: 'a', tool: 'file', ok: false, tsMs: 5, call } as never;
    applyEvent(s, event, 9);
    expect(s.toolRows).toHaveLength(1);
    // The same call id at another time is another call (ids repeat across responses).
    applyEvent(s, { ...(event as object), call: { ...call, tsMs: 6 }, tsMs: 6 } as never, 9);
    expect(s.toolRows).toHaveLength(2);
  });

  it('a stored call becomes a row with its error mark, reason and details', () => {
    const call = storedCall();
    expect(toolRowFromStored(call, 3)).toEqual({
      key: 'stored-5-a-c1-3',
      agentId: 'a',
      tool: 'file',
      ok: false,
      reason: 'look',
      reasonState: 'written',
      tsMs: 5,
      call,
    });
  });
});

function storedCall(): StoredToolCall {
  return {
    agentId: 'a',
    callId: 'c1',
    name: 'file',
    reason: 'look',
    reasonState: 'written',
    argsPreview: '{}',
    argsChars: 2,
    resultPreview: 'missing',
    resultChars: 7,
    isError: true,
    tsMs: 5,
    hop: 0,
  };
}

describe('conversation lists and failures', () => {
  it('counts each deleted conversation, so an open list loads again', () => {
    const s = state();
    expect(applyEvent(s, { type: 'sessionDeleted', sessionId: 'x' }, 0)).toEqual({ refetch: [] });
    applyEvent(s, { type: 'sessionDeleted', sessionId: 'y' }, 0);
    expect(s.sessionsDeleted).toBe(2);
  });

  it('a failure goes to the card, without a toast repeating the chat line', () => {
    const s = state();
    const error = { code: 'LLM_API', message: 'm', detail: 'status 401', agentId: 'a', retryable: false };
    const outcome = applyEvent(s, { type: 'agentFailed', agentId: 'a', error } as never, 0);
    expect(outcome.toast).toBeUndefined();
    expect(s.world!.agents[0]!.lastError).toEqual(error);
  });
});
