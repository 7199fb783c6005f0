/**
 * `send_user_message` with an attachment and `read_attachment`, over real HTTP to a real village in
 * a temp folder; the servants' models are the fake provider (OpenAI-compatible and Anthropic wires).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BASE64_CHARS } from '../src/domain/attachment.ts';
import type { AgentMessage } from '../src/domain/message.ts';
import { MAX_BODY_BYTES } from '../src/server/body-limits.ts';
import { FakeProvider } from './fakes/fake-provider.ts';
import { mp4Bytes, pdfBytes, pngBytes } from './helpers/attachment-files.ts';
import {
  removeRoot,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

let fake: FakeProvider;
let v: TestVillage;

beforeEach(async () => {
  fake = await new FakeProvider().start();
  v = await startTestVillage();
  await v.ready();
  await startFakeServant(v, fake.baseUrl, { id: 'o', name: 'O' });
  await startFakeServant(v, fake.baseUrl, { id: 'n', name: 'N' }, 'anthropic');
});
afterEach(async () => {
  await v.close();
  await removeRoot(v.root);
  await fake.stop();
});

const attachmentsDir = () => join(v.workspace, 'attachments');
const storedFiles = () => (existsSync(attachmentsDir()) ? readdirSync(attachmentsDir()) : []);
const logLines = () => readFileSync(join(v.workspace, 'fuseforks.log'), 'utf8').split('\n');
const userMessages = async () =>
  (await v.ok<AgentMessage[]>('list_messages')).filter((m) => m.from.kind === 'user');
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A refusal's evidence: exactly these attachment lines, nothing stored, nothing recorded. */
async function expectRefusedWithLines(...lines: string[]): Promise<void> {
  expect(logLines().filter((l) => l.includes('attachment kind:'))).toEqual(
    lines.map((line) => expect.stringContaining(line)),
  );
  expect(storedFiles()).toEqual([]);
  expect(await userMessages()).toEqual([]);
}

