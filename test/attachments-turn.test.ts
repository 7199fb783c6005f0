/**
 * The attachment in the turn (ledger part 2, attachment freezes 3 and 4), over real HTTP to the fake
 * provider: the bytes ride only on the calls of the turn the message arrived in; history keeps the
 * marker, never the bytes; a file gone before its turn sends nothing and says so; the JPEG retry of
 * an OpenAI-compatible endpoint, and no retry on other wires.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../src/domain/message.ts';
import { FakeProvider, imageTypesIn, openAiToolCall, textReply } from './fakes/fake-provider.ts';
import { pngBytes } from './helpers/attachment-files.ts';
import {
  removeRoot,
  startFakeServant,
  startTestVillage,
  type TestVillage,
} from './helpers/village-server.ts';

let fake: FakeProvider;
let v: TestVillage;

async function open(language: 'en' | 'ja' = 'en'): Promise<void> {
  fake = await new FakeProvider().start();
  v = await startTestVillage({ language });
  await v.ready();
  await startFakeServant(v, fake.baseUrl, { id: 'o', name: 'O' });
  await startFakeServant(v, fake.baseUrl, { id: 'n', name: 'N' }, 'anthropic');
}
afterEach(async () => {
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
});

const MARKER = '(Attached: 1 image "photo.png". Its content reaches the model only in the turn it was sent.)';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function sendImage(to: string, content: string): Promise<AgentMessage> {
  return v.ok<AgentMessage>('send_user_message', {
    to,
    content,
    attachment: { fileName: 'photo.png', bytes: b64(await pngBytes()) },
  });
}

const replies = (from: string) => (m: AgentMessage) => m.from.kind === 'agent' && m.from.id === from;

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const countOf = async (match: (m: AgentMessage) => boolean) =>
  (await v.ok<AgentMessage[]>('list_messages')).filter(match).length;

/** The System line of a failed turn, once it is there (`words`: the village language's "turn failed"). */
async function failureLine(words: string): Promise<string> {
  const find = async () =>
    (await v.ok<AgentMessage[]>('list_messages')).find(
      (m) => m.from.kind === 'system' && m.content.includes(words),
    );
  await until('the failure line', async () => (await find()) !== undefined);
  return (await find())!.content;
}

type OpenAiBody = { messages: { role: string; content: unknown }[] };
const userContents = (n: number) =>
  (fake.requests[n]!.body as OpenAiBody).messages.filter((m) => m.role === 'user').map((m) => m.content);

describe('the bytes reach the model in their own turn only', () => {
  it('turn 1 carries the image part; turn 2 carries none, and its history has the marker', async () => {
    await open();
    await sendImage('o', 'look at this');
    await until('the first reply', async () => (await countOf(replies('o'))) === 1);
    await v.ok('send_user_message', { to: 'o', content: 'and now?' });
    await until('the second reply', async () => (await countOf(replies('o'))) === 2);

    expect(imageTypesIn(fake.requests[0]!.rawBody)).toEqual(['image/webp']);
    const first = userContents(0).at(-1) as { type: string; text?: string }[];
    expect(first.map((p) => p.type)).toEqual(['image_url', 'text']);
    expect(first[1]!.text).toContain(`look at this\n\n${MARKER}`);

    expect(imageTypesIn(fake.requests[1]!.rawBody)).toEqual([]);
    const second = userContents(1);
    // History is plain strings: the first turn's folded text, marker included, then the new message.
    expect(second.every((c) => typeof c === 'string')).toBe(true);
    expect(second[0]).toContain(`look at this\n\n${MARKER}`);
    expect(second.at(-1)).toContain('and now?');
    expect(second.at(-1)).not.toContain('Attached');
  });

  it('a file gone before its turn sends no bytes, and the marker says it was deleted', async () => {
    await open();
    fake.enqueue({ hold: true });
    await v.ok('send_user_message', { to: 'o', content: 'busy first' });
    await fake.waitForRequests(1);
    const sent = await sendImage('o', 'then this');
    rmSync(join(v.workspace, 'attachments', `${sent.attachments![0]!.id}.webp`));
    fake.releaseHeld();
    await fake.waitForRequests(2);
    expect(imageTypesIn(fake.requests[1]!.rawBody)).toEqual([]);
    expect(userContents(1).at(-1)).toContain(
      'then this\n\n(Attached: 1 image "photo.png". The file had been deleted, so its content did not reach the model.)',
    );
  });
});

describe('the JPEG retry (OpenAI-compatible only)', () => {
  it('a 400 to the WebP is retried once as JPEG, and the later calls of the turn keep the JPEG', async () => {
    await open();
    fake.refuseImages = (type) => type === 'image/webp';
    fake.enqueue(
      { body: openAiToolCall('room_log', { id: 'nothing' }) },
      { body: textReply('openai', 'seen') },
    );
    await sendImage('o', 'look');
    await until('the reply', async () => (await countOf(replies('o'))) === 1);
    expect(fake.requests.map((r) => imageTypesIn(r.rawBody))).toEqual([
      ['image/webp'],
      ['image/jpeg'],
      ['image/jpeg'],
    ]);
    const jpeg = (userContents(1).at(-1) as { image_url?: { url: string } }[])[0]!.image_url!.url;
    const bytes = Buffer.from(jpeg.slice('data:image/jpeg;base64,'.length), 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The stored file stays WebP: the JPEG lives in this turn only.
    const list = await v.ok<AgentMessage[]>('list_messages');
    const ref = list.find((m) => m.from.kind === 'user')!.attachments![0]!;
    expect(
      readFileSync(join(v.workspace, 'attachments', `${ref.id}.webp`))
        .subarray(8, 12)
        .toString(),
    ).toBe('WEBP');
    expect(list.find(replies('o'))!.content).toBe('seen');
  });

  it('when the JPEG is refused too, the turn fails saying the endpoint does not accept images (ja)', async () => {
    await open('ja');
    fake.refuseImages = () => true;
    await sendImage('o', '見て');
    expect(await failureLine('ターンが失敗しました')).toBe(
      'O のターンが失敗しました: この接続先は画像を受け付けません',
    );
    expect(fake.requests).toHaveLength(2);
    // Not a configuration failure: the servant keeps running and takes text.
    const world = await v.ok<{ agents: { id: string; status: string }[] }>('get_world');
    expect(world.agents.find((a) => a.id === 'o')!.status).toBe('running');
    fake.refuseImages = null;
    await v.ok('send_user_message', { to: 'o', content: '文字だけ' });
    await until('a reply', async () => (await countOf(replies('o'))) === 1);
    // The failed turn's record kept the marker: the next turn knows a file was there.
    expect(JSON.stringify(userContents(2))).toContain('（添付: 画像 1 枚「photo.png」。');
  });

  it('the same text in English', async () => {
    await open('en');
    fake.refuseImages = () => true;
    await sendImage('o', 'look');
    expect(await failureLine('turn failed')).toBe("O's turn failed: This endpoint does not accept images");
  });

  it('other wires never retry: Anthropic answers 400 once and the turn fails as any 400', async () => {
    await open();
    fake.refuseImages = () => true;
    await sendImage('n', 'look');
    expect(await failureLine('turn failed')).not.toContain('does not accept images');
    expect(fake.requests).toHaveLength(1);
    expect(imageTypesIn(fake.requests[0]!.rawBody)).toEqual(['image/webp']);
  });
});
