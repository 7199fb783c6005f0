/** For tests: the real dictionaries through the real vue-i18n, as the chat uses them. */
import { createI18n } from 'vue-i18n';
import type { Translate } from './attachment-wording.ts';

export function realTranslator(locale: 'ja' | 'en', messages: Record<'ja' | 'en', object>): Translate {
  const options = { legacy: false, locale, messages, missingWarn: false, fallbackWarn: false };
  const i18n = createI18n(options as never) as { global: { t: unknown } };
  const t = i18n.global.t as (key: string, named: Record<string, unknown>) => string;
  return (key, named = {}) => t(key, named);
}
