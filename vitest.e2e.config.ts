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
    // a page can take seconds to settle on a loaded 2-core machine; Vitest's default poll gives up after 1 s
    expect: { poll: { timeout: 15_000, interval: 100 } },
    reporters: ['default'],
  },
});
