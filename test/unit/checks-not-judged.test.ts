/**
 * What the suite may not judge (D62): a verdict never rests on an answer the target said it did not
 * process (429/503 whose retries ran out), and a failure never rests on a write sent again after a
 * reset of a reused connection. `enforce` then records nothing and throws a NotJudgedError; a failed
 * test holding such an exchange ends "not judged" with its cause (specs/kit/evidence.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectNoServerError, expectResponse, expectStatus } from '../../src/checks';
import { NotJudgedError } from '../../src/checks/check-error';
import { CheckError } from '../../src/checks/check-error';
import type { Verdict } from '../../src/checks/verdict';
import { unattributed } from '../../src/checks/judge';
import { exchange, judged } from './checks-kit';

const refused = (): ReturnType<typeof exchange> => ({
  ...exchange({ status: 429, method: 'POST', operationId: 'rm.candidates.create' }),
  unjudged: 'the target still answered 429 after 6 attempts and 19 s of waiting: the request was not processed',
});
const resent = (status: number | null): ReturnType<typeof exchange> => ({
  ...exchange({ status, method: 'POST', operationId: 'rm.candidates.create' }),
  retries: 1,
  ambiguous: 'a POST sent again after a reset of a reused connection: the first may have reached the target and taken effect',
});

void test('no verdict, passed or failed, rests on an answer the target did not process', () => {
  const ex = refused();
  const failing = judged(() => expectStatus(ex, 201, { clause: 'rm.op.candidates.create' }));
  assert.deepEqual(failing.verdicts, []);
  assert.ok(failing.thrown instanceof NotJudgedError);
  assert.match((failing.thrown as NotJudgedError).reason, /POST \/v2\/candidates -> 429: the target still answered 429/);
  // A 429 is no 5xx: the check would pass, and still records nothing.
  const passing = judged(() => expectNoServerError(ex, 'rm.op.candidates.create'));
  assert.deepEqual(passing.verdicts, []);
  assert.ok(passing.thrown instanceof NotJudgedError);
});

void test('a failure never rests on a write sent again after a reset; a pass does', () => {
  const answered = resent(201);
  const pass = judged(() => expectStatus(answered, 201, { clause: 'rm.op.candidates.create' }));
  assert.equal(pass.thrown, null);
  assert.equal(pass.verdicts[0]?.verdict, 'passed');
  const fail = judged(() => expectStatus(resent(422), 201, { clause: 'rm.op.candidates.create' }));
  assert.deepEqual(fail.verdicts, []);
  assert.ok(fail.thrown instanceof NotJudgedError);
});

void test('a reset on a fresh connection is judged: the transport check fails it', () => {
  const ex = {
    ...exchange({ status: null, method: 'POST' }),
    error: 'connection reset by the target on a fresh connection',
    connection: 'fresh' as const,
  };
  const { thrown, verdicts } = judged(() => expectResponse(ex, 'rm.op.candidates.create'));
  assert.ok(thrown instanceof CheckError);
  assert.equal(thrown.check, 'transport');
  assert.match(verdicts[0]?.detail ?? '', /no response: connection reset by the target on a fresh connection/);
});

void test('a failed test is not judged when its failure rests on such an exchange, or it failed without a verdict after one', () => {
  const plain = exchange({ status: 200 });
  const lost = refused();
  const again = resent(422);
  const failure = (seq: number): Verdict => ({
    check: 'status',
    clause: 'rm.op.candidates.create',
    verdict: 'failed',
    detail: 'x',
    exchangeSeq: seq,
    operationId: 'rm.candidates.create',
    cells: [],
    judgesStatus: true,
  });
  assert.equal(unattributed([plain], failure(plain.seq)), null, 'an ordinary failure is judged');
  assert.equal(unattributed([plain, again], failure(plain.seq)), null, 'a failure on another exchange is judged');
  assert.match(unattributed([plain, again], { ...failure(plain.seq), alsoJudged: [again.seq] }) ?? '', /may have reached the target/);
  assert.match(
    unattributed([plain, lost], null) ?? '',
    /-> 429: the target still answered 429/,
    'no verdict (a NotJudgedError or the suite’s error)',
  );
  assert.match(unattributed([again, lost], null) ?? '', /429/, 'the unprocessed answer is named first');
  assert.equal(unattributed([plain], null), null, "the suite's own error stays an error");
});
