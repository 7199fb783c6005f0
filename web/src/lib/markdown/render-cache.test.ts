import { describe, expect, it } from 'vitest';
import { RenderCache } from './render-cache.ts';

function counting() {
  const calls: string[] = [];
  return { calls, render: (text: string) => (calls.push(text), `<p>${text}</p>`) };
}

describe('RenderCache', () => {
  it('parses a message once per id and text', () => {
    const { calls, render } = counting();
    const cache = new RenderCache(render);
    expect(cache.get('m1', 'a')).toBe('<p>a</p>');
    for (let i = 0; i < 100; i++) cache.get('m1', 'a');
    expect(calls).toEqual(['a']);
    expect(cache.get('m1', 'b')).toBe('<p>b</p>');
    expect(calls).toEqual(['a', 'b']);
  });

  it('3,000 messages rendered twice are parsed 3,000 times', () => {
    const { calls, render } = counting();
    const cache = new RenderCache(render);
    for (let pass = 0; pass < 2; pass++) for (let i = 0; i < 3000; i++) cache.get(`m${i}`, `text ${i}`);
    expect(calls).toHaveLength(3000);
  });

  it('forgets the least recently used entry beyond its limit', () => {
    const { calls, render } = counting();
    const cache = new RenderCache(render, 2);
    cache.get('a', 'A');
    cache.get('b', 'B');
    cache.get('a', 'A'); // a is now the most recent
    cache.get('c', 'C'); // b goes
    expect(cache.size).toBe(2);
    cache.get('a', 'A');
    cache.get('b', 'B');
    expect(calls).toEqual(['A', 'B', 'C', 'B']);
  });

  it('stays within its character budget, forgetting the oldest messages', () => {
    const { calls, render } = counting();
    // Each entry: id (2) + text (10) + html (17) = 29 characters; 100 hold three of them.
    const cache = new RenderCache(render, 5000, 100);
    for (let i = 0; i < 10; i++) cache.get(`m${i}`, String(i).repeat(10));
    expect(cache.size).toBe(3);
    expect(cache.chars).toBe(87);
    calls.length = 0;
    cache.get('m9', '9'.repeat(10));
    cache.get('m0', '0'.repeat(10));
    expect(calls).toEqual(['0'.repeat(10)]);
    // A message too big for the whole budget is rendered every time, and leaves the others be.
    cache.get('big', 'x'.repeat(200));
    cache.get('big', 'x'.repeat(200));
    expect(calls.filter((text) => text.length === 200)).toHaveLength(2);
    expect(cache.size).toBe(3);
  });
});
