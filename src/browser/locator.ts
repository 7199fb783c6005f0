import type { Locator, Page } from 'playwright-core';
import type { RoleRef } from './role-refs.ts';

/** Playwright's locator for a snapshot ref: role + exact name, nth only where the pair repeats. */
export function locatorFor(page: Page, ref: RoleRef): Locator {
  const root = ref.scope === undefined ? page : page.locator(ref.scope);
  const byRole = root.getByRole(ref.role as Parameters<Page['getByRole']>[0], {
    name: ref.name,
    exact: true,
  });
  return ref.nth === undefined ? byRole : byRole.nth(ref.nth);
}
