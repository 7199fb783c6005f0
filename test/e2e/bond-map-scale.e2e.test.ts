/**
 * The bond map at 100 servants (issue 25) in Chromium: "Fit to view" holds every node, the search
 * centres and highlights a servant, groups show as labelled regions around their members, and "Tidy"
 * places everyone without overlap, the positions surviving a reload. The village is made through
 * the API: 100 servants, four groups of 20, bonds in chains of ten.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  fakeTemplate,
  openUi,
  screenshot,
  screenshotFailures,
  startUiVillage,
  type UiSession,
  type UiVillage,
} from './ui-harness.ts';

interface WorldView {
  agents: { id: string; name: string; groupId: string | null }[];
  groups: { id: string; name: string }[];
  positions: Record<string, { x: number; y: number }>;
}

interface Box {
  id: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const COUNT = 100;
const GROUPS = ['Team A', 'Team B', 'Team C', 'Team D'];

let village: UiVillage;
let ui: UiSession;
let page: Page;

beforeAll(async () => {
  village = await startUiVillage('en');
  const template = await fakeTemplate(village, 'echo:');
  for (const name of GROUPS) await village.api('upsert_group', { group: { name } });
  const groups = (await world()).groups;
  for (let i = 1; i <= COUNT; i++) {
    // Every fifth servant in no group, the others spread over the four groups.
    const groupId = i % 5 === 0 ? null : groups[(i % 5) - 1]!.id;
    await village.api('create_agent', { spec: { name: `Servant ${i}`, modelTemplateId: template, groupId } });
  }
  const agents = (await world()).agents;
  for (let i = 0; i + 1 < agents.length; i++) {
    if ((i + 1) % 10 === 0) continue;
    await village.api('set_connections', { agentId: agents[i]!.id, connectedAgents: [agents[i + 1]!.id] });
  }
  ui = await openUi(village, { locale: 'en-US' });
  page = ui.page;
  await nodes()
    .nth(COUNT - 1)
    .waitFor({ timeout: 30_000 });
}, 120_000);
screenshotFailures('bond-map-scale', () => page);
afterAll(async () => {
  await ui?.context.close();
  await closeBrowser();
  await village?.stop();
});

const world = () => village.api<WorldView>('get_world');
const nodes = () => page.locator('[data-testid="map-node"]');
const flow = () => page.getByTestId('bond-map').locator('.vue-flow');

/** Screen boxes of everything `locator` matches, keyed by an attribute (one round trip). */
function boxes(locator: Locator, key: string): Promise<Box[]> {
  return locator.evaluateAll(
    (els, attr) =>
      els.map((el) => {
        const r = (
          el as unknown as {
            getBoundingClientRect(): { left: number; top: number; right: number; bottom: number };
          }
        ).getBoundingClientRect();
        return {
          id: el.getAttribute(attr) ?? '',
          left: r.left,
          top: r.top,
          right: r.right,
          bottom: r.bottom,
        };
      }),
    key,
  );
}

async function flowBox(): Promise<Box> {
  const b = (await flow().boundingBox())!;
  return { id: 'flow', left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height };
}

const inside = (a: Box, outer: Box) =>
  a.left >= outer.left - 0.5 &&
  a.top >= outer.top - 0.5 &&
  a.right <= outer.right + 0.5 &&
  a.bottom <= outer.bottom + 0.5;
const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The nodes (by servant id) whose box leaves the map's pane. */
async function outsideFlow(): Promise<string[]> {
  const pane = await flowBox();
  return (await boxes(nodes(), 'data-agent-id')).filter((b) => !inside(b, pane)).map((b) => b.id);
}

