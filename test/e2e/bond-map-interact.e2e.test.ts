/**
 * The bond map beyond dragging (issue 25), in Chromium against `fuseforks serve`: a bond connected and
 * cut from the keyboard alone (Tab to a node, its menu, a filtered list, the confirm), checked in the
 * world through the API and on the map; a click on a node selects the servant in the chat and the
 * list; a double click opens its settings; hover draws out a node's bonds (both directions) and dims
 * the rest, every edge keeping 3:1 against the map in both themes; a failed connection is a toast.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  closeBrowser,
  fakeTemplate,
  openUi,
  screenshot,
  screenshotFailures,
  startUiVillage,
  until,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

interface WorldView {
  edges: { source: string; target: string }[];
}

let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  village = await startUiVillage('ja');
  const id = await fakeTemplate(village, 'echo:');
  for (const name of ['Zari', 'Jemmy', 'Ruri'])
    await village.api('create_agent', { spec: { name, modelTemplateId: id } });
  ui = await openUi(village);
  page = ui.page;
  await page.locator('.vue-flow__node[data-id="agent_3"]').waitFor();
}, 60_000);
screenshotFailures('bond-map-interact', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

const world = () => village.api<WorldView>('get_world');
const node = (id: string) => page.locator(`.vue-flow__node[data-id="${id}"]`);
const mapEdge = (source: string, target: string) =>
  page.locator(`.vue-flow__edge[data-id="${source}->${target}"]`);

/** What has the keyboard focus: its data-id / data-testid, role, text and outline. */
interface Focused {
  id: string | null;
  testid: string | null;
  role: string | null;
  text: string;
  outlineStyle: string;
  outlineWidth: number;
}
// A string, not a function: the tests are type-checked without the DOM library.
const focused = () =>
  page.evaluate<Focused>(`(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return {
      id: el.getAttribute('data-id'),
      testid: el.getAttribute('data-testid'),
      role: el.getAttribute('role'),
      text: (el.textContent || '').trim(),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth) || 0,
    };
  })()`);

/** Tab (forward only) until the node of `agentId` has the focus, as a keyboard user would. */
async function tabTo(agentId: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if ((await focused()).id === agentId) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the node of ${agentId}: ${JSON.stringify(await focused())}`);
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations inside `selector` (evaluated, so the page's CSP allows it). */
async function axeSerious(selector: string): Promise<string[]> {
  if (!(await page.evaluate<boolean>('typeof axe !== "undefined"'))) await page.evaluate(AXE);
  return page.evaluate<string[]>(`axe
    .run(document.querySelector(${JSON.stringify(selector)}), { resultTypes: ['violations'] })
    .then((r) => r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
}

async function focusIs(check: (f: Focused) => boolean, what: string): Promise<Focused> {
  return until(focused, check, what);
}

it('connects and cuts a bond from the keyboard alone', async () => {
  await tabTo('agent_1');
  const onNode = await focused();
  // A visible focus ring, and a name that says which servant this is.
  expect(onNode.outlineStyle).toBe('solid');
  expect(onNode.outlineWidth).toBeGreaterThanOrEqual(2);
  expect(await node('agent_1').getAttribute('aria-label')).toContain('Zari');

  await page.keyboard.press('Shift+F10');
  const menu = page.locator('[data-testid="node-menu"] [role="menu"]');
  await menu.waitFor();
  expect(await menu.getAttribute('aria-label')).toBe('Zari の絆');
  await focusIs((f) => f.role === 'menuitem' && f.text === '絆を結ぶ…', 'the first menu item');
  expect(await axeSerious('.bond-map')).toEqual([]);
  await page.keyboard.press('Enter');
  await focusIs((f) => f.testid === 'node-menu-filter', 'the filter');
  const options = page.getByTestId('node-menu-option');
  expect(await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-agent-id')))).toEqual([
    'agent_2',
    'agent_3',
  ]);
  await page.keyboard.type('Jem');
  await expect.poll(() => options.count()).toBe(1);
  expect(await axeSerious('.bond-map')).toEqual([]);
  await screenshot(page, '25-node-menu-connect');
  await page.keyboard.press('Enter');

  await until(world, (w) => w.edges.length === 1, 'the bond in the world');
  expect((await world()).edges).toEqual([{ source: 'agent_1', target: 'agent_2' }]);
  await mapEdge('agent_1', 'agent_2').waitFor();
  expect(await mapEdge('agent_1', 'agent_2').getAttribute('aria-label')).toBe('絆 Zari → Jemmy');
  expect(await page.getByTestId('node-menu').count()).toBe(0);
  await focusIs((f) => f.id === 'agent_1', 'the focus back on Zari');

  // Cutting: the second item, the only bond Zari has, then the confirm (it starts on Cancel).
  await page.keyboard.press('Shift+F10');
  await focusIs((f) => f.role === 'menuitem' && f.text === '絆を結ぶ…', 'the first menu item again');
  await page.keyboard.press('ArrowDown');
  await focusIs((f) => f.role === 'menuitem' && f.text === '絆を切る…', 'the cut item');
  await page.keyboard.press('Enter');
  await focusIs((f) => f.testid === 'node-menu-filter', 'the cut filter');
  expect(await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-agent-id')))).toEqual([
    'agent_2',
  ]);
  await page.keyboard.press('Enter');
  await page.getByTestId('confirm-dialog').waitFor();
  await focusIs((f) => f.testid === 'confirm-cancel', 'the confirm on Cancel');
  await page.keyboard.press('Tab');
  await focusIs((f) => f.testid === 'confirm-ok', 'the confirm on OK');
  await page.keyboard.press('Enter');

  await until(world, (w) => w.edges.length === 0, 'the bond gone from the world');
  await expect.poll(() => page.locator('.vue-flow__edge').count()).toBe(0);
  await focusIs((f) => f.id === 'agent_1', 'the focus back on Zari after the cut');

  // Escape closes the menu and gives the focus back to the node.
  await page.keyboard.press('Shift+F10');
  await page.getByTestId('node-menu').waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('node-menu').count()).toBe(0);
  await focusIs((f) => f.id === 'agent_1', 'the focus back on Zari after Escape');
  expect(ui.errors).toEqual([]);
});

