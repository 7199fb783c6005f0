import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_STEP, KEY_STEP_LARGE, SAVE_AFTER_MS, useKeyboardMove } from './useKeyboardMove.ts';
import type { Point } from './layout.ts';

/** The keydown fields the move reads (a plain object: this test needs no DOM). */
function key(k: string, extra: { shiftKey?: boolean; ctrlKey?: boolean; altKey?: boolean } = {}) {
  const event = {
    key: k,
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    ...extra,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event as typeof event & KeyboardEvent;
}

describe('useKeyboardMove', () => {
  let shown: Record<string, Point>;
  let saves: Record<string, Point>[];
  let said: string[];
  let answer: unknown;
  const make = () =>
    useKeyboardMove({
      shown: () => shown,
      // b is laid out, not stored (a is stored).
      unstored: () => ({ b: shown.b! }),
      save: async (next) => {
        saves.push(next);
        return answer;
      },
      announce: (id, at) => said.push(`${id} ${at.x},${at.y}`),
    });

  beforeEach(() => {
    vi.useFakeTimers();
    shown = { a: { x: 100, y: 100 }, b: { x: 400, y: 100 } };
    saves = [];
    said = [];
    answer = null;
  });
  afterEach(() => vi.useRealTimers());

  it('moves at once, announces each step, and saves once after the last key', async () => {
    const move = make();
    const right = key('ArrowRight');
    expect(move.onKeydown('a', right)).toBe(true);
    expect(right.defaultPrevented).toBe(true);
    move.onKeydown('a', key('ArrowRight'));
    move.onKeydown('a', key('ArrowDown', { shiftKey: true }));
    expect(move.moved.value.a).toEqual({ x: 100 + 2 * KEY_STEP, y: 100 + KEY_STEP_LARGE });
    expect(said).toEqual(['a 110,100', 'a 120,100', 'a 120,150']);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS - 1);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Every shown place goes with it, as a drag saves them (the others are laid out, not stored).
    expect(saves).toEqual([{ a: { x: 120, y: 150 }, b: { x: 400, y: 100 } }]);
  });

  it('keeps the moved place drawn until the world has it, then draws the stored one', async () => {
    const move = make();
    move.onKeydown('a', key('ArrowLeft'));
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS);
    move.settle({});
    expect(move.moved.value.a).toEqual({ x: 90, y: 100 });
    move.settle({ a: { x: 90, y: 100 } });
    expect(move.moved.value).toEqual({});
  });

  it('a refused save puts the node back', async () => {
    answer = undefined;
    const move = make();
    move.onKeydown('b', key('ArrowUp'));
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS);
    expect(saves).toHaveLength(1);
    expect(move.moved.value).toEqual({});
  });

  it('leaves other keys, modified arrows and unknown nodes alone', () => {
    const move = make();
    for (const event of [
      key('Enter'),
      key('ArrowLeft', { ctrlKey: true }),
      key('ArrowLeft', { altKey: true }),
    ]) {
      expect(move.onKeydown('a', event)).toBe(false);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(move.onKeydown('nobody', key('ArrowLeft'))).toBe(false);
    expect(said).toEqual([]);
  });

  it('flush saves what waits at once', async () => {
    const move = make();
    move.onKeydown('a', key('ArrowRight'));
    await move.flush();
    expect(saves).toEqual([{ a: { x: 110, y: 100 }, b: { x: 400, y: 100 } }]);
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS);
    expect(saves).toHaveLength(1);
  });
});
