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
});
