import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
  addCopyButtons,
  codeOfButton,
  createHighlightCache,
  HIGHLIGHT_MAX_CHARS,
  highlightBlocks,
} from './code-blocks.ts';
import { highlightCode } from './highlight-languages.ts';
import { loadHighlighter } from './highlighter.ts';
import { createMarkdownRenderer } from './render-markdown.ts';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
const renderer = createMarkdownRenderer(window);

function rendered(markdown: string): HTMLElement {
  const div = window.document.createElement('div');
  div.innerHTML = renderer.render(markdown);
  return div;
}

describe('code blocks', () => {
  it('each block gets one labelled copy button that finds its code, however often decorated', () => {
    const root = rendered('```js\nlet a = 1;\n```\n\n    indented\n');
    addCopyButtons(root, { text: 'Copy', label: 'Copy code' });
    addCopyButtons(root, { text: 'Copy', label: 'Copy code' });
    const buttons = [...root.querySelectorAll('button.md-copy-code')];
    expect(buttons).toHaveLength(2);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('Copy code');
    expect(buttons[0]?.getAttribute('type')).toBe('button');
    expect(buttons.map(codeOfButton)).toEqual(['let a = 1;\n', 'indented\n']);
    addCopyButtons(root, { text: 'コピー', label: 'このコードをコピー' });
    expect(root.querySelectorAll('button.md-copy-code')).toHaveLength(2);
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['コピー', 'このコードをコピー'],
      ['コピー', 'このコードをコピー'],
    ]);
  });

  it('highlights a known language with highlight.js classes and leaves an unknown one plain', async () => {
    const root = rendered('```js\nconst a = "x";\n```\n\n```klingon\nqapla\n```');
    highlightBlocks(root, await loadHighlighter(), renderer.sanitize);
    const [known, unknown] = [...root.querySelectorAll('pre > code')];
    expect(known?.classList.contains('hljs')).toBe(true);
    expect(known?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(known?.textContent).toBe('const a = "x";\n');
    expect(unknown?.classList.contains('hljs')).toBe(false);
    expect(unknown?.innerHTML).toBe('qapla\n');
  });

  it('leaves a block longer than the limit plain', () => {
    const long = 'x'.repeat(HIGHLIGHT_MAX_CHARS);
    const root = rendered(`\`\`\`js\n${long}\n\`\`\`\n\n\`\`\`js\n${long.slice(1)}\n\`\`\``);
    highlightBlocks(root, highlightCode, renderer.sanitize);
    const blocks = [...root.querySelectorAll('pre > code')].map((c) => c.classList.contains('hljs'));
    expect(blocks).toEqual([false, true]);
  });

  it('highlighted code that looks like markup stays text', () => {
    const root = rendered('```html\n<img src=x onerror="window.__pwned=1">\n```');
    highlightBlocks(root, highlightCode, renderer.sanitize);
    const code = root.querySelector('pre > code')!;
    expect(code.classList.contains('hljs')).toBe(true);
    expect(code.querySelector('img')).toBeNull();
    expect(code.textContent).toBe('<img src=x onerror="window.__pwned=1">\n');
  });

  it('knows the common aliases (ts, py, sh, yml) and nothing it was not given', () => {
    for (const alias of ['ts', 'py', 'sh', 'yml', 'json', 'rust'])
      expect(highlightCode('x', alias)).not.toBeNull();
    expect(highlightCode('x', 'cobol')).toBeNull();
  });

  it('with a cache, a block seen before is coloured without highlight.js and comes out the same', () => {
    const calls: string[] = [];
    const counted = (code: string, language: string) => (
      calls.push(`${language}:${code}`),
      highlightCode(code, language)
    );
    const markdown = '```js\nconst a = 1;\n```\n\n```ts\nconst a = 1;\n```\n\n```klingon\nqapla\n```';
    const cache = createHighlightCache();
    const first = rendered(markdown);
    highlightBlocks(first, counted, renderer.sanitize, cache);
    // The same code under another language is its own entry; an unknown language is never kept.
    expect(calls).toEqual(['js:const a = 1;\n', 'ts:const a = 1;\n', 'klingon:qapla\n']);
    expect(cache.size).toBe(2);
    // Scrolled away and back: the row is mounted again from plain HTML.
    const again = rendered(markdown);
    highlightBlocks(again, counted, renderer.sanitize, cache);
    expect(calls).toHaveLength(4);
    expect(calls[3]).toBe('klingon:qapla\n');
    expect(again.innerHTML).toBe(first.innerHTML);
    expect(again.querySelector('.hljs-keyword')?.textContent).toBe('const');
    // Without a cache every mount colours again.
    highlightBlocks(rendered(markdown), counted, renderer.sanitize);
    expect(calls).toHaveLength(7);
  });

  it('the highlight cache stays within its bounds, by count and by characters', () => {
    const byCount = createHighlightCache(3, 1_000_000);
    const byChars = createHighlightCache(1000, 2_000);
    for (let i = 0; i < 40; i++) {
      // About 130 characters of key and 200 of HTML per block: 2,000 hold a handful.
      const block = `\`\`\`js\nlet v${i} = ${'1'.repeat(100)};\n\`\`\``;
      highlightBlocks(rendered(block), highlightCode, renderer.sanitize, byCount);
      highlightBlocks(rendered(block), highlightCode, renderer.sanitize, byChars);
    }
    expect(byCount.size).toBe(3);
    expect(byCount.keys()[2]).toBe(`js\nlet v39 = ${'1'.repeat(100)};\n`);
    expect(byChars.totalSize).toBeLessThanOrEqual(2_000);
    expect(byChars.size).toBeGreaterThan(1);
    expect(byChars.size).toBeLessThan(40);
  });
});
