import { useI18n } from 'vue-i18n';

/** Texts without parameters, per language and key: the locale files never change while the page runs. */
const cache = new Map<string, string>();

/**
 * `t(key)` for a text without parameters, kept once looked up. A row of the conversation asks for a
 * dozen labels (Copy, Edit, titles…) and vue-i18n's `t` builds a message context at every call:
 * mounting rows while flinging through 10,000 messages spent more time there than in Markdown
 * (issue 22's scroll figure). Reading `locale` keeps the caller's render tied to the language.
 */
export function useStaticText(): (key: string) => string {
  const { t, locale } = useI18n();
  return (key: string): string => {
    const id = `${locale.value}\u0000${key}`;
    let text = cache.get(id);
    if (text === undefined) {
      text = t(key);
      cache.set(id, text);
    }
    return text;
  };
}
