/**
 * Three projects for test/integration/worker-groups.test.ts: "a" and "b" in one worker group, "c" in
 * none; one worker, so sharing shows as one worker index.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  workers: 1,
  reporter: 'json',
  retries: 0,
  projects: [
    { name: 'a', metadata: { instance: 'a', workerGroup: 'g' } },
    { name: 'b', metadata: { instance: 'b', workerGroup: 'g' } },
    { name: 'c', metadata: { instance: 'c' } },
  ],
});
