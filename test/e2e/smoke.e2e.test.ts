import { afterAll, expect, it } from 'vitest';
import { closeBrowser, openUi, screenshot, startUiVillage } from './ui-harness.ts';

afterAll(closeBrowser);

it('serves the UI at the printed URL, takes the token out of the address bar and shows the village', async () => {
  const village = await startUiVillage('ja');
  try {
    const { page, errors } = await openUi(village);
    await page.getByTestId('agent-list-empty').waitFor();
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    expect(await page.getByTestId('open-settings').textContent()).toContain('システム設定');
    await screenshot(page, 'smoke-empty-village');
    // A narrower window keeps the pane headers on one 38 px line.
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.waitForTimeout(100);
    for (const id of ['chat-pane', 'bond-map']) {
      const header = page.getByTestId(id).locator('header').first();
      const box = (await header.boundingBox())!;
      expect(box.height, id).toBeLessThanOrEqual(40);
      expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), id).toBe(true);
    }
    await screenshot(page, 'smoke-1024');
    expect(errors).toEqual([]);
  } finally {
    await village.stop();
  }
}, 60_000);
