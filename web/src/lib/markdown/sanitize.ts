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
];
const ALLOWED_ATTR = ['href', 'title', 'class', 'start'];

/**
 * Only classes the renderer and highlight.js write: a message cannot borrow the app's own classes
 * (a "modal-backdrop" over the window). `function_` and the like are highlight.js sub-scopes.
 */
const OWN_CLASS = /^(?:language-[\w+#.-]{1,40}|hljs(?:-[\w-]{1,40})?|md-[\w-]{1,40}|[a-z]{1,20}_{1,3})$/;

export function keepOwnClasses(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => OWN_CLASS.test(name))
    .join(' ');
}

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

export type Sanitize = (html: string) => string;

/** A sanitiser bound to a window (the page's, or jsdom's in tests). */
export function createSanitizer(window: WindowLike): Sanitize {
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'class') return;
    data.attrValue = keepOwnClasses(data.attrValue);
    if (data.attrValue === '') data.keepAttr = false;
  });
  // Every link that survived opens in a new tab and tells the target nothing about the app.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A' || !(node as Element).hasAttribute('href')) return;
    (node as Element).setAttribute('target', '_blank');
    (node as Element).setAttribute('rel', 'noopener noreferrer');
  });
  return (html) => purify.sanitize(html, CONFIG);
}
