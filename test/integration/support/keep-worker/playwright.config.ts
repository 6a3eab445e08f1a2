/** A one-worker run for test/integration/keep-worker.test.ts: fully parallel, like the suite. */
import { defineConfig } from '@playwright/test';

export default defineConfig({ testDir: '.', workers: 1, fullyParallel: true, reporter: 'json', retries: 0 });
