/**
 * The right pane's tabs (conversation, work status, blackboard), mounted in a DOM with panels as App
 * gives them: each tab names the panel it shows, the panel names its tab, one tab is in the Tab
 * order, and the arrow keys move the selection and the focus together.
 */
import '../../test-dom.ts';
import { createApp, defineComponent, h, nextTick, ref, type App } from 'vue';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setUiLanguage } from '../../i18n.ts';
import { RIGHT_TABS, rightPanelAttrs, type RightTabId } from '../../lib/pane-tabs.ts';
import RightPaneTabs from './RightPaneTabs.vue';

let app: App | null = null;

afterEach(() => {
  app?.unmount();
  app = null;
  document.body.innerHTML = '';
});

function mountTabs(start: RightTabId, pendingWave = false) {
  const shown = ref<RightTabId>(start);
  const root = document.createElement('div');
  document.body.append(root);
  const Host = defineComponent(
    () => () =>
      h('div', [
        h(RightPaneTabs, {
          modelValue: shown.value,
          'onUpdate:modelValue': (v: RightTabId) => (shown.value = v),
          pendingWave,
        }),
        ...RIGHT_TABS.filter((tab) => tab === shown.value).map((tab) => h('div', rightPanelAttrs(tab))),
      ]),
  );
  app = createApp(Host).use(i18n);
  app.mount(root);
  const tab = (id: RightTabId) => document.querySelector<HTMLElement>(`[data-testid="tab-${id}"]`)!;
  return { shown, tab };
}

const press = (el: HTMLElement, key: string) =>
  el.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

describe('RightPaneTabs', () => {
  it('ties each tab to its panel, in a labelled tablist with one tab in the Tab order', async () => {
    setUiLanguage('en');
    const { tab } = mountTabs('work', true);
    await nextTick();
    const list = document.querySelector('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).toBe('Conversation, work status and blackboard');
    expect([tab('chat'), tab('work'), tab('blackboard')].map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    const panel = document.getElementById(tab('work').getAttribute('aria-controls')!)!;
    expect(panel.getAttribute('role')).toBe('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('work').id);
    expect(tab('work').querySelector('.dot')).not.toBeNull();
    expect(tab('work').getAttribute('data-tour')).toBe('work-tab');
  });

  it('moves the selection and the focus with the arrows, wrapping, and with Home and End', async () => {
    setUiLanguage('ja');
    const { shown, tab } = mountTabs('chat');
    await nextTick();
    expect(tab('chat').textContent!.trim()).toBe('会話');
    press(tab('chat'), 'ArrowLeft');
    await nextTick();
    await nextTick();
    expect(shown.value).toBe('blackboard');
    expect(document.activeElement).toBe(tab('blackboard'));
    press(tab('blackboard'), 'Home');
    await nextTick();
    await nextTick();
    expect(shown.value).toBe('chat');
    press(tab('chat'), 'End');
    await nextTick();
    expect(shown.value).toBe('blackboard');
    press(tab('blackboard'), 'Enter');
    await nextTick();
    expect(shown.value).toBe('blackboard');
  });
});
