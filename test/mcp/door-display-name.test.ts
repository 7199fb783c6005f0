/**
 * The external client's display name (D8, issue 25) with the SDK's real client at the door: when
 * `externalName` is set it is the name in the envelope the servant reads and in the Markdown export,
 * the stored message keeps the name the client gave, and without it the client's own name is used.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/domain/message.ts';
import type { SessionSummary } from '../../src/domain/session.ts';
import { textReply } from '../fakes/fake-provider.ts';
import { askDoor, closeDoorVillage, openDoorVillage, type DoorVillage } from '../helpers/door-village.ts';

let bed: DoorVillage;
beforeEach(async () => (bed = await openDoorVillage({ language: 'en' })));
afterEach(() => closeDoorVillage(bed));

async function markdown(): Promise<string> {
  const session = await bed.v.ok<SessionSummary>('current_session');
  const res = await fetch(`${bed.v.server.url}/api/sessions/${session.id}.md`, {
    headers: { authorization: `Bearer ${bed.v.server.token}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The last user turn the servant's model was sent. */
function lastUserText(): string {
  const body = bed.fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === 'user').at(-1)!.content;
}

it('a set display name is what the servant and the export see; the message keeps the client name', async () => {
  await bed.v.ok('set_external_name', { externalName: 'Build bot' });
  bed.fake.enqueue({ body: textReply('openai', 'done') });
  const result = await askDoor(bed, { message: 'build it' });
  expect(result.isError ?? false).toBe(false);
  expect(lastUserText()).toContain('【Sender: Build bot (external client)】\nbuild it');
  expect(lastUserText()).not.toContain('claude-code');
  const stored = (await bed.v.ok<AgentMessage[]>('list_messages')).find((m) => m.content === 'build it')!;
  expect(stored.from).toEqual({ kind: 'external', client: 'claude-code' });
  const md = await markdown();
  expect(md).toContain('Build bot (external client)');
  expect(md).not.toContain('claude-code');
});

it("without a display name the client's own clientInfo.name is used everywhere", async () => {
  bed.fake.enqueue({ body: textReply('openai', 'done') });
  await askDoor(bed, { message: 'hello' });
  expect(lastUserText()).toContain('【Sender: claude-code (external client)】\nhello');
  expect(await markdown()).toContain('claude-code (external client)');
  // Set afterwards, it renames the same past message in the export (the label is resolved when shown).
  await bed.v.ok('set_external_name', { externalName: 'Desk tool' });
  const md = await markdown();
  expect(md).toContain('Desk tool (external client)');
  expect(md).not.toContain('claude-code');
});
