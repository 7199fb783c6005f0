/**
 * The bond map's node menu in a DOM: its roles and labels, the keys (arrows, Enter, Escape, Tab),
 * the filter, and what it says was chosen (BondMap turns that into set_connections).
 */
import '../../test-dom.ts';
import { createApp, nextTick, type App } from 'vue';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n.ts';
import type { Candidate } from './bond-candidates.ts';
import NodeMenu from './NodeMenu.vue';

type Said = [string, ...unknown[]];
const mounted: { app: App; root: HTMLElement }[] = [];

beforeEach(() => {
  i18n.global.locale.value = 'en';
});
afterEach(() => {
  for (const { app, root } of mounted.splice(0)) {
    app.unmount();
    root.remove();
  }
  i18n.global.locale.value = 'en';
});

const JEMMY = { id: 'agent_2', name: 'Jemmy' };
const RURI = { id: 'agent_3', name: 'Ruri' };
const AMANE = { id: 'agent_4', name: 'Amane' };

async function mount(connect: Candidate[] = [AMANE, JEMMY, RURI], cut: Candidate[] = []) {
  const said: Said[] = [];
  const root = document.createElement('div');
  document.body.append(root);
  const app = createApp(NodeMenu, {
    agentName: 'Zari',
    connect,
    cut,
    x: 10,
    y: 20,
    onConnect: (id: string) => said.push(['connect', id]),
    onCut: (id: string) => said.push(['cut', id]),
    onSettings: () => said.push(['settings']),
    onClose: (restore: boolean) => said.push(['close', restore]),
  });
  app.use(i18n).mount(root);
  mounted.push({ app, root });
  await nextTick();
  await nextTick();
  return { root, said };
}

function key(target: Element, name: string) {
  target.dispatchEvent(new window.KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
}
const items = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[role="menuitem"]')];
const options = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[role="option"]')];
const filterBox = (root: HTMLElement) => root.querySelector<HTMLInputElement>('[role="combobox"]')!;

async function type(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new window.Event('input', { bubbles: true }));
  await nextTick();
  await nextTick();
}

