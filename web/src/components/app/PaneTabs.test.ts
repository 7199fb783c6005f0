/**
 * The narrow screen's pane tabs, mounted in a DOM: a tablist whose tabs name the panel they show,
 * one tab in the Tab order, and the arrow keys moving the selection and the focus together.
 */
import '../../test-dom.ts';
import { createApp, defineComponent, h, nextTick, ref, type App } from 'vue';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setUiLanguage } from '../../i18n.ts';
import type { PaneId } from '../../lib/pane-tabs.ts';
import PaneTabs from './PaneTabs.vue';

let app: App | null = null;

afterEach(() => {
  app?.unmount();
  app = null;
  document.body.innerHTML = '';
});

function mountTabs(start: PaneId) {
  const shown = ref<PaneId>(start);
  const root = document.createElement('div');
  document.body.append(root);
  const Host = defineComponent(
    () => () =>
      h(PaneTabs, { modelValue: shown.value, 'onUpdate:modelValue': (v: PaneId) => (shown.value = v) }),
  );
  app = createApp(Host).use(i18n);
  app.mount(root);
  const tab = (pane: PaneId) => document.querySelector<HTMLElement>(`[data-testid="pane-tab-${pane}"]`)!;
  return { shown, tab };
}

const press = (el: HTMLElement, key: string) =>
  el.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

describe('PaneTabs', () => {
  it('is a labelled tablist whose selected tab alone is in the Tab order', async () => {
    setUiLanguage('en');
    const { tab } = mountTabs('chat');
    await nextTick();
    const list = document.querySelector('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).toBe('Panes');
    expect([...list.querySelectorAll('[role="tab"]')].map((t) => t.textContent!.trim())).toEqual([
      'Servants',
      'Bond map',
      'Conversation',
    ]);
    expect(tab('chat').getAttribute('aria-selected')).toBe('true');
    expect(tab('chat').getAttribute('aria-controls')).toBe('pane-panel-chat');
    expect([tab('list'), tab('map'), tab('chat')].map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('moves the selection and the focus with the arrows, wrapping, and with Home', async () => {
    setUiLanguage('ja');
    const { shown, tab } = mountTabs('chat');
    await nextTick();
    expect(tab('list').textContent!.trim()).toBe('サーヴァント');
    press(tab('chat'), 'ArrowRight');
    await nextTick();
    await nextTick();
    expect(shown.value).toBe('list');
    expect(document.activeElement).toBe(tab('list'));
    expect(tab('list').tabIndex).toBe(0);
    press(tab('list'), 'End');
    await nextTick();
    await nextTick();
    expect(shown.value).toBe('chat');
    press(tab('chat'), 'Home');
    await nextTick();
    await nextTick();
    expect(shown.value).toBe('list');
    tab('map').click();
    await nextTick();
    expect(shown.value).toBe('map');
  });
});
