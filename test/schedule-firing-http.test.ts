/**
 * Schedules fire while the server runs: a real server, its real one-minute ticker, the real HTTP
 * client against the fake provider. Each case waits for a real interval slot (up to two ticks), so
 * the two run concurrently, each with its own village and provider.
 */
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../src/domain/message.ts';
import type { ScheduleView } from '../src/domain/schedule.ts';
import { FakeProvider } from './fakes/fake-provider.ts';
import { removeRoot, startTestVillage, type TestVillage } from './helpers/village-server.ts';

const WAIT_MS = 200_000;

async function village(): Promise<{ v: TestVillage; fake: FakeProvider; agent: string }> {
  const fake = await new FakeProvider().start();
  const v = await startTestVillage();
  await v.ready();
  const { id } = await v.ok<{ id: string }>('upsert_template', {
    template: {
      name: 'Fake',
      baseUrl: fake.baseUrl,
      model: 'fake-model',
      provider: 'open_ai_compat',
      credential: 'not_required',
    },
  });
  const agent = await v.ok<{ id: string }>('create_agent', { spec: { name: 'Zari', modelTemplateId: id } });
  await v.ok('start_agent', { agentId: agent.id });
  return { v, fake, agent: agent.id };
}

async function close(v: TestVillage, fake: FakeProvider) {
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
}

/** Polls list_schedules until `done` holds for the one schedule (the ticker runs once a minute). */
async function waitFor(v: TestVillage, done: (s: ScheduleView) => boolean): Promise<ScheduleView> {
  for (;;) {
    const [schedule] = await v.ok<ScheduleView[]>('list_schedules');
    if (schedule && done(schedule)) return schedule;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe.concurrent('schedules fire through the running server', () => {
  it(
    'a one-minute interval fires as a System message labelled Scheduled run, and the model is asked',
    async () => {
      const { v, fake, agent } = await village();
      try {
        const created = await v.ok<ScheduleView>('create_schedule', {
          schedule: {
            to: agent,
            message: 'ping the build',
            recurrence: { kind: 'interval', everyMinutes: 1 },
          },
        });
        expect(created.lastFiring).toBeNull();
        const fired = await waitFor(v, (s) => s.lastFiring !== null);
        expect(fired.lastConsumedDueMs).toBe(fired.lastFiring!.dueMs);
        expect(fired.lastFiring!.dueMs).toBe(created.createdAtMs + 60_000);
        await fake.waitForRequests(1);
        const sent = fake.requests[0]!.body as { messages: { role: string; content: string }[] };
        expect(sent.messages.at(-1)!.content).toContain('Scheduled run: every minute\nping the build');
        const messages = await v.ok<AgentMessage[]>('list_messages');
        const firing = messages.find((m) => m.content.startsWith('Scheduled run'));
        expect(firing).toMatchObject({ from: { kind: 'system' }, to: { kind: 'agent', id: agent }, hop: 0 });
      } finally {
        await close(v, fake);
      }
    },
    WAIT_MS,
  );

  it(
    'a probe that does not match sends no request at all; its slot is consumed and lastProbe says why',
    async () => {
      const { v, fake, agent } = await village();
      try {
        const probe = { command: process.execPath, args: ['-e', 'console.log("NOT YET")'], expect: 'GO' };
        const created = await v.ok<ScheduleView>('create_schedule', {
          schedule: {
            to: agent,
            message: 'deploy',
            recurrence: { kind: 'interval', everyMinutes: 1 },
            probe,
          },
        });
        // create_schedule is the save that approves the command on this device.
        expect(created.probeApproved).toBe(true);
        const probed = await waitFor(v, (s) => s.lastProbe !== null);
        expect(probed.lastProbe).toMatchObject({ outcome: 'no_match', reason: null });
        expect(probed.lastConsumedDueMs).toBe(created.createdAtMs + 60_000);
        expect(probed.lastFiring).toBeNull();
        expect(fake.requests).toHaveLength(0);
        const messages = await v.ok<AgentMessage[]>('list_messages');
        expect(messages.some((m) => m.content.includes('deploy'))).toBe(false);
      } finally {
        await close(v, fake);
      }
    },
    WAIT_MS,
  );

  it(
    'sessionMode fresh starts a new chat before the firing lands there',
    async () => {
      const { v, fake, agent } = await village();
      try {
        await v.ok('send_user_message', { to: agent, content: 'earlier talk' });
        await fake.waitForRequests(1);
        const before = await v.ok<{ id: string }>('current_session');
        await v.ok<ScheduleView>('create_schedule', {
          schedule: {
            to: agent,
            message: 'fresh start',
            recurrence: { kind: 'interval', everyMinutes: 1 },
            sessionMode: 'fresh',
          },
        });
        await waitFor(v, (s) => s.lastFiring !== null);
        const after = await v.ok<{ id: string }>('current_session');
        expect(after.id).not.toBe(before.id);
        const messages = await v.ok<AgentMessage[]>('list_messages');
        expect(messages.some((m) => m.content === 'earlier talk')).toBe(false);
        expect(messages.some((m) => m.content.includes('fresh start'))).toBe(true);
      } finally {
        await close(v, fake);
      }
    },
    WAIT_MS,
  );
});
