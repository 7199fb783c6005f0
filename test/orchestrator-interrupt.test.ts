/**
 * The interrupt's promises that the orchestrator keeps whatever the backend does (issue 17 §1): an
 * answer that arrives together with the interrupt is not delivered (the turn ends as interrupted,
 * since `interrupt_turn` said so), and a call aborted in flight keeps its reservation as spent.
 */
import { afterEach, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import type { ChatOptions } from '../src/llm/backend.ts';
import { LlmCallAborted } from '../src/llm/call-aborted.ts';
import { call, say } from './fakes/scripted-model.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const id = (s: string) => s as AgentId;
const waitFor = async (what: string, check: () => boolean) => {
  for (let i = 0; i < 400; i += 1) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
};
/** A call that lasts until the signal aborts, then ends as `onAbort` says. */
const untilAborted =
  <T>(onAbort: () => T) =>
  (_request: unknown, options: ChatOptions) =>
    new Promise<Awaited<T>>((resolve, reject) => {
      options.signal?.addEventListener('abort', () => {
        try {
          void Promise.resolve(onAbort()).then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
    });

it('an answer arriving with the interrupt is not delivered: the turn ends as interrupted', async () => {
  o = await makeOrchestra();
  const a = await o.agent('a');
  await o.start('a');
  a.script(untilAborted(() => say('late answer')));
  o.orch.sendUserMessage(id('a'), 'q');
  await waitFor('the call', () => a.requests.length === 1);
  expect(o.orch.interruptTurn(id('a'))).toBe(true);
  await o.idle();
  const log = o.orch.messages.list();
  expect(log.some((m) => m.content === 'late answer')).toBe(false);
  expect(log.at(-1)!.content).toMatch(/^A: Interrupted \(detected \d+\.\d s after the request\)$/);
  expect(o.sink.turns.at(-1)!.stop).toEqual({ kind: 'interrupted' });
  expect(o.events.filter((e) => e.type === 'turnInterrupted')).toHaveLength(1);
  expect(o.orch.runtimeIfKnown(id('a'))!.history.at(-1)!.replied).toBe('(this turn was interrupted)');
  expect(o.orch.statusOf(id('a'))).toBe('running');
  // The turn is over: a later interrupt finds nothing to stop and says so.
  expect(o.orch.interruptTurn(id('a'))).toBe(false);
});

/**
 * Budget 2,500 effective tokens. A's first call costs 1,200 + 10 × 4 = 1,240 and asks B; B's call
 * reserves its first-call floor of 1,000 and is aborted (sent or not, as `sent` says).
 */
async function askBAndAbortItsCall(sent: boolean) {
  o = await makeOrchestra({ tokenBudget: 2_500 });
  const a = await o.agent('a');
  const b = await o.agent('b');
  await o.connect('a', 'b');
  await o.start('a', 'b');
  a.script({ ...call('ask_b', { message: 'long job' }), usage: { ...say('').usage, prompt: 1_200 } });
  a.fallback = say('A went on');
  b.script(untilAborted(() => Promise.reject(new LlmCallAborted('scripted', sent))));
  o.orch.sendUserMessage(id('a'), 'q');
  await waitFor("B's call", () => b.requests.length === 1);
  expect(o.orch.interruptTurn(id('b'))).toBe(true);
  await o.idle();
  expect(o.sink.turns.find((t) => t.agentId === 'b')!.stop).toEqual({ kind: 'interrupted' });
  return a;
}

it("a call aborted in flight keeps its estimate as spent: the chain's next call cannot reserve it back", async () => {
  // Refunded, 1,260 would remain and A's next call (est. 1,240) would pass; kept as spent, 260 remain
  // and A's next call is refused (reserve_short).
  const a = await askBAndAbortItsCall(true);
  expect(o.sink.turns.find((t) => t.agentId === 'a')!.stop).toEqual({ kind: 'reserve_short' });
  expect(a.requests).toHaveLength(1);
  expect(o.orch.messages.list().some((m) => m.content === 'A went on')).toBe(false);
});

it('a call never sent (aborted before it went out) gives its reservation back', async () => {
  await askBAndAbortItsCall(false);
  expect(o.sink.turns.find((t) => t.agentId === 'a')!.stop).toEqual({ kind: 'completed' });
  expect(o.orch.messages.list().at(-1)!.content).toBe('A went on');
});

it('an interrupt answered while the turn is still being prepared wins over a crash of the preparation', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slowBrokenTool = {
    name: 'slow',
    wantsReason: false,
    specFor: async () => {
      await gate;
      throw new Error('spec exploded');
    },
    execute: async () => '',
  };
  o = await makeOrchestra({ tools: { toolsFor: (agent) => (agent === 'b' ? [slowBrokenTool] : []) } });
  const a = await o.agent('a');
  await o.agent('b');
  await o.connect('a', 'b');
  await o.start('a', 'b');
  a.script(call('ask_b', { message: 'q' }), (request) => say(`a got: ${request.messages.at(-1)!.content}`));
  o.orch.sendUserMessage(id('a'), 'go');
  await waitFor("B's turn", () => o.orch.runtimeIfKnown(id('b'))?.turn !== null);
  expect(o.orch.interruptTurn(id('b'))).toBe(true);
  release();
  await o.idle();
  // The asker hears "interrupted", not "no answer": the interrupt was promised.
  expect(o.orch.messages.list().at(-1)!.content).toMatch(/^a got: .*interrupted/);
  expect(o.lines('turn folded: agent=b')).toHaveLength(1);
});