it('moves a node with the arrow keys, says where in the village language, and saves the place', async () => {
  await tabTo('agent_3');
  const start = await node('agent_3').boundingBox();
  const shownBefore = await page.evaluate<{ x: number; y: number }>(
    `(() => { const m = /translate\\(([-\\d.]+)px, ?([-\\d.]+)px\\)/.exec(document.querySelector('.vue-flow__node[data-id="agent_3"]').style.transform); return { x: Number(m[1]), y: Number(m[2]) }; })()`,
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  const want = { x: shownBefore.x + 20, y: shownBefore.y + 50 };
  await expect
    .poll(() => page.getByTestId('map-move-announcement').textContent())
    .toContain(`Ruri を x ${want.x}、y ${want.y} に動かしました`);
  // Saved once the keys stop, as a drag saves it.
  const stored = await until(
    () => village.api<{ positions: Record<string, { x: number; y: number }> }>('get_world'),
    (w) => w.positions.agent_3?.x === want.x && w.positions.agent_3?.y === want.y,
    'the keyboard move in the world',
  );
  expect(stored.positions.agent_3).toEqual(want);
  const end = await node('agent_3').boundingBox();
  expect(end!.x).toBeGreaterThan(start!.x);
  expect(end!.y).toBeGreaterThan(start!.y);
  // The focus stays on the node, and Vue Flow's English words are not read out.
  await focusIs((f) => f.id === 'agent_3', 'the focus still on Ruri');
  expect(await node('agent_3').getAttribute('aria-roledescription')).toBe('サーヴァント');
  expect(await node('agent_3').getAttribute('aria-describedby')).toBe('bond-map-node-help');
  expect(await page.locator('[aria-describedby^="vue-flow__"]').count()).toBe(0);
  expect(await page.locator('[id^="vue-flow__aria-live"]').count()).toBe(0);
});

it('keys typed in the map search stay text: Backspace there leaves the selected bond alone', async () => {
  await village.api('set_connections', { agentId: 'agent_2', connectedAgents: ['agent_3'] });
  const edge = mapEdge('agent_2', 'agent_3');
  await edge.waitFor();
  await edge.dispatchEvent('click');
  await page.getByTestId('map-delete-edge').waitFor();
  const search = page.getByTestId('map-search');
  await search.click();
  // Letters no servant's name has: the search centres a match as you type, which would move the view.
  await page.keyboard.type('qqq');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
  await page.keyboard.press('Delete');
  expect(await search.inputValue()).toBe('');
  // No confirm asked, no bond cut: the world and the map still have it, and it is still selected.
  expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
  expect((await world()).edges).toContainEqual({ source: 'agent_2', target: 'agent_3' });
  expect(await page.getByTestId('map-delete-edge').isVisible()).toBe(true);
  // Cut elsewhere (here through the API), the bond is no longer selected: no "Cut bond" button left.
  await village.api('set_connections', { agentId: 'agent_2', connectedAgents: [] });
  await expect.poll(() => edge.count()).toBe(0);
  await expect.poll(() => page.getByTestId('map-delete-edge').count()).toBe(0);
});

it('selects the clicked servant in the chat and in the list', async () => {
  await page.locator('[data-testid="map-node"][data-agent-id="agent_2"]').click();
  await expect.poll(() => page.getByTestId('chat-target').inputValue()).toBe('agent_2');
  const card = page.locator('[data-testid="agent-card"][data-agent-id="agent_2"]');
  await expect.poll(async () => (await card.getAttribute('class'))?.includes('selected')).toBe(true);
  expect(
    await page.locator('[data-testid="map-node"][data-current="true"]').getAttribute('data-agent-id'),
  ).toBe('agent_2');
  // The node's ⋯ button and a right click open the same menu; a click elsewhere closes it.
  await page
    .locator('[data-testid="map-node"][data-agent-id="agent_2"]')
    .getByTestId('map-node-menu')
    .click();
  const menu = page.locator('[data-testid="node-menu"] [role="menu"]');
  expect(await menu.getAttribute('aria-label')).toBe('Jemmy の絆');
  await page.getByTestId('map-summary').click();
  await expect.poll(() => page.getByTestId('node-menu').count()).toBe(0);
  await page.locator('[data-testid="map-node"][data-agent-id="agent_3"]').click({ button: 'right' });
  expect(await menu.getAttribute('aria-label')).toBe('Ruri の絆');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('node-menu').count()).toBe(0);
  await focusIs((f) => f.id === 'agent_3', 'the focus on Ruri after Escape');

  // And back: choosing in the chat moves the map's mark.
  await page.getByTestId('chat-target').selectOption('agent_3');
  await expect
    .poll(() => page.locator('[data-testid="map-node"][data-current="true"]').getAttribute('data-agent-id'))
    .toBe('agent_3');
});

