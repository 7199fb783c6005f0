/**
 * A plan wave of 20 tasks (issue 24): no MaxListenersExceededWarning while all of them wait at once,
 * and the coordinator's interrupt still reaches every worker's turn through the one listener.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { call, say, type ScriptedModel } from './fakes/scripted-model.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

const TASKS = 20;
let o: Orchestra;
let warnings: Error[];
const onWarning = (warning: Error) => warnings.push(warning);
beforeEach(() => {
  warnings = [];
  process.on('warning', onWarning);
});
afterEach(async () => {
  process.off('warning', onWarning);
  await o.close();
});
const id = (s: string) => s as AgentId;
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
};
/** Lets a warning emitted in this tick reach the listener (process warnings go out on the next). */
const settle = () => new Promise((r) => setTimeout(r, 20));

async function wave(): Promise<{ coordinator: ScriptedModel; workers: ScriptedModel[]; names: string[] }> {
  o = await makeOrchestra();
  const coordinator = await o.agent('a');
  const names = Array.from({ length: TASKS }, (_, i) => `w${i}`);
  const workers: ScriptedModel[] = [];
  for (const name of names) workers.push(await o.agent(name));
  await o.connect('a', ...names);
  await o.start('a', ...names);
  coordinator.script(
    call('plan', { tasks: names.map((name) => ({ to: name, message: `task for ${name}` })) }),
    say('summary'),
  );
  return { coordinator, workers, names };
}

it(`a wave of ${TASKS} tasks all waiting at once prints no MaxListenersExceededWarning`, async () => {
  const { coordinator, workers } = await wave();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  for (const [index, worker] of workers.entries())
    worker.script(async () => {
      await gate;
      return say(`answer ${index}`);
    });
  o.orch.sendUserMessage(id('a'), 'coordinate');
  await waitFor(() => workers.every((w) => w.requests.length === 1));
  expect(workers.every((w) => w.requests.length === 1)).toBe(true);
  release();
  await o.idle();
  await settle();
  expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  const [record] = o.orch.planWaves.list();
  expect(record!.tasks.map((t) => t.state)).toEqual(Array(TASKS).fill('answered'));
  expect(coordinator.requests).toHaveLength(2);
});

it(`the coordinator's interrupt still stops all ${TASKS} workers mid-wave`, async () => {
  const { coordinator, workers } = await wave();
  for (const worker of workers)
    worker.script(async (_request, options) => {
      await new Promise((resolve) => options.signal?.addEventListener('abort', resolve, { once: true }));
      throw new Error('aborted');
    });
  o.orch.sendUserMessage(id('a'), 'coordinate');
  await waitFor(() => workers.every((w) => w.requests.length === 1));
  expect(o.orch.interruptTurn(id('a'))).toBe(true);
  await o.idle();
  await settle();
  expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  const [record] = o.orch.planWaves.list();
  expect(record!.tasks.map((t) => t.state)).toEqual(Array(TASKS).fill('interrupted'));
  expect(record!.bundleChars).toBeNull();
  expect(coordinator.requests).toHaveLength(1);
});
