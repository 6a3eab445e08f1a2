/**
 * A worker fixture made from the project's metadata, as the suite's target is: each test reports the
 * instance its worker fixture was made for, and the worker's log of set-ups and teardowns so far.
 */
import { test as base } from '@playwright/test';

const log: string[] = [];

const test = base.extend<object, { instance: string }>({
  instance: [
    async ({}, use, workerInfo) => {
      const instance = String(workerInfo.project.metadata.instance);
      log.push(`set up ${instance}`);
      await use(instance);
      log.push(`tear down ${instance}`);
      if (process.env.WORKER_GROUPS_FAIL_TEARDOWN === instance) throw new Error(`teardown of ${instance} failed`);
    },
    { scope: 'worker' },
  ],
});

for (const n of [1, 2])
  test(`test ${n}`, ({ instance }, testInfo) => {
    testInfo.annotations.push({ type: 'seen', description: JSON.stringify({ instance, log: [...log] }) });
  });
