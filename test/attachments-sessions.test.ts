/**
 * The message keeps its attachment reference in the store (ledger part 2, attachment freeze 3: the
 * log layer keeps it, the history layer does not): a resumed, a restarted and a forked conversation
 * list it, and the restored history replays the marker as text, never the bytes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage, AttachmentRef } from '../src/domain/message.ts';
import type { SessionSummary } from '../src/domain/session.ts';
import { FakeProvider, imageTypesIn } from './fakes/fake-provider.ts';
import { pngBytes } from './helpers/attachment-files.ts';
import {
  makeTempRoot,
  removeRoot,
  startFakeServant,
  startTestVillage,
  type TestVillage,
} from './helpers/village-server.ts';

const opened: TestVillage[] = [];
let root: string | null = null;
let fake: FakeProvider;
afterEach(async () => {
  for (const v of opened.splice(0)) await v.close();
  if (root) await removeRoot(root);
  root = null;
  await fake.stop();
});

async function open(): Promise<TestVillage> {
  root ??= await makeTempRoot();
  const v = await startTestVillage({ root });
  opened.push(v);
  await v.ready();
  return v;
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function say(v: TestVillage, content: string, attachment?: { fileName: string; bytes: string }) {
  const before = fake.requests.length;
  const sent = await v.ok<AgentMessage>('send_user_message', { to: 'o', content, attachment });
  await fake.waitForRequests(before + 1);
  await until('the reply', async () =>
    (await v.ok<AgentMessage[]>('list_messages')).some((m) => m.from.kind === 'agent' && m.tsMs >= sent.tsMs),
  );
  return sent;
}

const userMessage = (list: AgentMessage[], content: string) =>
  list.find((m) => m.from.kind === 'user' && m.content === content);
const MARKER = '(Attached: 1 image "photo.png".';

/** The next turn's request: the marker in its history, no image anywhere. */
async function expectHistoryWithoutBytes(v: TestVillage, content: string): Promise<void> {
  await say(v, content);
  const request = fake.requests.at(-1)!;
  expect(imageTypesIn(request.rawBody)).toEqual([]);
  expect(request.rawBody).toContain(MARKER.replace(/"/g, '\\"'));
}

describe('the attachment reference in the store', () => {
  it('resume, restart and fork list the message with its reference; history has no bytes', async () => {
    fake = await new FakeProvider().start();
    const v = await open();
    await startFakeServant(v, fake.baseUrl, { id: 'o', name: 'O' });
    const bytes = Buffer.from(await pngBytes()).toString('base64');
    const sent = await say(v, 'look', { fileName: 'photo.png', bytes });
    const ref: AttachmentRef = sent.attachments![0]!;
    expect(imageTypesIn(fake.requests[0]!.rawBody)).toEqual(['image/webp']);
    await say(v, 'second');
    const old = await v.ok<SessionSummary>('current_session');

    await v.ok('reset_conversation');
    expect(await v.ok<AgentMessage[]>('list_messages')).toEqual([]);
    await v.ok('resume_session', { sessionId: old.id });
    expect(userMessage(await v.ok<AgentMessage[]>('list_messages'), 'look')!.attachments).toEqual([ref]);
    await expectHistoryWithoutBytes(v, 'after resume');

    // A restart reads the same records from disk.
    await v.close();
    opened.splice(0);
    const again = await open();
    expect(userMessage(await again.ok<AgentMessage[]>('list_messages'), 'look')!.attachments).toEqual([ref]);
    await again.ok('start_agent', { agentId: 'o' });

    const points = await again.ok<{ atSeq: number; text: string }[]>('list_fork_points', {
      sessionId: old.id,
    });
    const at = points.find((p) => p.text === 'second')!.atSeq;
    await again.ok<SessionSummary>('fork_session', { sessionId: old.id, atSeq: at });
    const forked = await again.ok<AgentMessage[]>('list_messages');
    expect(userMessage(forked, 'look')!.attachments).toEqual([ref]);
    expect(userMessage(forked, 'second')).toBeUndefined();
    await expectHistoryWithoutBytes(again, 'after fork');
  });
});
