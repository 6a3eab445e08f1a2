/**
 * reports/test-results/ (Playwright's outputDir) after a run holds no empty folders: every
 * `testInfo.attach()` creates the test's folder, and src/reporting/tidy-output.ts removes the empty
 * ones at the end of the run. Folders holding a file stay.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeEmptyFolders } from '../../src/reporting/tidy-output';
import { describeRun, runPlaywright, scratchDir } from './support/suite';

const work = scratchDir('tidy-output');
after(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Every folder below `dir` with nothing in it. */
function emptyFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = join(dir, entry.name);
    if (readdirSync(child).length === 0) found.push(child);
    else found.push(...emptyFolders(child));
  }
  return found;
}

void test('removeEmptyFolders removes empty folders, nested ones too, and keeps folders holding a file', () => {
  const root = join(work, 'unit');
  mkdirSync(join(root, 'a', 'b', 'c'), { recursive: true });
  mkdirSync(join(root, 'd'), { recursive: true });
  mkdirSync(join(root, 'e', 'f'), { recursive: true });
  writeFileSync(join(root, 'e', 'error-context.md'), 'kept');
  writeFileSync(join(root, '.last-run.json'), '{}');
  removeEmptyFolders(root);
  assert.deepEqual(readdirSync(root).sort(), ['.last-run.json', 'e']);
  assert.deepEqual(readdirSync(join(root, 'e')), ['error-context.md']);
  const bare = join(work, 'bare');
  mkdirSync(join(bare, 'x'), { recursive: true });
  assert.equal(removeEmptyFolders(bare), true);
  assert.ok(existsSync(bare), 'the folder itself stays');
  assert.equal(removeEmptyFolders(join(work, 'missing')), false);
});

void test('a @smoke run of the rm project leaves no empty folder under test-results/', async () => {
  const reportsDir = join(work, 'reports');
  const run = await runPlaywright(['--grep', '@smoke', '--project', 'rm'], {
    reportsDir,
    env: { CONFORMANCE_EMBEDDED: '1', CONFORMANCE_QUIET: '1' },
    killAfterMs: 240_000,
  });
  assert.equal(run.exitCode, 0, describeRun(run));
  assert.ok(run.report && run.report.totals.passed > 0, describeRun(run));
  const outputDir = join(reportsDir, 'test-results');
  assert.ok(existsSync(outputDir), 'Playwright wrote its outputDir (.last-run.json)');
  assert.deepEqual(emptyFolders(outputDir), []);
  // The exchanges attached to each test still reach the Allure results.
  const allure = readdirSync(join(reportsDir, 'allure-results'));
  assert.ok(
    allure.some((name) => name.includes('-attachment')),
    `allure-results holds the exchanges: ${allure.slice(0, 5).join(', ')}`,
  );
});
