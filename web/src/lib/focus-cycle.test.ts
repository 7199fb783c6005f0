import { describe, expect, it } from 'vitest';
import { nextInCycle } from './focus-cycle.ts';

describe('a modal’s Tab cycle', () => {
  it('goes round both ways and comes back in from outside', () => {
    expect(nextInCycle(2, 0, false)).toBe(1);
    expect(nextInCycle(2, 1, false)).toBe(0);
    expect(nextInCycle(2, 0, true)).toBe(1);
    expect(nextInCycle(2, 1, true)).toBe(0);
    expect(nextInCycle(2, -1, false)).toBe(0);
    expect(nextInCycle(2, -1, true)).toBe(1);
    expect(nextInCycle(1, 0, false)).toBe(0);
    expect(nextInCycle(0, -1, false)).toBe(-1);
  });
});
