/**
 * CONFORMANCE_HISTORY (src/cli/allure-html.ts, allurerc.mjs): the Allure 3 build reads and appends the
 * history file; two builds with one file show the first run in the second report. Unset: no history.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allureConfigModule, buildAllureReport } from '../../src/cli/allure-html';

const ROOT = join(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'gate-history-'));

test('the build config names the history file only when one is given (empty counts as unset)', () => {
  const withHistory = allureConfigModule(join(dir, 'report'), { historyPath: join(dir, 'h.jsonl') });
  assert.match(withHistory, new RegExp(`historyPath: ${JSON.stringify(join(dir, 'h.jsonl')).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
  for (const historyPath of [undefined, '', '  '])
    assert.doesNotMatch(allureConfigModule(join(dir, 'report'), { historyPath }), /historyPath: "/, String(historyPath));
});

test('allurerc.mjs takes CONFORMANCE_HISTORY (for a direct `npx allure generate`), and nothing when it is unset or empty', () => {
  const read = (value: string | undefined): string => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '' };
    if (value !== undefined) env.CONFORMANCE_HISTORY = value;
    const res = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "const c = (await import('./allurerc.mjs')).default; console.log(String(c.historyPath))"],
      {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      },
    );
    return res.stdout.trim();
  };
  assert.equal(read('reports-history/history.jsonl'), 'reports-history/history.jsonl');
  assert.equal(read(undefined), 'undefined');
  assert.equal(read(''), 'undefined');
});

test('two builds with one history file: the second report holds the first run, the file one line per build', async () => {
  const results = join(dir, 'allure-results');
  mkdirSync(results, { recursive: true });
  const uuid = '6d1b2f1e-0000-4000-8000-000000000001';
  writeFileSync(
    join(results, `${uuid}-result.json`),
    JSON.stringify({
      uuid,
      historyId: 'rm-candidates-get-200',
      testCaseId: 'rm-candidates-get-200',
      name: 'GET /candidates/{id} answers 200',
      fullName: 'specs/rm/candidates.spec.ts#GET /candidates/{id} answers 200',
      status: 'passed',
      stage: 'finished',
      start: 1_700_000_000_000,
      stop: 1_700_000_001_000,
      labels: [],
      steps: [],
      attachments: [],
      parameters: [],
      links: [],
    }),
  );
  const history = join(dir, 'kept', 'history.jsonl');
  const first = join(dir, 'run1', 'allure-report');
  const second = join(dir, 'run2', 'allure-report');
  mkdirSync(join(dir, 'run1'), { recursive: true });
  mkdirSync(join(dir, 'run2'), { recursive: true });
  assert.ok(await buildAllureReport(results, first, { historyPath: history }));
  const lines = (): { uuid: string }[] =>
    readFileSync(history, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { uuid: string });
  assert.equal(lines().length, 1);
  const firstRun = lines()[0]?.uuid ?? '';
  assert.doesNotMatch(readFileSync(join(first, 'index.html'), 'utf8'), /data\/history\//, 'the first report has no earlier run');

  assert.ok(await buildAllureReport(results, second, { historyPath: history }));
  assert.equal(lines().length, 2);
  assert.ok(
    readFileSync(join(second, 'index.html'), 'utf8').includes(`data/history/${firstRun}.json`),
    'the second report shows the first run',
  );

  const without = join(dir, 'run3', 'allure-report');
  mkdirSync(join(dir, 'run3'), { recursive: true });
  assert.ok(await buildAllureReport(results, without, { historyPath: undefined }));
  assert.equal(lines().length, 2, 'no history option: the file is neither read nor appended');
  assert.ok(existsSync(join(without, 'index.html')));

  // The file keeps the last HISTORY_RUNS runs: it grew ~450 KB a run without a bound.
  const { HISTORY_RUNS } = (await import(pathToFileURL(join(__dirname, '../../allurerc.mjs')).href)) as { HISTORY_RUNS: number };
  const line = readFileSync(history, 'utf8').split('\n')[0] ?? '';
  writeFileSync(history, `${line}\n`.repeat(HISTORY_RUNS + 5));
  const bounded = join(dir, 'run4', 'allure-report');
  mkdirSync(join(dir, 'run4'), { recursive: true });
  assert.ok(await buildAllureReport(results, bounded, { historyPath: history }));
  assert.equal(lines().length, HISTORY_RUNS, `the history file keeps ${HISTORY_RUNS} runs`);
});
