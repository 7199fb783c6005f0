import { describe, expect, it } from 'vitest';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import { fillSlot, keepBytesFor, STDERR_SLOT_CHARS, STDOUT_SLOT_CHARS } from './output-slots.ts';

function capture(text: string, keep: number) {
  const all = Buffer.from(text, 'utf8');
  return { head: all.subarray(0, keep), totalBytes: all.length };
}

describe('fillSlot', () => {
  it('splits MAX_OUTPUT_CHARS into 8,000 for stdout and 4,000 for stderr', () => {
    expect([STDOUT_SLOT_CHARS, STDERR_SLOT_CHARS]).toEqual([8_000, 4_000]);
    expect(STDOUT_SLOT_CHARS + STDERR_SLOT_CHARS).toBe(MAX_OUTPUT_CHARS);
  });

  it('keeps short output whole', () => {
    expect(fillSlot(capture('hello\n', 100), 10)).toEqual({
      text: 'hello\n',
      truncated: false,
      totalBytes: 6,
    });
  });

  it('cuts at the slot in characters, not bytes, and reports the total bytes', () => {
    const text = 'あ'.repeat(30);
    expect(fillSlot(capture(text, keepBytesFor(10)), 10)).toEqual({
      text: 'あ'.repeat(10),
      truncated: true,
      totalBytes: 90,
    });
    expect(fillSlot(capture('😀'.repeat(10), keepBytesFor(10)), 10)).toMatchObject({
      text: '😀'.repeat(10),
      truncated: false,
    });
  });

  it('knows the stream was cut when only the head was kept', () => {
    const slot = fillSlot(capture('x'.repeat(1000), keepBytesFor(10)), 10);
    expect(slot).toEqual({ text: 'x'.repeat(10), truncated: true, totalBytes: 1000 });
  });
});
