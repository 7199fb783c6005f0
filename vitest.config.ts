import vue from '@vitejs/plugin-vue';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Single-file components for component tests, compiled for the browser even though tests run in
 * Node (vitest would ask for the server build, which cannot mount): web/src/test-dom.ts gives them
 * a DOM, and a test can start a real server next to them.
 */
type Transform = (this: unknown, code: string, id: string, options?: { ssr?: boolean }) => unknown;

function vueForTests(): Plugin {
  const sfc = vue();
  const hook = sfc.transform as Transform | { handler: Transform };
  const handler = typeof hook === 'function' ? hook : hook.handler;
  const browserBuild: Transform = function (code, id, options) {
    return handler.call(this, code, id, { ...options, ssr: false });
  };
  return {
    ...sfc,
    transform: typeof hook === 'function' ? browserBuild : { ...hook, handler: browserBuild },
  } as Plugin;
}

export default defineConfig({
  plugins: [vueForTests()],
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts'],
    env: { TZ: 'America/New_York' },
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
