/**
 * The door takes one attachment through the same send checks (attachment-send.ts): the reception's
 * model gets the bytes in that turn, the message keeps the reference, and every refusal is the
 * door's answer text in the village language, with nothing stored or recorded.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { AgentId } from '../src/domain/ids.ts';
import { askExternal } from '../src/orchestrator/external-ask.ts';
import { say } from './fakes/scripted-model.ts';
import { mp4Bytes, pngBytes } from './helpers/attachment-files.ts';
import { makeOrchestra, type Orchestra } from './helpers/orchestra.ts';

let o: Orchestra;
afterEach(async () => {
  await o.close();
});
const live = () => new AbortController().signal;

async function reception(language: 'en' | 'ja' = 'en') {
  o = await makeOrchestra({ language });
  const desk = await o.agent('desk');
  await o.village.update((w) => ({ ...w, reception: 'desk' as AgentId }));
  await o.start('desk');
  return desk;
}
const stored = () => {
  const dir = join(o.root, 'ws', 'attachments');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const externals = () => o.orch.messages.list().filter((m) => m.from.kind === 'external');

it('an image reaches the reception in its turn, and the message keeps the reference', async () => {
  const desk = await reception();
  desk.script(say('a red square'));
  const answer = await askExternal(o.orch, 'cli', '', live(), {
    fileName: 'shot.png',
    bytes: await pngBytes(),
  });
  expect(answer).toEqual({ text: 'a red square', isError: false });
  const user = desk.requests[0]!.messages.at(-1)!;
  expect(user.role === 'user' && user.attachments?.map((a) => a.mimeType)).toEqual(['image/webp']);
  expect(externals()[0]!.attachments).toEqual([
    expect.objectContaining({ kind: 'image', fileName: 'shot.png' }),
  ]);
  expect(stored()).toHaveLength(1);
  expect(o.lines('attachment kind:')).toEqual([
    'attachment kind: kind=image provider=open_ai_compat outcome=ok',
  ]);
});

it('a kind the wire cannot carry is the answer text; nothing is stored, recorded or run', async () => {
  const desk = await reception();
  const answer = await askExternal(o.orch, 'cli', 'watch', live(), { fileName: 'c.mp4', bytes: mp4Bytes() });
  expect(answer.isError).toBe(true);
  expect(answer.text).toMatch(
    /^ATTACHMENT_NOT_CARRIED: the connection of the reception servant desk \(DESK\) cannot/,
  );
  expect(stored()).toEqual([]);
  expect(externals()).toEqual([]);
  expect(desk.requests).toEqual([]);
  expect(o.lines('attachment kind:')).toEqual([
    'attachment kind: kind=video provider=open_ai_compat outcome=rejected',
  ]);
  expect(o.lines('turn start:')).toEqual([]);
});

it('a file of no kind we take names what may be sent, in Japanese in a Japanese village', async () => {
  await reception('ja');
  const answer = await askExternal(o.orch, 'cli', '見て', live(), {
    fileName: 'a.png',
    bytes: Buffer.from('not an image at all'),
  });
  expect(answer.isError).toBe(true);
  expect(answer.text).toMatch(
    /^INVALID_ATTACHMENT: 添付を受け付けられませんでした（.+）。送れるのは 1 件だけで、画像/,
  );
  expect(answer.text).toContain('10 MB');
  expect(externals()).toEqual([]);
});

it('empty text without an attachment is still refused', async () => {
  await reception();
  expect(await askExternal(o.orch, 'cli', ' ', live())).toEqual({
    text: 'The message is empty. Write the request.',
    isError: true,
  });
});

it('a reception refusal (unset, missing, stopped) with a file writes its one rejected line', async () => {
  o = await makeOrchestra({ language: 'en' });
  await o.agent('desk');
  const pdf = () => ({ fileName: 'd.pdf', bytes: Buffer.from('%PDF-1.7 hello') });
  const unset = await askExternal(o.orch, 'cli', 'read', live(), pdf());
  expect(unset.text).toMatch(/^EXTERNAL_RECEPTION_UNSET/);
  await o.village.update((w) => ({ ...w, reception: 'gone' as AgentId }));
  const missing = await askExternal(o.orch, 'cli', 'read', live(), pdf());
  expect(missing.text).toMatch(/^AGENT_NOT_FOUND/);
  await o.village.update((w) => ({ ...w, reception: 'desk' as AgentId }));
  const stopped = await askExternal(o.orch, 'cli', 'read', live(), {
    fileName: 'x.bin',
    bytes: Buffer.from('no kind'),
  });
  expect(stopped.text).toMatch(/^NOT_RUNNING/);
  // Without a file no line is owed.
  expect((await askExternal(o.orch, 'cli', 'read', live())).text).toMatch(/^NOT_RUNNING/);
  expect(o.lines('attachment kind:')).toEqual([
    'attachment kind: kind=pdf provider=- outcome=rejected',
    'attachment kind: kind=pdf provider=- outcome=rejected',
    'attachment kind: kind=unknown provider=open_ai_compat outcome=rejected',
  ]);
  expect(stored()).toEqual([]);
  expect(externals()).toEqual([]);
});
