/**
 * The System settings catalogue (ledger part 2 §1.1): the left menu is grouped by subject, never by
 * where a setting is stored; where it is stored is only a note at the bottom of each page.
 */
export type SettingsPageId =
  | 'user'
  | 'language'
  | 'tokens'
  | 'ask-timeout'
  | 'browser'
  | 'theme'
  | 'zoom'
  | 'messages'
  | 'stats'
  | 'tour';

export type SettingsGroupId = 'general' | 'cost' | 'tools' | 'ui';

/**
 * `world`: world.json (travels with the village); `userIcon`: world.json plus user/icon.webp;
 * `home`: a file in the Fuseforks home folder (this machine, every village); `device`: localStorage.
 */
export type SettingsStorage = 'world' | 'userIcon' | 'home' | 'device';

export interface SettingsPage {
  id: SettingsPageId;
  storage: SettingsStorage;
}

export interface SettingsGroup {
  id: SettingsGroupId;
  pages: SettingsPage[];
}

export const SETTINGS_MENU: readonly SettingsGroup[] = [
  {
    id: 'general',
    pages: [
      { id: 'user', storage: 'userIcon' },
      { id: 'language', storage: 'world' },
    ],
  },
  {
    id: 'cost',
    pages: [
      { id: 'tokens', storage: 'world' },
      // Spec 44: the ask timeout lives under Cost management, stored in the village like the token limit.
      { id: 'ask-timeout', storage: 'world' },
    ],
  },
  {
    id: 'tools',
    // The browser control service belongs to the machine, not the village: {home}/browser.json.
    pages: [{ id: 'browser', storage: 'home' }],
  },
  {
    id: 'ui',
    pages: [
      { id: 'theme', storage: 'device' },
      { id: 'zoom', storage: 'device' },
      { id: 'messages', storage: 'device' },
      { id: 'stats', storage: 'device' },
      { id: 'tour', storage: 'device' },
    ],
  },
];

export const SETTINGS_PAGES: readonly SettingsPage[] = SETTINGS_MENU.flatMap((g) => g.pages);

export function settingsPage(id: SettingsPageId): SettingsPage {
  return SETTINGS_PAGES.find((p) => p.id === id) ?? SETTINGS_PAGES[0]!;
}

/**
 * The page the dialog opens on: the one `requested` names (a bare id, or a dotted path such as
 * `ui.tour` whose last part is the id), otherwise the head of the catalogue (General → User).
 */
export function initialSettingsPage(requested: string | null | undefined): SettingsPageId {
  const first = SETTINGS_PAGES[0]!.id;
  if (!requested) return first;
  const id = requested.slice(requested.lastIndexOf('.') + 1);
  return SETTINGS_PAGES.find((p) => p.id === id)?.id ?? first;
}

/**
 * The language choices. Their labels are never translated: they are read by someone looking for
 * their own language in a list they may not be able to read (ledger part 2 §1.1). There is no "auto".
 */
export const LANGUAGE_OPTIONS = [
  { value: 'ja', label: '日本語' },
  { value: 'en', label: 'English' },
] as const;

/** The tour's "seen" flag (ledger part 2 §2.2) and the event the tour listens for to start again. */
export const TOUR_FLAG_KEY = 'fuseforks.tour.v1';
export const TOUR_REPLAY_EVENT = 'fuseforks:tour-replay';
