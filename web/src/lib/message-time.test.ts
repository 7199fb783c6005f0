import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time.ts';

describe('a message row time', () => {
  it('reads as toLocaleTimeString did, in each UI language, with the formatter kept', () => {
    const ts = Date.UTC(2026, 0, 2, 15, 4);
    const options = { hour: '2-digit', minute: '2-digit' } as const;
    expect(messageTime(ts, 'en')).toBe(new Date(ts).toLocaleTimeString('en-US', options));
    expect(messageTime(ts, 'ja')).toBe(new Date(ts).toLocaleTimeString('ja-JP', options));
    expect(messageTime(ts + 60_000, 'en')).toBe(new Date(ts + 60_000).toLocaleTimeString('en-US', options));
    expect(messageTime(ts, 'en')).not.toBe(messageTime(ts, 'ja'));
  });
});
