/**
 * `npm run judge` on the HAR `npm start` wrote: against a defective reference server, the recording
 * fails with the same check and clause as the run for every failure whose check judges recorded
 * exchanges; against the conforming one, it passes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeRun, runPlaywright, runTsx, scratchDir, ROOT } from './support/suite';

const keyOf = (f: { check: string; clause: { id: string } | null }): string => `${f.check} ${f.clause?.id ?? ''}`;

for (const [fault, projects] of [
  ['rm.candidates.create.status-200', ['rm']],
  ['hr.token.no-store-missing', ['hr']],
  ['rm.auth.401-without-challenge', ['rm']],
  [null, ['rm', 'hr']],
] as const)
  test(`the HAR of a run ${fault ? `against ${fault}` : 'against the conforming reference server'} judges as the run did`, async () => {
    const reportsDir = scratchDir(`judge-${fault ?? 'conforming'}`);
    const run = await runPlaywright(
      projects.flatMap((p) => ['--project', p]),
      { reportsDir, env: { CONFORMANCE_EMBEDDED: '1', ...(fault ? { REFERENCE_FAULTS: fault } : {}), CONFORMANCE_LEAN: '' } },
    );
    assert.equal(run.exitCode, fault ? 1 : 0, describeRun(run));
    const judgedDir = scratchDir(`judged-${fault ?? 'conforming'}`);
    const judge = await runTsx('src/cli/judge.ts', [join(reportsDir, 'exchanges.har'), '--out', judgedDir], {
      cwd: ROOT,
      reportsDir: judgedDir,
    });
    assert.equal(judge.exitCode, fault ? 1 : 0, describeRun(judge));
    const judged = JSON.parse(readFileSync(join(judgedDir, 'conformance.json'), 'utf8')) as {
      failures: { check: string; clause: { id: string } | null }[];
    };
    const runKeys = new Set((run.report?.failures ?? []).map(keyOf));
    const judgedKeys = new Set(judged.failures.map(keyOf));
    for (const key of runKeys)
      assert.ok(judgedKeys.has(key), `the run failed ${key}; the judge: ${[...judgedKeys].join(', ') || 'nothing'}`);
    for (const key of judgedKeys) assert.ok(runKeys.has(key), `the judge failed ${key}, which the run did not`);
  });
