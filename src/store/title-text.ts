/**
 * The readable text of a first request, for its session's title (issue 22). The ledger (session_store)
 * titles a session with "the first 30 characters of the first user message"; a new user's trial showed
 * that, taken literally, a request written in Markdown gets "# Please review ```js const a" as its name.
 * Going past the ledger in this one respect only: the markup is stripped before the 30 characters are
 * counted (headings, emphasis, code fences and ticks, link syntax -> its text, list and quote markers,
 * HTML tags) and whitespace is collapsed. The length rule stays the ledger's.
 */
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

// html: true so tags come out as their own tokens and can be dropped (with false they would be text).
const parser = new MarkdownIt({ html: true, linkify: false });

/** Enough source for any title: a title needs 30 characters, the rest would only cost parsing time. */
const SOURCE_CHARS = 4000;

const TAG = /<\/?[A-Za-z][^<>]*>|<!--[\s\S]*?(?:-->|$)/g;

function inlineText(children: readonly Token[]): string {
  let text = '';
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
        text += child.content;
        break;
      case 'image':
        // The alt text is what a reader of the request would read in place of the picture.
        text += inlineText(child.children ?? []);
        break;
      case 'softbreak':
      case 'hardbreak':
        text += ' ';
        break;
      // html_inline, link_open/close, em/strong markers: markup, dropped.
    }
  }
  return text;
}

/** `source` as plain one-line text: the words a reader sees, markup gone, whitespace collapsed. */
export function markdownPlainText(source: string): string {
  const parts: string[] = [];
  for (const token of parser.parse(source.slice(0, SOURCE_CHARS), {})) {
    if (token.type === 'inline') parts.push(inlineText(token.children ?? []));
    else if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content);
    else if (token.type === 'html_block') parts.push(token.content.replace(TAG, ' '));
  }
  return parts.join(' ').replace(/\s+/gu, ' ').trim();
}
