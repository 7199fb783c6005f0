/**
 * plan with scripted models: offered with two or more connections; the three failure classes; tasks
 * delivered in parallel and bundled in input order; records, events and lines; an interrupt mid-wave.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../src/domain/events.ts';
import type { AgentId } from '../src/domain/ids.ts';
import type { ChatRequest } from '../src/llm/canonical.ts';
import { call, say } from './fakes/scripted-model.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const id = (s: string) => s as AgentId;
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
};
/** The plan tool's result as the coordinator's next request got it. */
const planResult = (request: ChatRequest | undefined) =>
  request?.messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '';
const toolNames = (request: ChatRequest | undefined) => (request?.tools ?? []).map((t) => t.name);
const planEvents = (events: CoreEvent[]) => events.filter((e) => e.type.startsWith('plan'));

async function village(coordinatorLinks: string[], options: Parameters<typeof makeOrchestra>[0] = {}) {
  o = await makeOrchestra(options);
  const a = await o.agent('a');
  const b = await o.agent('b');
  const c = await o.agent('c');
  await o.connect('a', ...coordinatorLinks);
  await o.start('a', 'b', 'c');
  return { a, b, c };
}

describe('offering', () => {
  it('offers plan only with two or more connections, with `to` an enum of them in order', async () => {
    const { a } = await village(['b']);
    o.orch.sendUserMessage(id('a'), 'hi');
    await o.idle();
    expect(toolNames(a.requests[0])).not.toContain('plan');
    await o.connect('a', 'c', 'b');
    o.orch.sendUserMessage(id('a'), 'again');
    await o.idle();
    const plan = a.requests[1]!.tools!.find((t) => t.name === 'plan')!;
    const to = (
      plan.parameters as { properties: { tasks: { items: { properties: { to: { enum: string[] } } } } } }
    ).properties.tasks.items.properties.to;
    expect(to.enum).toEqual(['c', 'b']);
  });
});

describe('a wave', () => {
  it('asks in parallel and bundles the answers in input order, whatever order they arrive in', async () => {
    const { a, b, c } = await village(['b', 'c']);
    c.script(async () => {
      await new Promise((r) => setTimeout(r, 60));
      return say('C finished the survey');
    });
    b.script(say('B checked the budget'));
    a.script(
      call('plan', {
        tasks: [
          { to: 'c', message: 'survey please' },
          { to: 'b', message: 'check the budget' },
        ],
      }),
      say('summary written'),
    );
    o.orch.sendUserMessage(id('a'), 'coordinate');
    await o.idle();
    expect(planResult(a.requests[1])).toBe(
      '## c (C)\nC finished the survey\n\n## b (B)\nB checked the budget',
    );
    // Each worker got an ask: hop 1, answered back to the coordinator.
    expect(b.sentAt(0)).toContain('check the budget');
    const [record] = o.orch.planWaves.list();
    expect(record).toMatchObject({ planId: 1, agentId: 'a', wave: 1, state: 'dispatched' });
    expect(record!.tasks.map((t) => [t.to, t.state, t.msgChars])).toEqual([
      ['c', 'answered', 13],
      ['b', 'answered', 16],
    ]);
    expect(record!.bundleChars).toBe([...planResult(a.requests[1])].length);
    const events = planEvents(o.events);
    expect(events[0]).toMatchObject({ type: 'planWaveStarted', planId: 1, wave: 1 });
    expect(events.slice(1, 3).map((e) => e.type)).toEqual(['planTaskResolved', 'planTaskResolved']);
    // b answers first: the events follow arrival, the bundle follows input.
    expect(events.slice(1, 3).map((e) => (e as { to: string }).to)).toEqual(['b', 'c']);
    expect(events[3]).toMatchObject({ type: 'planWaveFinished', planId: 1 });
    expect(o.lines('plan wave:')).toEqual(['plan wave: agent=a plan_id=1 wave=1 hop=1 tasks=2']);
    expect(o.lines('plan bundle:')[0]).toMatch(
      /^plan bundle: agent=a plan_id=1 wave=1 tasks=2 answered=2 chars=\d+ elapsed_ms=\d+$/,
    );
    expect(o.sink.turns.find((t) => t.agentId === 'a')?.waves).toBe(1);
  });

  it('a stopped destination fails its own task only (class 3); the others answer', async () => {
    const { a, b } = await village(['b', 'c']);
    await o.orch.stopAgent(id('c'));
    b.script(say('B here'));
    a.script(
      call('plan', {
        tasks: [
          { to: 'b', message: 'one' },
          { to: 'c', message: 'two' },
        ],
      }),
      say('done'),
    );
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    const result = planResult(a.requests[1]);
    expect(result).toContain('## b (B)\nB here');
    expect(result).toContain('## c (C)\n');
    expect(result).toContain('stopped');
    expect(o.orch.planWaves.list()[0]!.tasks.map((t) => t.state)).toEqual(['answered', 'undeliverable']);
  });
});

