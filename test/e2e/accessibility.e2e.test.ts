/**
 * Accessibility of every view (issue 25), in Chromium against `fuseforks serve` and the fake provider,
 * for a Japanese and an English village: axe-core finds no serious or critical violation on the main
 * view, each dialog and dialog page, the plan review panel and the tour, in the dark and the light
 * theme; tabbing through the main view every focused control shows a focus ring; the amber
 * "0% of input cached" text reads at WCAG AA; and at 390x844 the panes are tabs and nothing scrolls
 * sideways, with or without a dialog open.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOUR_STEPS } from '../../web/src/lib/tour.ts';
import { FakeProvider, openAiToolCall, textReply } from '../fakes/fake-provider.ts';
import { dialogViews, tourView, type UiView } from './a11y-views.ts';
import { blockingViolations } from './axe.ts';
import { contrastOf } from './contrast.ts';
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

const THEMES = ['dark', 'light'] as const;

afterAll(async () => {
  await closeBrowser();
});

/** axe in each theme (forced on the root, as the theme setting does); '' when all pass. */
async function violationsInThemes(page: Page): Promise<string> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
    const text = await blockingViolations(page);
    if (text) found.push(`[${theme}]\n${text}`);
  }
  await page.evaluate('delete document.documentElement.dataset.theme');
  return found.join('\n');
}

