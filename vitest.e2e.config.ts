import { defineConfig } from 'vitest/config';

/** Browser tests: `npx vitest run --config vitest.e2e.config.ts` (the app is started by global setup). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    // a whole user path (ten page loads and an axe check) passes in 20-30 s alone but took 60-80 s
    // with two suites and a CPU hog beside it; tests wait for conditions, so only a failure takes longer
    testTimeout: 180_000,
    hookTimeout: 200_000,
    teardownTimeout: 30_000,
    maxWorkers: 3,
    // a page can take seconds to settle on a loaded 2-core machine; Vitest's default poll gives up after 1 s
    expect: { poll: { timeout: 15_000, interval: 100 } },
    reporters: ['default'],
  },
});