it('opens the servant settings on a double click', async () => {
  await page.locator('[data-testid="map-node"][data-agent-id="agent_3"]').dblclick();
  const dialog = page.getByTestId('agent-settings-dialog');
  await dialog.waitFor();
  expect(await dialog.getByTestId('agent-id').textContent()).toBe('agent_3');
  expect(await page.getByTestId('chat-target').inputValue()).toBe('agent_3');
  await page.getByTestId('agent-close').click();
  await dialog.waitFor({ state: 'detached' });

  // From the keyboard: the node menu's "Servant settings…", then Escape, and the focus is back on the node.
  await node('agent_2').focus();
  await page.keyboard.press('Shift+F10');
  await focusIs((f) => f.role === 'menuitem', 'a menu item');
  await page.getByRole('menuitem', { name: 'サーヴァントの設定…' }).focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  expect(await dialog.getByTestId('agent-id').textContent()).toBe('agent_2');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await focusIs((f) => f.id === 'agent_2', 'the focus back on Jemmy after the settings closed');
  // Focus off the map again (a focused node's bonds stand out, which the next test does not expect).
  await page.evaluate('document.activeElement.blur()');
});

/** The WCAG ratio of an edge's stroke against the map behind it, with the theme forced. */
function strokeContrast(edgeSelector: string, theme: 'light' | 'dark'): Promise<number> {
  return page.evaluate<number>(`(() => {
    const root = document.documentElement;
    const before = root.dataset.theme;
    root.dataset.theme = ${JSON.stringify(theme)};
    const channels = (text) => {
      const srgb = /^color\\(srgb ([\\d.e-]+) ([\\d.e-]+) ([\\d.e-]+)(?: \\/ ([\\d.]+))?/.exec(text);
      if (srgb) return { rgb: srgb.slice(1, 4).map(Number), alpha: srgb[4] === undefined ? 1 : Number(srgb[4]) };
      const v = (text.match(/[\\d.]+/g) || []).map(Number);
      return { rgb: v.slice(0, 3).map((c) => c / 255), alpha: v.length > 3 ? v[3] : 1 };
    };
    const luminance = ([r, g, b]) => {
      const lin = (v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const path = document.querySelector(${JSON.stringify(edgeSelector)} + ' .vue-flow__edge-path');
    const stroke = channels(getComputedStyle(path).stroke);
    let bg = null;
    for (let at = document.querySelector('.vue-flow'); at && !bg; at = at.parentElement) {
      const c = channels(getComputedStyle(at).backgroundColor);
      if (c.alpha >= 1) bg = c.rgb;
    }
    bg = bg || channels(getComputedStyle(document.body).backgroundColor).rgb;
    const a = luminance(stroke.rgb);
    const b = luminance(bg);
    if (before === undefined) delete root.dataset.theme;
    else root.dataset.theme = before;
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  })()`);
}

