import { ensureServerBuilt } from '../../bin/server-build.mjs';
import { ensureUiBuilt } from '../../src/server/web-ui.ts';

/**
 * The end-to-end tests drive the built UI: build it once, before any test file starts a server. The
 * compiled server too, so that test files spawning `bin/fuseforks.mjs` at once do not each build it.
 */
export default async function setup(): Promise<void> {
  await ensureUiBuilt(() => {});
  await ensureServerBuilt();
}
