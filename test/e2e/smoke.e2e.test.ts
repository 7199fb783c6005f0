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
    expect(errors).toEqual([]);
  } finally {
    await village.stop();
  }
}, 60_000);
