import { reactive, watch } from 'vue';

const KEY = 'fuseforks.chatCleared.v1';

function read(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'number')) as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
}

let cleared: Record<string, number> | null = null;

/** Conversation id → tsMs: rows at or before it are hidden from view (nothing is deleted). */
export function useChatCleared(): Record<string, number> {
  if (cleared) return cleared;
  const state = reactive(read());
  watch(state, () => localStorage.setItem(KEY, JSON.stringify(state)), { deep: true });
  cleared = state;
  return state;
}
