/**
 * A selection that names nothing, and a CONFORMANCE_WORKERS that is no positive integer, end
 * `npx playwright test` with exit 2 and one line within seconds (INTERFACE.md), not exit 1 (a
 * conformance failure) with a stack trace: src/runner/selection-guard.ts and playwright.config.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SelectionGuard, { isTestRunner, noTestsLine, projectSelection, projectSelectionProblem } from '../../src/runner/selection-guard';

const ROOT = join(__dirname, '../..');
const PROJECTS = ['rm', 'hr', 'learning'];

void test('project names are read as Playwright reads them: variadic after --project, one after --project=', () => {
  assert.deepEqual(projectSelection(['node', 'cli.js', 'test', '--project', 'rm', 'hr', '-g', 'x']), ['rm', 'hr']);
  assert.deepEqual(projectSelection(['node', 'cli.js', 'test', '--project=rm', 'specs/a.spec.ts', '--project', 'learning']), [
    'rm',
    'learning',
  ]);
  assert.deepEqual(projectSelection(['node', 'cli.js', 'test', '--', '--project', 'x']), []);
});

void test('a selection Playwright refuses is one line; names are case-insensitive and * is a wildcard', () => {
  assert.equal(projectSelectionProblem([], PROJECTS), null);
  assert.equal(projectSelectionProblem(['RM', 'hr'], PROJECTS), null);
  assert.equal(projectSelectionProblem(['l*'], PROJECTS), null);
  assert.match(projectSelectionProblem(['foo', 'rm'], PROJECTS) ?? '', /^Unknown project "foo": the projects are rm, hr, learning/);
  assert.match(projectSelectionProblem(['x*'], PROJECTS) ?? '', /^No project matches "x\*"/);
  assert.equal(isTestRunner(['node', '/p/node_modules/@playwright/test/cli.js', 'test']), true);
  assert.equal(isTestRunner(['node', '/p/node_modules/playwright/lib/common/process.js']), false);
  assert.equal(isTestRunner(['node', '/p/node_modules/@playwright/test/cli.js', 'merge-reports']), false);
});

void test('the reporter turns "No tests found" into exit 2 and one line, and lets every other error by', () => {
  const exits: [number, string][] = [];
  const guard = new SelectionGuard({ exit: (code, line) => exits.push([code, line]) });
  guard.onError({ message: 'Error: something else' });
  assert.deepEqual(exits, []);
  guard.onError({ message: 'Error: No tests found' });
  assert.equal(exits[0]?.[0], 2);
  assert.match(exits[0]?.[1] ?? '', /^No test matched the selection \(.*\): nothing was checked/);
  assert.equal(
    noTestsLine({ message: 'No tests found.\nMake sure...' }, ['node', 'cli.js', 'test', '-g', 'a b'])?.includes('(-g "a b")'),
    true,
  );
});

/** `npx playwright test <args>` against the embedded server; its status, output lines and time. */
function playwright(args: string[], env: Record<string, string> = {}): { status: number | null; lines: string[]; ms: number } {
  const t0 = Date.now();
  const res = spawnSync(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CONFORMANCE_REPORTS_DIR: mkdtempSync(join(tmpdir(), 'selection-')),
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = `${res.stdout}${res.stderr}`.split('\n').filter((l) => l.trim() !== '');
  return { status: res.status, lines, ms: Date.now() - t0 };
}

void test('--project foo: exit 2, one line naming the projects, within seconds', () => {
  const r = playwright(['--project', 'foo']);
  assert.equal(r.status, 2, r.lines.join('\n'));
  assert.deepEqual(r.lines, ['Unknown project "foo": the projects are rm, hr, learning (npx playwright test --list shows the tests).']);
  assert.ok(r.ms < 30_000, `${r.ms} ms`);
});

// With the console reporter the config will have by default (src/reporting/progress-reporter.ts, which
// leaves this error to the guard; Playwright's 'list' prints "Error: No tests found" itself), and
// without the global set-up's "Politeness" line (CONFORMANCE_QUIET=1).
void test('-g "no such title": exit 2, one line, within seconds', () => {
  const reporters = './src/runner/selection-guard.ts,./src/reporting/progress-reporter.ts';
  const r = playwright(['-g', 'no such title', `--reporter=${reporters}`], { CONFORMANCE_QUIET: '1' });
  assert.equal(r.status, 2, r.lines.join('\n'));
  assert.deepEqual(r.lines, [
    `No test matched the selection (-g "no such title" --reporter=${reporters}): nothing was checked. npx playwright test --list shows the tests.`,
  ]);
  assert.ok(r.ms < 30_000, `${r.ms} ms`);
});

for (const value of ['two', '0']) {
  void test(`CONFORMANCE_WORKERS=${value}: exit 2 and one line within seconds`, () => {
    const r = playwright(['--list'], { CONFORMANCE_WORKERS: value });
    assert.equal(r.status, 2, r.lines.join('\n'));
    assert.deepEqual(r.lines, [`CONFORMANCE_WORKERS must be a positive integer (got "${value}")`]);
    assert.ok(r.ms < 30_000, `${r.ms} ms`);
  });
}
