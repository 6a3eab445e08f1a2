/**
 * The console progress reporter (src/reporting/progress-reporter.ts), driven with fake tests and
 * results and a fake clock: on a terminal one rewritten line and a line per failure as it happens;
 * without one, a line every 5 s at most (and when nothing changed for 30 s), the line per failure,
 * and the totals at the end; retried attempts count once; "No tests found" is left to the guard.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FullConfig, FullResult, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import ProgressReporter, { firstLine, formatDuration } from '../../src/reporting/progress-reporter';
import { EVIDENCE_ANNOTATION } from '../../src/reporting/evidence';

interface Fake {
  test: TestCase;
  result: (status: TestResult['status'], message?: string, retry?: number, notJudged?: string) => TestResult;
}

function fakeTest(project: string, title: string, retries = 0): Fake {
  let last: TestResult['status'] = 'passed';
  const tc = {
    title,
    retries,
    expectedStatus: 'passed',
    parent: { project: () => ({ name: project }) },
    titlePath: () => ['', project, `${project}/x.spec.ts`, title],
    outcome: () => (last === 'skipped' ? 'skipped' : last === 'passed' ? 'expected' : 'unexpected'),
  };
  return {
    test: tc as unknown as TestCase,
    result: (status, message, retry = 0, notJudged) => {
      last = status;
      const error = message === undefined ? undefined : { message };
      const annotations =
        notJudged === undefined
          ? []
          : [{ type: EVIDENCE_ANNOTATION, description: JSON.stringify({ exchanges: [], verdicts: [], notJudged }) }];
      return { status, retry, error, errors: error ? [error] : [], duration: 10, annotations } as unknown as TestResult;
    },
  };
}

function setUp(tty: boolean, count: number): { reporter: ProgressReporter; out: string[]; clock: { t: number }; tests: Fake[] } {
  const out: string[] = [];
  const clock = { t: 0 };
  const reporter = new ProgressReporter({
    tty,
    write: (s) => out.push(s),
    now: () => clock.t,
    columns: 80,
    timers: false,
    listMode: false,
  });
  const tests = Array.from({ length: count }, (_, i) => fakeTest(i % 2 ? 'hr' : 'rm', `test ${i}`, i === 0 ? 1 : 0));
  const suite = { allTests: () => tests.map((t) => t.test) } as unknown as Suite;
  reporter.onBegin({ workers: 2, metadata: {} } as unknown as FullConfig, suite);
  return { reporter, out, clock, tests };
}

const at = <T>(items: readonly T[], i: number): T => {
  const item = items[i];
  assert.ok(item !== undefined, `no item ${i}`);
  return item;
};

void test('figures and formats', () => {
  assert.equal(formatDuration(4_240), '4.2s');
  assert.equal(formatDuration(65_000), '1m05s');
  assert.equal(formatDuration(3_720_000), '1h02m');
  assert.equal(firstLine({ message: '\u001b[31m\n  expect(received).toBe(expected)\u001b[39m\nmore' }), 'expect(received).toBe(expected)');
});

void test('on a terminal: one line rewritten in place, a line per failure as it happens, totals at the end', () => {
  const { reporter, out, clock, tests } = setUp(true, 4);
  assert.equal(out[0], 'Running 4 tests using 2 workers\n');
  // Test 0 fails once, is retried (retries: 1) and passes: counted once, never as a failure.
  clock.t = 1_000;
  reporter.onTestEnd(at(tests, 0).test, at(tests, 0).result('failed', 'flaky', 0));
  assert.match(out.join(''), /0\/4 {2}failed 0/);
  reporter.onTestEnd(at(tests, 0).test, at(tests, 0).result('passed', undefined, 1));
  assert.match(out.at(-1) ?? '', /^1\/4 {2}failed 0 {2}skipped 0 {2}1\.0s {2}~3\.0s left$/);
  clock.t = 2_000;
  out.length = 0;
  reporter.onTestEnd(at(tests, 1).test, at(tests, 1).result('failed', 'Error: [check:status] expected 404, got 200\n  at foo'));
  const text = out.join('');
  assert.ok(text.startsWith('\r\u001b[2K'), 'the progress line is cleared before the failure line');
  assert.match(text, /\n? {2}✗ \[hr\] hr\/x\.spec\.ts › test 1: Error: \[check:status\] expected 404, got 200\n/);
  assert.match(out.at(-1) ?? '', /^2\/4 {2}failed 1 /, 'the progress line is drawn again below the failure');
  assert.ok(!out.some((s) => s.includes('at foo')), 'only the first line of the error');
  reporter.onStdOut('a line a test printed\n');
  assert.equal(out.at(-2), 'a line a test printed\n');
  reporter.onTestEnd(at(tests, 2).test, at(tests, 2).result('skipped'));
  reporter.onTestEnd(at(tests, 3).test, at(tests, 3).result('passed'));
  clock.t = 4_000;
  reporter.onEnd({ status: 'failed' } as FullResult);
  assert.equal(out.at(-1), '4/4 tests: 2 passed, 1 failed, 1 skipped in 4.0s (failed)\n');
  assert.ok(
    out.every((s) => !s.includes('\n') || s.endsWith('\n')),
    'whole lines only',
  );
});

void test('no estimate of the time left before a tenth of the tests have ended (the first are the longest)', () => {
  const { reporter, out, clock, tests } = setUp(true, 300);
  clock.t = 20_000;
  reporter.onTestEnd(at(tests, 0).test, at(tests, 0).result('passed'));
  assert.match(out.at(-1) ?? '', /^1\/300 {2}failed 0 {2}skipped 0 {2}20\.0s$/, 'no "~1h39m left" after one long test');
  for (let i = 1; i < 30; i += 1) reporter.onTestEnd(at(tests, i).test, at(tests, i).result('passed'));
  assert.match(out.at(-1) ?? '', /^30\/300 .* left$/);
});

void test('without a terminal: a line every 5 s at most, one when nothing changed for 30 s, a line per failure', () => {
  const { reporter, out, clock, tests } = setUp(false, 40);
  assert.deepEqual(out, ['Running 40 tests using 2 workers\n', '0/40  failed 0  skipped 0  0.0s\n']);
  out.length = 0;
  for (let i = 1; i < 20; i += 1) {
    clock.t = i * 500; // a test every half second: 9.5 s in all
    reporter.onTestEnd(at(tests, i).test, at(tests, i).result(i === 7 ? 'failed' : 'passed', i === 7 ? 'boom' : undefined));
    reporter.tick();
  }
  const progress = out.filter((l) => /^\d+\/40/.test(l));
  assert.equal(progress.length, 1, out.join(''));
  assert.match(at(progress, 0), /^10\/40 {2}failed 1 {2}skipped 0 {2}5\.0s {2}~15\.0s left\n$/);
  assert.ok(out.includes('  ✗ [hr] hr/x.spec.ts › test 7: boom\n'), out.join(''));
  assert.ok(!out.some((l) => l.includes('\r')), 'no carriage returns in a log');
  // A stall: no new line before 30 s have passed since the last one, then one.
  out.length = 0;
  clock.t = 34_000;
  reporter.tick();
  assert.equal(out.filter((l) => /^\d+\/40/.test(l)).length, 1, 'the 19th test changed the figures: printed once 5 s had passed');
  out.length = 0;
  clock.t = 60_000;
  reporter.tick();
  assert.deepEqual(out, []);
  clock.t = 64_001;
  reporter.tick();
  assert.equal(out.length, 1, 'alive line after 30 s without change');
});

void test('a test the suite could not judge is a "?" line and counted apart, never a failure', () => {
  const { reporter, out, tests } = setUp(false, 2);
  out.length = 0;
  reporter.onTestEnd(at(tests, 0).test, at(tests, 0).result('passed'));
  reporter.onTestEnd(
    at(tests, 1).test,
    at(tests, 1).result('failed', 'NotJudgedError: not judged: x', 0, 'POST /v2/candidates -> 429: the target still answered 429'),
  );
  reporter.onEnd({ status: 'passed' } as FullResult);
  assert.ok(
    out.includes('  ? [hr] hr/x.spec.ts › test 1: not judged: POST /v2/candidates -> 429: the target still answered 429\n'),
    out.join(''),
  );
  assert.match(out.at(-1) ?? '', /^2\/2 tests: 1 passed, 0 failed, 0 skipped, 1 not judged in/);
});

void test('"No tests found" is left to the selection guard; other errors get one line', () => {
  const { reporter, out } = setUp(false, 1);
  out.length = 0;
  reporter.onError({ message: 'Error: No tests found' });
  assert.deepEqual(out, []);
  reporter.onError({ message: 'Error: worker crashed\n  at x' });
  assert.equal(out[0], '  error: worker crashed\n');
});

void test('--list: silent, so that Playwright prints its list', () => {
  const out: string[] = [];
  const reporter = new ProgressReporter({ write: (s) => out.push(s), timers: false, listMode: true });
  assert.equal(reporter.printsToStdio(), false);
  reporter.onBegin({ workers: 2, metadata: {} } as unknown as FullConfig, { allTests: () => [] } as unknown as Suite);
  reporter.onEnd({ status: 'passed' } as FullResult);
  assert.deepEqual(out, []);
});
