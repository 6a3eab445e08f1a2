/**
 * The reports folder holds one run: `npm start` replaces its own files with the new run's, removes
 * what other commands wrote about an earlier run (diff, statement, the old fault-run layout), and
 * leaves the folders other commands own, each named by its command (src/runner/run-info.ts).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { installRun } from '../../src/cli/start-end';
import { OWNED_ELSEWHERE, RUN_REPORT_FILES, STALE_AFTER_A_RUN } from '../../src/runner/run-info';

test('installRun: the new run in, an earlier run\u2019s diff, statement and old fault-run files out, other commands\u2019 folders kept', () => {
  const reports = mkdtempSync(join(tmpdir(), 'reports-'));
  const staging = join(reports, '.next');
  mkdirSync(staging);
  for (const f of ['conformance.json', 'conformance.md', 'exchanges.har']) writeFileSync(join(staging, f), 'new');
  for (const f of ['conformance.json', 'junit.xml', 'diff.md', 'diff.json', 'statement.json', 'faults.md', 'faults.json', 'bench.json'])
    writeFileSync(join(reports, f), 'old');
  for (const d of ['faults', 'fault-run', 'personas', 'bench', 'replay-cr1234abcd', 'allure-report']) mkdirSync(join(reports, d));
  installRun(reports, staging);
  assert.deepEqual(readdirSync(reports).sort(), [
    'bench',
    'conformance.json',
    'conformance.md',
    'exchanges.har',
    'fault-run',
    'personas',
    'replay-cr1234abcd',
  ]);
  // What stays is the run's own, or a folder that names the command that owns it.
  for (const name of readdirSync(reports))
    assert.ok(
      RUN_REPORT_FILES.includes(name) || OWNED_ELSEWHERE.some((o) => (typeof o.name === 'string' ? o.name === name : o.name.test(name))),
      `${name} is neither the run's nor named by its command`,
    );
  assert.ok(!STALE_AFTER_A_RUN.some((n) => RUN_REPORT_FILES.includes(n)));
});
