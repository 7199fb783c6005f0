import { describe, expect, it } from 'vitest';
import { sourceHref } from './source-link.ts';

describe('sourceHref', () => {
  it('keeps http(s) URLs as links', () => {
    expect(sourceHref('https://a.example/x?q=1')).toBe('https://a.example/x?q=1');
    expect(sourceHref(' http://b.example/ ')).toBe('http://b.example/');
  });

  it('never links another scheme or a non-URL', () => {
    for (const uri of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'gs://x',
      'a.example/x',
      '',
    ]) {
      expect(sourceHref(uri)).toBeNull();
    }
  });
});
