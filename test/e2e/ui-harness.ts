/**
 * End-to-end harness: `fuseforks serve` as a child process on a temp workspace, and the real UI in
 * Debian's Chromium driven by playwright-core (ui-village.ts). Screenshots go to `test-artifacts/screenshots/`.
 */
import type { Page } from 'playwright-core';
import { afterEach, vi } from 'vitest';
import { screenshot } from './ui-village.ts';

export * from './ui-village.ts';

// A browser, a server and a fake provider per file, on two cores next to the rest of the suite:
// steps get more time than unit tests (a slow step is not a failure; a stuck one still is).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** Leaves a picture of what the person would have seen when a step of this file fails. */
export function screenshotFailures(prefix: string, page: () => Page | undefined): void {
  afterEach(async ({ task }) => {
    const current = page();
    const failed = task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0;
    if (failed && current) {
      await screenshot(current, `failed-${prefix}-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
    }
  });
}
