/**
 * End to end: a servant whose only tool source is its rag declaration (enabledTools empty, no work
 * folder), driven by the fake provider over real HTTP, searches its reference folder and reads the
 * section the match sits under.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeProvider, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import {
  isReply,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

let fake: FakeProvider;
let v: TestVillage;
let docs: string;

beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  docs = join(v.root, 'docs');
  mkdirSync(join(docs, 'ops'), { recursive: true });
  writeFileSync(
    join(docs, 'ops', 'runbook.md'),
    '# Runbook\n## Restart\nsystemctl restart fuse\n## Backups\nnightly at 02:00\nkept 30 days\n',
  );
});
afterEach(async () => {
  await v.close();
  await fake.stop();
});

it('offers rag by the declaration alone and answers search, then read of the section found', async () => {
  await startFakeServant(v, fake.baseUrl, { id: 'lib', name: 'Lib', enabledTools: [], ragSources: [docs] });
  fake.enqueue(
    { body: openAiToolCall('rag', { op: 'search', pattern: 'nightly', reason: 'find the backup rule' }) },
    { body: openAiToolCall('rag', { op: 'read', path: 'ops/runbook.md', section: 'backups' }) },
    { body: textReply('openai', 'backups are nightly') },
  );
  await v.ok('send_user_message', { to: 'lib', content: 'when are backups?' });
  await waitForMessage(v, isReply('backups are nightly'), 'the reply');

  const offered = (fake.requests[0]!.body as { tools: { function: { name: string } }[] }).tools.map(
    (t) => t.function.name,
  );
  expect(offered).toContain('rag');
  const last = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  const [search, read] = last.messages.filter((m) => m.role === 'tool').map((m) => m.content);
  expect(search).toContain('ops/runbook.md:5: [Runbook > Backups] nightly at 02:00');
  expect(read).toBe('ops/runbook.md > Runbook > Backups\n\n## Backups\nnightly at 02:00\nkept 30 days');
});
