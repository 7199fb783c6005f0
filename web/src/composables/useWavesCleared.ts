import { useStoredList } from './useStoredList.ts';

/** `"planId:startedAtMs"` of finished waves hidden from the tab (kept outside the v-if'd tab). */
export function useWavesCleared(): { items: string[] } {
  return useStoredList('fuseforks.wavesCleared.v1');
}
