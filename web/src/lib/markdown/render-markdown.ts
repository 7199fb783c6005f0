import type { WindowLike } from 'dompurify';
import { createMarkdownParser } from './markdown-parser.ts';
import { createSanitizer, type Sanitize } from './sanitize.ts';

export interface MarkdownRenderer {
  /** Markdown to sanitised HTML, code blocks plain (highlighting comes later, see code-blocks.ts). */
  render(text: string, docId?: string): string;
  sanitize: Sanitize;
}

/** A message id as the footnote plugin's id prefix: only characters an id and a `#` link keep intact. */
export function footnoteDocId(docId: string | undefined): string | undefined {
  if (docId === undefined) return undefined;
  return docId.replace(/[^\w-]/g, '_').slice(0, 80);
}

/** The one path from a message's text to HTML: markdown-it, then DOMPurify on its output. */
export function createMarkdownRenderer(window: WindowLike): MarkdownRenderer {
  const md = createMarkdownParser();
  const sanitize = createSanitizer(window);
  // markdown-it ends every block with a newline; the last one would be a stray text node in the bubble.
  return {
    render: (text, docId) => sanitize(md.render(text, { docId: footnoteDocId(docId) })).trimEnd(),
    sanitize,
  };
}
