import { defineConfig } from 'vitest/config';

/** Browser tests: `npx vitest run --config vitest.e2e.config.ts` (the app is started by global setup). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 200_000,
    teardownTimeout: 30_000,
    maxWorkers: 3,
    reporters: ['default'],
  },
});
