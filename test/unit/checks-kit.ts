/**
 * Hand-made exchanges and a verdict sink for the unit tests of the checks (test/unit/checks-*.test.ts):
 * each predicate is tried on a conforming and a non-conforming exchange, each wrapper for the verdict
 * it records (check, clause, the exchange it is about, the others it read, cells).
 */
import assert from 'node:assert/strict';
import { setVerdictSink, type Outcome, type Page, type Verdict } from '../../src/checks';
import type { ApiName } from '../../contract/catalogue/types';
import type { Exchange } from '../../src/http/exchange';

export interface ExchangeSpec {
  seq?: number;
  api?: ApiName;
  operationId?: string | null;
  method?: string;
  path?: string;
  /** null: no answer (a time-out). */
  status?: number | null;
  /** The body: a string as it is, anything else as JSON. */
  body?: unknown;
  /** Response headers (lower-case names, as the client records them). */
  headers?: Record<string, string>;
}

let nextSeq = 100;

/** An exchange as the client records it; seq numbers are unique unless given. */
export function exchange(spec: ExchangeSpec = {}): Exchange {
  const status = spec.status === undefined ? 200 : spec.status;
  const text = spec.body === undefined ? '' : typeof spec.body === 'string' ? spec.body : JSON.stringify(spec.body);
  nextSeq += 1;
  return {
    seq: spec.seq ?? nextSeq,
    api: spec.api ?? 'rm',
    operationId: spec.operationId === undefined ? 'rm.candidates.list' : spec.operationId,
    request: { method: spec.method ?? 'GET', url: `http://127.0.0.1:1/v2${spec.path ?? '/candidates'}`, headers: {}, body: null },
    response: status === null ? null : { status, headers: spec.headers ?? {}, text, truncated: false, bytes: text.length },
    error: status === null ? 'time-out: no complete answer within 5000 ms' : null,
    durationMs: 1,
    retries: 0,
    curl: 'curl',
  };
}

/** An exchange with an answer (for predicates that take one). */
export function answered(spec: ExchangeSpec = {}): Exchange & { response: NonNullable<Exchange['response']> } {
  const ex = exchange(spec);
  if (!ex.response) throw new Error('answered: give a status');
  return ex as Exchange & { response: NonNullable<Exchange['response']> };
}

/** A page of records with these ids, answered by `ex` (a fresh GET /candidates when not given). */
export function page(ids: readonly string[], ex: Exchange = exchange()): Page<{ id: string; attributes: Record<string, unknown> }> {
  return { exchange: ex, records: ids.map((id) => ({ id, attributes: {} })) };
}

/** Runs `fn` with a verdict sink: the verdicts it recorded and what it threw. */
export function judged(fn: () => void): { verdicts: Verdict[]; thrown: unknown } {
  const verdicts: Verdict[] = [];
  setVerdictSink({ record: (v) => verdicts.push(v) });
  let thrown: unknown = null;
  try {
    fn();
  } catch (error) {
    thrown = error;
  } finally {
    setVerdictSink(null);
  }
  return { verdicts, thrown };
}

export function conforms(outcome: Outcome): void {
  assert.deepEqual(outcome, { ok: true });
}

/** The outcome is a failure whose detail holds every one of `words`. */
export function fails(outcome: Outcome, ...words: string[]): void {
  assert.equal(outcome.ok, false, 'expected a non-conforming outcome');
  if (outcome.ok) return;
  for (const w of words) assert.ok(outcome.detail.includes(w), `detail "${outcome.detail}" lacks "${w}"`);
}

export interface Expected {
  check: string;
  clause: string;
  verdict: 'passed' | 'failed';
  /** The exchange the judgement is about (null: none). */
  about: Exchange | null;
  /** The others it read, in order (default none). */
  also?: readonly Exchange[];
  cells?: readonly string[];
  judgesStatus?: boolean;
}

/** The last verdict `fn` recorded is `expected`; returns it. A failure must have thrown it. */
export function verdictOf(fn: () => void, expected: Expected): Verdict {
  const { verdicts, thrown } = judged(fn);
  const v = verdicts[verdicts.length - 1];
  assert.ok(v, 'no verdict recorded');
  assert.equal(v.check, expected.check);
  assert.equal(v.clause, expected.clause);
  assert.equal(v.verdict, expected.verdict);
  assert.equal(v.exchangeSeq, expected.about?.seq ?? null);
  assert.deepEqual(
    v.alsoJudged ?? [],
    (expected.also ?? []).map((e) => e.seq),
  );
  if (expected.cells) assert.deepEqual(v.cells, expected.cells);
  if (expected.judgesStatus !== undefined) assert.equal(v.judgesStatus, expected.judgesStatus);
  if (expected.verdict === 'failed') {
    assert.ok(thrown instanceof Error && thrown.name === 'CheckError', `expected a CheckError, got ${String(thrown)}`);
  } else {
    assert.equal(thrown, null, `unexpected throw: ${String(thrown)}`);
  }
  return v;
}

/** A token endpoint's answer (RFC 6749 §5.1, §5.2) recorded as its exchange: `body` as JSON, `headers` as given. */
export function tokenAnswer(
  status: number,
  body: Record<string, unknown> | null,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): { status: number; body: Record<string, unknown> | null; text: string; exchange: Exchange } {
  const text = body === null ? '' : JSON.stringify(body);
  return {
    status,
    body,
    text,
    exchange: exchange({ api: 'hr', operationId: null, method: 'POST', path: '/oauth/token', status, body: text, headers }),
  };
}
