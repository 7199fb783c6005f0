/**
 * `fuseforks send` from the bin against a real running server and the fake provider: the message
 * id on stdout, the attachment reaching the provider as the wire's part, typed errors with exit
 * status 1, and a bad file refused before any request.
 */
import { spawn } from 'node:child_process';
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_VIDEO_MAX_BYTES } from '../src/domain/attachment.ts';
import type { AgentMessage } from '../src/domain/message.ts';
import { FakeProvider, textReply } from './fakes/fake-provider.ts';
import { lastUserMessage } from './fakes/request-parts.ts';
import { jpegBytes, mp4Bytes, pngBytes } from './helpers/attachment-files.ts';
import {
  isReply,
  removeRoot,
  startFakeServant,
  startTestVillage,
  waitForMessage,
  type TestVillage,
} from './helpers/village-server.ts';

// Each run starts a node with tsx (seconds on a busy machine).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const BIN = join(import.meta.dirname, '..', 'bin', 'fuseforks.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], {
    // The flags must win: nothing is taken from the developer's own app data.
    env: { ...process.env, FUSEFORKS_HOME: '/nonexistent-fuseforks-home', FUSEFORKS_PORT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('fuseforks send', () => {
  let v: TestVillage;
  let fake: FakeProvider;
  let at: string[];
  let files: string;
  const send = (...args: string[]) => cli(['send', ...args, ...at]);

  beforeAll(async () => {
    fake = await new FakeProvider().start();
    v = await startTestVillage();
    await v.ready();
    await startFakeServant(v, fake.baseUrl, { id: 'a', name: 'Ann' });
    at = ['--home', v.home, '--port', String(v.server.port)];
    files = join(v.root, 'files');
    await mkdir(files);
    await writeFile(join(files, 'photo.png'), await pngBytes());
    await writeFile(join(files, 'clip.mp4'), mp4Bytes());
    // The largest file any kind may be: a 12 MB video (its ftyp box, then padding).
    const full = Buffer.alloc(ATTACHMENT_VIDEO_MAX_BYTES);
    mp4Bytes().copy(full);
    await writeFile(join(files, 'full.mp4'), full);
    await writeFile(join(files, 'too-big.mp4'), '');
    await truncate(join(files, 'too-big.mp4'), ATTACHMENT_VIDEO_MAX_BYTES + 1);
    // A JPEG head then zeros: the kind is read from the head, and 12.6 MB is over the image limit only.
    await writeFile(join(files, 'big-photo.jpg'), await jpegBytes(8, 8));
    await truncate(join(files, 'big-photo.jpg'), 12_600_000);
  });
  afterAll(async () => {
    await v?.close();
    await removeRoot(v.root);
    await fake?.stop();
  });

  it('sends a message with an image: prints its id, and the provider gets the image part before the text', async () => {
    fake.answerWhenUserSays('what colour', { body: textReply('openai', 'red') });
    const run = await send('a', 'what colour is it?', '--attach', join(files, 'photo.png'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const id = run.stdout.trim();
    const list = await waitForMessage(v, isReply('red'), 'the answer');
    const sent = list.find((m) => m.id === id)!;
    expect(sent).toMatchObject({ content: 'what colour is it?', from: { kind: 'user' } });
    expect(sent.attachments).toEqual([expect.objectContaining({ kind: 'image', fileName: 'photo.png' })]);

    const last = lastUserMessage(fake.requests.at(-1)!);
    expect(last.parts.map((part) => part.type)).toEqual(['image_url', 'text']);
    expect(last.text).toContain('what colour is it?');
  });

  it('sends the largest file (a 12 MB video) to a Gemini servant: it arrives whole as inlineData', async () => {
    await startFakeServant(v, fake.baseUrl, { id: 'g', name: 'Gem' }, 'gemini');
    fake.answerWhenUserSays('the long clip', { body: textReply('gemini', 'a long clip') });
    const run = await send('g', 'the long clip', '--attach', join(files, 'full.mp4'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    await waitForMessage(v, isReply('a long clip'), 'the Gemini answer');
    // Streamed by default (issue 23): the same body at the streaming address.
    const request = fake.requests.find((r) => /:(generateContent|streamGenerateContent)/.test(r.path))!;
    const [video] = lastUserMessage(request).attachments as {
      inlineData: { mimeType: string; data: string };
    }[];
    expect(video!.inlineData.mimeType).toBe('video/mp4');
    expect(Buffer.from(video!.inlineData.data, 'base64').length).toBe(ATTACHMENT_VIDEO_MAX_BYTES);
  });

  it('sends a plain message without --attach', async () => {
    const run = await send('a', 'hello there');
    expect(run.code).toBe(0);
    const id = run.stdout.trim();
    const list = await v.ok<AgentMessage[]>('list_messages');
    expect(list.find((m) => m.id === id)).toMatchObject({ content: 'hello there' });
    expect(list.find((m) => m.id === id)?.attachments ?? []).toEqual([]);
  });

  it('refuses a missing file, a folder and a file over the largest limit before any request', async () => {
    const before = fake.requests.length;
    const messagesBefore = (await v.ok<AgentMessage[]>('list_messages')).length;
    const [missing, folder, big, photo] = await Promise.all([
      send('a', 'x', '--attach', join(files, 'nope.png')),
      send('a', 'x', '--attach', files),
      send('a', 'x', '--attach', join(files, 'too-big.mp4')),
      send('a', 'x', '--attach', join(files, 'big-photo.jpg')),
    ]);
    expect(photo.code).toBe(1);
    expect(photo.stderr).toMatch(
      /^error INVALID_ATTACHMENT: .*big-photo\.jpg: images are limited to 10 MB before conversion; this file is 12\.6 MB/,
    );
    expect(photo.stderr).not.toContain('video');
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/^error INVALID_ATTACHMENT: .*nope\.png does not exist/);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toMatch(/^error INVALID_ATTACHMENT: .* is not a file \(it is a folder\)/);
    expect(big.code).toBe(1);
    expect(big.stderr).toMatch(
      /^error INVALID_ATTACHMENT: .*too-big\.mp4 is 12,000,001 bytes, larger than the largest attachment \(a 12 MB video: 12,000,000 bytes\)/,
    );
    expect(fake.requests.length).toBe(before);
    expect((await v.ok<AgentMessage[]>('list_messages')).length).toBe(messagesBefore);
  });

  it('prints the server’s typed error with exit status 1: a kind the wire cannot carry, an unknown servant', async () => {
    const [video, nobody] = await Promise.all([
      send('a', 'watch', '--attach', join(files, 'clip.mp4')),
      send('zz', 'hi'),
    ]);
    expect(video).toMatchObject({ code: 1, stdout: '' });
    expect(video.stderr).toMatch(/^error ATTACHMENT_NOT_CARRIED: /);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/^error AGENT_NOT_FOUND: /);
  });

  it('bad usage is exit status 2 with the usage text; --help prints it', async () => {
    const [empty, help, top] = await Promise.all([send('a', ''), cli(['send', '--help']), cli(['--help'])]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('<message> is empty');
    const [one, three] = await Promise.all([send('a'), send('a', 'b', 'c')]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('expected <agentId> <message>, got 1 argument\n');
    expect(three.stderr).toContain('expected <agentId> <message>, got 3 arguments\n');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--attach FILE');
    expect(top.stdout).toContain('fuseforks send <agentId> <message> [--attach FILE]');
  });
});
