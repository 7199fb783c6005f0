import { RenderCache } from './render-cache.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from './render-markdown.ts';

let renderer: MarkdownRenderer | null = null;
let cache: RenderCache | null = null;

/** The page's renderer, made on first use (it needs the page's window for DOMPurify). */
export function pageRenderer(): MarkdownRenderer {
  renderer ??= createMarkdownRenderer(window);
  return renderer;
}

/** A message's sanitised HTML, parsed once per id and text. */
export function messageHtml(id: string, text: string): string {
  cache ??= new RenderCache((markdown, id) => pageRenderer().render(markdown, id));
  return cache.get(id, text);
}
