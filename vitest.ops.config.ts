import { defineConfig } from 'vitest/config';

/**
 * The operations checks (ops/): the production install in a clean folder, npm start's signals, the
 * Node version. They run real npm and server processes once per `npm test`, on their own pass.
 */
export default defineConfig({
  test: {
    include: ['ops/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
