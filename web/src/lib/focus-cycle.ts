/**
 * The next focus stop of a modal's Tab cycle: forward (or back with Shift) from `at`, wrapping round.
 * `at` -1 (the focus is on none of them, e.g. on the body after a click): Tab goes to the first stop,
 * Shift+Tab to the last.
 */
export function nextInCycle(count: number, at: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (at < 0) return backwards ? count - 1 : 0;
  return (at + (backwards ? count - 1 : 1)) % count;
}
