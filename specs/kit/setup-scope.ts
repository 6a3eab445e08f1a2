/**
 * Exchanges a test sends to set itself up rather than to do what it declares: the records a worker's
 * tests share (./worker-records.ts) and the discovery of an existing record to address
 * (./rm-discovery.ts). Their exchanges are still the test's evidence, marked `setup`; the self-test
 * holds only the others to the operations the test declares (./declare.ts). An AsyncLocalStorage,
 * so a request sent beside a set-up (Promise.all) is not taken for one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

/** Runs `fn` as set-up: every exchange it sends is marked so. */
export function asSetup<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run(true, fn);
}

/** Whether the running code is a set-up. */
export const inSetup = (): boolean => scope.getStore() === true;
