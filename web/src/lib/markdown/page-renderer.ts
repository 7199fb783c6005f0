import { createHighlightCache, type HighlightCache } from './code-blocks.ts';
import { RenderCache } from './render-cache.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from './render-markdown.ts';

let renderer: MarkdownRenderer | null = null;
let cache: RenderCache | null = null;
let highlightCache: HighlightCache | null = null;

/** The page's renderer, made on first use (it needs the page's window for DOMPurify). */
export function pageRenderer(): MarkdownRenderer {
  renderer ??= createMarkdownRenderer(window);
  return renderer;
}

/**
 * A message's sanitised HTML, parsed once per id and text. Its code blocks are still plain: the
 * page's highlight cache below holds their colours, by language and code, for when a row is mounted
 * again. Two caches with their own bounds, since a message's text and its code's colours change apart
 * (a streamed message re-renders while most of its blocks stay as they were).
 */
export function messageHtml(id: string, text: string): string {
  cache ??= new RenderCache((markdown, id) => pageRenderer().render(markdown, id));
  return cache.get(id, text);
}

/** The page's coloured code blocks, shared by every message (see code-blocks.ts). */
export function pageHighlightCache(): HighlightCache {
  highlightCache ??= createHighlightCache();
  return highlightCache;
}
