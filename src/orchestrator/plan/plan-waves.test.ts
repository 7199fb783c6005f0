import { expect, it } from 'vitest';
import { EventBus, type CoreEvent } from '../../domain/events.ts';
import type { AgentId } from '../../domain/ids.ts';
import { PLAN_WAVE_RING } from '../../domain/plan.ts';
import { PlanWaves } from './plan-waves.ts';

const a = 'a' as AgentId;
const b = 'b' as AgentId;

function waves(): { store: PlanWaves; events: CoreEvent[] } {
  const bus = new EventBus();
  const events: CoreEvent[] = [];
  bus.subscribe((e) => events.push(e));
  return { store: new PlanWaves(bus), events };
}

it('keeps the last 50 waves, planId from 1, and still reports events of an evicted one', () => {
  const { store, events } = waves();
  for (let i = 0; i <= PLAN_WAVE_RING; i += 1) store.start(a, 1, [{ to: b, msgChars: 1 }], 1_000 + i);
  const list = store.list();
  expect(list).toHaveLength(PLAN_WAVE_RING);
  expect(list[0]!.planId).toBe(2);
  expect(list.at(-1)!.planId).toBe(PLAN_WAVE_RING + 1);
  store.resolveTask(1, b, 'answered', 5);
  expect(events.at(-1)).toEqual({
    type: 'planTaskResolved',
    planId: 1,
    to: b,
    state: 'answered',
    elapsedMs: 5,
  });
});

it('settles a task once and closes what is still running when the wave finishes', () => {
  const { store, events } = waves();
  const planId = store.start(
    a,
    2,
    [
      { to: a, msgChars: 3 },
      { to: b, msgChars: 4 },
    ],
    0,
  );
  store.resolveTask(planId, a, 'answered', 10);
  store.resolveTask(planId, a, 'timed_out', 20);
  store.finish(planId, 42, 30, 'no_answer');
  const [record] = store.list();
  expect(record!.tasks.map((t) => [t.to, t.state, t.elapsedMs])).toEqual([
    ['a', 'answered', 10],
    ['b', 'no_answer', null],
  ]);
  expect(record).toMatchObject({ bundleChars: 42, elapsedMs: 30, state: 'dispatched', wave: 2 });
  // The second resolve of a settled task is ignored, event included.
  expect(events.map((e) => e.type)).toEqual([
    'planWaveStarted',
    'planTaskResolved',
    'planTaskResolved',
    'planWaveFinished',
  ]);
  // The list is a copy.
  record!.tasks[0]!.state = 'running';
  expect(store.list()[0]!.tasks[0]!.state).toBe('answered');
});
