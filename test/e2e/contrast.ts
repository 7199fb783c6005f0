/**
 * Text contrast as the person sees it (WCAG 2 ratio), read from the rendered page: each matching
 * element's text colour against the first opaque background behind it, in the light or dark theme.
 */
import type { Page } from 'playwright-core';

export interface ContrastReading {
  text: string;
  ratio: number;
}

/** The contrast of every element matching `selector` with the theme forced to `theme`. */
export async function contrastOf(
  page: Page,
  selector: string,
  theme: 'light' | 'dark',
): Promise<ContrastReading[]> {
  // A string, not a function: the tests are type-checked without the DOM library.
  return page.evaluate<ContrastReading[]>(`(() => {
    const root = document.documentElement;
    const before = root.dataset.theme;
    root.dataset.theme = ${JSON.stringify(theme)};
    const channels = (text) => {
      const srgb = /^color\\(srgb ([\\d.e-]+) ([\\d.e-]+) ([\\d.e-]+)(?: \\/ ([\\d.]+))?/.exec(text);
      if (srgb) return { rgb: srgb.slice(1, 4).map(Number), alpha: srgb[4] === undefined ? 1 : Number(srgb[4]) };
      const v = (text.match(/[\\d.]+/g) || []).map(Number);
      return { rgb: v.slice(0, 3).map((c) => c / 255), alpha: v.length > 3 ? v[3] : 1 };
    };
    const backgroundOf = (el) => {
      for (let at = el; at; at = at.parentElement) {
        const bg = channels(getComputedStyle(at).backgroundColor);
        if (bg.alpha >= 1) return bg.rgb;
      }
      return channels(getComputedStyle(root).backgroundColor).rgb;
    };
    const luminance = ([r, g, b]) => {
      const lin = (v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const readings = [...document.querySelectorAll(${JSON.stringify(selector)})].map((el) => {
      const a = luminance(channels(getComputedStyle(el).color).rgb);
      const b = luminance(backgroundOf(el));
      return { text: el.textContent.trim(), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
    if (before === undefined) delete root.dataset.theme;
    else root.dataset.theme = before;
    return readings;
  })()`);
}
