/**
 * Whether a provider's source URL may become a Grounding source. Only http(s): a source reaches the
 * UI as a link, and a `javascript:` or `data:` "source" from a hostile or broken body must never be
 * one. Anything that is not a string, not a URL or another scheme is simply not a source.
 */
export function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
