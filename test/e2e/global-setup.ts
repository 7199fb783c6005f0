import { ensureUiBuilt } from '../../src/server/web-ui.ts';

/** The end-to-end tests drive the built UI: build it once, before any test file starts a server. */
export default async function setup(): Promise<void> {
  await ensureUiBuilt(() => {});
}