describe.sequential('the bond map with 100 servants', () => {
  it('fits every node inside the map after zooming in', async () => {
    for (let i = 0; i < 4; i++) await page.getByTestId('map-zoom-in').click();
    // Zoomed in, most of the village is out of view ...
    await expect.poll(async () => (await outsideFlow()).length).toBeGreaterThan(COUNT / 2);
    await screenshot(page, 'bond-map-100-zoomed');
    await page.getByTestId('map-fit').click();
    // ... and "Fit to view" brings every node back.
    await expect.poll(outsideFlow).toEqual([]);
    // The zoom buttons and the overview carry labels in the village's language.
    expect(await page.getByTestId('map-zoom-in').getAttribute('aria-label')).toBe('Zoom in');
    expect(await page.getByTestId('map-controls-fit').getAttribute('aria-label')).toBe('Fit to view');
    await page.getByTestId('map-minimap').waitFor();
    await screenshot(page, 'bond-map-100-fit');
  });

  it('reaches the search and Tidy from the header with one Tab each, before the 100 nodes', async () => {
    await page.getByTestId('map-fit').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | null>('document.activeElement.dataset.testid')).toBe('map-search');
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | null>('document.activeElement.dataset.testid')).toBe('map-tidy');
    await page.evaluate('document.activeElement.blur()');
  });

  it('finds a servant by name, centres and highlights it', async () => {
    const agent = (await world()).agents.find((a) => a.name === 'Servant 57')!;
    await page.getByTestId('map-search').fill('servant 57');
    const wrapper = page.locator('.vue-flow__node', {
      has: page.locator(`[data-testid="map-node"][data-agent-id="${agent.id}"]`),
    });
    await expect.poll(() => wrapper.getAttribute('class')).toContain('map-found');
    const centreGap = async () => {
      const pane = await flowBox();
      const b = (
        await boxes(page.locator(`[data-testid="map-node"][data-agent-id="${agent.id}"]`), 'data-agent-id')
      )[0]!;
      return Math.hypot(
        (b.left + b.right) / 2 - (pane.left + pane.right) / 2,
        (b.top + b.bottom) / 2 - (pane.top + pane.bottom) / 2,
      );
    };
    await expect.poll(centreGap).toBeLessThan(4);
    // Exactly one node is highlighted.
    expect(await page.locator('.vue-flow__node.map-found').count()).toBe(1);
    // Clicked, it is the list's servant too, and its card is scrolled into view there.
    await page.locator(`[data-testid="map-node"][data-agent-id="${agent.id}"]`).click();
    const card = page.locator(`[data-testid="agent-card"][data-agent-id="${agent.id}"]`);
    await expect.poll(async () => (await card.getAttribute('class'))?.includes('selected')).toBe(true);
    const inView = async () => {
      const box = (await card.boundingBox())!;
      const viewport = page.viewportSize()!;
      return box.y >= 0 && box.y + box.height <= viewport.height;
    };
    await expect.poll(inView).toBe(true);

    await page.getByTestId('map-search').fill('Nobody here');
    await expect.poll(() => page.getByTestId('map-search-none').textContent()).toContain('Nobody here');
    expect(await page.locator('.vue-flow__node.map-found').count()).toBe(0);
    await page.getByTestId('map-search').fill('');
    await page.getByTestId('map-fit').click();
  });

  it('draws each group as a region named after it, around all of its members', async () => {
    const w = await world();
    const regions = page.locator('[data-testid="map-group-region"]');
    await expect.poll(() => regions.count()).toBe(GROUPS.length);
    expect((await regions.locator('[data-testid="map-group-label"]').allTextContents()).sort()).toEqual(
      GROUPS,
    );
    await expect.poll(outsideFlow).toEqual([]);
    const regionBoxes = await boxes(regions, 'data-group-id');
    const nodeBoxes = new Map((await boxes(nodes(), 'data-agent-id')).map((b) => [b.id, b]));
    for (const group of w.groups) {
      const region = regionBoxes.find((r) => r.id === group.id)!;
      const members = w.agents.filter((a) => a.groupId === group.id);
      expect(members.length).toBe(COUNT / 5);
      for (const m of members)
        expect(inside(nodeBoxes.get(m.id)!, region), `${m.name} in ${group.name}`).toBe(true);
      // Automatic placement keeps groups together: no other servant inside the region.
      const strangers = w.agents.filter(
        (a) => a.groupId !== group.id && overlap(nodeBoxes.get(a.id)!, region),
      );
      expect(strangers.map((a) => a.name)).toEqual([]);
    }
  });

  it('moves a region with its member while the member is dragged', async () => {
    const w = await world();
    const pane = await flowBox();
    const nodeBoxes = await boxes(nodes(), 'data-agent-id');
    // A group member inside the pane, clear of the toolbar above and the overview below.
    const member = nodeBoxes.find(
      (b) =>
        w.agents.find((a) => a.id === b.id)?.groupId &&
        b.top > pane.top + 60 &&
        b.bottom < pane.bottom - 130 &&
        b.left > pane.left + 10 &&
        b.right < pane.right - 10,
    )!;
    expect(member, 'a group member in the open').toBeDefined();
    const group = w.groups.find((g) => g.id === w.agents.find((a) => a.id === member.id)!.groupId)!;
    const region = page.locator(`[data-testid="map-group-region"][data-group-id="${group.id}"]`);
    const before = (await boxes(region, 'data-group-id'))[0]!;
    await page.mouse.move(member.left + 8, member.top + 6);
    await page.mouse.down();
    await page.mouse.move(member.left + 28, before.bottom + 40, { steps: 6 });
    // Still held: the region has already grown to hold the member where it is now.
    const moved = page.locator(`[data-testid="map-node"][data-agent-id="${member.id}"]`);
    await expect
      .poll(async () => {
        const [r] = await boxes(region, 'data-group-id');
        const [n] = await boxes(moved, 'data-agent-id');
        return r!.bottom > before.bottom && inside(n!, r!);
      })
      .toBe(true);
    await page.mouse.up();
  });

  it('tidies everyone without overlap, fits them in view, and the positions survive a reload', async () => {
    // A servant dragged away first, so there is a stored position to replace (and a confirm).
    const first = nodes().first();
    const box = (await first.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 220, box.y + 160, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Object.keys((await world()).positions).length).toBe(COUNT);
    const dragged = (await world()).positions;
    // Zoomed in, so only Tidy's own fit brings every node back into view.
    for (let i = 0; i < 4; i++) await page.getByTestId('map-zoom-in').click();
    await expect.poll(async () => (await outsideFlow()).length).toBeGreaterThan(COUNT / 2);

    await page.getByTestId('map-tidy').click();
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(async () => JSON.stringify((await world()).positions) !== JSON.stringify(dragged))
      .toBe(true);
    const saved = (await world()).positions;
    expect(Object.keys(saved).length).toBe(COUNT);
    await expect.poll(outsideFlow).toEqual([]);
    const drawn = await boxes(nodes(), 'data-agent-id');
    const overlapping: string[] = [];
    for (let i = 0; i < drawn.length; i++)
      for (let j = i + 1; j < drawn.length; j++)
        if (overlap(drawn[i]!, drawn[j]!)) overlapping.push(`${drawn[i]!.id}/${drawn[j]!.id}`);
    expect(overlapping).toEqual([]);
    await screenshot(page, 'bond-map-100-tidy');

    // Tidy again: the same places, so no world change comes to fit on; it still fits at once.
    for (let i = 0; i < 4; i++) await page.getByTestId('map-zoom-in').click();
    await expect.poll(async () => (await outsideFlow()).length).toBeGreaterThan(COUNT / 2);
    await page.getByTestId('map-tidy').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(outsideFlow).toEqual([]);
    expect((await world()).positions).toEqual(saved);

    await page.reload();
    await expect.poll(() => nodes().count(), { timeout: 30_000 }).toBe(COUNT);
    expect((await world()).positions).toEqual(saved);
    // The reloaded map draws each node where it was saved (Vue Flow's translate on the node wrapper).
    const transforms = await page
      .locator('.vue-flow__node')
      .evaluateAll((els) =>
        els.map((el) => [
          el.getAttribute('data-id') ?? '',
          (el as unknown as { style: { transform: string } }).style.transform,
        ]),
      );
    expect(transforms.length).toBe(COUNT);
    for (const [id, transform] of transforms) {
      const p = saved[id]!;
      expect(transform, id).toBe(`translate(${p.x}px, ${p.y}px)`);
    }
  });
});
