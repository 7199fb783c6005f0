import { reactive, watch } from 'vue';

const KEY = 'fuseforks.wavesCleared.v1';

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

let state: { keys: string[] } | null = null;

/** `"planId:startedAtMs"` of finished waves hidden from the tab (kept outside the v-if'd tab). */
export function useWavesCleared(): { keys: string[] } {
  if (state) return state;
  const s = reactive({ keys: read() });
  watch(s, () => localStorage.setItem(KEY, JSON.stringify(s.keys)), { deep: true });
  state = s;
  return s;
}
