import { describe, expect, it } from 'vitest';
import { streamRefusal } from './stream-refusal.ts';

const none = { code: null, message: null };

describe('streamRefusal', () => {
  it('reads a 400 or 422 that names stream, stream_options or streaming as a refusal, with its message', () => {
    const openAi = "Unsupported value: 'stream' does not support true with this model.";
    expect(streamRefusal(400, { code: 'unsupported_value', message: openAi }, '{}')).toBe(openAi);
    expect(streamRefusal(422, { code: null, message: 'stream_options is not supported' }, '')).toBe(
      'stream_options is not supported',
    );
    expect(streamRefusal(400, none, 'Streaming is not available\n for this model')).toBe(
      'Streaming is not available for this model',
    );
    expect(streamRefusal(400, { code: 'stream_unsupported', message: null }, '')).toBe('stream_unsupported');
  });

  it('is not a refusal on other statuses, or when no streaming word is named', () => {
    expect(streamRefusal(429, { code: null, message: 'stream rate limited' }, '')).toBeNull();
    expect(streamRefusal(500, none, 'stream failed')).toBeNull();
    expect(
      streamRefusal(400, { code: null, message: 'upstream provider rejected the input' }, ''),
    ).toBeNull();
    expect(
      streamRefusal(400, { code: 'invalid_request_error', message: 'max_tokens too large' }, ''),
    ).toBeNull();
    expect(streamRefusal(400, none, 'downstreaming streams2')).toBeNull();
  });

  it('keeps the reason short and on one line', () => {
    const long = `stream ${'x'.repeat(500)}`;
    const reason = streamRefusal(400, { code: null, message: long }, '');
    expect(reason).toHaveLength(120);
    expect(streamRefusal(400, none, '  \n stream \n')).toBe('stream');
  });
});
