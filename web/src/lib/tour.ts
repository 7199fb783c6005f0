/** The first-run tour (ledger part 2 §1.2): 9 coach marks on `data-tour` targets. */
export const TOUR_KEY = 'fuseforks.tour.v1';

/** In order; every target exists even in an empty village (the start step uses the list-header ▶). */
export const TOUR_STEPS = [
  'agent-list',
  'templates',
  'new-agent',
  'batch-start',
  'map',
  'chat-input',
  'work-tab',
  'sessions',
  'settings',
] as const;
export type TourStep = (typeof TOUR_STEPS)[number];

/**
 * Shown only when the flag is absent and the village is empty (0 templates, 0 servants); an existing
 * village just gets the flag without the tour.
 */
export function tourDecision(
  flag: string | null,
  templates: number,
  agents: number,
): 'show' | 'mark' | 'none' {
  if (flag !== null) return 'none';
  return templates === 0 && agents === 0 ? 'show' : 'mark';
}
