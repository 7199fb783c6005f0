import { describe, expect, it } from 'vitest';
import { queuedFor } from './board-queue.ts';

const deferred = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('queuedFor', () => {
  it('runs the work of one key one after another, even when one fails', async () => {
    const order: string[] = [];
    const gate = deferred();
    const first = queuedFor('a', async () => {
      order.push('first start');
      await gate.promise;
      order.push('first end');
      throw new Error('first failed');
    });
    const second = queuedFor('a', async () => {
      order.push('second');
      return 2;
    });
    await Promise.resolve();
    expect(order).toEqual(['first start']);
    gate.resolve();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(order).toEqual(['first start', 'first end', 'second']);
  });

  it('never makes another key wait', async () => {
    const gate = deferred();
    const held = queuedFor('a', () => gate.promise);
    expect(await queuedFor('b', async () => 'b ran')).toBe('b ran');
    gate.resolve();
    await held;
  });
});
