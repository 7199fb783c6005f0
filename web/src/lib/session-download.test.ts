import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './session-download.ts';

describe('dispositionFileName', () => {
  it('prefers the UTF-8 name, falls back to the plain one, then to the given name', () => {
    const header = `attachment; filename="_____-1-ab.md"; filename*=UTF-8''${encodeURIComponent('議事録まとめ-1-ab.md')}`;
    expect(dispositionFileName(header, 'x.md')).toBe('議事録まとめ-1-ab.md');
    expect(dispositionFileName('attachment; filename="plain-1-ab.jsonl"', 'x')).toBe('plain-1-ab.jsonl');
    expect(dispositionFileName(null, 'x.jsonl')).toBe('x.jsonl');
    expect(dispositionFileName(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.md')).toBe('x.md');
  });

  it('never keeps a path separator', () => {
    expect(dispositionFileName(`attachment; filename*=UTF-8''..%2F..%2Fevil.md`, 'x')).toBe('.._.._evil.md');
    expect(dispositionFileName('attachment; filename="a\\\\b.md"', 'x')).toBe('a__b.md');
  });
});
