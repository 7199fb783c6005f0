import { LruCache } from './lru-cache.ts';

/**
 * At most this many characters of Markdown and HTML together (about twice as many bytes): a few
 * thousand short messages fit, and a handful of pasted megabyte logs cannot hold memory forever.
 */
export const RENDER_CACHE_MAX_CHARS = 8_000_000;

/**
 * Rendered HTML per message id, kept while the text is the same: a long chat re-renders rows
 * (scrolling a virtual list, a new message, a keystroke) without parsing their Markdown again.
 * Least recently used entries go first once `limit` entries or `maxChars` characters are held.
 *
 * The HTML kept here has its code blocks plain: colours are put in on the mounted row
 * (code-blocks.ts), so a row mounted again is coloured again. The highlight cache (page-renderer.ts)
 * is what spares highlight.js that work; the two are bounded separately.
 */
export class RenderCache {
  private readonly entries: LruCache<string, { text: string; html: string }>;

  constructor(
    private readonly render: (text: string, id: string) => string,
    limit = 5000,
    maxChars = RENDER_CACHE_MAX_CHARS,
  ) {
    this.entries = new LruCache({
      maxEntries: limit,
      maxSize: maxChars,
      sizeOf: ({ text, html }, id) => id.length + text.length + html.length,
    });
  }

  get(id: string, text: string): string {
    const hit = this.entries.get(id);
    if (hit && hit.text === text) return hit.html;
    const html = this.render(text, id);
    this.entries.set(id, { text, html });
    return html;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Characters held, Markdown and HTML together. */
  get chars(): number {
    return this.entries.totalSize;
  }
}
