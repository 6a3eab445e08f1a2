/** The release gate's classification (src/reporting/gate/classify.ts): new, known, fixed, expected, unused, expired, and the exit status. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gate, verdictOf } from '../../src/reporting/gate/classify';
import { classifyFailure } from '../../src/reporting/gate/run-gate';
import { describeKey } from '../../src/reporting/gate/failure-key';
import type { GateFailure } from '../../src/reporting/gate/types';
import { expectation, expectations, failure, report, T_EMPLOYEE, T_GET, T_TAGS_200, T_TAGS_404, tests } from './gate-fixtures';

const TODAY = '2026-11-25';
const baselineOf = (...failures: GateFailure[]): { path: string; report: ReturnType<typeof report> } => ({
  path: 'baseline/conformance.json',
  report: report({ failures }),
});
const keys = (list: readonly GateFailure[]): string[] => list.map(describeKey);

const tagsStatus = failure('status', 'rm.candidate-tags.create', '200', T_TAGS_200, 'expected 200, got 201');
const tagsSchema = failure('schema', 'rm.candidate-tags.create', '200', T_TAGS_200);
const get404 = failure('not-found', 'rm.candidates.get', '404', T_GET);
const employee = failure('status', 'hr.employee.put', '2xx', T_EMPLOYEE);

test('without baseline or expectations every failure is new: exit 1; no failure: exit 0', () => {
  const r = gate(report({ failures: [tagsStatus] }), { today: TODAY });
  assert.deepEqual(keys(r.new), keys([tagsStatus]));
  assert.equal(r.exitCode, 1);
  assert.equal(gate(report(), { today: TODAY }).exitCode, 0);
});

test('baseline: a failure with a baseline key is known and does not fail the run', () => {
  const r = gate(report({ failures: [tagsStatus] }), { baseline: baselineOf(tagsStatus), today: TODAY });
  assert.deepEqual(keys(r.known), keys([tagsStatus]));
  assert.deepEqual(r.new, []);
  assert.equal(r.exitCode, 0);
  assert.equal(r.baselinePath, 'baseline/conformance.json');
});

test('baseline: the key is (check, operation, status cell, test); the message does not count', () => {
  const other = { ...tagsStatus, message: 'expected 200, got 202 this time' };
  const r = gate(report({ failures: [other, tagsSchema] }), { baseline: baselineOf(tagsStatus), today: TODAY });
  assert.deepEqual(keys(r.known), keys([tagsStatus]));
  assert.deepEqual(keys(r.new), keys([tagsSchema]), 'another check on the same cell and test is new');
  assert.equal(r.exitCode, 1);
  const otherCell = failure('status', 'rm.candidate-tags.create', '404', T_TAGS_200);
  assert.deepEqual(
    keys(gate(report({ failures: [otherCell] }), { baseline: baselineOf(tagsStatus), today: TODAY }).new),
    keys([otherCell]),
  );
});

test('baseline: fixed when its test ran and passed, or ran and failed only with other keys; not run otherwise', () => {
  const run = report({
    failures: [tagsSchema],
    tests: tests({ [T_TAGS_200]: 'failed', [T_GET]: 'passed', [T_TAGS_404]: 'skipped', [T_EMPLOYEE]: 'passed' }),
  });
  const skippedOne = failure('status', 'rm.candidate-tags.create', '404', T_TAGS_404);
  const r = gate(run, { baseline: baselineOf(tagsStatus, get404, skippedOne), today: TODAY });
  assert.deepEqual(keys(r.fixed), keys([tagsStatus, get404]));
  assert.deepEqual(keys(r.notRun), keys([skippedOne]));
  assert.deepEqual(keys(r.new), keys([tagsSchema]));
  assert.deepEqual(r.known, []);
});

test('baseline: failures of an API this run did not configure are neither known nor fixed', () => {
  const rmOnly = report({
    target: { rm: 'embedded', hr: 'not configured' },
    tests: tests({ [T_TAGS_200]: 'passed', [T_EMPLOYEE]: 'skipped' }),
  });
  const r = gate(rmOnly, { baseline: baselineOf(employee, tagsStatus), today: TODAY });
  assert.deepEqual(keys(r.fixed), keys([tagsStatus]));
  assert.deepEqual(r.notRun, [], 'the HR failure is ignored, not carried');
  assert.equal(r.exitCode, 0);
});

test('baseline: a key listed twice in the baseline counts once', () => {
  const r = gate(report(), { baseline: baselineOf(tagsStatus, tagsStatus), today: TODAY });
  assert.equal(r.fixed.length, 1);
});

test('expectations: a matching failure is expected with its entry; exit 0 when nothing else failed', () => {
  const e = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create', status: '200', link: 'https://tracker.test/42' });
  const r = gate(report({ failures: [tagsStatus] }), { expectations: expectations(e), today: TODAY });
  assert.equal(r.expected.length, 1);
  assert.equal(r.expected[0]?.expectation, e);
  assert.equal(r.expected[0]?.failure, tagsStatus);
  assert.deepEqual(r.new, []);
  assert.deepEqual(r.unused, []);
  assert.equal(r.exitCode, 0);
  assert.equal(r.expectationsPath, 'conformance-expectations.json');
});

test('expectations: status and test narrow an entry; check and operation must both match', () => {
  const otherStatus = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create', status: '404' });
  const otherTest = expectation(1, { check: 'status', operation: 'rm.candidate-tags.create', test: T_TAGS_404 });
  const otherCheck = expectation(2, { check: 'schema', operation: 'rm.candidates.get' });
  const r = gate(report({ failures: [tagsStatus] }), { expectations: expectations(otherStatus, otherTest, otherCheck), today: TODAY });
  assert.deepEqual(keys(r.new), keys([tagsStatus]));
  assert.deepEqual(
    r.unused.map((u) => u.expectation.index),
    [0, 1, 2],
  );
  const exact = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create', status: '200', test: T_TAGS_200 });
  assert.equal(gate(report({ failures: [tagsStatus] }), { expectations: expectations(exact), today: TODAY }).expected.length, 1);
});

test('expectations: one entry without status or test covers every cell and test of its operation and check', () => {
  const wide = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create' });
  const other = failure('status', 'rm.candidate-tags.create', '404', T_TAGS_404);
  const r = gate(report({ failures: [tagsStatus, other, tagsSchema] }), { expectations: expectations(wide), today: TODAY });
  assert.equal(r.expected.length, 2);
  assert.deepEqual(keys(r.new), keys([tagsSchema]));
});

test('expectations: an expectation in force wins over the baseline (the failure is expected, not known)', () => {
  const e = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create' });
  const r = gate(report({ failures: [tagsStatus] }), { baseline: baselineOf(tagsStatus), expectations: expectations(e), today: TODAY });
  assert.equal(r.expected.length, 1);
  assert.deepEqual(r.known, []);
  assert.deepEqual(r.fixed, [], 'still failing: not fixed');
  assert.equal(verdictOf(r, tagsStatus), 'expected');
});

test('expectations: unused entries say whether what they name ran', () => {
  const ranAndPassed = expectation(0, { check: 'status', operation: 'rm.candidates.get', status: '200' });
  const cellSkipped = expectation(1, { check: 'status', operation: 'rm.candidate-tags.create', status: '404' });
  const testSkipped = expectation(2, { check: 'status', operation: 'rm.candidates.get', test: T_TAGS_404 });
  const run = report({
    cells: { 'rm.candidate-tags.create': { '200': 'passed', '401': 'passed', '404': 'skipped' } },
    tests: tests({ [T_TAGS_200]: 'passed', [T_TAGS_404]: 'skipped', [T_GET]: 'passed' }),
  });
  const r = gate(run, { expectations: expectations(ranAndPassed, cellSkipped, testSkipped), today: TODAY });
  assert.deepEqual(
    r.unused.map((u) => [u.expectation.index, u.ran]),
    [
      [0, true],
      [1, false],
      [2, false],
    ],
  );
  assert.equal(r.exitCode, 0, 'unused entries do not fail the run');
});

test('expectations: an entry is in force on its until day and expired the day after, matched or not: exit 1', () => {
  const e = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create', until: '2026-11-25', reason: 'until 4.2' });
  const onTheDay = gate(report({ failures: [tagsStatus] }), { expectations: expectations(e), today: '2026-11-25' });
  assert.equal(onTheDay.expected.length, 1);
  assert.equal(onTheDay.exitCode, 0);

  const after = gate(report({ failures: [tagsStatus] }), { expectations: expectations(e), today: '2026-11-26' });
  assert.deepEqual(after.expected, []);
  assert.deepEqual(keys(after.new), keys([tagsStatus]), 'an expired entry excuses nothing');
  assert.equal(after.expired.length, 1);
  assert.equal(after.expired[0]?.expectation.reason, 'until 4.2');
  assert.deepEqual(after.expired[0]?.failures, [tagsStatus]);
  assert.equal(after.exitCode, 1);

  const unmatched = gate(report(), { expectations: expectations(e), today: '2027-01-01' });
  assert.equal(unmatched.expired.length, 1);
  assert.deepEqual(unmatched.expired[0]?.failures, []);
  assert.deepEqual(unmatched.unused, [], 'an expired entry is listed as expired only');
  assert.equal(unmatched.exitCode, 1);
});

test('an expired entry and a baseline: the failure is known, the expired entry still fails the run', () => {
  const e = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create', until: '2020-01-01' });
  const r = gate(report({ failures: [tagsStatus] }), { baseline: baselineOf(tagsStatus), expectations: expectations(e), today: TODAY });
  assert.deepEqual(keys(r.known), keys([tagsStatus]));
  assert.equal(r.expired[0]?.failures.length, 1);
  assert.equal(r.exitCode, 1);
});

test('verdictOf names the class of each failure', () => {
  const e = expectation(0, { check: 'schema', operation: 'rm.candidate-tags.create' });
  const r = gate(report({ failures: [tagsStatus, tagsSchema, get404] }), {
    baseline: baselineOf(get404),
    expectations: expectations(e),
    today: TODAY,
  });
  assert.deepEqual(
    [tagsStatus, tagsSchema, get404].map((f) => verdictOf(r, f)),
    ['new', 'expected', 'known'],
  );
});

test('the result is plain JSON (it goes into conformance.json as it is)', () => {
  const e = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create' });
  const r = gate(report({ failures: [tagsStatus, get404] }), { baseline: baselineOf(get404), expectations: expectations(e), today: TODAY });
  assert.deepEqual(JSON.parse(JSON.stringify(r)), r);
});

test('one key per test: a failure names its test by id; a baseline written before ids is matched by title once; an expectation may name the id', () => {
  const ID = 'a1b2c3d4e5f6-0011';
  const now = { ...tagsStatus, testId: ID };
  const run = report({ failures: [now], tests: [{ ...tests({ [T_TAGS_200]: 'failed' })[0]!, id: ID }] });
  // An old baseline: no ids anywhere; its failure is matched through this run's title -> id.
  assert.deepEqual(keys(gate(run, { baseline: baselineOf(tagsStatus), today: TODAY }).known), keys([now]));
  // A baseline with ids keeps naming the test after its title changed.
  const renamed = { ...now, test: `${T_TAGS_200} (renamed)` };
  const renamedRun = report({ failures: [renamed], tests: [{ ...tests({ [renamed.test]: 'failed' })[0]!, id: ID }] });
  assert.deepEqual(keys(gate(renamedRun, { baseline: baselineOf(now), today: TODAY }).known), keys([renamed]));
  // Another test's failure with the same check and cell is new.
  const other = { ...tagsStatus, testId: 'zzzz-0001', test: T_TAGS_404 };
  assert.deepEqual(keys(gate(report({ failures: [other] }), { baseline: baselineOf(now), today: TODAY }).new), keys([other]));
  // An expectation naming the id excuses that test's failure, and no other's.
  const byId = expectations(
    expectation(0, { check: 'status', operation: 'rm.candidate-tags.create', testId: ID, reason: 'ticket 1', until: '2030-01-01' }),
  );
  assert.equal(gate(renamedRun, { expectations: byId, today: TODAY }).expected.length, 1);
  assert.equal(gate(report({ failures: [other] }), { expectations: byId, today: TODAY }).expected.length, 0);
});

test('a failure is classed by one rule as it happens and over the run: a baseline keyed by title matches it through its id', () => {
  const withId = { ...tagsStatus, testId: 'abc-123' };
  const titleOnly = { ...tagsStatus };
  delete (titleOnly as { testId?: string }).testId;
  const inputs = { baseline: baselineOf(titleOnly) };
  // Live (the Allure result, as the test ends) and over the whole run (conformance.json, JUnit, the exit status) agree.
  assert.equal(classifyFailure(inputs, withId, TODAY).verdict, 'known');
  const run = gate(report({ failures: [withId], tests: [{ test: T_TAGS_200, id: 'abc-123', project: 'rm', outcome: 'failed' }] }), {
    ...inputs,
    today: TODAY,
  });
  assert.equal(verdictOf(run, withId), 'known');
  const e = expectation(0, { check: 'status', operation: 'rm.candidate-tags.create' });
  const expected = { expectations: expectations(e) };
  assert.equal(classifyFailure(expected, withId, TODAY).verdict, 'expected');
  assert.equal(verdictOf(gate(report({ failures: [withId] }), { ...expected, today: TODAY }), withId), 'expected');
});

test('the gate over the run takes how a failure was classed as it happened, and classes only the others', () => {
  const withId = { ...tagsStatus, testId: 'abc-123' };
  const asked: string[] = [];
  const r = gate(report({ failures: [withId, get404] }), {
    today: TODAY,
    classedBefore: (f) => {
      asked.push(f.check);
      return f === withId ? { verdict: 'known' } : undefined;
    },
  });
  assert.deepEqual(asked, ['status', 'not-found']);
  assert.deepEqual(keys(r.known), keys([withId]), 'taken as classed before (no baseline would make it known)');
  assert.deepEqual(keys(r.new), keys([get404]), 'classed by the rule');
});
