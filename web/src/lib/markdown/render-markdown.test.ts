import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './render-markdown.ts';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
const { render } = createMarkdownRenderer(window);

/** The rendered HTML as a DOM, to ask what it holds. */
function dom(markdown: string): HTMLElement {
  const div = window.document.createElement('div');
  div.innerHTML = render(markdown);
  return div;
}

describe('markdown rendering', () => {
  it('renders emphasis, lists, headings and keeps single line breaks', () => {
    const root = dom('# Title\n\n**bold** and *it*\nnext line\n\n- one\n- two');
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('it');
    expect(root.querySelectorAll('br')).toHaveLength(1);
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two']);
  });

  it('renders a table inside a scrolling wrapper, alignment as a class and never as a style', () => {
    const root = dom('| a | b |\n|:--|--:|\n| 1 | 2 |');
    expect(root.querySelector('div.md-table > table')).not.toBeNull();
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['a', 'b']);
    expect(root.querySelector('td')?.className).toBe('md-align-left');
    expect(root.querySelectorAll('td')[1]?.className).toBe('md-align-right');
    expect(root.innerHTML).not.toContain('style');
  });

  it('renders a fenced block as pre > code with its language class and escaped text', () => {
    const root = dom('```ts\nconst a = 1 < 2;\n```');
    const code = root.querySelector('pre > code');
    expect(code?.className).toBe('language-ts');
    expect(code?.textContent).toBe('const a = 1 < 2;\n');
  });

  it('keeps typed quotes and dashes as typed (typographer off)', () => {
    expect(dom('"quoted" -- (c)').textContent).toBe('"quoted" -- (c)');
  });

  it('links open in a new tab without telling the target who sent them', () => {
    const root = dom('[site](https://example.org/a) and https://example.com/b and mail me@example.org');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/a',
      'https://example.com/b',
      'mailto:me@example.org',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('an image is a link to it, never an <img> that would load', () => {
    const root = dom('![a pixel](https://tracker.example/p.gif)');
    expect(root.querySelector('img')).toBeNull();
    const link = root.querySelector('a.md-image-link');
    expect(link?.getAttribute('href')).toBe('https://tracker.example/p.gif');
    expect(link?.textContent).toBe('a pixel');
  });
});

describe('sanitising: no HTML from a message ever runs', () => {
  /** Elements that run or load something; text that merely spells them (escaped) is fine. */
  const ACTIVE_TAG = /<(?:script|img|iframe|svg|math|form|input|style|object|embed|link|meta|base)\b/i;
  const ACTIVE_ATTR = /^(?:on|style$|src$|srcset$|action$|formaction$)/i;

  /** Asserts on the sanitised output: no active element, no handler, no link but http(s)/mailto. */
  function expectInert(markdown: string): HTMLElement {
    const html = render(markdown);
    expect(html).not.toMatch(ACTIVE_TAG);
    const div = window.document.createElement('div');
    div.innerHTML = html;
    for (const el of div.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr).not.toMatch(ACTIVE_ATTR);
      const href = el.getAttribute('href');
      if (href !== null) expect(href).toMatch(/^(https?:|mailto:)/);
    }
    return div;
  }

  it('raw HTML in the Markdown is shown as text', () => {
    const root = expectInert('<script>window.__pwned=1</script>\n\n<b onclick="x()">bold?</b>');
    expect(root.textContent).toContain('<script>window.__pwned=1</script>');
    expect(root.textContent).toContain('<b onclick="x()">bold?</b>');
    expect(root.querySelector('script, b')).toBeNull();
  });

  it('an onerror image payload does nothing, as text, in a code span or in a table cell', () => {
    const payload = '<img src=x onerror="window.__pwned=1">';
    expect(expectInert(payload).textContent).toContain(payload);
    expect(expectInert(`\`${payload}\``).querySelector('code')?.textContent).toBe(payload);
    const cell = expectInert(`| h |\n|---|\n| ${payload} |`).querySelector('td');
    expect(cell?.textContent).toBe(payload);
  });

  it('a payload in a link title stays an attribute value', () => {
    const root = expectInert('[x](https://example.org "<img src=x onerror=alert(1)>")');
    expect(root.querySelector('a')?.getAttribute('title')).toBe('<img src=x onerror=alert(1)>');
    expect(root.querySelector('img')).toBeNull();
  });

  it('javascript:, vbscript:, data: and relative links are dropped to their text', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      '/api/delete_agent',
      'file:///etc/passwd',
    ]) {
      const root = expectInert(`[click](${url})`);
      expect(root.querySelector('a')).toBeNull();
      expect(root.textContent).toContain('click');
    }
  });

  it('a data: image and a javascript: image are not images and not links', () => {
    for (const src of ['data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)']) {
      const root = expectInert(`![x](${src})`);
      expect(root.querySelector('img, a')).toBeNull();
    }
  });

  it('an autolink with a bad scheme is not a link', () => {
    expect(expectInert('<javascript:alert(1)>').querySelector('a')).toBeNull();
  });

  it('a code block language cannot smuggle markup or the app’s classes', () => {
    const root = expectInert('```"><img src=x onerror=alert(1)>\nx\n```\n\n```modal-backdrop\ny\n```');
    expect(root.querySelector('img')).toBeNull();
    // Only the renderer's `language-…` prefix can carry the name: never the app's bare class.
    for (const code of root.querySelectorAll('code'))
      expect(code.classList.contains('modal-backdrop')).toBe(false);
  });

  it('the sanitiser itself strips what markdown-it would never write', () => {
    const { sanitize } = createMarkdownRenderer(window);
    const out = sanitize(
      '<p style="color:red" onclick="x()">a</p><iframe src="https://e.org"></iframe><svg><script>1</script></svg>' +
        '<form><input></form><a href="javascript:alert(1)">j</a><a href="https://e.org" target="_self">k</a>' +
        '<span class="modal-backdrop hljs-string">s</span><img src=x onerror=alert(1)>',
    );
    expect(out).not.toMatch(ACTIVE_TAG);
    expect(out).not.toMatch(/javascript:|onclick|onerror|style=|<span class="modal/);
    expect(out).toContain('<p>a</p>');
    expect(out).toContain('<a>j</a>');
    expect(out).toContain('<a href="https://e.org" target="_blank" rel="noopener noreferrer">k</a>');
    expect(out).toContain('<span class="hljs-string">s</span>');
  });
});
