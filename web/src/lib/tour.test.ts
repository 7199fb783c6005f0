import { describe, expect, it } from 'vitest';
import { TOUR_STEPS, tourDecision } from './tour.ts';

describe('tour', () => {
  it('has nine coach marks with distinct targets', () => {
    expect(TOUR_STEPS).toHaveLength(9);
    expect(new Set(TOUR_STEPS).size).toBe(9);
  });

  it('shows only for an empty village without the flag; an existing village just gets the flag', () => {
    expect(tourDecision(null, 0, 0)).toBe('show');
    expect(tourDecision(null, 1, 0)).toBe('mark');
    expect(tourDecision(null, 0, 2)).toBe('mark');
    expect(tourDecision('1', 0, 0)).toBe('none');
  });
});
