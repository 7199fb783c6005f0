import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts'],
    env: { TZ: 'America/New_York' },
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
