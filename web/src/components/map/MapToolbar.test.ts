/** The map's toolbar: labelled in the village's language, and it hands the query and "Tidy" on. */
import '../../test-dom.ts';
import { createApp, h, nextTick } from 'vue';
import { describe, expect, it } from 'vitest';
import { i18n, setUiLanguage } from '../../i18n.ts';
import MapToolbar from './MapToolbar.vue';

function mount(events: string[], notFound: string | null = null): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  createApp({
    render: () =>
      h(MapToolbar, {
        notFound,
        onSearch: (q: string) => events.push(`search:${q}`),
        onTidy: () => events.push('tidy'),
      }),
  })
    .use(i18n)
    .mount(root);
  return root;
}

describe('MapToolbar', () => {
  it('labels the search box and the button in Japanese and in English', async () => {
    setUiLanguage('ja');
    const ja = mount([]);
    const search = ja.querySelector<HTMLInputElement>('[data-testid="map-search"]')!;
    expect(search.getAttribute('aria-label')).toBe('地図でサーヴァントを探す');
    expect(ja.querySelector('[data-testid="map-tidy"]')!.textContent!.trim()).toBe('整える');
    setUiLanguage('en');
    await nextTick();
    expect(search.getAttribute('aria-label')).toBe('Find a servant on the map');
    expect(ja.querySelector('[data-testid="map-tidy"]')!.textContent!.trim()).toBe('Tidy');
  });

  it('hands each query and the tidy click to the map, and says when nothing matched', async () => {
    setUiLanguage('en');
    const events: string[] = [];
    const root = mount(events, 'Zari');
    const search = root.querySelector<HTMLInputElement>('[data-testid="map-search"]')!;
    search.value = 'Ava';
    search.dispatchEvent(new window.Event('input'));
    (root.querySelector('[data-testid="map-tidy"]') as HTMLButtonElement).click();
    await nextTick();
    expect(events).toEqual(['search:Ava', 'tidy']);
    expect(root.querySelector('[data-testid="map-search-none"]')!.textContent).toContain('“Zari”');
  });
});
