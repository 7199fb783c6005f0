/**
 * A message's time of day for its row. `toLocaleTimeString` with options builds a new
 * Intl.DateTimeFormat at each call: the largest cost in the chat while flinging through a long
 * conversation (issue 22's scroll figure, 2.6 s of 10,000 rows' profile), so one formatter per UI
 * language is kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function messageTime(tsMs: number, uiLocale: string): string {
  const tag = uiLocale === 'ja' ? 'ja-JP' : 'en-US';
  let format = formatters.get(tag);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' });
    formatters.set(tag, format);
  }
  return format.format(new Date(tsMs));
}
