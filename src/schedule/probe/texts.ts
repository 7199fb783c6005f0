/**
 * The probe's and acceptance's words a model reads, by village language. The Japanese forms are the
 * ledger's (part 3 §3 message templates); the English ones are this implementation's rendering.
 */
import type { Language } from '../../domain/enums.ts';

const n = (value: number): string => value.toLocaleString('en-US');

export const PROBE_TEXTS = {
  ja: {
    totalChars: (count: number) => `(全 ${n(count)} 字)`,
    atLeastChars: (count: number) => `(全 ${n(count)} 字以上)`,
    reRequestNote: (excerpt: string) => `（前回の検収が不一致でした。検収コマンドの出力: ${excerpt}）`,
  },
  en: {
    totalChars: (count: number) => `(${n(count)} characters in total)`,
    atLeastChars: (count: number) => `(${n(count)} characters or more in total)`,
    reRequestNote: (excerpt: string) =>
      `(The previous acceptance check did not match. Acceptance command output: ${excerpt})`,
  },
} satisfies Record<Language, unknown>;
