import { inject, type InjectionKey } from 'vue';
import type { VillageStore } from '../state/village.ts';

export const STORE_KEY: InjectionKey<VillageStore> = Symbol('village');

export function useVillage(): VillageStore {
  const store = inject(STORE_KEY);
  if (!store) throw new Error('useVillage() outside the app');
  return store;
}
