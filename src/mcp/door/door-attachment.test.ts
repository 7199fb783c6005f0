/** The door's one attachment: the argument read strictly, and carried to `ask` over the real SDK client. */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_FILE_NAME_MAX_CHARS,
  ATTACHMENT_MAX_BASE64_CHARS,
  ATTACHMENT_VIDEO_MAX_BYTES,
  type AttachmentInput,
} from '../../domain/attachment.ts';
import { MESSAGE_CONTENT_MAX_CHARS } from '../../domain/message.ts';
import { readDoorAttachment } from './door-attachment.ts';
import { McpDoor } from './door-server.ts';
import { DOOR_TOOL_NAME } from './door-tool.ts';
import { connectClient, freePort } from './test-kit.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('readDoorAttachment', () => {
  it('no argument is no attachment', () => {
    expect(readDoorAttachment(undefined, undefined, 'en')).toEqual({ ok: true, attachment: undefined });
  });

  it('gives the decoded bytes and the trimmed name', () => {
    const read = readDoorAttachment({ fileName: ' photo.png ', bytes: 'iVBORw==' }, undefined, 'en');
    expect(read.ok && read.attachment?.fileName).toBe('photo.png');
    expect(read.ok && [...read.attachment!.bytes]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it.each([
    ['not base64', { fileName: 'a.png', bytes: 'not base64!' }, 'attachment.bytes is not base64'],
    ['empty bytes', { fileName: 'a.png', bytes: '' }, 'attachment.bytes is empty'],
    ['a blank name', { fileName: '  ', bytes: 'aGk=' }, 'attachment.fileName is empty'],
    [
      'over 12 MB',
      { fileName: 'a.mp4', bytes: 'A'.repeat(ATTACHMENT_MAX_BASE64_CHARS + 4) },
      'larger than 12 MB',
    ],
  ])('refuses %s with INVALID_ATTACHMENT', (_what, argument, why) => {
    const read = readDoorAttachment(argument, undefined, 'en');
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.text).toMatch(new RegExp(`^INVALID_ATTACHMENT: .*${why}`));
  });

  it('refuses in the village language: Japanese in a Japanese village, the code kept', () => {
    const read = readDoorAttachment({ fileName: 'a.png', bytes: 'not base64!' }, undefined, 'ja');
    expect(read.ok ? '' : read.text).toBe(
      'INVALID_ATTACHMENT: attachment.bytes が base64 ではありません（標準のアルファベット、パディングあり、空白なし）。',
    );
    const two = readDoorAttachment(undefined, [{}], 'ja');
    expect(two.ok ? '' : two.text).toMatch(/^INVALID_ATTACHMENT: 1 通のメッセージに/);
  });
});

describe('ask_fuseforks with an attachment, over the SDK client', () => {
  let door: McpDoor;
  let port: number;
  let asked: { message: string; attachment: AttachmentInput | undefined }[];
  let refusals: number;
  const clients: Client[] = [];

  beforeEach(async () => {
    asked = [];
    refusals = 0;
    port = await freePort();
    door = new McpDoor({
      onAttachmentRefused: () => (refusals += 1),
      ask: async (message, _client, _signal, attachment) => {
        asked.push({ message, attachment });
        return { text: `got ${attachment?.bytes.length ?? 0} bytes`, isError: false };
      },
    });
    await door.apply({ enabled: true, port, token: TOKEN });
  });

  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await door.close();
  });

  async function call(args: Record<string, unknown>) {
    const { client } = await connectClient(`http://127.0.0.1:${port}/mcp`, TOKEN);
    clients.push(client);
    const result = await client.callTool({ name: DOOR_TOOL_NAME, arguments: args });
    const content = result.content as { type: string; text: string }[];
    return { isError: result.isError, text: content[0]?.text ?? '' };
  }

  it('hands the decoded file to ask with the message', async () => {
    const bytes = Buffer.from('%PDF-1.7 hello');
    const result = await call({
      message: 'read this',
      attachment: { fileName: 'a.pdf', bytes: bytes.toString('base64') },
    });
    expect(result).toEqual({ isError: false, text: `got ${bytes.length} bytes` });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.message).toBe('read this');
    expect(asked[0]!.attachment?.fileName).toBe('a.pdf');
    expect(Buffer.from(asked[0]!.attachment!.bytes).equals(bytes)).toBe(true);
  });

  it('without an attachment ask gets none', async () => {
    expect(await call({ message: 'plain' })).toEqual({ isError: false, text: 'got 0 bytes' });
    expect(asked[0]!.attachment).toBeUndefined();
  });

  it('carries a file of the largest size (12 MB, 16,000,000 base64 characters) through the door body limit', async () => {
    const bytes = Buffer.alloc(ATTACHMENT_VIDEO_MAX_BYTES, 7);
    const base64 = bytes.toString('base64');
    expect(base64.length).toBe(ATTACHMENT_MAX_BASE64_CHARS);
    const result = await call({
      message: 'a long video',
      attachment: { fileName: 'clip.mp4', bytes: base64 },
    });
    expect(result).toEqual({ isError: false, text: `got ${ATTACHMENT_VIDEO_MAX_BYTES} bytes` });
  });

  it('refuses bad base64 with INVALID_ATTACHMENT and never asks the village', async () => {
    const result = await call({ message: 'x', attachment: { fileName: 'a.png', bytes: 'iVBO Rw==' } });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^INVALID_ATTACHMENT: attachment.bytes is not base64/);
    expect(asked).toEqual([]);
  });

  it('refuses a second attachment, base64 too long, a name too long and an unknown key as INVALID_ATTACHMENT, each with the refusal hook', async () => {
    const one = { fileName: 'a.pdf', bytes: Buffer.from('%PDF-1.7 x').toString('base64') };
    const cases: [Record<string, unknown>, string][] = [
      [{ message: 'x', attachments: [one, one] }, 'at most one attachment'],
      [{ message: 'x', attachment: one, attachments: [one] }, 'at most one attachment'],
      [
        {
          message: 'x',
          attachment: { fileName: 'a.mp4', bytes: 'A'.repeat(ATTACHMENT_MAX_BASE64_CHARS + 4) },
        },
        'larger than 12 MB',
      ],
      [
        {
          message: 'x',
          attachment: { fileName: 'n'.repeat(ATTACHMENT_FILE_NAME_MAX_CHARS + 1), bytes: one.bytes },
        },
        'fileName is longer than',
      ],
      [{ message: 'x', attachment: { ...one, mimeType: 'application/pdf' } }, 'not mimeType'],
    ];
    for (const [args, why] of cases) {
      const result = await call(args);
      expect(result.isError, why).toBe(true);
      expect(result.text).toMatch(new RegExp(`^INVALID_ATTACHMENT: .*${why}`));
    }
    expect(refusals).toBe(cases.length);
    expect(asked).toEqual([]);
  });

  it('bounds the message like the chat does (the body limit leaves room for a file, not for text)', async () => {
    const long = await call({ message: 'x'.repeat(MESSAGE_CONTENT_MAX_CHARS + 1) });
    expect(long.isError).toBe(true);
    expect(long.text).toMatch(/Input validation error/);
    expect(asked).toEqual([]);
    expect((await call({ message: 'x'.repeat(MESSAGE_CONTENT_MAX_CHARS) })).isError).toBe(false);
  });
});