it('draws out the hovered servant’s bonds in both directions and dims the others', async () => {
  await village.api('set_connections', { agentId: 'agent_1', connectedAgents: ['agent_2'] });
  await village.api('set_connections', { agentId: 'agent_3', connectedAgents: ['agent_1'] });
  await village.api('set_connections', { agentId: 'agent_2', connectedAgents: ['agent_3'] });
  await expect.poll(() => page.locator('.vue-flow__edge').count()).toBe(3);
  // What the person sees: the stroke width each edge is drawn with (3 own bond, 1.5 dimmed, 2 plain).
  const looks = () =>
    page.evaluate<string[]>(`[...document.querySelectorAll('.vue-flow__edge')]
      .map((g) => {
        const width = parseFloat(getComputedStyle(g.querySelector('.vue-flow__edge-path')).strokeWidth);
        return g.getAttribute('data-id') + ':' + (width >= 3 ? 'active' : width < 2 ? 'dimmed' : 'plain');
      })
      .sort()`);

  await page.locator('[data-testid="map-node"][data-agent-id="agent_1"]').hover();
  await expect
    .poll(looks)
    .toEqual(['agent_1->agent_2:active', 'agent_2->agent_3:dimmed', 'agent_3->agent_1:active']);
  await screenshot(page, '25-bond-map-hover');

  // Hovering another node moves the highlight with it.
  await page.locator('[data-testid="map-node"][data-agent-id="agent_2"]').hover();
  await expect
    .poll(looks)
    .toEqual(['agent_1->agent_2:active', 'agent_2->agent_3:active', 'agent_3->agent_1:dimmed']);

  for (const theme of ['light', 'dark'] as const) {
    const active = await strokeContrast('.vue-flow__edge[data-id="agent_2->agent_3"]', theme);
    const dimmed = await strokeContrast('.vue-flow__edge[data-id="agent_3->agent_1"]', theme);
    expect(active, `active edge, ${theme}`).toBeGreaterThanOrEqual(3);
    expect(dimmed, `dimmed edge, ${theme}`).toBeGreaterThanOrEqual(3);
  }

  // Off the nodes, the chat's servant (Ruri, chosen above) has the highlight again.
  await page.getByTestId('map-summary').hover();
  await expect
    .poll(looks)
    .toEqual(['agent_1->agent_2:dimmed', 'agent_2->agent_3:active', 'agent_3->agent_1:active']);

  // With Zari's menu open (the focus in the menu, not on a node), Zari's bonds are the ones drawn out.
  await node('agent_1').focus();
  await page.keyboard.press('Shift+F10');
  await focusIs((f) => f.role === 'menuitem', 'a menu item');
  await expect
    .poll(looks)
    .toEqual(['agent_1->agent_2:active', 'agent_2->agent_3:dimmed', 'agent_3->agent_1:active']);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('node-menu').count()).toBe(0);
  expect(ui.errors).toEqual([]);
});

it("shows a failed keyboard connection as an error toast (the drag's own path), and draws no edge", async () => {
  // Zari → Jemmy exists (above): Ruri is the one left to connect to.
  await node('agent_1').focus();
  await page.keyboard.press('Shift+F10');
  await focusIs((f) => f.role === 'menuitem' && f.text === '絆を結ぶ…', 'the first menu item');
  await page.keyboard.press('Enter');
  await focusIs((f) => f.testid === 'node-menu-filter', 'the filter');
  expect(await page.getByTestId('node-menu-option').getAttribute('data-agent-id')).toBe('agent_3');
  await village.pause();
  try {
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: 'サーバーに接続できません' }).waitFor();
  } finally {
    await village.resume();
  }
  expect((await world()).edges).not.toContainEqual({ source: 'agent_1', target: 'agent_3' });
  expect(await mapEdge('agent_1', 'agent_3').count()).toBe(0);
  await focusIs((f) => f.id === 'agent_1', 'the focus back on Zari');
});
