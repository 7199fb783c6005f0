import { describe, expect, it } from 'vitest';
import type { AttachmentData, ToolCall } from '../../canonical.ts';
import { openAiCompatWire } from './index.ts';
import { context, expectGolden, request } from './openai-compat-test-helpers.ts';

const IMAGE: AttachmentData = { kind: 'image', mimeType: 'image/webp', data: 'UklGRg==' };
const PDF: AttachmentData = {
  kind: 'pdf',
  mimeType: 'application/pdf',
  data: 'JVBERi0=',
  fileName: 'report.pdf',
};
const MP3: AttachmentData = { kind: 'audio', mimeType: 'audio/mpeg', data: 'SUQz' };
const WAV: AttachmentData = { kind: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' };
const VIDEO: AttachmentData = { kind: 'video', mimeType: 'video/mp4', data: 'AAAAIGZ0eXA=' };

const SYSTEM = { role: 'system', content: 'あなたはザリです。' };

function withAttachments(...attachments: AttachmentData[]) {
  return request({ messages: [{ role: 'user', content: 'これは何?', attachments }] });
}

function golden(content: unknown) {
  return { model: 'gpt-4.1-nano', messages: [SYSTEM, { role: 'user', content }], max_tokens: 8192 };
}

describe('encode golden bodies: attachments (attachments first, text last)', () => {
  it('image as a data URL in image_url', () => {
    expectGolden(
      withAttachments(IMAGE),
      golden([
        { type: 'image_url', image_url: { url: 'data:image/webp;base64,UklGRg==' } },
        { type: 'text', text: 'これは何?' },
      ]),
    );
  });

  it('pdf as a file part with its name and a data URL', () => {
    expectGolden(
      withAttachments(PDF),
      golden([
        { type: 'file', file: { filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
        { type: 'text', text: 'これは何?' },
      ]),
    );
  });

  it('pdf without a file name gets document.pdf', () => {
    const { fileName: _unused, ...unnamed } = PDF;
    expectGolden(
      withAttachments(unnamed),
      golden([
        {
          type: 'file',
          file: { filename: 'document.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
        },
        { type: 'text', text: 'これは何?' },
      ]),
    );
  });

  it('audio as input_audio with mp3 / wav from the mime type', () => {
    expectGolden(
      withAttachments(MP3),
      golden([
        { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
        { type: 'text', text: 'これは何?' },
      ]),
    );
    expectGolden(
      withAttachments(WAV),
      golden([
        { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
        { type: 'text', text: 'これは何?' },
      ]),
    );
  });

  it('several attachments keep their order, all before the text', () => {
    expectGolden(
      withAttachments(IMAGE, PDF, MP3),
      golden([
        { type: 'image_url', image_url: { url: 'data:image/webp;base64,UklGRg==' } },
        { type: 'file', file: { filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
        { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
        { type: 'text', text: 'これは何?' },
      ]),
    );
  });

  it('video is not carried: skipped, and alone it leaves the plain string content', () => {
    expectGolden(withAttachments(VIDEO), golden('これは何?'));
    expectGolden(
      withAttachments(VIDEO, IMAGE),
      golden([
        { type: 'image_url', image_url: { url: 'data:image/webp;base64,UklGRg==' } },
        { type: 'text', text: 'これは何?' },
      ]),
    );
  });

  it('an empty attachments list serialises exactly like no attachments', () => {
    expectGolden(withAttachments(), golden('これは何?'));
  });
});

describe('assistant messages', () => {
  it('an assistant message without tool calls has no tool_calls key, even with an empty list', () => {
    const req = request({ messages: [{ role: 'assistant', content: 'x', toolCalls: [] }] });
    const body = openAiCompatWire.encode(req, context()) as { messages: unknown[] };
    expect(JSON.stringify(body.messages[1])).toBe('{"role":"assistant","content":"x"}');
  });

  it('an extra that is not an object, or tries to replace the call’s own keys, adds nothing', () => {
    const calls: ToolCall[] = [
      { id: 'c1', name: 'list_files', arguments: {}, extra: null },
      { id: 'c2', name: 'list_files', arguments: {}, extra: 'sig' },
      {
        id: 'c3',
        name: 'list_files',
        arguments: {},
        extra: { id: 'x', function: 1, extra_content: { a: 1 } },
      },
    ];
    const req = request({ messages: [{ role: 'assistant', content: '', toolCalls: calls }] });
    const body = openAiCompatWire.encode(req, context()) as { messages: { tool_calls: unknown[] }[] };
    expect(JSON.stringify(body.messages[1]?.tool_calls)).toBe(
      JSON.stringify([
        { id: 'c1', type: 'function', function: { name: 'list_files', arguments: '{}' } },
        { id: 'c2', type: 'function', function: { name: 'list_files', arguments: '{}' } },
        {
          id: 'c3',
          type: 'function',
          function: { name: 'list_files', arguments: '{}' },
          extra_content: { a: 1 },
        },
      ]),
    );
  });
});
