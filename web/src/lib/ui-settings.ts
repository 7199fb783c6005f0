/** `fuseforks.settings.v1` (ledger part 2 §2.2): device-only display settings. */
export interface UiSettings {
  confirmEdgeDelete: boolean;
  confirmClose: boolean;
  showPresenceNotices: boolean;
  autoFitOnResize: boolean;
  /** 「ツール実行ログを会話で非表示にする」: hides whole tool rows (there is no reason-only switch). */
  hideToolLog: boolean;
  /** Absent: follow the OS. */
  theme?: 'dark' | 'light';
  statsClosingDay: number | 'eom';
  chatZoom: number;
}

export const UI_SETTINGS_KEY = 'fuseforks.settings.v1';
export const CHAT_ZOOM_STEPS = [0.9, 1, 1.1, 1.25, 1.5, 1.75, 2] as const;

export const UI_SETTINGS_DEFAULTS: UiSettings = {
  confirmEdgeDelete: true,
  confirmClose: true,
  showPresenceNotices: true,
  autoFitOnResize: false,
  hideToolLog: false,
  statsClosingDay: 'eom',
  chatZoom: 1,
};

/** Reads the stored value field by field: a bad field falls back alone (theme to the OS). */
export function parseUiSettings(raw: string | null): UiSettings {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      value = parsed as Record<string, unknown>;
  } catch {
    value = {};
  }
  const bool = (key: keyof UiSettings) =>
    typeof value[key] === 'boolean' ? (value[key] as boolean) : (UI_SETTINGS_DEFAULTS[key] as boolean);
  const day = value.statsClosingDay;
  const zoom = value.chatZoom;
  const settings: UiSettings = {
    confirmEdgeDelete: bool('confirmEdgeDelete'),
    confirmClose: bool('confirmClose'),
    showPresenceNotices: bool('showPresenceNotices'),
    autoFitOnResize: bool('autoFitOnResize'),
    hideToolLog: bool('hideToolLog'),
    statsClosingDay:
      day === 'eom' || (Number.isInteger(day) && (day as number) >= 1 && (day as number) <= 28)
        ? (day as number | 'eom')
        : 'eom',
    chatZoom: (CHAT_ZOOM_STEPS as readonly unknown[]).includes(zoom) ? (zoom as number) : 1,
  };
  if (value.theme === 'dark' || value.theme === 'light') settings.theme = value.theme;
  return settings;
}
