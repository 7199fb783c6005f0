import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

const byLength = (value: string) => value.length;

describe('LruCache', () => {
  it('forgets the least recently set entry first once over its entry count', () => {
    const cache = new LruCache<string, number>({ maxEntries: 3 });
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) cache.set(key, i);
    expect(cache.size).toBe(3);
    expect(cache.keys()).toEqual(['c', 'd', 'e']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe(2);
  });

  it('a read makes an entry the most recent, so another goes first', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.keys()).toEqual(['a', 'c']);
    expect(cache.has('b')).toBe(false);
    // `has` only looks: it does not save an entry from going.
    expect(cache.has('a')).toBe(true);
    cache.set('d', 4);
    expect(cache.keys()).toEqual(['c', 'd']);
  });

  it('setting a held key again replaces it, refreshes it and counts it once', () => {
    const cache = new LruCache<string, string>({ maxEntries: 2, maxSize: 100, sizeOf: byLength });
    cache.set('a', 'xx');
    cache.set('b', 'yyy');
    cache.set('a', 'zzzz');
    expect(cache.size).toBe(2);
    expect(cache.totalSize).toBe(7);
    expect(cache.keys()).toEqual(['b', 'a']);
    expect(cache.get('a')).toBe('zzzz');
  });

  it('stays within its total size, forgetting the oldest entries as many as needed', () => {
    const cache = new LruCache<string, string>({ maxEntries: 100, maxSize: 10, sizeOf: byLength });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.totalSize).toBe(8);
    cache.set('c', 'cccccccc'); // 16 in all: a and b must both go
    expect(cache.keys()).toEqual(['c']);
    expect(cache.totalSize).toBe(8);
    for (let i = 0; i < 1000; i++) {
      cache.set(`k${i}`, 'x'.repeat(i % 7));
      expect(cache.totalSize).toBeLessThanOrEqual(10);
    }
    expect(cache.totalSize).toBe(cache.keys().reduce((sum, key) => sum + cache.get(key)!.length, 0));
  });

  it('never holds more than its entry count, however many are set', () => {
    const cache = new LruCache<number, number>({ maxEntries: 50 });
    for (let i = 0; i < 10_000; i++) cache.set(i, i);
    expect(cache.size).toBe(50);
    expect(cache.keys()[0]).toBe(9950);
  });

  it('an entry bigger than the whole budget is not kept and does not empty the cache', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, maxSize: 5, sizeOf: byLength });
    cache.set('a', 'aa');
    cache.set('big', 'x'.repeat(6));
    expect(cache.has('big')).toBe(false);
    expect(cache.keys()).toEqual(['a']);
    // A held key set again too big is gone, not left with its old value.
    cache.set('a', 'x'.repeat(6));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.totalSize).toBe(0);
  });

  it('delete and clear give their size back', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, maxSize: 100, sizeOf: byLength });
    cache.set('a', 'aaa');
    cache.set('b', 'bb');
    expect(cache.delete('a')).toBe(true);
    expect(cache.delete('a')).toBe(false);
    expect(cache.totalSize).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.totalSize).toBe(0);
  });
});
