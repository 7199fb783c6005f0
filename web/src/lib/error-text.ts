import type { ErrorPayload, Language } from './types.ts';

/**
 * What the UI shows for a core error: its own text for the code in the UI language, with the server's
 * message as detail. The server's messages are mostly English literals (issue 22: "in the Japanese UI
 * core error messages ... are English"), so the code's text leads in every language; the message stays
 * as detail because it names the thing (the id, the file, the figure). Never the same text twice: a
 * message equal to the code's text, or already containing it, is shown alone. An unknown code (a newer
 * server) shows the message.
 */
export function errorText(payload: ErrorPayload, localised: string | null, language: Language): string {
  const detail = payload.message.trim();
  if (localised === null || localised.trim() === '') return detail;
  const own = localised.trim();
  if (detail === '' || sameText(detail, own)) return own;
  if (detail.includes(own)) return detail;
  return language === 'ja' ? `${own}（${detail}）` : `${own} (${detail})`;
}

/** Equal but for case and a final full stop. */
function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[.。]$/u, '').toLowerCase();
  return norm(a) === norm(b);
}
