/**
 * The operation index (src/runner/operation-index.json) is in step with the suite: it names every
 * test Playwright lists and no other, every catalogue operation is called by some test, and
 * `--operation` globs resolve to catalogue ids and to a grep that matches exactly the chosen titles.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogue } from '../../contract/catalogue';
import { allTestTitles } from '../../src/reporting/gate/run-gate';
import { grepOf, operationsMatching, readIndex, testsCalling } from '../../src/runner/operation-index';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = join(__dirname, '../..');

test('the index names exactly the tests the suite has (npm run checks -- --write-index after a run rebuilds it)', () => {
  const listed = allTestTitles(join(ROOT, 'playwright.config.ts'));
  assert.ok(listed.size > 100, `${listed.size} tests listed`);
  const indexed = new Set(readIndex().tests.map((t) => t.test));
  assert.deepEqual(
    [...listed].filter((t) => !indexed.has(t)),
    [],
    'tests missing from the index',
  );
  assert.deepEqual(
    [...indexed].filter((t) => !listed.has(t)),
    [],
    'index entries of tests that no longer exist',
  );
});

test('every catalogue operation is called by at least one test', () => {
  const index = readIndex();
  const uncalled = catalogue()
    .filter((op) => testsCalling(index, [op.id]).length === 0)
    .map((op) => op.id);
  assert.deepEqual(uncalled, []);
});

test('an id or a glob names catalogue operations; the grep matches exactly the chosen titles', () => {
  assert.deepEqual(operationsMatching('rm.candidate-tags.create'), ['rm.candidate-tags.create']);
  assert.deepEqual(operationsMatching('rm.candidate-tags.*').sort(), [
    'rm.candidate-tags.create',
    'rm.candidate-tags.delete',
    'rm.candidate-tags.list',
  ]);
  assert.deepEqual(operationsMatching('no.such.*'), []);
  const tests = [{ test: 'rm/a.spec.ts > a > GET /jobs answers 200 (x)', project: 'rm', file: 'a', operations: [], earned: [] }];
  const grep = new RegExp(grepOf(tests));
  assert.ok(grep.test('rm/a.spec.ts a GET /jobs answers 200 (x)'));
  assert.ok(grep.test('rm rm/a.spec.ts a GET /jobs answers 200 (x) @smoke'));
  assert.ok(!grep.test('rm/a.spec.ts a GET /jobs answers 200 (x) with include'), 'a longer title is another test');
});

test('npm start -- --operation <id> --list lists exactly the tests that call it and runs none (exit 0)', () => {
  const id = 'rm.candidate-tags.create';
  const r = spawnSync(process.execPath, ['--require', 'tsx/cjs', 'src/cli/start.ts', '--operation', id, '--list'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CONFORMANCE_QUIET: '1' },
  });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  const calling = testsCalling(readIndex(), [id]).length;
  assert.ok(calling > 0);
  assert.match(r.stdout, new RegExp(`${calling} test\\(s\\) that call ${id.replace(/\./g, '\\.')}`));
  assert.match(r.stdout, new RegExp(`Total: ${calling} tests? in \\d+ files?`));
});
