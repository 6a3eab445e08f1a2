/**
 * The Allure reporter of the suite: allure-playwright with its runtime's writer swapped for one that
 * does not fsync (src/reporting/allure-reporter.ts). Fails if allure-playwright moves its runtime.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Suite } from '@playwright/test/reporter';
import { Status } from 'allure-js-commons';
import ConformanceAllureReporter, { presentResult, UnsyncedWriter } from '../../src/reporting/allure-reporter';

void test('onBegin gives the runtime the unsynced writer, which writes results, attachments (flushed by onEnd) and categories', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const reporter = new ConformanceAllureReporter({ resultsDir: dir });
  reporter.onBegin({ allTests: () => [], suites: [], entries: () => [] } as unknown as Suite);
  const runtime = (reporter as unknown as { allureRuntime: { writer: unknown } }).allureRuntime;
  assert.ok(runtime.writer instanceof UnsyncedWriter);

  const writer = new UnsyncedWriter(join(dir, 'made-on-first-write'));
  writer.writeAttachment('a-attachment.txt', Buffer.from('exchange'));
  writer.writeCategoriesDefinitions([{ name: 'auth-enforced' }]);
  writer.writeEnvironmentInfo({ seed: '1' });
  await writer.flush();
  assert.deepEqual(readdirSync(join(dir, 'made-on-first-write')).sort(), ['a-attachment.txt', 'categories.json', 'environment.properties']);
  assert.equal(readFileSync(join(dir, 'made-on-first-write', 'a-attachment.txt'), 'utf8'), 'exchange');
  assert.match(readFileSync(join(dir, 'made-on-first-write', 'environment.properties'), 'utf8'), /^seed=1$/);
});

void test('an attachment that cannot be written fails the flush, naming it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const writer = new UnsyncedWriter(dir);
  writer.writeAttachment('no-such-dir/b-attachment.txt', Buffer.from('exchange'));
  writer.writeAttachment('c-attachment.txt', Buffer.from('fine'));
  await assert.rejects(writer.flush(), /Allure attachments not written: no-such-dir\/b-attachment.txt/);
  assert.equal(readFileSync(join(dir, 'c-attachment.txt'), 'utf8'), 'fine');
});

type Result = Parameters<typeof presentResult>[0];
type Step = Result['steps'][number];
const att = (name: string): Step['attachments'][number] => ({ name, source: `${name.length}-attachment`, type: 'Text/plain' });
const step = (name: string, status: Step['status'], attachments: Step['attachments'] = [], steps: Step[] = []): Step =>
  ({ name, status, attachments, steps, parameters: [], statusDetails: {}, stage: 'finished' }) as Step;
const result = (steps: Step[], status: Result['status'] = Status.PASSED): Result =>
  ({
    uuid: 'u',
    name: 't',
    status,
    steps,
    attachments: [],
    labels: [],
    links: [],
    parameters: [],
    statusDetails: {},
    stage: 'finished',
  }) as Result;

void test('the step of the exchange a check failed on is marked, wherever the other open steps ended', () => {
  const shown = presentResult(
    result(
      [
        step('001 GET /v2/candidates/1 -> 200', Status.PASSED, [], [step('001 GET /v2/candidates/1 -> 200', undefined, [att('001 GET')])]),
        step('002 GET /v2/candidates?filter[x]=1 -> 200', Status.FAILED),
        step('003 GET /v2/candidates?filter[x]=2 -> 200', Status.PASSED),
        step('After Hooks', Status.PASSED, [], [step('exchanges.har', undefined, [att('exchanges.har')])]),
      ],
      Status.FAILED,
    ),
  );
  assert.deepEqual(
    shown.steps.map((s) => s.name),
    [
      '001 GET /v2/candidates/1 -> 200',
      '\u2717 002 GET /v2/candidates?filter[x]=1 -> 200',
      '003 GET /v2/candidates?filter[x]=2 -> 200',
      'After Hooks',
    ],
  );
  // A failed step that is not an exchange (a test.step of the spec) keeps its name.
  assert.equal(presentResult(result([step('walk the pages', Status.FAILED)], Status.FAILED)).steps[0]?.name, 'walk the pages');
});

void test("a passed test's one attachment of its exchanges shows at the test's level, and the After Hooks step it leaves empty goes", () => {
  const shown = presentResult(
    result([
      step('001 PUT /v3/t/hrcore/employee -> 200', Status.PASSED),
      step('After Hooks', Status.PASSED, [], [step('exchanges: 1', undefined, [att('exchanges: 1')])]),
    ]),
  );
  assert.deepEqual(
    shown.attachments.map((a) => a.name),
    ['exchanges: 1'],
  );
  assert.deepEqual(
    shown.steps.map((s) => s.name),
    ['001 PUT /v3/t/hrcore/employee -> 200'],
  );
  // Clean-up exchanges keep their After Hooks step.
  const kept = presentResult(
    result([
      step(
        'After Hooks',
        Status.PASSED,
        [],
        [step('002 DELETE /v2/candidates/1 -> 204', Status.PASSED), step('exchanges: 2', undefined, [att('exchanges: 2')])],
      ),
    ]),
  );
  assert.deepEqual(
    kept.steps.map((s) => [s.name, s.steps.map((c) => c.name)]),
    [['After Hooks', ['002 DELETE /v2/candidates/1 -> 204']]],
  );
});

void test('the step marked is the exchange the failed verdict judged, even where another step ended failed', () => {
  const shown = presentResult(
    result(
      [
        step(
          '005 PUT /v3/t/hrcore/business-unit/level1 -> 400',
          Status.FAILED,
          [],
          [step('005 PUT /v3/t/hrcore/business-unit/level1 -> 400', undefined)],
        ),
        step(
          '006 PUT /v3/t/hrcore/business-unit/level1 -> 200',
          Status.PASSED,
          [],
          [step('006 PUT /v3/t/hrcore/business-unit/level1 -> 200', undefined)],
        ),
      ],
      Status.FAILED,
    ),
    { failingExchange: 6 },
  );
  assert.deepEqual(
    shown.steps.map((s) => [s.name, s.steps.map((c) => c.name)]),
    [
      ['005 PUT /v3/t/hrcore/business-unit/level1 -> 400', ['005 PUT /v3/t/hrcore/business-unit/level1 -> 400']],
      ['\u2717 006 PUT /v3/t/hrcore/business-unit/level1 -> 200', ['006 PUT /v3/t/hrcore/business-unit/level1 -> 200']],
    ],
  );
});

void test('a failed result names its check once, keeps the frames as its trace, and carries the replay to copy', () => {
  const failed = {
    ...result([], Status.FAILED),
    statusDetails: {
      message: 'CheckError: status: POST /v2/candidates -> 200, expected 201',
      trace: 'CheckError: status: POST ...\n    at spec.ts:3:1',
    },
  } as Result;
  const shown = presentResult(failed, { replay: "CONFORMANCE_SEED=1 npx playwright test a.spec.ts:3 -g 'x'" });
  assert.equal(shown.statusDetails.message, 'status: POST /v2/candidates -> 200, expected 201');
  assert.equal(shown.statusDetails.trace, '    at spec.ts:3:1');
  assert.deepEqual(shown.parameters.at(-1), { name: 'replay', value: "CONFORMANCE_SEED=1 npx playwright test a.spec.ts:3 -g 'x'" });
  assert.match(shown.description ?? '', /```sh\nCONFORMANCE_SEED=1 npx playwright test a\.spec\.ts:3 -g 'x'\n```/);
});

void test('a failure the gate excuses stays failed, marked known (accepted), with the reason and the expectation link', () => {
  const shown = presentResult(result([], Status.FAILED), {
    excuse: { verdict: 'expected', message: 'Expected deviation until 2030-01-01: vendor ticket', link: 'https://tracker.example/T-1' },
  });
  assert.equal(shown.status, Status.FAILED);
  assert.equal((shown.statusDetails as { known?: boolean }).known, true, 'statusDetails.known: Allure reads it as an accepted failure');
  assert.match(shown.statusDetails.message ?? '', /^Expected deviation until 2030-01-01/);
  assert.deepEqual(shown.links, [{ name: 'expectation', url: 'https://tracker.example/T-1' }]);
});
