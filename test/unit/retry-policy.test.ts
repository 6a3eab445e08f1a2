/** src/http/retry.ts: when the client sends a request again, and what an answer it cannot send again means (D60-D62). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ambiguityOf, CONNECTION_RESET, nextStep, retryAfterMs, RETRY_LIMITS, type AttemptOutcome } from '../../src/http/retry';

const answered = (status: number, headers: Record<string, string> = {}, method = 'POST'): AttemptOutcome => ({
  method,
  response: { status, headers, text: '', truncated: false, bytes: 0 },
  error: null,
  connection: null,
});
const reset = (connection: AttemptOutcome['connection'], method = 'POST'): AttemptOutcome => ({
  method,
  response: null,
  error: CONNECTION_RESET,
  connection,
});
const first = { attempts: 1, waitedMs: 0, backoffs: 0 };

void test('Retry-After: delta-seconds and an HTTP-date (RFC 9110 §10.2.3); anything else is none', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(retryAfterMs('1', now), 1000);
  assert.equal(retryAfterMs(' 0 ', now), 0);
  assert.equal(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now), 3000);
  assert.equal(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now), 0, 'a date gone by: no wait');
  assert.equal(retryAfterMs(undefined, now), null);
  assert.equal(retryAfterMs('soon', now), null);
  assert.equal(retryAfterMs('-1', now), null);
  assert.equal(retryAfterMs('1.5', now), null);
});

void test('429 or 503 with Retry-After: waited out and sent again, whatever the method', () => {
  for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'])
    for (const status of [429, 503]) {
      const step = nextStep(answered(status, { 'retry-after': '1' }, method), first);
      assert.equal(step.kind, 'wait', `${method} ${status}`);
      if (step.kind === 'wait') {
        assert.equal(step.waitMs, 1000);
        assert.equal(step.backoff, false);
        assert.match(step.why, new RegExp(`^${status} with Retry-After: 1: waited 1000 ms`));
      }
    }
});

void test("429 without Retry-After: the suite's back-off, doubled per 429 and bounded, said so", () => {
  const waits = [0, 1, 2, 3, 4, 5].map((backoffs) => {
    const step = nextStep(answered(429), { attempts: 1, waitedMs: 0, backoffs });
    assert.equal(step.kind, 'wait');
    return step.kind === 'wait' ? step.waitMs : -1;
  });
  assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, 8000]);
  const step = nextStep(answered(429), first);
  assert.ok(step.kind === 'wait' && step.backoff && /without Retry-After: backed off 500 ms \(the suite's rule/.test(step.why));
});

void test('503 without Retry-After is an ordinary server error: kept, judged', () => {
  assert.deepEqual(nextStep(answered(503), first), { kind: 'keep' });
  assert.deepEqual(nextStep(answered(503, { 'retry-after': 'later' }), first), { kind: 'keep' });
  assert.deepEqual(nextStep(answered(500, { 'retry-after': '1' }), first), { kind: 'keep' });
});

void test('tries or wait budget spent, or a wait longer than the budget: the answer is kept and unjudged, never waited out', () => {
  const spent = nextStep(answered(429, { 'retry-after': '1' }), { attempts: RETRY_LIMITS.attempts, waitedMs: 5000, backoffs: 0 });
  assert.equal(spent.kind, 'keep');
  assert.match(spent.kind === 'keep' ? (spent.unjudged ?? '') : '', /still answered 429 after 6 attempts .* not processed/);
  const budget = nextStep(answered(503, { 'retry-after': '2' }), { attempts: 2, waitedMs: RETRY_LIMITS.waitBudgetMs - 1000, backoffs: 0 });
  assert.ok(budget.kind === 'keep' && budget.unjudged);
  const long = nextStep(answered(429, { 'retry-after': '3600' }), first);
  assert.ok(long.kind === 'keep' && /asked for a wait of 3600000 ms, longer than the suite waits/.test(long.unjudged ?? ''));
});

void test('a reset before any answer on a reused connection: sent again on a fresh one; on a fresh connection: the target’s', () => {
  for (const method of ['GET', 'POST', 'PATCH', 'PUT']) {
    const step = nextStep(reset('reused', method), first);
    assert.equal(step.kind, 'fresh', method);
  }
  assert.deepEqual(nextStep(reset('fresh'), first), { kind: 'keep' });
  assert.deepEqual(nextStep(reset(null), first), { kind: 'keep' }, 'never written, or not known: not the race');
  const outOfTries = nextStep(reset('reused'), { attempts: RETRY_LIMITS.attempts, waitedMs: 0, backoffs: 0 });
  assert.ok(outOfTries.kind === 'keep' && /whether the target or the connection failed is not known/.test(outOfTries.unjudged ?? ''));
  const timeOut: AttemptOutcome = {
    method: 'GET',
    response: null,
    error: 'time-out: no complete answer within 5000 ms',
    connection: 'reused',
  };
  assert.deepEqual(nextStep(timeOut, first), { kind: 'keep' });
});

void test('a request sent again after a reset is ambiguous unless its method is safe (RFC 9110 §9.2.1)', () => {
  assert.equal(ambiguityOf('GET'), null);
  assert.equal(ambiguityOf('HEAD'), null);
  for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'])
    assert.match(ambiguityOf(method) ?? '', /may have reached the target and taken effect/);
});
