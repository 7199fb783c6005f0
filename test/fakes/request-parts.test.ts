/** The fake provider reads the last user text and the attachment parts on every wire, parts first. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeProvider, textReply } from './fake-provider.ts';
import { lastUserAttachmentParts, lastUserMessageOf, lastUserText } from './request-parts.ts';

const IMAGE_URL = { type: 'image_url', image_url: { url: 'data:image/webp;base64,UklGRg==' } };
const INPUT_IMAGE = { type: 'input_image', image_url: 'data:image/webp;base64,UklGRg==' };
const ANTHROPIC_IMAGE = {
  type: 'image',
  source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' },
};
const INLINE = { inlineData: { mimeType: 'video/mp4', data: 'AAAA' } };

let fake: FakeProvider;
beforeEach(async () => {
  fake = await new FakeProvider().start();
});
afterEach(async () => {
  await fake.stop();
});

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${fake.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

describe('the last user message of a recorded request', () => {
  it('compat: the text after an image part, and the part', async () => {
    await post('/chat/completions', {
      messages: [
        { role: 'user', content: 'earlier' },
        { role: 'user', content: [IMAGE_URL, { type: 'text', text: 'what is this?' }] },
      ],
    });
    expect(lastUserText(fake.requests[0]!)).toBe('what is this?');
    expect(lastUserAttachmentParts(fake.requests[0]!)).toEqual([IMAGE_URL]);
  });

  it('compat: plain string content is the text, with no parts', async () => {
    await post('/chat/completions', { messages: [{ role: 'user', content: 'hello' }] });
    expect(lastUserText(fake.requests[0]!)).toBe('hello');
    expect(lastUserAttachmentParts(fake.requests[0]!)).toEqual([]);
  });

  it('anthropic: tool results merged into the user turn are not the text nor an attachment', async () => {
    await post('/messages', {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't', content: 'x' },
            ANTHROPIC_IMAGE,
            { type: 'text', text: 'look', cache_control: { type: 'ephemeral' } },
          ],
        },
      ],
    });
    expect(lastUserText(fake.requests[0]!)).toBe('look');
    expect(lastUserAttachmentParts(fake.requests[0]!)).toEqual([ANTHROPIC_IMAGE]);
  });

  it('gemini: the last user content that is not only function responses', async () => {
    await post('/models/m:generateContent', {
      contents: [
        { role: 'user', parts: [INLINE, { text: 'watch' }] },
        { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: { content: 'r' } } }] },
      ],
    });
    expect(lastUserText(fake.requests[0]!)).toBe('watch');
    expect(lastUserAttachmentParts(fake.requests[0]!)).toEqual([INLINE]);
  });

  it('responses: input parts first, input_text last', async () => {
    await post('/responses', {
      input: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: [INPUT_IMAGE, { type: 'input_text', text: 'and this?' }] },
        { type: 'function_call_output', call_id: 'c', output: 'o' },
      ],
    });
    expect(lastUserText(fake.requests[0]!)).toBe('and this?');
    expect(lastUserAttachmentParts(fake.requests[0]!)).toEqual([INPUT_IMAGE]);
  });

  it('a body that is not JSON has no text and no parts', () => {
    expect(lastUserMessageOf('openai', null)).toEqual({ text: '', attachments: [], parts: [] });
  });
});

describe('answerWhenUserSays', () => {
  it('scripts the reply from the user text even when an attachment part comes first', async () => {
    fake.answerWhenUserSays('what is this', { body: textReply('openai', 'a red square') });
    const answer = (await post('/chat/completions', {
      messages: [{ role: 'user', content: [IMAGE_URL, { type: 'text', text: 'what is this?' }] }],
    })) as { choices: { message: { content: string } }[] };
    expect(answer.choices[0]!.message.content).toBe('a red square');
  });

  it('queued replies come first; a text that matches no rule gets the plain ok', async () => {
    fake.answerWhenUserSays('needle', { body: textReply('responses', 'matched') });
    fake.enqueue({ body: textReply('responses', 'queued') });
    const body = {
      input: [{ role: 'user', content: [INPUT_IMAGE, { type: 'input_text', text: 'needle' }] }],
    };
    const texts = [];
    for (const input of [body, body, { input: [{ role: 'user', content: 'hay' }] }]) {
      const answer = (await post('/responses', input)) as { output: { content?: { text: string }[] }[] };
      texts.push(answer.output.flatMap((item) => item.content ?? []).map((part) => part.text)[0]);
    }
    expect(texts).toEqual(['queued', 'matched', 'ok']);
  });
});
