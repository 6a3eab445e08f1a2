/**
 * status: the status the document's row or rule gives for this request. The checks whose judgement
 * is a status (not-found, auth-enforced, validation, membership, ...) judge it with `enforceStatus`
 * under their own name, each from its own file; the verdict speaks for the documented cells it
 * expected, so a pass earns them and a failure fails them. Before any status, a 5xx is named for
 * what it is (no-server-error) and a missing answer is 'transport'.
 */
import { operation } from '../../../contract/catalogue';
import type { OperationSpec } from '../../../contract/catalogue/types';
import { describe, type Exchange } from '../../http/exchange';
import { asCited, defineCheck, type CheckDef, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import type { ReadingOutcome } from '../readings';
import { refusalOf } from '../refusal';
import noServerError, { expectNoServerError } from './no-server-error';
import { expectResponse } from './transport';

const status = defineCheck({
  name: 'status',
  summary: 'the answer carries the status the document gives for this request',
  cites: [
    'rm.op.',
    'rm.state.',
    'rm.rule.',
    'rm.error.',
    'rm.query.',
    'rm.limit.cap',
    'rm.auth.date-header',
    'rm.filter.',
    'rm.include.',
    'hr.op.',
    'hr.rule.',
    'hr.state.',
    'v3.dates',
    'v3.error.validation',
    'learning.op.',
    'learning.state.',
    'learning.rule.',
    'learning.msg.',
  ],
});
export default status;

export type ExpectedStatus = number | readonly number[] | '2xx' | '4xx';

/** An exchange that has an answer. */
export type Answered = Exchange & { response: NonNullable<Exchange['response']> };

export function statusMatches(code: number, expected: ExpectedStatus): boolean {
  if (expected === '2xx') return code >= 200 && code < 300;
  if (expected === '4xx') return code >= 400 && code < 500;
  return typeof expected === 'number' ? code === expected : expected.includes(code);
}

function text(expected: ExpectedStatus): string {
  return typeof expected === 'string' || typeof expected === 'number' ? String(expected) : expected.join(' or ');
}

/** The matrix cells an expectation names ("201", "200" and "201", "4xx"). */
export function expectedCells(expected: ExpectedStatus): string[] {
  return typeof expected === 'string' ? [expected] : typeof expected === 'number' ? [String(expected)] : expected.map(String);
}

/**
 * The predicate: the answered status is the expected one. In v3 (001 §7.1 "Failed validation returns
 * a validation message in the response; generic HTTP status errors may also occur"; §7.4 statuses not
 * shown) the answer is read as well: a 2xx whose body plainly refuses (../refusal.ts) is a refusal, so
 * it meets an expected "4xx" (any refusal) and fails an expected success.
 */
export function statusOutcome(exchange: Answered, expected: ExpectedStatus, why?: string): Outcome {
  const code = exchange.response.status;
  const refusal = refusalOf(exchange);
  const because = why ? ` (${why})` : '';
  if (refusal !== null && expected === '4xx') return CONFORMS;
  if (refusal !== null && statusMatches(code, expected))
    return nonConforming(
      `${describe(exchange)}, but the body refuses (${refusal}): expected ${text(expected)} accepting it${because}; body: ${bodyExcerpt(exchange)}`,
    );
  return statusMatches(code, expected)
    ? CONFORMS
    : nonConforming(`${describe(exchange)}, expected ${text(expected)}${because}; body: ${bodyExcerpt(exchange)}`);
}

export interface StatusJudgement {
  /** Words that say why this outcome is expected. */
  why?: string;
  /** A 5xx where another status was expected is judged by 'no-server-error' (the caller named no check). */
  serverErrorApart?: boolean;
  /** The check's own predicate of the answered status (default: statusOutcome of `expected`). */
  outcome?: (exchange: Answered) => Outcome;
  /** The readings of an ambiguous sentence that judge the answered status (src/readings): its outcome, named in the verdict. */
  reading?: (exchange: Answered) => ReadingOutcome;
}

/**
 * Judges the status of `exchange` under `check`: no answer fails 'transport'; otherwise one verdict
 * that judges the status and speaks for the cells `expected` names (only those it matched, on a pass).
 */
export function enforceStatus<D extends CheckDef>(
  check: D,
  clause: CitedBy<D>,
  exchange: Exchange,
  expected: ExpectedStatus,
  options: StatusJudgement = {},
): void {
  const cells = expectedCells(expected);
  expectResponse(exchange, clause as never, { expectedCells: cells });
  const code = exchange.response.status;
  const matches = statusMatches(code, expected);
  const read = options.reading ? options.reading(exchange) : null;
  const outcome = read ? read.outcome : options.outcome ? options.outcome(exchange) : statusOutcome(exchange, expected, options.why);
  // A refusal in a 2xx (v3, statusOutcome) meets an expected "4xx" without answering one: it speaks for no cell.
  const matched = matches ? cells.filter((c) => statusMatches(code, c === '2xx' || c === '4xx' ? c : Number(c))) : outcome.ok ? [] : cells;
  const verdict = { expectedCells: matched, judgesStatus: true, ...(read ? { reading: read.judgement } : {}) };
  if (options.serverErrorApart && code >= 500 && !matches) enforce(noServerError, clause as never, exchange, outcome, verdict);
  else enforce(check, clause, exchange, outcome, verdict);
}

/**
 * The status check's wrapper: the answer carries the status `expected` (a missing answer is
 * 'transport', a 5xx where another status was expected 'no-server-error'). expect-status.ts's
 * expectStatus comes here when no other check is named.
 */
export function expectAnswerStatus(exchange: Exchange, expected: ExpectedStatus, clause: CitedBy<typeof status>, why?: string): void {
  enforceStatus(status, clause, exchange, expected, { ...(why === undefined ? {} : { why }), serverErrorApart: true });
}

/**
 * No 5xx, then the status `expected` under `check` (both citing `clause`), judged by `outcome`: the
 * check's own predicate (it must accept exactly the statuses `expected` names, whose cells the verdict speaks for).
 */
export function enforceAnswer<D extends CheckDef>(
  check: D,
  clause: CitedBy<D>,
  exchange: Exchange,
  expected: ExpectedStatus,
  outcome: (exchange: Answered) => Outcome,
): void {
  expectNoServerError(exchange, clause as never);
  enforceStatus(check, clause, exchange, expected, { outcome });
}

/** The catalogue operation an exchange named (a programming error when it named none). */
export function operationOf(exchange: Exchange): OperationSpec {
  if (!exchange.operationId) throw new Error(`${describe(exchange)}: the exchange names no catalogue operation`);
  return operation(exchange.operationId);
}

/** The clause of the row that documents `statusCode` for the exchange's operation, as one `check` cites. */
export function rowClause<D extends CheckDef>(check: D, exchange: Exchange, statusCode: string): CitedBy<D> {
  const op = operationOf(exchange);
  const row = op.responses.find((r) => r.status === statusCode);
  if (!row) throw new Error(`${op.id} documents no status ${statusCode}`);
  return asCited(check, row.clause);
}

/**
 * The documented answer: no 5xx, then one of `statuses` of the exchange's operation (each must be
 * documented: a programming error otherwise), judged by `check` with the clause of the first row.
 */
export function enforceDocumentedStatus<D extends CheckDef>(
  check: D,
  exchange: Exchange,
  statuses: readonly string[],
  op: OperationSpec = operationOf(exchange),
  outcome?: (exchange: Answered) => Outcome,
): void {
  const rows = statuses.map((s) => {
    const r = op.responses.find((x) => x.status === s);
    if (!r) throw new Error(`${op.id} documents no status ${s}`);
    return r;
  });
  const first = rows[0];
  if (!first) throw new Error('enforceDocumentedStatus: no status given');
  expectNoServerError(exchange, asCited(noServerError, first.clause));
  const expected: ExpectedStatus =
    statuses.length === 1 && /^\dxx$/.test(first.status) ? (first.status as '2xx' | '4xx') : statuses.map(Number);
  enforceStatus(check, asCited(check, first.clause), exchange, expected, outcome ? { outcome } : {});
}