describe('send_user_message with an attachment', () => {
  it('an image reaches the model as the wire part; the message keeps the reference; the file is WebP', async () => {
    const sent = await v.ok<AgentMessage>('send_user_message', {
      to: 'o',
      content: 'what is this?',
      attachment: { fileName: 'photo.png', bytes: b64(await pngBytes(64, 48)) },
    });
    const ref = sent.attachments![0]!;
    expect(sent.attachments).toHaveLength(1);
    expect(ref).toMatchObject({
      kind: 'image',
      fileName: 'photo.png',
      mimeType: 'image/webp',
      width: 64,
      height: 48,
    });
    expect(storedFiles()).toEqual([`${ref.id}.webp`]);
    const stored = readFileSync(join(attachmentsDir(), `${ref.id}.webp`));
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');

    await fake.waitForRequests(1);
    const body = fake.requests[0]!.body as { messages: { role: string; content: unknown }[] };
    const last = body.messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content).toEqual([
      { type: 'image_url', image_url: { url: `data:image/webp;base64,${stored.toString('base64')}` } },
      { type: 'text', text: expect.stringContaining('what is this?') },
    ]);
    const listed = (await userMessages()).at(-1)!;
    expect(listed.attachments).toEqual([ref]);
    const lines = logLines();
    const ok = lines.findIndex((l) =>
      l.includes('attachment kind: kind=image provider=open_ai_compat outcome=ok'),
    );
    expect(ok).toBeGreaterThanOrEqual(0);
    expect(lines.slice(ok).some((l) => l.includes('turn start: agent=o'))).toBe(true);
  });

  it('a kind the wire cannot carry (video to Anthropic): refused, nothing stored or recorded, no turn', async () => {
    const res = await v.call('send_user_message', {
      to: 'n',
      content: 'watch this',
      attachment: { fileName: 'clip.mp4', bytes: b64(mp4Bytes()) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ATTACHMENT_NOT_CARRIED' });
    expect(storedFiles()).toEqual([]);
    expect(await userMessages()).toEqual([]);
    // The instrument ran (positive control), and no turn followed it (negative evidence).
    await new Promise((r) => setTimeout(r, 50));
    const lines = logLines();
    const rejected = lines.filter((l) => l.includes('attachment kind:'));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toContain('attachment kind: kind=video provider=anthropic outcome=rejected');
    const at = lines.indexOf(rejected[0]!);
    expect(lines.slice(at).filter((l) => l.includes('turn start:'))).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('a file of no kind we take is INVALID_ATTACHMENT with kind=unknown in the line', async () => {
    const res = await v.call('send_user_message', {
      to: 'o',
      content: 'x',
      attachment: { fileName: 'photo.png', bytes: b64(Buffer.from('just some text, not a picture')) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_ATTACHMENT' });
    expect(logLines().filter((l) => l.includes('attachment kind:'))).toEqual([
      expect.stringContaining('attachment kind: kind=unknown provider=open_ai_compat outcome=rejected'),
    ]);
    expect(storedFiles()).toEqual([]);
    expect(await userMessages()).toEqual([]);
  });

  it('a second attachment is refused by the shape: a list, the plural field, extra fields', async () => {
    const one = { fileName: 'a.png', bytes: b64(await pngBytes()) };
    for (const args of [
      { to: 'o', content: 'x', attachment: [one, one] },
      { to: 'o', content: 'x', attachment: [one] },
      { to: 'o', content: 'x', attachments: [one, one] },
      { to: 'o', content: 'x', attachment: { ...one, second: one } },
      { to: 'o', content: 'x', attachment: { ...one, mimeType: 'image/png' } },
    ]) {
      const res = await v.call<{ code: string; message: string }>('send_user_message', args);
      expect(res.status, JSON.stringify(Object.keys(args))).toBe(400);
      expect(res.body.code).toBe('INVALID_ATTACHMENT');
    }
    const list = await v.call<{ message: string }>('send_user_message', {
      to: 'o',
      content: 'x',
      attachment: [one, one],
    });
    expect(list.body.message).toContain('at most one attachment');
    // Each refusal wrote the entry's one line (the bytes were never read: kind=unknown).
    expect(logLines().filter((l) => l.includes('attachment kind:'))).toEqual(
      Array.from({ length: 6 }, () =>
        expect.stringContaining('attachment kind: kind=unknown provider=open_ai_compat outcome=rejected'),
      ),
    );
    expect(storedFiles()).toEqual([]);
    expect(await userMessages()).toEqual([]);
  });

  it('bad base64 is INVALID_ATTACHMENT', async () => {
    for (const bytes of ['abc', 'ab=c', 'YWJj\n', 'YW Jj', '-_8=', 'YR==', '']) {
      const res = await v.call('send_user_message', {
        to: 'o',
        content: 'x',
        attachment: { fileName: 'a', bytes },
      });
      expect(res.status, JSON.stringify(bytes)).toBe(400);
      expect(res.body, JSON.stringify(bytes)).toMatchObject({ code: 'INVALID_ATTACHMENT' });
    }
    expect(await userMessages()).toEqual([]);
  });

  it('base64 longer than the largest file of any kind is refused with the limit named', async () => {
    const res = await v.call<{ code: string; message: string }>('send_user_message', {
      to: 'o',
      content: 'x',
      attachment: { fileName: 'big.mp4', bytes: 'A'.repeat(ATTACHMENT_MAX_BASE64_CHARS + 4) },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ATTACHMENT');
    expect(res.body.message).toBe('the attachment is larger than the largest file any kind may be (12 MB)');
  });

  it("a 12.5 MB PDF (base64 over the largest file, body within its limit) is refused with the PDF's limit and its kind", async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(12_500_000 - pdfBytes().length, 0x20)]);
    expect(b64(big).length).toBeGreaterThan(ATTACHMENT_MAX_BASE64_CHARS);
    const res = await v.call<{ code: string; message: string }>('send_user_message', {
      to: 'o',
      content: 'read',
      attachment: { fileName: 'big.pdf', bytes: b64(big) },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ATTACHMENT');
    expect(res.body.message).toBe('PDFs are limited to 10 MB; this file is 12.5 MB');
    await expectRefusedWithLines('attachment kind: kind=pdf provider=open_ai_compat outcome=rejected');
  });

  it('a 20 MB image (a body over the route limit) is INVALID_ATTACHMENT with one kind=unknown line, not a 413', async () => {
    const png = await pngBytes();
    const big = Buffer.concat([png, Buffer.alloc(20_000_000 - png.length, 0)]);
    const body = JSON.stringify({
      to: 'o',
      content: 'x',
      attachment: { fileName: 'huge.png', bytes: b64(big) },
    });
    const res = await v.call<{ code: string; message: string }>('send_user_message', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ATTACHMENT');
    expect(res.body.message).toBe('the attachment is larger than the largest file any kind may be (12 MB)');
    await expectRefusedWithLines('attachment kind: kind=unknown provider=- outcome=rejected');
    // The server still answers on a new request (the refused body's connection was closed, not reused).
    expect((await v.call('list_messages', {})).status).toBe(200);
  });

  it("the target's checks come before the argument is read: NOT_RUNNING / AGENT_NOT_FOUND win over a bad file", async () => {
    await v.ok('stop_agent', { agentId: 'o' });
    const stopped = await v.call<{ code: string }>('send_user_message', {
      to: 'o',
      content: 'x',
      attachment: { fileName: 'a.pdf', bytes: 'not base64!' },
    });
    expect(stopped.body.code).toBe('NOT_RUNNING');
    const stoppedList = await v.call<{ code: string }>('send_user_message', {
      to: 'o',
      content: 'x',
      attachment: [{ fileName: 'a.pdf', bytes: b64(pdfBytes()) }],
    });
    expect(stoppedList.body.code).toBe('NOT_RUNNING');
    const unknown = await v.call<{ code: string }>('send_user_message', {
      to: 'nobody',
      content: 'x',
      attachment: { fileName: 'a.pdf', bytes: b64(pdfBytes()).slice(0, -1) },
    });
    expect(unknown.body.code).toBe('AGENT_NOT_FOUND');
    // Exactly one line per refusal; the kind is the head's where it reads as one.
    await expectRefusedWithLines(
      'attachment kind: kind=unknown provider=open_ai_compat outcome=rejected',
      'attachment kind: kind=unknown provider=open_ai_compat outcome=rejected',
      'attachment kind: kind=pdf provider=- outcome=rejected',
    );
  });

  it('empty content is allowed with an attachment only', async () => {
    expect(await v.call('send_user_message', { to: 'o', content: ' ' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_ARGUMENT' },
    });
    const sent = await v.ok<AgentMessage>('send_user_message', {
      to: 'o',
      content: '',
      attachment: { fileName: 'doc.pdf', bytes: b64(pdfBytes()) },
    });
    expect(sent.attachments![0]).toMatchObject({ kind: 'pdf', fileName: 'doc.pdf' });
    await waitForMessage(v, (m) => m.from.kind === 'agent', 'the reply');
  });

  it('the body limit is raised for send_user_message only', async () => {
    // A 3 MB PDF: over the 1 MB limit of every other command.
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(3_000_000, 0x20)]);
    const body = JSON.stringify({
      to: 'o',
      content: 'read',
      attachment: { fileName: 'big.pdf', bytes: b64(big) },
    });
    expect(body.length).toBeGreaterThan(MAX_BODY_BYTES);
    const sent = await v.call<AgentMessage>('send_user_message', body);
    expect(sent.status).toBe(200);
    expect(sent.body.attachments![0]).toMatchObject({ kind: 'pdf', byteLength: big.length });
    const other = await v.call(
      'write_ordinance',
      JSON.stringify({ content: 'x'.repeat(MAX_BODY_BYTES + 10) }),
    );
    expect(other.status).toBe(413);
  });
});

describe('send_user_message without a content key', () => {
  it('is taken with an attachment (the text is empty); without one it names the missing text', async () => {
    const sent = await v.ok<AgentMessage>('send_user_message', {
      to: 'o',
      attachment: { fileName: 'photo.png', bytes: b64(await pngBytes(8, 8)) },
    });
    expect(sent.content).toBe('');
    expect(sent.attachments).toHaveLength(1);

    const bare = await v.call('send_user_message', { to: 'o' });
    expect(bare.status).toBe(400);
    const message = (bare.body as { message: string }).message;
    expect(message).toContain('content');
    expect(message).toContain('only when an attachment is sent');
    expect(message).not.toContain('received undefined');
  });
});

describe('read_attachment', () => {
  it('answers the stored file in base64 with its kind, name and size', async () => {
    const sent = await v.ok<AgentMessage>('send_user_message', {
      to: 'o',
      content: 'keep',
      attachment: { fileName: 'photo.png', bytes: b64(await pngBytes(30, 20)) },
    });
    const ref = sent.attachments![0]!;
    const read = await v.ok<Record<string, unknown>>('read_attachment', { id: ref.id });
    expect(read).toEqual({
      id: ref.id,
      kind: 'image',
      mimeType: 'image/webp',
      fileName: 'photo.png',
      bytes: readFileSync(join(attachmentsDir(), `${ref.id}.webp`)).toString('base64'),
      width: 30,
      height: 20,
    });
  });

  it('a file that is gone, or an id that is no id, is ATTACHMENT_NOT_FOUND', async () => {
    for (const id of ['3b241101-e2bb-4255-8caf-4136c566a962', '../world', '']) {
      const res = await v.call('read_attachment', { id });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' });
      expect((res.body as { message: string }).message).toContain('no attachment with this id');
      expect((res.body as { message: string }).message).not.toContain('is gone');
    }
  });
});
