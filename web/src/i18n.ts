import { createI18n } from 'vue-i18n';
import { errorText } from './lib/error-text.ts';
import type { ErrorPayload, Language } from './lib/types.ts';

interface Messages {
  [key: string]: string | Messages;
}

/** Each domain keeps its own file (`locales/{ja,en}/<domain>.json`); the file name is the key prefix. */
function collect(files: Record<string, Messages>): Messages {
  const out: Messages = {};
  for (const [path, content] of Object.entries(files)) {
    const name = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    out[name] = content;
  }
  return out;
}

export const messages = {
  ja: collect(import.meta.glob<Messages>('./locales/ja/*.json', { eager: true, import: 'default' })),
  en: collect(import.meta.glob<Messages>('./locales/en/*.json', { eager: true, import: 'default' })),
};

/**
 * An i18n instance with the app's messages. Each Vue app gets its own: vue-i18n disposes the instance
 * when the app using it unmounts, and the token page unmounts before the village app mounts.
 */
export function createUiI18n(locale: Language = 'ja') {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'ja',
    messages,
    missingWarn: false,
    fallbackWarn: false,
  });
}

export const i18n = createUiI18n();

export function setUiLanguage(language: Language): void {
  i18n.global.locale.value = language;
  document.documentElement.lang = language;
}

/** A core error in the UI language: the code's own text, the server's message as detail (lib/error-text.ts). */
export function formatError(payload: ErrorPayload, language: Language): string {
  const key = `errors.${payload.code}`;
  const localised = i18n.global.te(key, language) ? i18n.global.t(key, {}, { locale: language }) : null;
  return errorText(payload, localised, language);
}
