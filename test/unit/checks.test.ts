/**
 * The check registry: every check cites clauses that exist, the vocabulary is derived from it, and a
 * failure names its check and quotes its clause.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLAUSES } from '../../contract/clauses';
import {
  CHECK_LIST,
  CHECK_NAMES,
  CheckError,
  asCited,
  CHECKS,
  enforce,
  nonConforming,
  CONFORMS,
  pendingFailure,
  expectStatus,
} from '../../src/checks';
import type { Exchange } from '../../src/http/exchange';
import { judged } from './checks-kit';

test('every citation of every check is a clause id, or a prefix that matches at least one clause', () => {
  const ids = Object.keys(CLAUSES);
  const dangling: string[] = [];
  for (const check of CHECK_LIST) {
    for (const c of check.cites) {
      const ok = c.endsWith('.') ? ids.some((id) => id.startsWith(c)) : ids.includes(c);
      if (!ok) dangling.push(`${check.name}: ${c}`);
    }
  }
  assert.deepEqual(dangling, []);
});

test('the vocabulary of check names is the registry, one file each', () => {
  assert.deepEqual(Object.keys(CHECK_NAMES).sort(), CHECK_LIST.map((c) => c.name).sort());
  assert.equal(new Set(CHECK_LIST.map((c) => c.name)).size, CHECK_LIST.length);
});

function exchange(status: number | null, operationId: string | null = 'hr.employee.put', seq = 7): Exchange {
  return {
    seq,
    api: 'hr',
    operationId,
    request: { method: 'PUT', url: 'http://127.0.0.1:1/v3/t/hrcore/employee', headers: {}, body: '{}' },
    response: status === null ? null : { status, headers: {}, text: '{"message":"x"}', truncated: false, bytes: 15 },
    error: status === null ? 'time-out: no complete answer within 5000 ms' : null,
    durationMs: 1,
    retries: 0,
    curl: 'curl',
  };
}

test('a failure is a verdict: check, clause, exchange and cells as data; the message quotes the clause word for word', () => {
  const { verdicts, thrown } = judged(() =>
    enforce(CHECKS['auth-enforced'], 'rm.auth.401', exchange(200, 'rm.lists.list'), nonConforming('GET /lists -> 200 without credentials')),
  );
  assert.ok(thrown instanceof CheckError);
  assert.deepEqual(thrown.verdict, verdicts[0]);
  assert.equal(thrown.verdict.check, 'auth-enforced');
  assert.equal(thrown.verdict.clause, 'rm.auth.401');
  assert.equal(thrown.verdict.exchangeSeq, 7);
  assert.equal(thrown.verdict.operationId, 'rm.lists.list');
  assert.deepEqual(thrown.verdict.cells, ['200']);
  assert.ok(thrown.message.includes(CLAUSES['rm.auth.401'].quote));
});

test('a pass is recorded too, and the pending failure is the last failed verdict', () => {
  const { verdicts } = judged(() => {
    enforce(CHECKS.status, 'hr.op.employee', exchange(204), CONFORMS, { judgesStatus: true, expectedCells: ['2xx'] });
    assert.equal(pendingFailure(), null);
  });
  assert.deepEqual(
    verdicts.map((v) => [v.check, v.verdict, v.cells, v.judgesStatus]),
    [['status', 'passed', ['2xx'], true]],
  );
});

test('a status judgement speaks for the cells it expected: a concrete status maps to the class an operation documents', () => {
  const ok = judged(() => expectStatus(exchange(403), [401, 403], { check: 'auth-enforced', clause: 'v3.auth.token' }));
  assert.equal(ok.thrown, null);
  assert.deepEqual(ok.verdicts[0]?.cells, ['4xx']);
  const bad = judged(() => expectStatus(exchange(200), '4xx', { check: 'validation', clause: 'hr.rule.message' }));
  assert.ok(bad.thrown instanceof CheckError);
  assert.deepEqual(bad.verdicts[0]?.cells, ['4xx']);
  assert.equal(bad.verdicts[0]?.verdict, 'failed');
  const none = judged(() => expectStatus(exchange(null), '2xx', { clause: 'hr.op.employee' }));
  assert.equal((none.thrown as CheckError).verdict.check, 'transport');
  assert.deepEqual(none.verdicts[0]?.cells, ['2xx'], 'no answer fails the cell it expected');
  const server = judged(() => expectStatus(exchange(502, 'rm.lists.list'), 200, { clause: 'rm.op.lists.list' }));
  assert.equal((server.thrown as CheckError).verdict.check, 'no-server-error');
});

test('a clause read from data must be one the check cites', () => {
  assert.equal(asCited(CHECKS.membership, 'rm.state.list-add'), 'rm.state.list-add');
  assert.throws(() => asCited(CHECKS.membership, 'rm.auth.401'), /does not cite/);
  assert.throws(() => asCited(CHECKS.membership, 'rm.no.such.clause'), /unknown clause/);
});
