/**
 * What a person pastes on the token page (TokenPage.vue): the UI URL printed at start-up
 * (`http://127.0.0.1:7420/?token=…`), the whole terminal line around it, a bare `?token=…`, or the
 * token alone (the content of `{home}/api_token`). Only the server decides whether it is right.
 */
export type PastedToken =
  | { kind: 'token'; token: string; origin: string | null }
  | { kind: 'empty' }
  /** A URL was pasted, but it carries no `token=` (the address bar after the app removed it). */
  | { kind: 'url_without_token' }
  /** Words with spaces and no URL: not a token (a token never holds whitespace). */
  | { kind: 'unrecognised' };

const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/i;
const TOKEN_PARAM = /(?:^|[?&#\s])token=([^&#\s"'<>]+)/i;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

export function tokenFromPaste(text: string): PastedToken {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const url = URL_IN_TEXT.exec(trimmed)?.[0];
  if (url !== undefined) {
    const parsed = parsedUrl(url);
    const token = parsed?.searchParams.get('token')?.trim();
    if (parsed && token) return { kind: 'token', token, origin: parsed.origin };
    return { kind: 'url_without_token' };
  }
  const param = TOKEN_PARAM.exec(trimmed)?.[1];
  if (param !== undefined) return { kind: 'token', token: decoded(param), origin: null };
  if (/\s/.test(trimmed)) return { kind: 'unrecognised' };
  return { kind: 'token', token: trimmed, origin: null };
}
