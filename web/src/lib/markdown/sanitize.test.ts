import type * as DOMPurifyModule from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { createMarkdownRenderer } from './render-markdown.ts';
import { createSanitizer } from './sanitize.ts';

/**
 * The real DOMPurify, only watched: how often hooks are added, the config is set and `sanitize` is
 * given a config of its own. Sanitising itself is untouched.
 */
const seen = vi.hoisted(() => ({ addHook: 0, setConfig: 0, sanitizeWithConfig: 0, sanitize: 0 }));
vi.mock('dompurify', async (importOriginal) => {
  const real = (await importOriginal<typeof DOMPurifyModule>()).default;
  const watched = (window: Parameters<typeof real>[0]) => {
    const purify = real(window);
    const { addHook, setConfig, sanitize } = purify;
    purify.addHook = ((...args: Parameters<typeof addHook>) => {
      seen.addHook++;
      return addHook(...args);
    }) as typeof addHook;
    purify.setConfig = (config) => {
      seen.setConfig++;
      setConfig(config);
    };
    purify.sanitize = ((...args: unknown[]) => {
      seen.sanitize++;
      if (args.length > 1) seen.sanitizeWithConfig++;
      return (sanitize as (...a: unknown[]) => unknown)(...args);
    }) as typeof sanitize;
    return purify;
  };
  return { default: watched };
});

const { window } = new JSDOM('<!doctype html><html><body></body></html>');

/** What markdown-it never writes but a sanitiser must still stop: each would run or load something. */
const PAYLOAD =
  '<p>a</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">' +
  '<a href="javascript:alert(1)">j</a><a href="https://e.org/">k</a><b onclick="x()">b</b>' +
  '<span class="hljs-string modal-backdrop">s</span><input type="text" value="v">' +
  '<svg><a href="javascript:alert(2)">v</a></svg>';

function expectInert(out: string): void {
  expect(out).not.toMatch(/<(?:script|img|svg|b)\b|onerror|onclick|javascript:|modal-backdrop|<input/i);
  expect(out).toContain('<p>a</p>');
  expect(out).toContain('<a>j</a>');
  expect(out).toContain('<a href="https://e.org/" target="_blank" rel="noopener noreferrer">k</a>');
  expect(out).toContain('<span class="hljs-string">s</span>');
}

describe('the sanitiser is configured once', () => {
  it('keeps removing script, onerror and javascript: payloads on the 1st and the 500th call', () => {
    const sanitize = createSanitizer(window);
    const first = sanitize(PAYLOAD);
    expectInert(first);
    // Other input in between: whatever one call leaves behind must not change the next.
    for (let i = 0; i < 498; i++) sanitize(i % 2 ? `<p class="md-x">${i}</p>` : '<em>plain</em>');
    const last = sanitize(PAYLOAD);
    expectInert(last);
    expect(last).toBe(first);
  });

  it('adds its hooks and sets its config once per sanitiser, never per call', () => {
    const before = { ...seen };
    const sanitize = createSanitizer(window);
    expect(seen.addHook - before.addHook).toBe(3);
    expect(seen.setConfig - before.setConfig).toBe(1);
    const first = sanitize(PAYLOAD);
    for (let i = 0; i < 98; i++) sanitize(PAYLOAD);
    expect(sanitize(PAYLOAD)).toBe(first);
    expect(seen.addHook - before.addHook).toBe(3);
    expect(seen.setConfig - before.setConfig).toBe(1);
    expect(seen.sanitize - before.sanitize).toBe(100);
    expect(seen.sanitizeWithConfig).toBe(0);
  });

  it('a rendered message is the same on the 1st and 100th render, payloads still inert', () => {
    const { render } = createMarkdownRenderer(window);
    const markdown =
      '<script>window.__pwned=1</script> [x](javascript:alert(1)) `<img src=x onerror=alert(1)>`\n\n' +
      '- [x] done[^1]\n\n[^1]: note';
    const first = render(markdown, 'm-1');
    for (let i = 0; i < 98; i++) render(markdown, 'm-1');
    const last = render(markdown, 'm-1');
    expect(last).toBe(first);
    const div = window.document.createElement('div');
    div.innerHTML = last;
    expect(div.querySelector('script, img, a[href^="javascript"]')).toBeNull();
    expect(div.querySelector('input.md-task')?.getAttribute('disabled')).toBe('');
    expect(div.querySelector('a.footnote-ref, sup a')?.getAttribute('href')).toMatch(/^#fn-m-1-1$/);
  });
});
