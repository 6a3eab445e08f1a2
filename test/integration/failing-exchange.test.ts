/**
 * The exchange a verdict names is the one that broke the sentence, in every report. Against a reference
 * server whose refused archive of a referenced business unit is applied all the same (the fault
 * hr.bu.refused-archive-applied: 400, then 200 archiving it when asked again), the failure names the
 * second request, and conformance.json, conformance.md, JUnit, the console and Allure all mark it, not
 * the conforming 400 before it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeRun, runStart, scratchDir } from './support/suite';

test('a defect that shows on the second of two requests: every report marks the second', async () => {
  const reportsDir = scratchDir('failing-exchange');
  const run = await runStart(['specs/hr/business-units.spec.ts', '--project', 'hr', '-g', 'refuses archive and stays unchanged'], {
    reportsDir,
    env: { CONFORMANCE_EMBEDDED: '1', REFERENCE_FAULTS: 'hr.bu.refused-archive-applied', CONFORMANCE_SEED: '3' },
  });
  assert.equal(run.exitCode, 1, describeRun(run));
  const failure = run.report?.failures.find((f) => f.check === 'state');
  assert.ok(failure?.exchange, `a state failure with its exchange\n${describeRun(run)}`);
  const n = failure.exchange.n;
  assert.equal(failure.exchange.status, 200, 'the failing exchange is the archive answered 200 when asked again');
  assert.equal(failure.exchange.method, 'PUT');
  assert.match(failure.message, /-> 200, expected 4xx/);
  const label = String(n).padStart(3, '0');
  // conformance.md and JUnit name that exchange.
  assert.match(readFileSync(join(reportsDir, 'conformance.md'), 'utf8'), new RegExp(`failing exchange: ${n} of the test, PUT \\S+ -> 200`));
  assert.match(readFileSync(join(reportsDir, 'junit.xml'), 'utf8'), new RegExp(`failing exchange ${n}: PUT `));
  // npm start's console block prints it.
  assert.match(run.stdout, new RegExp(`failing exchange ${label} \\(hr\\.business-unit-level\\d\\.put\\)`));
  // Allure marks exactly that step, and no other.
  const results = readdirSync(join(reportsDir, 'allure-results'))
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(reportsDir, 'allure-results', f), 'utf8')) as { status: string; steps: { name: string }[] })
    .filter((r) => r.status === 'failed');
  const marked = results.flatMap((r) => r.steps.map((s) => s.name)).filter((name) => name.startsWith('\u2717 '));
  assert.equal(marked.length, 1, `one marked step: ${marked.join(' | ')}`);
  assert.match(marked[0] ?? '', new RegExp(`^\\u2717 ${label} PUT \\S+ -> 200$`));

  // One key per test, the runner's own id: in conformance.json, on the failure, in JUnit, in the HAR's pages, in Allure.
  const tests = run.report?.tests ?? [];
  assert.ok(tests.length > 0 && tests.every((t) => typeof t.id === 'string' && t.id !== ''), 'every test has an id');
  const id = tests.find((t) => t.outcome === 'failed')?.id ?? '';
  assert.equal(failure.testId, id);
  assert.ok(readFileSync(join(reportsDir, 'junit.xml'), 'utf8').includes(` id="${id}"`), 'JUnit names the test by its id');
  const har = JSON.parse(readFileSync(join(reportsDir, 'exchanges.har'), 'utf8')) as {
    log: { pages?: { id: string }[]; entries: { pageref?: string }[] };
  };
  assert.ok(
    har.log.pages?.some((p) => p.id === id),
    'the HAR has a page of that id',
  );
  assert.ok(
    har.log.entries.some((e) => e.pageref === id),
    'its exchanges are on that page',
  );
  const labelled = readdirSync(join(reportsDir, 'allure-results'))
    .filter((f) => f.endsWith('-result.json'))
    .some((f) => readFileSync(join(reportsDir, 'allure-results', f), 'utf8').includes(`{"name":"testId","value":"${id}"}`));
  assert.ok(labelled, 'the Allure result carries the id as a label');
});
