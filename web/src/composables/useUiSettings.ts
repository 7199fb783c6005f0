import { reactive, watch } from 'vue';
import { parseUiSettings, UI_SETTINGS_KEY, type UiSettings } from '../lib/ui-settings.ts';

let settings: UiSettings | null = null;

/** One reactive copy per page, written back on every change. */
export function useUiSettings(): UiSettings {
  if (settings) return settings;
  const s = reactive(parseUiSettings(localStorage.getItem(UI_SETTINGS_KEY))) as UiSettings;
  watch(s, () => localStorage.setItem(UI_SETTINGS_KEY, JSON.stringify(s)), { deep: true });
  settings = s;
  return s;
}
