/**
 * A one-worker run for test/integration/keep-worker.test.ts: a job per file, like the suite
 * (fullyParallel false), or a job per test (KEEP_WORKER_FULLY_PARALLEL=1).
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  workers: 1,
  fullyParallel: process.env.KEEP_WORKER_FULLY_PARALLEL === '1',
  reporter: 'json',
  retries: 0,
});
