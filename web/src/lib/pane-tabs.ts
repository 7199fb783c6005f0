/** The main view's panes, in the order their tabs stand on a narrow screen. */
export const PANES = ['list', 'map', 'chat'] as const;
export type PaneId = (typeof PANES)[number];

/** The element ids that tie a pane's tab and its panel together (aria-controls / aria-labelledby). */
export const paneTabId = (pane: PaneId): string => `pane-tab-${pane}`;
export const panePanelId = (pane: PaneId): string => `pane-panel-${pane}`;

/**
 * The pane a key moves to in the tablist (the ARIA tabs pattern: arrows wrap, Home and End go to
 * the ends); null for any other key.
 */
export function paneAfterKey(current: PaneId, key: string): PaneId | null {
  const at = PANES.indexOf(current);
  const last = PANES.length - 1;
  switch (key) {
    case 'ArrowRight':
      return PANES[at === last ? 0 : at + 1]!;
    case 'ArrowLeft':
      return PANES[at === 0 ? last : at - 1]!;
    case 'Home':
      return PANES[0];
    case 'End':
      return PANES[last]!;
    default:
      return null;
  }
}
