import type { Highlight } from './highlighter.ts';
import { LruCache } from './lru-cache.ts';
import type { Sanitize } from './sanitize.ts';

export interface CopyLabels {
  /** The button's visible word. */
  text: string;
  /** Its accessible name (says what is copied). */
  label: string;
}

/** The language a fenced block named (markdown-it writes it as `language-…`), or null. */
export function blockLanguage(code: Element): string | null {
  for (const name of code.classList) if (name.startsWith('language-')) return name.slice('language-'.length);
  return null;
}

/**
 * A copy button on every code block of rendered (sanitised) HTML. The buttons are built here with the
 * DOM, after sanitising: the sanitiser never has to let a button through. Clicks are handled by the
 * caller on the root (`[data-copy-code]` → the block's text). Decorating again relabels the buttons.
 */
export function addCopyButtons(root: HTMLElement, labels: CopyLabels): void {
  const doc = root.ownerDocument;
  for (const pre of root.querySelectorAll('pre')) {
    const existing = pre.parentElement?.classList.contains('md-code')
      ? pre.parentElement.querySelector('button.md-copy-code')
      : null;
    if (existing) {
      // Decorated before (the UI language may have changed since): only the words follow.
      existing.textContent = labels.text;
      existing.setAttribute('aria-label', labels.label);
      continue;
    }
    const wrap = doc.createElement('div');
    wrap.className = 'md-code';
    pre.replaceWith(wrap);
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'md-copy-code';
    button.dataset.copyCode = '';
    button.dataset.testid = 'code-copy';
    button.textContent = labels.text;
    button.setAttribute('aria-label', labels.label);
    wrap.append(button, pre);
  }
}

/** The code text of the block a copy button belongs to. */
export function codeOfButton(button: Element): string | null {
  return button.closest('.md-code')?.querySelector('pre')?.textContent ?? null;
}

/**
 * Beyond this many characters a block stays plain: colouring a pasted log of megabytes would hold
 * the page's main thread for longer than a frame, and colour adds little to it.
 */
export const HIGHLIGHT_MAX_CHARS = 20_000;

/** Highlighted, sanitised HTML of a block's code, by language and code. */
export type HighlightCache = LruCache<string, string>;

/**
 * Scrolling back over a long chat mounts the same rows again, each with plain code (render-cache.ts
 * keeps HTML before colouring): these keep the coloured blocks so highlight.js and the sanitiser run
 * once per block. Bounded by count and characters: a block may be up to HIGHLIGHT_MAX_CHARS of code,
 * and its HTML several times that.
 */
export const HIGHLIGHT_CACHE_MAX_ENTRIES = 1000;
export const HIGHLIGHT_CACHE_MAX_CHARS = 4_000_000;

export function createHighlightCache(
  maxEntries = HIGHLIGHT_CACHE_MAX_ENTRIES,
  maxChars = HIGHLIGHT_CACHE_MAX_CHARS,
): HighlightCache {
  return new LruCache({ maxEntries, maxSize: maxChars, sizeOf: (html, key) => key.length + html.length });
}

/**
 * Colours every block whose language is loaded; an unknown language (or a huge block) stays plain.
 * With a cache, a block already coloured once (same language, same code) takes its HTML from there.
 */
export function highlightBlocks(
  root: HTMLElement,
  highlight: Highlight,
  sanitize: Sanitize,
  cache?: HighlightCache,
): void {
  for (const code of root.querySelectorAll('pre > code')) {
    const language = blockLanguage(code);
    if (language === null || code.classList.contains('hljs')) continue;
    const text = code.textContent ?? '';
    if (text.length > HIGHLIGHT_MAX_CHARS) continue;
    // A language name never holds a newline (it is one word of a class list): the key cannot be
    // read two ways.
    const key = `${language}\n${text}`;
    let html = cache?.get(key);
    if (html === undefined) {
      const coloured = highlight(text, language);
      if (coloured === null) continue;
      // highlight.js escapes the code itself; sanitising its output too costs little and trusts nothing.
      html = sanitize(coloured);
      cache?.set(key, html);
    }
    code.innerHTML = html;
    code.classList.add('hljs');
  }
}
