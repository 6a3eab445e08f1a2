import { test } from 'node:test';
import assert from 'node:assert/strict';
import { faultVerdict, variantVerdict } from '../../proof/fault-run/verdicts';
import { clauseProof } from '../../proof/fault-run/report';
import type { SuiteRun } from '../../proof/fault-run/run-suite';
import type { ConformanceReport } from '../../src/reporting/conformance-types';

const fault = { name: 'rm.x', api: 'rm' as const, clause: '000 §5.4', expectedCheck: 'auth-enforced', description: '' };

function run(exitCode: number, checks: string[][]): SuiteRun {
  const report = {
    failures: checks.flatMap((c) => c.map((check) => ({ test: 't', file: 'f', check, message: 'm' }))),
  } as unknown as ConformanceReport;
  return { exitCode, seconds: 1.23, report, tail: '' };
}

test('a fault is caught only when a failure names its declared check', () => {
  assert.equal(faultVerdict(fault, run(1, [['status'], ['auth-enforced']])).caught, true);
  const wrong = faultVerdict(fault, run(1, [['status']]));
  assert.equal(wrong.caught, false);
  assert.match(wrong.note ?? '', /not by auth-enforced/);
  assert.equal(faultVerdict(fault, run(0, [])).caught, false);
  assert.equal(faultVerdict(fault, run(2, [['auth-enforced']])).caught, false, 'a run that could not start proves nothing');
});

test('a variant passes only when the suite passes', () => {
  const variant = { name: 'v', api: 'rm' as const, clause: 'c', description: '' };
  assert.equal(variantVerdict(variant, run(0, [])).passed, true);
  const failed = variantVerdict(variant, run(1, [['schema']]));
  assert.equal(failed.passed, false);
  assert.match(failed.failures?.[0] ?? '', /\[schema\]/);
});

test('every clause the suite enforces is listed with the faults that break it; one no fault breaks is unproven', () => {
  const proof = clauseProof({ 'rm.auth.401': { checks: ['auth-enforced'] }, 'rm.op.lists.list': { checks: ['status', 'schema'] } }, [
    { name: 'rm.auth.status-403', clause: 'rm.auth.401' },
    { name: 'rm.other', clause: 'rm.error.404' },
  ]);
  assert.deepEqual(proof.clauses, [
    { id: 'rm.auth.401', checks: ['auth-enforced'], faults: ['rm.auth.status-403'] },
    { id: 'rm.op.lists.list', checks: ['schema', 'status'], faults: [] },
  ]);
  assert.deepEqual(proof.unproven, ['rm.op.lists.list']);
});
