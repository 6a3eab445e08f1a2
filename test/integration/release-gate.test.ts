/**
 * The release gate end to end, against the embedded reference server with one fault injected:
 * - a run writes conformance.json; a second run with it as CONFORMANCE_BASELINE exits 0 and calls
 *   the failure known; a run against another fault with the same baseline exits 1 and names only
 *   the new failure;
 * - an expectations file with an entry for each failure exits 0 and shows the reason; the same
 *   entries with a past `until` exit 1; an entry naming a check that does not exist exits 2;
 * - `npm run diff` between the two fault runs names exactly the cells and failures that differ.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pool } from '../../src/fault-run/run-suite';
import type { ConformanceReport, FailureLine } from '../../src/reporting/conformance-types';
import { describeRun, ROOT, runPlaywright, runTsx, scratchDir, type RunResult } from './support/suite';

const work = scratchDir('release-gate');
const SELECT = ['rm/candidates.spec', 'rm/files.spec', '--project', 'rm', '--grep', '@smoke'];
const FAULT_A = 'rm.candidates.create.status-200';
const FAULT_B = 'rm.candidate-files.create.status-200';
const COMMON = { CONFORMANCE_EMBEDDED: '1', CONFORMANCE_SEED: '11', CONFORMANCE_LEAN: '1' };

const key = (f: Pick<FailureLine, 'check' | 'operationId' | 'status' | 'test'>): string =>
  `${f.check}|${f.operationId}|${f.status}|${f.test}`;

function run(name: string, fault: string, env: Record<string, string> = {}): Promise<RunResult> {
  return runPlaywright(SELECT, { reportsDir: join(work, name), env: { ...COMMON, REFERENCE_FAULTS: fault, ...env }, killAfterMs: 180_000 });
}

let a: RunResult;
let b: RunResult;

before(async () => {
  [a, b] = (await pool([FAULT_A, FAULT_B], 2, (fault, i) => run(i === 0 ? 'a' : 'b', fault))) as [RunResult, RunResult];
});

after(() => rmSync(work, { recursive: true, force: true }));

void test('each fault run fails with its own failures', () => {
  assert.equal(a.exitCode, 1, describeRun(a));
  assert.equal(b.exitCode, 1, describeRun(b));
  assert.ok((a.report?.failures.length ?? 0) > 0 && (b.report?.failures.length ?? 0) > 0);
});

void test('the first run as the baseline: the same fault is known (exit 0); another fault is new (exit 1), and only it is named', async () => {
  const baseline = join(work, 'a', 'conformance.json');
  const [same, other] = await pool(['same', 'other'] as const, 2, (which) =>
    run(`baseline-${which}`, which === 'same' ? FAULT_A : FAULT_B, { CONFORMANCE_BASELINE: baseline }),
  );
  assert.equal(same?.exitCode, 0, describeRun(same!));
  const g = same?.report?.gate;
  assert.ok(g, 'conformance.json carries the gate');
  assert.deepEqual(g.new, []);
  assert.deepEqual(g.known.map(key).sort(), (a.report?.failures ?? []).map(key).sort());
  assert.match(readFileSync(join(work, 'baseline-same', 'conformance.md'), 'utf8'), /## Release gate: passes/);

  assert.equal(other?.exitCode, 1, describeRun(other!));
  const aKeys = new Set((a.report?.failures ?? []).map(key));
  const newKeys = (other?.report?.gate?.new ?? []).map(key);
  assert.ok(newKeys.length > 0);
  assert.deepEqual(
    newKeys.sort(),
    (b.report?.failures ?? [])
      .map(key)
      .filter((k) => !aKeys.has(k))
      .sort(),
    'exactly the failures the baseline lacks',
  );
  const fixed = (other?.report?.gate?.fixed ?? []).map(key);
  for (const k of fixed) assert.ok(aKeys.has(k), 'fixed ones come from the baseline');
});

void test('expectations: a matching entry in force exits 0 with its reason; past its date exits 1; a check that does not exist exits 2', async () => {
  const failures = a.report?.failures ?? [];
  const entries = (until: string, check?: string): string =>
    JSON.stringify({
      expectations: failures.map((f) => ({
        check: check ?? f.check,
        operation: f.operationId,
        ...(f.status ? { status: f.status } : {}),
        reason: 'creates answer 200 until release 4.2',
        until,
      })),
    });
  const files = { future: entries('2999-12-31'), past: entries('2020-01-01'), unknown: entries('2999-12-31', 'no-such-check') };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, `${name}.json`), text);
  const [future, past, unknown] = await pool(Object.keys(files), 3, (name) =>
    run(`expect-${name}`, FAULT_A, { CONFORMANCE_EXPECTATIONS: join(work, `${name}.json`) }),
  );
  assert.equal(future?.exitCode, 0, describeRun(future!));
  assert.equal(future?.report?.gate?.expected.length, failures.length);
  assert.match(readFileSync(join(work, 'expect-future', 'conformance.md'), 'utf8'), /creates answer 200 until release 4\.2/);
  assert.equal(past?.exitCode, 1, describeRun(past!));
  assert.equal(past?.report?.gate?.expired.length, failures.length);
  assert.equal(unknown?.exitCode, 2, describeRun(unknown!));
  assert.match(unknown!.stderr + unknown!.stdout, /expectations\[0\]\.check.*no-such-check/);
  assert.equal((unknown!.stderr + unknown!.stdout).match(/cannot start/g)?.length, 1);
});

void test('npm run diff names exactly the cells and the failures that differ between the two fault runs', async () => {
  const out = join(work, 'diff');
  const diff = await runTsx('src/cli/diff.ts', ['--out', out, join(work, 'a', 'conformance.json'), join(work, 'b', 'conformance.json')], {
    cwd: ROOT,
    reportsDir: out,
  });
  assert.equal(diff.exitCode, 1, describeRun(diff));
  const d = JSON.parse(readFileSync(join(out, 'diff.json'), 'utf8')) as {
    cells: { operationId: string; status: string; before: string; after: string }[];
    newFailures: FailureLine[];
    vanishedFailures: FailureLine[];
  };
  const ra = a.report as ConformanceReport;
  const rb = b.report as ConformanceReport;
  const cellsA = new Map(ra.operations.flatMap((o) => Object.entries(o.statuses).map(([s, v]) => [`${o.id} ${s}`, v])));
  const changed = rb.operations.flatMap((o) =>
    Object.entries(o.statuses)
      .filter(([s, v]) => cellsA.get(`${o.id} ${s}`) !== v)
      .map(([s]) => `${o.id} ${s}`),
  );
  assert.deepEqual(d.cells.map((c) => `${c.operationId} ${c.status}`).sort(), changed.sort());
  const keysA = new Set(ra.failures.map(key));
  const keysB = new Set(rb.failures.map(key));
  assert.deepEqual(d.newFailures.map(key).sort(), [...keysB].filter((k) => !keysA.has(k)).sort());
  assert.deepEqual(d.vanishedFailures.map(key).sort(), [...keysA].filter((k) => !keysB.has(k)).sort());
});
