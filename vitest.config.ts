import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts'],
    env: { TZ: 'America/New_York' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
