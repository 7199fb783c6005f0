/**
 * The href of a grounding source, or null when it must not be a link. Sources come from provider
 * bodies (and from history written by older versions that did not filter them), so only an http(s)
 * URL is ever put into `href`: a `javascript:` "source" would run in the app's page when clicked.
 */
export function sourceHref(uri: string): string | null {
  try {
    const { protocol } = new URL(uri.trim());
    return protocol === 'https:' || protocol === 'http:' ? uri.trim() : null;
  } catch {
    return null;
  }
}
