import { describe, expect, it } from 'vitest';
import { metaErrorHint } from './meta-error-hints.ts';

describe('metaErrorHint: the quoted 400 texts of ledger part 6 §5.7', () => {
  it.each([
    [
      'unknown variant `max`, expected one of `none`, `minimal`, `low`, `medium`, `high`, `xhigh`',
      /ladder .*xhigh/,
    ],
    ['only "auto" is supported for tool_choice', /only tool_choice "auto"/],
    ['input[2].output did not match any supported type', /only as a string/],
    ['tools[].max_results is not supported for Responses web_search', /no options such as max_results/],
    ['tools[0] did not match any supported type', /refused a tool type/],
    ['requires video_url or file_id', /video_url or file_id/],
    [
      'input_audio content part requires input_audio, audio_url, or file_id',
      /input_audio, audio_url or file_id/,
    ],
  ])('%s', (text, hint) => {
    expect(metaErrorHint(text)).toMatch(hint);
  });

  it('any other text has no hint', () => {
    expect(metaErrorHint('Rate limit reached')).toBeNull();
    expect(metaErrorHint('')).toBeNull();
  });
});
