import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BASE64_CHARS } from './attachment.ts';
import { decodeStrictBase64 } from './strict-base64.ts';

describe('decodeStrictBase64', () => {
  it('decodes canonical padded base64', () => {
    expect(decodeStrictBase64('aGVsbG8=')?.toString()).toBe('hello');
    expect(decodeStrictBase64('aGk=')?.toString()).toBe('hi');
    expect(decodeStrictBase64('aGVs')?.toString()).toBe('hel');
    expect(decodeStrictBase64('')?.length).toBe(0);
  });

  it.each([
    ['missing padding', 'aGVsbG8'],
    ['whitespace', 'aGVs bG8='],
    ['a line break', 'aGVs\nbG8='],
    ['the URL-safe alphabet', 'a-_b'],
    ['a data URL', 'data:image/png;base64,aGk='],
    ['padding in the middle', 'aG=sbG8='],
    ['three padding characters', 'a==='],
    ['stray bits in the last character', 'aGl='],
  ])('refuses %s', (_what, text) => {
    expect(decodeStrictBase64(text)).toBeNull();
  });

  it('takes the largest attachment (16,000,000 characters) without running out of stack', () => {
    const text = Buffer.alloc((ATTACHMENT_MAX_BASE64_CHARS / 4) * 3, 0xab).toString('base64');
    expect(text.length).toBe(ATTACHMENT_MAX_BASE64_CHARS);
    expect(decodeStrictBase64(text)?.length).toBe((ATTACHMENT_MAX_BASE64_CHARS / 4) * 3);
    expect(decodeStrictBase64(`${text.slice(0, -1)}!`)).toBeNull();
  });
});
