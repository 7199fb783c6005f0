import { afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';
import { say } from './fakes/scripted-model.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const id = (s: string) => s as AgentId;

describe('agent runtime', () => {
  it('starts and stops with status events and join/leave notices', async () => {
    o = await makeOrchestra({ language: 'ja' });
    await o.agent('a');
    await o.orch.startAgent(id('a'));
    expect(o.orch.statusOf(id('a'))).toBe('running');
    await expect(o.orch.startAgent(id('a'))).rejects.toMatchObject({ code: 'ALREADY_RUNNING' });
    await o.orch.stopAgent(id('a'));
    await expect(o.orch.stopAgent(id('a'))).rejects.toMatchObject({ code: 'NOT_RUNNING' });
    const statuses = o.events
      .filter((e) => e.type === 'agentStatusChanged')
      .map((e) => (e as { status: string }).status);
    expect(statuses).toEqual(['starting', 'running', 'stopping', 'idle']);
    const notices = o.orch.messages
      .list()
      .filter((m) => m.from.kind === 'system')
      .map((m) => m.content);
    expect(notices).toEqual(['a（A）が稼働を開始しました', 'a（A）が停止しました']);
  });

  it('refuses messages to a stopped agent and to a full inbox', async () => {
    o = await makeOrchestra({ config: { mailboxCapacity: 1 } });
    const model = await o.agent('a');
    expect(() => o.orch.sendUserMessage(id('a'), 'hi')).toThrow(
      expect.objectContaining({ code: 'NOT_RUNNING' }),
    );
    await o.start('a');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    model.script(async () => {
      await gate;
      return say('done');
    });
    o.orch.sendUserMessage(id('a'), 'first'); // running
    await new Promise((r) => setTimeout(r, 20));
    o.orch.sendUserMessage(id('a'), 'second'); // queued
    expect(() => o.orch.sendUserMessage(id('a'), 'third')).toThrow(
      expect.objectContaining({ code: 'MAILBOX_FULL' }),
    );
    release();
    await o.idle();
    expect(
      o.orch.messages
        .list()
        .filter((m) => m.from.kind === 'agent')
        .map((m) => m.content),
    ).toEqual(['done', 'ok']);
  });

  it('brackets every run with typing true then false, also on failure', async () => {
    o = await makeOrchestra();
    const model = await o.agent('a');
    await o.start('a');
    model.script(new Error('boom'));
    o.orch.sendUserMessage(id('a'), 'hi');
    await o.idle();
    const typing = o.events
      .filter((e) => e.type === 'agentTyping')
      .map((e) => (e as { active: boolean }).active);
    expect(typing).toEqual([true, false]);
    expect(o.orch.statusOf(id('a'))).toBe('running');
  });

  it('a start that cannot reach its model fails the agent, and it can be started again', async () => {
    o = await makeOrchestra();
    await o.agent('a');
    const backend = o.models.get('a')!;
    o.models.delete('a');
    await expect(o.orch.startAgent(id('a'))).rejects.toBeTruthy();
    expect(o.orch.statusOf(id('a'))).toBe('failed');
    expect(o.orch.runtimeView(id('a')).lastError).not.toBeNull();
    expect(o.events.some((e) => e.type === 'agentFailed')).toBe(true);
    o.models.set('a', backend);
    await o.orch.startAgent(id('a'));
    expect(o.orch.statusOf(id('a'))).toBe('running');
    expect(o.orch.runtimeView(id('a')).lastError).toBeNull();
  });

  it('an unset credential fails the turn with LLM_CONFIG before any network call and takes the agent down', async () => {
    o = await makeOrchestra();
    await o.agent('a');
    await o.start('a');
    // Swap in the real backend factory for a template whose credential is unset.
    o.models.delete('a');
    const { createLlmBackend } = await import('../src/llm/backend-factory.ts');
    const template = o.village.state.templates[0]!;
    await expect(
      createLlmBackend(
        { ...template, baseUrl: 'http://127.0.0.1:9/v1', credential: 'unset' },
        { kind: 'file', get: async () => null, set: async () => {}, delete: async () => {} },
        { log: o.log },
      ),
    ).rejects.toMatchObject({ code: 'LLM_CONFIG' });
  });

  it('sends agentStatsUpdated every interval for running agents only', async () => {
    o = await makeOrchestra({ config: { statsIntervalMs: 20 } });
    await o.agent('a');
    await o.agent('b');
    await o.start('a');
    o.orch.startTicker();
    await new Promise((r) => setTimeout(r, 90));
    const stats = o.events.filter((e) => e.type === 'agentStatsUpdated') as { agentId: string }[];
    expect(stats.length).toBeGreaterThanOrEqual(2);
    expect(new Set(stats.map((s) => s.agentId))).toEqual(new Set(['a']));
  });
});
