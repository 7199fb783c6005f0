import createDOMPurify, { type Config, type WindowLike } from 'dompurify';

/** What rendered Markdown may contain: text structure, links, tables and code. Nothing else. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  's',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
  // Footnotes (markdown-it-footnote) and task lists (task-lists.ts).
  'sup',
  'section',
  'input',
];
const ALLOWED_ATTR = ['href', 'title', 'class', 'start', 'id', 'type', 'checked', 'disabled'];

/** The only ids kept: footnote anchors the renderer writes (`fn-<message>-1`, `fnref-<message>-1:2`). */
const FOOTNOTE_ID = /^fn(?:ref)?-[\w-]{1,80}-\d{1,4}(?::\d{1,4})?$/;
/** Footnote links point inside the message; every other link goes to the web. */
const FOOTNOTE_HREF = /^#fn(?:ref)?-[\w-]{1,80}-\d{1,4}(?::\d{1,4})?$/;

/**
 * Only classes the renderer and highlight.js write: a message cannot borrow the app's own classes
 * (a "modal-backdrop" over the window). `function_` and the like are highlight.js sub-scopes.
 */
const OWN_CLASS =
  /^(?:language-[\w+#.-]{1,40}|hljs(?:-[\w-]{1,40})?|md-[\w-]{1,40}|[a-z]{1,20}_{1,3}|footnotes?(?:-(?:ref|sep|list|item|backref))?)$/;

export function keepOwnClasses(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => OWN_CLASS.test(name))
    .join(' ');
}

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#fn)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

export type Sanitize = (html: string) => string;

/**
 * A sanitiser bound to a window (the page's, or jsdom's in tests). Its DOMPurify instance is its own
 * and configured once here, hooks included: a config passed to every `sanitize` call was parsed again on
 * every call (a long chat sanitises each message and each highlighted block).
 */
export function createSanitizer(window: WindowLike): Sanitize {
  const purify = createDOMPurify(window);
  // With a set config DOMPurify ignores any config given to `sanitize`: nothing below passes one.
  purify.setConfig(CONFIG);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'id') {
      data.keepAttr = FOOTNOTE_ID.test(data.attrValue);
      return;
    }
    if (data.attrName === 'href' && data.attrValue.startsWith('#')) {
      data.keepAttr = FOOTNOTE_HREF.test(data.attrValue);
      return;
    }
    if (['type', 'checked', 'disabled'].includes(data.attrName) && node.nodeName !== 'INPUT') {
      data.keepAttr = false;
      return;
    }
    if (data.attrName !== 'class') return;
    data.attrValue = keepOwnClasses(data.attrValue);
    if (data.attrValue === '') data.keepAttr = false;
  });
  // An input is kept only as the task box the renderer writes (task-lists.ts): any other goes.
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'input' && !(node as Element).classList?.contains('md-task'))
      node.parentNode?.removeChild(node);
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // The only input is a task's box: a checkbox that cannot be changed, whatever came in.
    if (node.nodeName === 'INPUT') {
      (node as Element).setAttribute('type', 'checkbox');
      (node as Element).setAttribute('disabled', '');
      return;
    }
    // Every link that survived opens in a new tab and tells the target nothing about the app;
    // a footnote link stays in the page.
    if (node.nodeName !== 'A' || !(node as Element).hasAttribute('href')) return;
    if ((node as Element).getAttribute('href')!.startsWith('#')) return;
    (node as Element).setAttribute('target', '_blank');
    (node as Element).setAttribute('rel', 'noopener noreferrer');
  });
  return (html) => purify.sanitize(html);
}
