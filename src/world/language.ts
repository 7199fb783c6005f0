import type { Language } from '../domain/enums.ts';

/** First-run language: the OS locale (`Intl`, then `LANG`); `ja*` is Japanese, anything else English. */
export function detectLanguage(
  intlLocale: () => string | undefined = () => Intl.DateTimeFormat().resolvedOptions().locale,
  env: NodeJS.ProcessEnv = process.env,
): Language {
  let locale: string | undefined;
  try {
    locale = intlLocale();
  } catch {
    locale = undefined;
  }
  const candidate = locale && locale !== 'und' ? locale : (env.LC_ALL ?? env.LANG ?? '');
  return candidate.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}
