/**
 * The fault run's progress (src/runner/instance-reporter.ts): in a many-instance run, an instance's
 * conformance.json and timing.json are written as soon as its last test ends (so the fault runner can
 * print its verdict then), its time is its own tests' durations summed (not the run's time shared
 * out), a retried attempt is not its last, and an instance left unfinished is written at the end.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import InstanceReporter from '../../src/runner/instance-reporter';
import { instanceDir, INSTANCES_VARIABLE, TIMING_FILE, type Instance, type InstanceTiming } from '../../src/runner/instances';

function fakeTest(project: string, title: string, retries = 0): TestCase {
  const tc = {
    title,
    retries,
    expectedStatus: 'passed',
    results: [] as TestResult[],
    annotations: [],
    tags: [],
    location: { file: `/x/specs/${project.split('@')[0]}/a.spec.ts`, line: 1, column: 1 },
    parent: { project: () => ({ name: project }) },
    titlePath: () => ['', project, 'a.spec.ts', title],
    outcome: () => 'expected',
    ok: () => true,
  };
  return tc as unknown as TestCase;
}

function result(t: TestCase, status: TestResult['status'], duration: number, retry = 0): TestResult {
  const r = { status, duration, retry, attachments: [], annotations: [], errors: [], steps: [] } as unknown as TestResult;
  (t.results as TestResult[]).push(r);
  return r;
}

void test('an instance is written when its last test ends, with its own tests\u2019 time; the rest at the end', () => {
  const dir = mkdtempSync(join(tmpdir(), 'instances-'));
  const instances: Instance[] = [
    { name: 'v.one', faults: [], variants: ['v.one'], projects: [{ api: 'hr' }, { api: 'learning' }] },
    { name: 'v.two', faults: [], variants: ['v.two'], projects: [{ api: 'rm' }] },
  ];
  const file = join(dir, 'instances.json');
  writeFileSync(file, JSON.stringify(instances));
  const before = process.env[INSTANCES_VARIABLE];
  process.env[INSTANCES_VARIABLE] = file;
  try {
    const a = fakeTest('hr@v.one', 'a', 1);
    const b = fakeTest('learning@v.one', 'b');
    const c = fakeTest('rm@v.two', 'c');
    const d = fakeTest('rm@v.two', 'd');
    const reporter = new InstanceReporter({ outputDir: dir });
    reporter.onBegin({ metadata: {} } as unknown as FullConfig, { allTests: () => [a, b, c, d] } as unknown as Suite);
    const timing = (name: string): InstanceTiming | null => {
      const path = join(instanceDir(dir, name), TIMING_FILE);
      return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as InstanceTiming) : null;
    };
    reporter.onTestEnd(a, result(a, 'failed', 700, 0)); // retried: not its last attempt
    reporter.onTestEnd(b, result(b, 'passed', 1_200));
    assert.equal(timing('v.one'), null, 'test a is still to be retried');
    reporter.onTestEnd(a, result(a, 'passed', 300, 1));
    assert.deepEqual(timing('v.one'), { seconds: 2.2, tests: 2, early: true });
    assert.ok(existsSync(join(instanceDir(dir, 'v.one'), 'conformance.json')), 'the report is there before timing.json is read');
    reporter.onTestEnd(c, result(c, 'passed', 4_000));
    assert.equal(timing('v.two'), null);
    reporter.onEnd(); // d never ran (an interrupted run)
    assert.deepEqual(timing('v.two'), { seconds: 4, tests: 2, early: false });
  } finally {
    if (before === undefined) delete process.env[INSTANCES_VARIABLE];
    else process.env[INSTANCES_VARIABLE] = before;
  }
});