describe('refusals that deliver nothing', () => {
  it.each([
    ['an unknown destination', [{ to: 'zed', message: 'x' }], 'not a connection'],
    [
      'a repeated destination',
      [
        { to: 'b', message: 'x' },
        { to: 'b', message: 'y' },
      ],
      'more than once',
    ],
    ['no tasks', [], 'no tasks'],
    ['a blank message', [{ to: 'b', message: '  ' }], 'empty'],
  ])('class 1: %s', async (_what, tasks, words) => {
    const { a, b, c } = await village(['b', 'c']);
    a.script(call('plan', { tasks }), say('ok'));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(planResult(a.requests[1])).toContain(words);
    expect(planResult(a.requests[1])).toContain('Nothing was sent');
    expect(b.requests).toHaveLength(0);
    expect(c.requests).toHaveLength(0);
    expect(planEvents(o.events)).toEqual([]);
    expect(o.orch.planWaves.list()).toEqual([]);
  });

  it('class 2: the hop limit refuses the whole wave with one text', async () => {
    const { a, b } = await village(['b', 'c'], { config: { maxHops: 1 } });
    a.script(
      call('plan', {
        tasks: [
          { to: 'b', message: 'x' },
          { to: 'c', message: 'y' },
        ],
      }),
      say('ok'),
    );
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(planResult(a.requests[1])).toBe(o.orch.text('en').askHopLimit);
    expect(b.requests).toHaveLength(0);
    expect(o.events.some((e) => e.type === 'hopLimitReached')).toBe(true);
    expect(planEvents(o.events)).toEqual([]);
  });
});

it('an interrupt mid-wave closes the running tasks as interrupted and builds no bundle', async () => {
  const { a, b, c } = await village(['b', 'c']);
  b.script(say('quick'));
  c.script(async (_request, options) => {
    await new Promise((resolve) => options.signal?.addEventListener('abort', resolve, { once: true }));
    throw new Error('aborted');
  });
  a.script(
    call('plan', {
      tasks: [
        { to: 'b', message: 'x' },
        { to: 'c', message: 'y' },
      ],
    }),
    say('never'),
  );
  o.orch.sendUserMessage(id('a'), 'go');
  await waitFor(() => c.requests.length === 1 && b.requests.length === 1);
  await waitFor(() => o.orch.planWaves.list()[0]?.tasks[0]?.state === 'answered');
  o.orch.interruptTurn(id('a'));
  await o.idle();
  const [record] = o.orch.planWaves.list();
  expect(record!.tasks.map((t) => t.state)).toEqual(['answered', 'interrupted']);
  expect(record!.bundleChars).toBeNull();
  expect(planEvents(o.events).at(-1)).toMatchObject({ type: 'planWaveFinished', bundleChars: null });
  expect(o.lines('plan bundle:')).toEqual([]);
  expect(a.requests).toHaveLength(1);
});

