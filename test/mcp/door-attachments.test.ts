/**
 * The door's one attachment in the running village (issue 20: "the door accepts one attachment
 * too"), over the SDK's real client: the file reaches the reception's provider as its wire's part,
 * the message keeps the reference, and a refused file starts no turn and stores nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/domain/message.ts';
import { textReply, type FakeProvider } from '../fakes/fake-provider.ts';
import { lastUserMessage } from '../fakes/request-parts.ts';
import { mp4Bytes, pdfBytes, pngBytes } from '../helpers/attachment-files.ts';
import { askDoor, closeDoorVillage, openDoorVillage, type DoorVillage } from '../helpers/door-village.ts';
import { fromPrefix, waitForLog } from '../helpers/responses-village.ts';
import type { TestVillage } from '../helpers/village-server.ts';

let bed: DoorVillage;
let fake: FakeProvider;
let v: TestVillage;

beforeEach(async () => {
  bed = await openDoorVillage();
  ({ fake, v } = bed);
});
afterEach(async () => {
  await closeDoorVillage(bed);
});

async function ask(args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const result = await askDoor(bed, args);
  return { isError: result.isError ?? false, text: result.content.map((c) => c.text).join('') };
}

const stored = (v: TestVillage) =>
  existsSync(join(v.workspace, 'attachments')) ? readdirSync(join(v.workspace, 'attachments')) : [];

it('an image reaches the OpenAI-compatible provider as an image_url part before the text, and the message keeps it', async () => {
  fake.enqueue({ body: textReply('openai', 'a red rectangle') });
  const png = await pngBytes();
  const answer = await ask({
    message: 'what is in this picture?',
    attachment: { fileName: 'photo.png', bytes: png.toString('base64') },
  });
  expect(answer).toEqual({ isError: false, text: 'a red rectangle' });

  const last = lastUserMessage(fake.requests[0]!);
  expect(last.attachments).toHaveLength(1);
  expect(last.attachments[0]).toMatchObject({ type: 'image_url' });
  // Converted on the server to WebP (never the PNG as sent).
  expect(String((last.attachments[0]!.image_url as { url: string }).url)).toMatch(
    /^data:image\/webp;base64,/,
  );
  expect(last.parts.at(-1)).toMatchObject({ type: 'text' });
  expect(last.text).toContain('what is in this picture?');
  expect(last.text).toContain('(Attached: 1 image "photo.png".');

  const request = (await v.ok<AgentMessage[]>('list_messages')).find(
    (m) => m.content === 'what is in this picture?',
  )!;
  expect(request.from).toEqual({ kind: 'external', client: 'claude-code' });
  expect(request.attachments).toEqual([expect.objectContaining({ kind: 'image', fileName: 'photo.png' })]);
  expect(stored(v)).toHaveLength(1);
});

it('a PDF goes as the compat wire’s file part', async () => {
  fake.enqueue({ body: textReply('openai', 'read it') });
  const answer = await ask({
    message: 'summarise',
    attachment: { fileName: 'report.pdf', bytes: pdfBytes().toString('base64') },
  });
  expect(answer.isError).toBe(false);
  expect(lastUserMessage(fake.requests[0]!).attachments).toEqual([
    {
      type: 'file',
      file: {
        filename: 'report.pdf',
        file_data: `data:application/pdf;base64,${pdfBytes().toString('base64')}`,
      },
    },
  ]);
});

it('a video the compat wire cannot carry is ATTACHMENT_NOT_CARRIED: no call, nothing stored', async () => {
  const answer = await ask({
    message: 'watch this',
    attachment: { fileName: 'clip.mp4', bytes: mp4Bytes().toString('base64') },
  });
  expect(answer.isError).toBe(true);
  expect(answer.text).toMatch(/^ATTACHMENT_NOT_CARRIED/);
  expect(fake.requests).toHaveLength(0);
  expect(stored(v)).toEqual([]);
  expect((await v.ok<AgentMessage[]>('list_messages')).some((m) => m.content === 'watch this')).toBe(false);
});

it('bytes that are no kind we take, and bad base64, are INVALID_ATTACHMENT before anything happens', async () => {
  const text = await ask({
    message: 'a text file',
    attachment: { fileName: 'notes.png', bytes: Buffer.from('just text, named .png').toString('base64') },
  });
  expect(text.isError).toBe(true);
  expect(text.text).toMatch(/^INVALID_ATTACHMENT/);
  const bad = await ask({ message: 'bad', attachment: { fileName: 'a.png', bytes: '@@@@' } });
  expect(bad).toMatchObject({ isError: true, text: expect.stringMatching(/^INVALID_ATTACHMENT/) });
  expect(fake.requests).toHaveLength(0);
  expect(stored(v)).toEqual([]);
  // Each refusal is the entry's one line, the door's own (bad base64) included.
  const lines = (await waitForLog(v, 'attachment kind:')).map((line) => fromPrefix(line, 'attachment kind:'));
  expect(lines).toEqual([
    'attachment kind: kind=unknown provider=open_ai_compat outcome=rejected',
    'attachment kind: kind=unknown provider=open_ai_compat outcome=rejected',
  ]);
});