describe('node menu', () => {
  it('is a labelled menu of menuitems, the first one focused, nothing to cut marked disabled', async () => {
    const { root } = await mount();
    const menu = root.querySelector('[role="menu"]')!;
    expect(menu.getAttribute('aria-label')).toBe('Bonds of Zari');
    expect(items(root).map((el) => el.textContent?.trim())).toEqual([
      'Connect to…',
      'Cut bond to…',
      'Servant settings…',
    ]);
    expect(document.activeElement).toBe(items(root)[0]);
    expect(items(root)[0]!.getAttribute('aria-disabled')).toBeNull();
    expect(items(root)[1]!.getAttribute('aria-disabled')).toBe('true');
  });

  it('moves between items with the arrows (wrapping round), Home and End', async () => {
    const { root } = await mount();
    const [connect, cut, settings] = items(root);
    key(connect!, 'ArrowDown');
    expect(document.activeElement).toBe(cut);
    key(cut!, 'ArrowDown');
    key(settings!, 'ArrowDown');
    expect(document.activeElement).toBe(connect);
    key(connect!, 'ArrowUp');
    expect(document.activeElement).toBe(settings);
    key(settings!, 'Home');
    expect(document.activeElement).toBe(connect);
    key(connect!, 'End');
    expect(document.activeElement).toBe(settings);
  });

  it('lists the candidates in a labelled listbox, filters them and says which one Enter picked', async () => {
    const { root, said } = await mount();
    items(root)[0]!.click();
    await nextTick();
    const input = filterBox(root);
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-label')).toBe('Filter servants');
    const list = root.querySelector('[role="listbox"]')!;
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const title = root.querySelector(`#${list.getAttribute('aria-labelledby')}`)!;
    expect(title.textContent?.trim()).toBe('Connect Zari to…');
    expect(options(root).map((o) => o.dataset.agentId)).toEqual(['agent_4', 'agent_2', 'agent_3']);
    expect(input.getAttribute('aria-activedescendant')).toBe(options(root)[0]!.id);

    await type(input, 'JEM');
    expect(options(root).map((o) => o.dataset.agentId)).toEqual(['agent_2']);
    expect(options(root)[0]!.getAttribute('aria-selected')).toBe('true');
    key(input, 'Enter');
    expect(said).toEqual([['connect', 'agent_2']]);
  });

  it('moves the active option with the arrows and picks that one', async () => {
    const { root, said } = await mount();
    items(root)[0]!.click();
    await nextTick();
    const input = filterBox(root);
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    await nextTick();
    const selected = options(root).filter((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected.map((o) => o.dataset.agentId)).toEqual(['agent_3']);
    expect(input.getAttribute('aria-activedescendant')).toBe(selected[0]!.id);
    key(input, 'ArrowDown');
    await nextTick();
    expect(input.getAttribute('aria-activedescendant')).toBe(options(root)[0]!.id);
    key(input, 'ArrowUp');
    key(input, 'Enter');
    expect(said).toEqual([['connect', 'agent_3']]);
  });

  it('says nothing matches, and Enter then picks nothing', async () => {
    const { root, said } = await mount();
    items(root)[0]!.click();
    await nextTick();
    await type(filterBox(root), 'nobody');
    expect(options(root)).toHaveLength(0);
    expect(root.querySelector('[role="listbox"]')).toBeNull();
    expect(filterBox(root).getAttribute('aria-expanded')).toBe('false');
    expect(filterBox(root).getAttribute('aria-controls')).toBeNull();
    expect(root.querySelector('[role="status"]')?.textContent?.trim()).toBe('No servant matches.');
    key(filterBox(root), 'Enter');
    expect(said).toEqual([]);
  });

  it('offers the bonds to cut and says which one was chosen', async () => {
    const { root, said } = await mount([AMANE], [RURI]);
    items(root)[1]!.click();
    await nextTick();
    expect(root.querySelector('[role="listbox"]') !== null).toBe(true);
    expect(options(root).map((o) => o.dataset.agentId)).toEqual(['agent_3']);
    options(root)[0]!.click();
    expect(said).toEqual([['cut', 'agent_3']]);
  });

  it('does nothing for a disabled item, and asks for the settings', async () => {
    const { root, said } = await mount([AMANE], []);
    items(root)[1]!.click();
    await nextTick();
    expect(root.querySelector('[role="menu"]') !== null).toBe(true);
    items(root)[2]!.click();
    expect(said).toEqual([['settings']]);
  });

  it('closes on Escape and Tab (focus back to the node), and on a click elsewhere (focus left there)', async () => {
    const { root, said } = await mount();
    key(items(root)[0]!, 'Escape');
    key(items(root)[0]!, 'Tab');
    items(root)[0]!.click();
    await nextTick();
    key(filterBox(root), 'Escape');
    document.body.dispatchEvent(new window.Event('pointerdown', { bubbles: true }));
    root.querySelector('.node-menu')!.dispatchEvent(new window.Event('pointerdown', { bubbles: true }));
    expect(said).toEqual([
      ['close', true],
      ['close', true],
      ['close', true],
      ['close', false],
    ]);
  });

  it('keeps its keys to itself (Backspace in the filter never reaches the map)', async () => {
    const { root } = await mount();
    let reached = 0;
    root.addEventListener('keydown', () => (reached += 1));
    items(root)[0]!.click();
    await nextTick();
    key(filterBox(root), 'Backspace');
    key(filterBox(root), 'x');
    expect(reached).toBe(0);
  });

  it('speaks the village language in Japanese', async () => {
    i18n.global.locale.value = 'ja';
    const { root } = await mount([], [RURI]);
    expect(root.querySelector('[role="menu"]')!.getAttribute('aria-label')).toBe('Zari の絆');
    expect(items(root).map((el) => el.textContent?.trim())).toEqual([
      '絆を結ぶ…',
      '絆を切る…',
      'サーヴァントの設定…',
    ]);
    items(root)[0]!.click();
    await nextTick();
    expect(root.querySelector('[role="menu"]') !== null).toBe(true);
  });
});