/** How far the page scrolls sideways (0: it fits the viewport). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(
    '(document.scrollingElement || document.documentElement).scrollWidth - window.innerWidth',
  );
}

describe.each(['ja', 'en'] as const)('a %s village', (language) => {
  let fake: FakeProvider;
  let village: UiVillage;
  let ui: UiSession;
  let page: Page;

  beforeAll(async () => {
    fake = await new FakeProvider().start();
    village = await startUiVillage(language);
    const template = await fakeTemplate(village, fake.baseUrl);
    const { id: group } = await village.api<{ id: string }>('upsert_group', {
      group: { name: 'Team', batchStart: true },
    });
    for (const [id, name] of [
      ['lead', 'Lead'],
      ['ann', 'Ann'],
      ['bob', 'Bob'],
    ] as const) {
      await village.api('create_agent', {
        spec: { id, name, modelTemplateId: template, planReview: id === 'lead' },
      });
    }
    await village.api('set_connections', { agentId: 'lead', connectedAgents: ['ann', 'bob'] });
    for (const agentId of ['ann', 'bob']) {
      await village.api('commit_agent_drop', {
        order: ['lead', 'ann', 'bob'],
        regroup: { agentId, groupId: group },
      });
    }
    for (const agentId of ['lead', 'ann', 'bob']) await village.api('start_agent', { agentId });
    // A reply with usage and nothing cached: Ann's card says "0% of input cached" in amber.
    fake.enqueue({ body: textReply('openai', 'hello from Ann') });
    await village.api('send_user_message', { to: 'ann', content: 'hello' });
    ui = await openUi(village, { locale: language === 'ja' ? 'ja-JP' : 'en-US' });
    page = ui.page;
    await page.getByTestId('chat-message').filter({ hasText: 'hello from Ann' }).first().waitFor();
    await page.getByTestId('map-node').first().waitFor();
  }, 60_000);

  afterAll(async () => {
    await ui?.context.close();
    await village?.stop();
    await fake?.stop();
  });

  screenshotFailures(`accessibility-${language}`, () => page);

  it('the main view (list, chat, bond map) has no serious or critical axe violation', async () => {
    expect(await violationsInThemes(page)).toBe('');
  });

  it('the work status and blackboard tabs have none either', async () => {
    await page.getByTestId('tab-work').click();
    await page.locator('[data-testid="tab-work"][aria-selected="true"]').waitFor();
    const work = await violationsInThemes(page);
    await page.getByTestId('tab-blackboard').click();
    await page.locator('[data-testid="tab-blackboard"][aria-selected="true"]').waitFor();
    const blackboard = await violationsInThemes(page);
    await page.getByTestId('tab-chat').click();
    expect({ work, blackboard }).toEqual({ work: '', blackboard: '' });
  });

  it('the right pane’s tabs each name the panel they show, and the arrow keys move between them', async () => {
    // What a screen reader follows: the selected tab's aria-controls is the shown tabpanel, which names it back.
    const tied = () =>
      page.evaluate<{
        tab: string;
        panelRole: string | null;
        labelledBy: string | null;
        tabId: string;
      }>(`(() => {
        const tab = document.querySelector('[data-testid^="tab-"][aria-selected="true"]');
        const panel = document.getElementById(tab.getAttribute('aria-controls'));
        return { tab: tab.dataset.testid, panelRole: panel && panel.getAttribute('role'),
          labelledBy: panel && panel.getAttribute('aria-labelledby'), tabId: tab.id };
      })()`);
    await page.getByTestId('tab-chat').focus();
    for (const want of ['tab-work', 'tab-blackboard', 'tab-chat']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await tied()).tab).toBe(want);
      const now = await tied();
      expect(now.panelRole, want).toBe('tabpanel');
      expect(now.labelledBy, want).toBe(now.tabId);
      expect(await page.evaluate<string | null>('document.activeElement.dataset.testid')).toBe(want);
    }
  });

  it('each dialog and dialog page has none', async () => {
    const found: Record<string, string> = {};
    for (const view of [...dialogViews('lead'), tourView]) {
      await view.open(page);
      const text = await violationsInThemes(page);
      if (text) found[view.name] = text;
      await view.close(page);
    }
    expect(found).toEqual({});
  }, 180_000);

  it('every step of the tour has none', async () => {
    await tourView.open(page);
    const found: Record<string, string> = {};
    const steps: string[] = [];
    for (;;) {
      const step = (await page.getByTestId('tour').getAttribute('data-step'))!;
      steps.push(step);
      const text = await violationsInThemes(page);
      if (text) found[step] = text;
      if ((await page.getByTestId('tour-next').count()) === 0) break;
      await page.getByTestId('tour-next').click();
      await page.locator(`[data-testid="tour"]:not([data-step="${step}"])`).waitFor();
    }
    expect(steps).toEqual([...TOUR_STEPS]);
    expect(Object.keys(found).length === 0 ? '' : JSON.stringify(found, null, 1)).toBe('');
    await page.getByTestId('tour-done').click();
    await page.getByTestId('tour').waitFor({ state: 'detached' });
  }, 60_000);

  it('the amber "0% of input cached" text reads at WCAG AA (4.5:1) in both themes', async () => {
    const selector = '[data-testid="agent-card"][data-agent-id="ann"] [data-testid="agent-cache"]';
    expect(await page.locator(selector).getAttribute('class')).toContain('warn-text');
    for (const theme of THEMES) {
      const [reading] = await contrastOf(page, selector, theme);
      expect(reading!.text).toContain('0');
      expect(reading!.ratio, `${theme}: ${reading!.text}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('every text on the main view reads at 4.5:1 or more in both themes (disabled controls aside)', async () => {
    // Marks each element holding text of its own; WCAG exempts controls that are switched off.
    await page.evaluate(`[...document.querySelectorAll('body *')].forEach((el) => {
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
      if (ownText && !el.closest(':disabled')) el.setAttribute('data-contrast-check', '');
    })`);
    const low: string[] = [];
    for (const theme of THEMES) {
      const readings = await contrastOf(page, '[data-contrast-check]', theme);
      expect(readings.length).toBeGreaterThan(30);
      for (const r of readings)
        if (r.ratio < 4.5) low.push(`${theme} ${r.ratio.toFixed(2)} ${r.text.slice(0, 40)}`);
    }
    await page.evaluate(
      `document.querySelectorAll('[data-contrast-check]').forEach((el) => el.removeAttribute('data-contrast-check'))`,
    );
    expect(low).toEqual([]);
  });

  it('tabbing through the main view, every focused control shows a focus ring, in both themes', async () => {
    for (const theme of THEMES) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      await page.locator('body').focus();
      await page.evaluate('document.activeElement && document.activeElement.blur()');
      const seen: string[] = [];
      const unringed: string[] = [];
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate<{ key: string; ring: boolean } | null>(`(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
          const label = (el.getAttribute('data-testid') || el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40);
          return { key: el.tagName.toLowerCase() + ' ' + label, ring: outline || shadow };
        })()`);
        if (!focused) continue;
        seen.push(focused.key);
        if (!focused.ring) unringed.push(focused.key);
      }
      // The walk reached the title bar, the list, the map and the chat, not one control over and over.
      expect(new Set(seen).size, seen.join(' | ')).toBeGreaterThan(20);
      expect(unringed, `${theme} theme`).toEqual([]);
    }
    await page.evaluate('delete document.documentElement.dataset.theme');
  }, 60_000);

  it('the plan review panel (a plan waiting for review) has none', async () => {
    fake.enqueue({
      body: openAiToolCall('plan', {
        tasks: [
          { to: 'ann', message: 'draft the note' },
          { to: 'bob', message: 'check the note' },
        ],
      }),
    });
    await village.api('send_user_message', { to: 'lead', content: 'plan the note' });
    await page.getByTestId('plan-review').waitFor({ timeout: 30_000 });
    expect(await violationsInThemes(page)).toBe('');
  }, 60_000);

  describe('at 390x844', () => {
    let narrow: UiSession;
    let small: Page;

    beforeAll(async () => {
      narrow = await openUi(village, {
        viewport: { width: 390, height: 844 },
        locale: language === 'ja' ? 'ja-JP' : 'en-US',
      });
      small = narrow.page;
      await small.getByTestId('pane-tabs').waitFor();
    });

    afterAll(async () => {
      await narrow?.context.close();
    });

    screenshotFailures(`accessibility-narrow-${language}`, () => small);

    it('the panes are tabs, one pane shown at a time, and nothing scrolls sideways', async () => {
      const tabs = small.getByTestId('pane-tabs').getByRole('tab');
      expect(await tabs.count()).toBe(3);
      const found: Record<string, number> = {};
      const violations: Record<string, string> = {};
      for (const pane of ['list', 'map', 'chat'] as const) {
        await small.getByTestId(`pane-tab-${pane}`).click();
        await small.locator(`[data-testid="pane-tab-${pane}"][aria-selected="true"]`).waitFor();
        const panel = small.locator(`[role="tabpanel"][data-pane="${pane}"]`);
        expect(await panel.isVisible()).toBe(true);
        const labelledBy = await panel.getAttribute('aria-labelledby');
        expect(await small.locator(`#${labelledBy}`).getAttribute('data-testid')).toBe(`pane-tab-${pane}`);
        if (pane === 'map') await small.getByTestId('map-node').first().waitFor();
        await screenshot(small, `accessibility-narrow-${language}-${pane}`);
        const overflow = await sidewaysOverflow(small);
        if (overflow > 0) found[pane] = overflow;
        const text = await violationsInThemes(small);
        if (text) violations[pane] = text;
      }
      expect(found).toEqual({});
      expect(violations).toEqual({});
    });

    it('no dialog makes the page scroll sideways', async () => {
      const found: Record<string, number> = {};
      await small.getByTestId('pane-tab-list').click();
      for (const view of [...dialogViews('lead'), tourView] as UiView[]) {
        await view.open(small);
        const overflow = await sidewaysOverflow(small);
        if (overflow > 0) found[view.name] = overflow;
        await view.close(small);
      }
      expect(found).toEqual({});
    }, 120_000);
  });
});
