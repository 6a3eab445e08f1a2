/** A one-worker run, a job per test, for test/integration/run-first.test.ts. */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  workers: 1,
  fullyParallel: true,
  reporter: 'json',
  retries: 0,
});
