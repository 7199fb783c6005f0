import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import type { MarkdownIt as MarkdownItInstance, StateCore, Token } from 'markdown-it';
import { taskListRule } from './task-lists.ts';

/** The only link targets a message may carry; anything else stays as its text. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

export function isSafeLink(url: string): boolean {
  return SAFE_LINK.test(url.trim());
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Table alignment comes as `style="text-align:…"`; styles are never let through, so it becomes a class. */
function alignToClass(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const style = token.attrGet('style');
    if (typeof style !== 'string') continue;
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    const align = /text-align:\s*(left|right|center)/.exec(style)?.[1];
    if (align) token.attrJoin('class', `md-align-${align}`);
  }
}

/**
 * Markdown of a chat message to HTML, before sanitising. Raw HTML is text (`html: false`), bare URLs
 * become links, quotes and dashes stay as typed (`typographer: false`), and a single newline is a line
 * break: people type chat messages line by line, and the plain-text view they replace kept them.
 */
export function createMarkdownParser(): MarkdownItInstance {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });
  // markdown-it's own check lets relative links and some data: images through; a message may only
  // point at the web or an address. Rejected links and images stay as their source text.
  md.validateLink = isSafeLink;
  md.core.ruler.push('md_table_align', alignToClass);
  md.core.ruler.push('md_task_list', taskListRule);
  // Footnotes ("[^1]"): ids carry the message's id (env.docId, see render-markdown.ts), so two
  // messages on one page never share an anchor.
  md.use(footnote);
  // Wide tables scroll inside the bubble instead of widening the pane.
  md.renderer.rules.table_open = () => '<div class="md-table"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  // Images from a model are never loaded (no tracking pixel fires on display): a link to them instead.
  md.renderer.rules.image = (tokens: Token[], idx: number, options, env) => {
    const token = tokens[idx]!;
    const src = String(token.attrGet('src') ?? '');
    const alt = md.renderer.renderInlineAsText(token.children ?? [], options, env);
    return `<a href="${escapeHtml(src)}" class="md-image-link">${escapeHtml(alt || src)}</a>`;
  };
  return md;
}
