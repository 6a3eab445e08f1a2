/**
 * `npm run judge` on the HAR `npm start` wrote: against a defective reference server, the recording
 * fails with the same check and clause as the run for every failure whose check judges recorded
 * exchanges; against the conforming one, it passes. Its Allure results name each failed verdict, as a run's do.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
      failures: { check: string; clause: { id: string; quote: string } | null; testId?: string }[];
      totals?: { passed: number; skipped: number };
    };
    const runKeys = new Set((run.report?.failures ?? []).map(keyOf));
    const judgedKeys = new Set(judged.failures.map(keyOf));
    for (const key of runKeys)
      assert.ok(judgedKeys.has(key), `the run failed ${key}; the judge: ${[...judgedKeys].join(', ') || 'nothing'}`);
    for (const key of judgedKeys) assert.ok(runKeys.has(key), `the judge failed ${key}, which the run did not`);

    // The Allure results, as a run's: each judged page a test, its exchanges steps carrying their verdicts; a
    // failed page labelled with its failed verdict's check and clause, the exchange it judged marked, the sentence quoted.
    const results = allureResults(judgedDir);
    assert.equal(results.length, judged.failures.length + (judged.totals?.passed ?? 0) + (judged.totals?.skipped ?? 0));
    assert.ok(existsSync(join(judgedDir, 'allure-report', 'index.html')), 'the HTML report is built');
    const failed = results.filter((r) => r.status === 'failed');
    assert.equal(failed.length, judged.failures.length);
    for (const f of judged.failures) {
      const result = failed.find((r) => r.labels.some((l) => l.name === 'testId' && l.value === f.testId));
      assert.ok(result, `an Allure result for the failed page ${f.testId ?? ''}`);
      const label = (name: string): string | undefined => result.labels.find((l) => l.name === name)?.value;
      assert.equal(label('check'), f.check);
      assert.equal(label('clause'), f.clause?.id);
      assert.ok(result.statusDetails.message?.includes(f.clause?.quote ?? '\u0000'), 'the message quotes the sentence');
      const marked = result.steps.filter((s) => s.name.startsWith('\u2717 '));
      assert.equal(marked.length, 1, 'the exchange the failed verdict judged is marked');
      assert.ok(
        marked[0]?.steps.some((v) => v.status === 'failed' && v.name === `failed: ${f.check} (${f.clause?.id ?? ''})`),
        'its failed verdict is a step of it',
      );
    }
    assert.ok(
      results.every((r) => r.steps.every((s) => s.attachments.length === 1)),
      'each exchange step holds its text',
    );
  });

interface AllureStep {
  name: string;
  status: string;
  steps: AllureStep[];
  attachments: { source: string }[];
}
interface AllureResult extends AllureStep {
  labels: { name: string; value: string }[];
  statusDetails: { message?: string };
}

function allureResults(dir: string): AllureResult[] {
  const results = join(dir, 'allure-results');
  return readdirSync(results)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(results, f), 'utf8')) as AllureResult);
}
