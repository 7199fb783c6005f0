import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { fencedBlock, neutraliseHtml } from './markdown-escape.ts';

// A viewer that renders raw HTML: what a Markdown file opened anywhere may meet.
const viewer = new MarkdownIt({ html: true });
const rendered = (text: string) => viewer.render(neutraliseHtml(text));
/** No element a script could ride on comes out of the viewer. */
function expectInert(text: string): void {
  const html = rendered(text);
  expect(html).not.toMatch(/<(img|svg|script|iframe|b|i|div)\b/i);
}

describe('neutraliseHtml', () => {
  it('turns raw HTML outside code into entities that read as themselves', () => {
    expect(neutraliseHtml('a <img src=x onerror=alert(1)> & b')).toBe(
      'a &lt;img src=x onerror=alert(1)&gt; &amp; b',
    );
    expect(rendered('a <b>bold</b>')).toContain('a &lt;b&gt;bold&lt;/b&gt;');
  });

  it('keeps fenced code as code; inline code stays code with its markup escaped', () => {
    const text = '```html\n<svg onload=alert(1)>\n```\nuse `<div>` here';
    expect(neutraliseHtml(text)).toBe('```html\n<svg onload=alert(1)>\n```\nuse `&lt;div&gt;` here');
    expect(rendered(text)).toContain('<code class="language-html">&lt;svg onload=alert(1)&gt;');
  });

  it('a code span left open on one line cannot pair across lines to put markup outside code', () => {
    const text = '`x\n` <img src=x onerror=alert(1)> `';
    expect(rendered(text)).not.toContain('<img');
  });

  it('keeps quote markers, escapes the rest of the line', () => {
    expect(neutraliseHtml('> quoted <b>\n>> deeper')).toBe('> quoted &lt;b&gt;\n>> deeper');
  });

  it('closes a fence left open, so it cannot swallow what follows in the file', () => {
    expect(neutraliseHtml('```\nopen <z>')).toBe('```\nopen <z>\n```');
    expect(neutraliseHtml('~~~~\nx\n~~~')).toBe('~~~~\nx\n~~~\n~~~~');
  });

  it('is not fooled into leaving HTML raw', () => {
    for (const attack of [
      '\\`<img src=x onerror=alert(1)>`', // an escaped backtick opens no code span
      '| `<img src=x onerror=alert(1)>| x` |\n|---|---|\n| a | b |', // a table splits at the pipe
      '`a\n<img src=x onerror=alert(1)>\n`', // a span is looked for on one line only
      '````\n```\n<img src=x onerror=alert(1)>', // a shorter fence does not close a longer one
      '```\n<b>code</b>\n```\n<img src=x onerror=alert(1)>',
      '    ```\n<img src=x onerror=alert(1)>', // four spaces: no fence
      '``` a`b\n<img src=x onerror=alert(1)>', // a backtick in the info string: no fence
      '<svg onload=alert(1)>\n<script>alert(1)</script>',
      '&lt;img&gt; <!-- <img src=x onerror=alert(1)> -->',
    ]) {
      expectInert(attack);
    }
  });
});

describe('fencedBlock', () => {
  it('uses a fence longer than any backtick run inside', () => {
    expect(fencedBlock('a ``` b')).toBe('````\na ``` b\n````');
    expect(fencedBlock('plain')).toBe('```\nplain\n```');
    expectInert(fencedBlock('```\n<img src=x onerror=alert(1)>'));
  });
});

describe('neutraliseHtml on a long line of backtick runs', () => {
  it('keeps its spans and escapes the unclosed tail', () => {
    // 80,000 spans, then an opener with no closer: the HTML after it is text.
    const line = `${'` x `` y '.repeat(40_000)}\` <img src=x onerror=alert(1)>`;
    const out = neutraliseHtml(line);
    expect(out.endsWith('&lt;img src=x onerror=alert(1)&gt;')).toBe(true);
  });
});
