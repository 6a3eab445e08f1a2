/**
 * patches/playwright+1.65.1.patch (applied by `npm ci`'s postinstall): with PW_RUN_FIRST_TAG, which
 * playwright.config.ts sets to @property against a far target, the jobs holding a test with that tag
 * go to the head of the queue, in their order, so the longest tests start first instead of ending the
 * run late. Without it, Playwright's file order. Fails if the patch is not applied.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPatchConfig } from './support/suite';

interface JsonSuite {
  specs: { title: string; tests: { results: { startTime: string }[] }[] }[];
  suites?: JsonSuite[];
}

/** The titles in the order they ran (one worker). */
async function order(firstTag: string | undefined): Promise<string[]> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.PW_RUN_FIRST_TAG;
  if (firstTag !== undefined) env.PW_RUN_FIRST_TAG = firstTag;
  const child = await runPatchConfig('test/integration/support/run-first/playwright.config.ts', env);
  assert.equal(child.status, 0, child.stderr);
  const ran: { title: string; at: string }[] = [];
  const walk = (suite: JsonSuite): void => {
    for (const spec of suite.specs) for (const t of spec.tests) for (const r of t.results) ran.push({ title: spec.title, at: r.startTime });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (JSON.parse(child.stdout) as { suites: JsonSuite[] }).suites) walk(suite);
  return ran.sort((x, y) => x.at.localeCompare(y.at)).map((r) => r.title);
}

void test('PW_RUN_FIRST_TAG runs the tagged tests first, in their order; unset, the file order', async () => {
  const [unset, property] = await Promise.all([order(undefined), order('@property')]);
  assert.deepEqual(unset, ['a', 'b', 'c long @property', 'd', 'e1']);
  assert.deepEqual(property, ['c long @property', 'e1', 'a', 'b', 'd']);
});
