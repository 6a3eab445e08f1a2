/**
 * patches/playwright+1.65.1.patch (applied by `npm ci`'s postinstall): with PW_KEEP_WORKER_ON_FAILURE=1,
 * which playwright.config.ts sets, a test that fails by an error or assertion keeps its worker, so a
 * failing target costs no more worker start-ups than a passing one. Every outcome is Playwright's own;
 * a timeout, an unhandled error, a serial suite's failure and a failure with a retry left still
 * restart the worker. Fails if the patch is not applied (e.g. `npm ci --ignore-scripts`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPatchConfig } from './support/suite';

interface Result {
  status: string;
  workerIndex: number;
}
interface JsonSuite {
  title: string;
  specs: { title: string; tests: { results: Result[] }[] }[];
  suites?: JsonSuite[];
}

/** Each test's title and its results (status and worker), in file order. */
async function run(keep: '0' | '1', fullyParallel: boolean): Promise<Map<string, Result[]>> {
  const child = await runPatchConfig('test/integration/support/keep-worker/playwright.config.ts', {
    ...process.env,
    PW_KEEP_WORKER_ON_FAILURE: keep,
    KEEP_WORKER_FULLY_PARALLEL: fullyParallel ? '1' : '0',
  });
  assert.equal(child.status, 1, `the run fails (some tests fail): ${child.stderr}`);
  const results = new Map<string, Result[]>();
  const walk = (suite: JsonSuite): void => {
    for (const spec of suite.specs)
      results.set(
        spec.title,
        spec.tests.flatMap((t) => t.results),
      );
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (JSON.parse(child.stdout) as { suites: JsonSuite[] }).suites) walk(suite);
  return results;
}

const statuses = (results: Map<string, Result[]>): string[] =>
  [...results].map(([title, rs]) => `${title}: ${rs.map((r) => r.status).join(',')}`).sort();
const worker = (results: Map<string, Result[]>, title: string, attempt = 0): number => {
  const result = results.get(title)?.[attempt];
  assert.ok(result, `no result for "${title}"`);
  return result.workerIndex;
};

for (const fullyParallel of [false, true]) {
  void test(`a failed test keeps its worker; timeouts, unhandled errors, serial suites and retries still restart it; outcomes unchanged (${fullyParallel ? 'a job per test' : 'a job per file, as the suite runs'})`, async () => {
    const [kept, restarted] = await Promise.all([run('1', fullyParallel), run('0', fullyParallel)]);
    assert.deepEqual(statuses(kept), statuses(restarted), 'every test ends as it does without the patch');
    assert.deepEqual(statuses(kept), [
      '1 fails by an assertion: failed',
      '2 passes: passed',
      '3 times out: timedOut',
      '4 fails as expected: failed',
      '5 throws after it ended: failed',
      '6a fails: failed',
      '6b is skipped: skipped',
      '7a fails twice: failed,failed',
      '8 fails by an assertion: failed',
      '9 passes: passed',
    ]);

    // Without the patch: a new worker after every failed test.
    assert.notEqual(worker(restarted, '1 fails by an assertion'), worker(restarted, '2 passes'));
    assert.notEqual(worker(restarted, '8 fails by an assertion'), worker(restarted, '9 passes'));

    // With it: the failed tests' worker runs the next test...
    assert.equal(worker(kept, '1 fails by an assertion'), worker(kept, '2 passes'));
    assert.equal(worker(kept, '2 passes'), worker(kept, '3 times out'));
    assert.equal(worker(kept, '8 fails by an assertion'), worker(kept, '9 passes'));
    assert.equal(worker(kept, '7a fails twice', 1), worker(kept, '8 fails by an assertion'), 'no retry left: kept');
    // ...except after a timeout, an unhandled error, a serial suite's failure, or with a retry left.
    assert.notEqual(worker(kept, '3 times out'), worker(kept, '4 fails as expected'));
    assert.notEqual(worker(kept, '5 throws after it ended'), worker(kept, '6a fails'));
    assert.notEqual(worker(kept, '6a fails'), worker(kept, '7a fails twice'));
    assert.notEqual(worker(kept, '7a fails twice', 0), worker(kept, '7a fails twice', 1));
  });
}