describe('the verifier', () => {
  const twoTasks = () =>
    call('plan', {
      tasks: [
        { to: 'b', message: 'count the apples' },
        { to: 'c', message: 'count the pears' },
      ],
    });

  it('checks the bundle after it is made and its answer is appended under its own heading', async () => {
    const { a, b, c } = await village(['b', 'c']);
    const v = await o.agent('v');
    await o.start('v');
    await o.village.update((w) => ({ ...w, defaultVerifier: id('v') }));
    b.script(say('12 apples'));
    c.script(say('7 pears'));
    v.script(say('usable as is: both answers match their requests'));
    a.script(twoTasks(), say('done'));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    const sent = v.sentAt(0);
    expect(sent).toContain('This request was sent automatically by the system.');
    expect(sent).toContain('## b (B)\ncount the apples');
    expect(sent).toContain('# Bundle of answers\n## b (B)\n12 apples\n\n## c (C)\n7 pears');
    expect(sent).toContain('# What to check');
    expect(sent).toContain('usable as is / re-ask this servant only (name it) / confirm with the requester');
    expect(planResult(a.requests[1])).toBe(
      '## b (B)\n12 apples\n\n## c (C)\n7 pears\n\n## Verification: v (V)\nusable as is: both answers match their requests',
    );
    expect(o.lines('plan verify:')[0]).toMatch(
      /^plan verify: agent=a plan_id=1 verifier=v outcome=ok chars=\d+ elapsed_ms=\d+$/,
    );
    expect(o.orch.planWaves.list()[0]!.bundleChars).toBe([...planResult(a.requests[1])].length);
  });

  it.each([
    ['b', 'participant', 'the verifier is one of the wave’s destinations'],
    ['a', 'coordinator', 'the verifier is the coordinator itself'],
    ['v', 'stopped', 'stopped'],
  ])(
    'set to %s but not run: one reason line (%s), and the bundle still comes back',
    async (who, token, reason) => {
      const { a, b, c } = await village(['b', 'c']);
      const v = await o.agent('v');
      await o.village.update((w) => ({ ...w, defaultVerifier: id(who) }));
      b.script(say('12 apples'));
      c.script(say('7 pears'));
      a.script(twoTasks(), say('done'));
      o.orch.sendUserMessage(id('a'), 'go');
      await o.idle();
      const result = planResult(a.requests[1]);
      expect(result.startsWith('## b (B)\n12 apples\n\n## c (C)\n7 pears\n\n')).toBe(true);
      expect(result.endsWith(`\nNot verified (${reason}).`)).toBe(true);
      expect(v.requests).toHaveLength(0);
      expect(o.lines('plan verify:')[0]).toContain(`outcome=skipped:${token}`);
    },
  );

  it('none set: no section and no line', async () => {
    const { a } = await village(['b', 'c']);
    a.script(twoTasks(), say('done'));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(planResult(a.requests[1])).not.toContain('Verification');
    expect(o.lines('plan verify:')).toEqual([]);
  });
});

describe('the verifier, not run for the remaining reasons', () => {
  const twoTasks = () =>
    call('plan', {
      tasks: [
        { to: 'b', message: 'one' },
        { to: 'c', message: 'two' },
      ],
    });

  it('a wait cycle: the verifier is waiting on this chain', async () => {
    const { a, b, c } = await village(['b', 'c']);
    const x = await o.agent('x');
    await o.connect('x', 'a');
    await o.start('x');
    await o.village.update((w) => ({ ...w, defaultVerifier: id('x') }));
    b.fallback = say('B');
    c.fallback = say('C');
    x.script(call('ask_a', { message: 'coordinate' }), say('x done'));
    a.script(twoTasks(), (request) => say(request.messages.at(-1)!.content));
    o.orch.sendUserMessage(id('x'), 'go');
    await o.idle();
    expect(o.lines('plan verify:')[0]).toContain('outcome=skipped:cycle');
    expect(x.requests.every((r) => !r.messages.some((m) => m.content.includes('sent automatically')))).toBe(
      true,
    );
  });

  it('a timeout, and a verifier whose turn fails (no answer)', async () => {
    const { a, b, c } = await village(['b', 'c']);
    const v = await o.agent('v');
    await o.start('v');
    await o.village.update((w) => ({ ...w, defaultVerifier: id('v') }));
    b.fallback = say('B');
    c.fallback = say('C');
    o.orch.askTimeoutSecs = () => 0.2;
    v.script(async () => {
      await new Promise((r) => setTimeout(r, 600));
      return say('too late');
    });
    a.script(twoTasks(), say('done'));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(o.lines('plan verify:')[0]).toContain('outcome=skipped:timeout');
    expect(planResult(a.requests[1]).endsWith('Not verified (timed out).')).toBe(true);

    o.orch.askTimeoutSecs = () => 30;
    v.script(new Error('the model is down'));
    a.script(twoTasks(), say('done'));
    o.orch.sendUserMessage(id('a'), 'again');
    await o.idle();
    expect(o.lines('plan verify:')[1]).toContain('outcome=skipped:no_answer');
  });

  it('budget exhausted: the wave spent the chain before the verifier could be asked', async () => {
    const { a, b, c } = await village(['b', 'c'], { tokenBudget: 1_000 });
    const v = await o.agent('v');
    await o.start('v');
    await o.village.update((w) => ({ ...w, defaultVerifier: id('v') }));
    b.fallback = say('B', { prompt: 50_000 });
    c.fallback = say('C', { prompt: 50_000 });
    a.script(twoTasks(), say('done'));
    o.orch.sendUserMessage(id('a'), 'go');
    await o.idle();
    expect(o.lines('plan verify:')[0]).toContain('outcome=skipped:budget');
    expect(v.requests).toHaveLength(0);
  });
});
