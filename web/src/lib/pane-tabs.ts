/** The main view's panes, in the order their tabs stand on a narrow screen. */
export const PANES = ['list', 'map', 'chat'] as const;
export type PaneId = (typeof PANES)[number];

/** The element ids that tie a pane's tab and its panel together (aria-controls / aria-labelledby). */
export const paneTabId = (pane: PaneId): string => `pane-tab-${pane}`;
export const panePanelId = (pane: PaneId): string => `pane-panel-${pane}`;

/**
 * The tab a key moves to in a tablist (the ARIA tabs pattern: arrows wrap, Home and End go to the
 * ends); null for any other key.
 */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | null {
  const at = tabs.indexOf(current);
  const last = tabs.length - 1;
  switch (key) {
    case 'ArrowRight':
      return tabs[at === last ? 0 : at + 1]!;
    case 'ArrowLeft':
      return tabs[at <= 0 ? last : at - 1]!;
    case 'Home':
      return tabs[0]!;
    case 'End':
      return tabs[last]!;
    default:
      return null;
  }
}

/** The pane a key moves to in the narrow screen's pane tabs. */
export function paneAfterKey(current: PaneId, key: string): PaneId | null {
  return tabAfterKey(PANES, current, key);
}

/** The right pane's tabs: the conversation, the work status and the blackboard. */
export const RIGHT_TABS = ['chat', 'work', 'blackboard'] as const;
export type RightTabId = (typeof RIGHT_TABS)[number];
export const rightTabId = (tab: RightTabId): string => `right-tab-${tab}`;
export const rightPanelId = (tab: RightTabId): string => `right-panel-${tab}`;
/** A right-pane panel's tabpanel attributes. */
export const rightPanelAttrs = (tab: RightTabId) => ({
  role: 'tabpanel',
  id: rightPanelId(tab),
  'aria-labelledby': rightTabId(tab),
});
