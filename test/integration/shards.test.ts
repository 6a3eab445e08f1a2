/**
 * Scale-out: a @smoke selection of every API against the embedded reference server, once unsharded and once
 * split with Playwright's own `--shard=1/2` and `--shard=2/2` (each shard with CONFORMANCE_BLOB=1
 * and its own reports folder, as on two CI machines), then merged with `npm run merge-reports`.
 * The merged conformance.json must equal the unsharded one in the operation x status matrix and
 * the totals; JUnit and Allure results are merged too.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { mergeConformanceReports } from '../../src/cli/merge-reports';
import { pool } from '../../proof/fault-run/run-suite';
import type { ConformanceReport } from '../../src/reporting/conformance-types';
import { describeRun, ROOT, runPlaywright, runTsx, scratchDir, type RunResult } from './support/suite';

const work = scratchDir('shards');
/** The @smoke tests of one spec file per API: all three APIs in the matrix, a few seconds per run, stable as specs grow. */
const SELECT = ['--grep', '@smoke', 'rm/candidates.spec', 'hr/employee.spec', 'learning/activities.spec'];
const COMMON = { CONFORMANCE_EMBEDDED: '1', CONFORMANCE_SEED: '424242', CONFORMANCE_RUN_ID: 'shardtest', CONFORMANCE_QUIET: '1' };

let single: RunResult;
let shards: RunResult[];
let merge: RunResult;

before(async () => {
  const runs = await pool(['single', '1/2', '2/2'], 3, (which) =>
    which === 'single'
      ? runPlaywright(SELECT, { reportsDir: join(work, 'single'), env: { ...COMMON, CONFORMANCE_LEAN: '1' }, killAfterMs: 240_000 })
      : runPlaywright([...SELECT, `--shard=${which}`], {
          reportsDir: join(work, `shard-${which[0] ?? ''}`),
          env: { ...COMMON, CONFORMANCE_BLOB: '1' },
          killAfterMs: 240_000,
        }),
  );
  [single] = runs as [RunResult];
  shards = runs.slice(1);
  // As in CI: the shards' reports folders downloaded side by side, merged into one.
  merge = await runTsx('src/cli/merge-reports.ts', ['--out', join(work, 'merged'), join(work, 'shard-1'), join(work, 'shard-2')], {
    cwd: ROOT,
    reportsDir: join(work, 'merged'),
    killAfterMs: 240_000,
  });
});

after(() => {
  rmSync(work, { recursive: true, force: true });
});

function matrix(report: ConformanceReport): Record<string, Record<string, string>> {
  return Object.fromEntries(report.operations.map((o) => [o.id, o.statuses]));
}

void test('the unsharded run and both shards ran, each shard a part of the tests', (t) => {
  t.diagnostic(
    `unsharded ${single.seconds.toFixed(1)} s, shard 1/2 ${shards[0]?.seconds.toFixed(1)} s, shard 2/2 ${shards[1]?.seconds.toFixed(1)} s (in parallel), merge ${merge.seconds.toFixed(1)} s`,
  );
  assert.ok(single.report, `unsharded run wrote conformance.json\n${describeRun(single)}`);
  assert.ok(single.exitCode === 0 || single.exitCode === 1, describeRun(single));
  for (const s of shards) {
    assert.equal(s.exitCode === 0 || s.exitCode === 1, true, describeRun(s));
    assert.ok(s.report, `shard wrote conformance.json\n${describeRun(s)}`);
    const n = s.report.totals.passed + s.report.totals.failed + s.report.totals.skipped;
    assert.ok(n > 0, 'each shard ran some tests');
    assert.ok(existsSync(join(s.reportsDir, 'blob-report')), 'each shard wrote a blob report');
  }
  const sum = (r: RunResult): number => (r.report ? r.report.totals.passed + r.report.totals.failed + r.report.totals.skipped : 0);
  assert.equal(sum(shards[0] as RunResult) + sum(shards[1] as RunResult), sum(single), 'the shards split the tests between them');
});

void test('merge-reports gives the same operation x status matrix and totals as one unsharded run', () => {
  assert.equal(merge.killed, false, describeRun(merge));
  assert.equal(merge.exitCode, single.exitCode, `merge exit status follows the verdict\n${describeRun(merge)}`);
  assert.match(merge.stdout, /blob reports replayed/);
  const merged = merge.report;
  assert.ok(merged && single.report, describeRun(merge));
  assert.deepEqual(matrix(merged), matrix(single.report));
  assert.deepEqual(merged.totals, single.report.totals);
  assert.equal(merged.seed, single.report.seed);
  assert.deepEqual(merged.target, single.report.target);
  assert.deepEqual(merged.failures.map((f) => f.test).sort(), single.report.failures.map((f) => f.test).sort());
  assert.ok(existsSync(join(work, 'merged', 'conformance.md')));
  // The happy path warns of nothing, and the merged reports hold the whole run's exchanges.
  assert.doesNotMatch(`${merge.stdout}${merge.stderr}`, /warning/, describeRun(merge));
  const har = JSON.parse(readFileSync(join(work, 'merged', 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } };
  const shardEntries = shards.reduce(
    (n, s) =>
      n + (JSON.parse(readFileSync(join(s.reportsDir, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } }).log.entries.length,
    0,
  );
  assert.equal(har.log.entries.length, shardEntries, 'every shard exchange is in the merged HAR');
});

void test('merging the shards\u2019 conformance.json matrices (no blob reports) gives the same too', () => {
  const parts = shards.map((s) => s.report).filter((r): r is ConformanceReport => r !== null);
  assert.equal(parts.length, 2);
  assert.ok(single.report);
  const merged = mergeConformanceReports(parts);
  assert.deepEqual(matrix(merged), matrix(single.report));
  assert.deepEqual(merged.totals, single.report.totals);
  // Discovery requests are made once per worker, and shards start workers of their own, so the
  // request count of a sharded run differs from an unsharded one: the merged count is the shards' sum.
  assert.equal(
    merged.requests,
    parts.reduce((n, r) => n + r.requests, 0),
  );
});

void test('JUnit and Allure results of the shards are merged, and the Allure HTML is built', () => {
  const merged = join(work, 'merged');
  const junit = readFileSync(join(merged, 'junit.xml'), 'utf8');
  const tests = Number(/<testsuites[^>]*\btests="(\d+)"/.exec(junit)?.[1] ?? -1);
  assert.ok(single.report);
  const { passed, failed, skipped } = single.report.totals;
  assert.equal(tests, passed + failed + skipped, 'merged junit.xml counts every test once');
  const results = (dir: string): string[] => readdirSync(join(dir, 'allure-results')).filter((f) => f.endsWith('-result.json'));
  assert.equal(results(merged).length, results(join(work, 'shard-1')).length + results(join(work, 'shard-2')).length);
  assert.ok(existsSync(join(merged, 'allure-report', 'index.html')));
});
