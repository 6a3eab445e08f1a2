/**
 * Coverage is declared where a test is declared (specs/kit/declare.ts) and read from Playwright's
 * listing, nothing run: every catalogue operation is declared by some test, `--operation` selects
 * exactly the tests that declare it, no run-derived index is kept, and the self-check of the
 * reference run (CONFORMANCE_SELF_CHECK=1) refuses a call a test does not declare.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';
import { catalogue } from '../../contract/catalogue';
import { grepOf, listTests, operationsMatching, testsCalling } from '../../src/reporting/listed-tests';
import { declares, undeclaredCalls } from '../../specs/kit/declare';
import type { ExchangeBrief } from '../../src/reporting/evidence';

const ROOT = join(__dirname, '../..');
const listed = listTests(join(ROOT, 'playwright.config.ts'));

test('Playwright lists every test with its id and its declaration, without running one', () => {
  assert.ok(listed.length > 200, `${listed.length} tests listed`);
  assert.equal(new Set(listed.map((t) => t.id)).size, listed.length, 'one id per test');
  const undeclared = listed.filter((t) => t.calls.length === 0 && !/token|tenant|circular/i.test(t.test));
  assert.deepEqual(
    undeclared.map((t) => t.test),
    [],
    'tests that declare no operation (only token-service tests may)',
  );
});

test('every catalogue operation is declared by some test', () => {
  const uncalled = catalogue()
    .filter((op) => testsCalling(listed, [op.id]).length === 0)
    .map((op) => op.id);
  assert.deepEqual(uncalled, []);
});

test('no run-derived index is kept in the repository', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  assert.deepEqual(
    files.filter((f) => /operation-index|test-index|coverage-index/.test(f)),
    [],
  );
});

test('an id or a glob names catalogue operations; the grep matches exactly the chosen titles', () => {
  assert.deepEqual(operationsMatching('rm.candidate-tags.create'), ['rm.candidate-tags.create']);
  assert.deepEqual(operationsMatching('rm.candidate-tags.*').sort(), [
    'rm.candidate-tags.create',
    'rm.candidate-tags.delete',
    'rm.candidate-tags.list',
  ]);
  assert.deepEqual(operationsMatching('no.such.*'), []);
  const grep = new RegExp(grepOf([{ test: 'rm/a.spec.ts > a > GET /jobs answers 200 (x)' }]));
  assert.ok(grep.test('rm/a.spec.ts a GET /jobs answers 200 (x)'));
  assert.ok(grep.test('rm rm/a.spec.ts a GET /jobs answers 200 (x) @smoke'));
  assert.ok(!grep.test('rm/a.spec.ts a GET /jobs answers 200 (x) with include'), 'a longer title is another test');
});

test('npm start -- --operation <id> --list lists exactly the tests that declare it and runs none (exit 0)', () => {
  const id = 'rm.jobs.get';
  const r = spawnSync(process.execPath, ['--require', 'tsx/cjs', 'src/cli/start.ts', '--operation', id, '--list'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CONFORMANCE_QUIET: '1' },
  });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  const calling = testsCalling(listed, [id]);
  assert.ok(calling.length > 0);
  assert.match(r.stdout, new RegExp(`${calling.length} test\\(s\\) that call ${id.replace(/\./g, '\\.')}`));
  assert.match(r.stdout, new RegExp(`Total: ${calling.length} tests? in \\d+ files?`));
  for (const t of calling) assert.ok(r.stdout.includes(t.test.split(' > ').pop() ?? ''), `${t.test} is listed`);
});

test('declares() takes catalogue operations and documented cells, and refuses anything else', () => {
  assert.deepEqual(declares('rm.jobs.get 200', 'rm.jobs.list').annotation, [
    { type: 'earns', description: 'rm.jobs.get 200' },
    { type: 'calls', description: 'rm.jobs.list' },
  ]);
  assert.throws(() => declares('rm.jobs.fetch'));
  assert.throws(() => declares('rm.jobs.get 418'), /documents no status 418/);
});

test('the self-check refuses a call the test does not declare, and passes a set-up call', () => {
  const info = { annotations: declares('rm.jobs.get 200').annotation } as unknown as TestInfo;
  const brief = (operationId: string, setup = false): ExchangeBrief => ({
    n: 1,
    seq: 1,
    operationId,
    method: 'GET',
    path: '/',
    status: 200,
    retries: 0,
    ms: 1,
    ...(setup ? { setup: true as const } : {}),
  });
  assert.doesNotThrow(() => undeclaredCalls(info, [brief('rm.jobs.get'), brief('rm.jobs.list', true)]));
  assert.throws(() => undeclaredCalls(info, [brief('rm.jobs.list')]), /calls rm\.jobs\.list but does not declare it/);
});
