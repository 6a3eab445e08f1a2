/**
 * The one way a check delivers its judgement: `enforce(check, clause, exchanges, outcome)` records
 * a verdict (passed or failed) for the running test and, when the outcome is a failure, throws a
 * CheckError carrying that verdict. A check file computes the outcome with its own predicate (a
 * pure function of exchanges or of what they showed); specs never judge with a bare condition.
 */
import { operation } from '../../contract/catalogue';
import { describe, type Exchange } from '../http/exchange';
import type { ReadingJudgement } from '../readings';
import { CheckError, NotJudgedError } from './check-error';
import type { CheckDef, CitedBy } from './define';
import { cellOf, clearPendingFailure, judged, recordVerdict, type Verdict } from './verdict';

/** What a predicate found: conforming, or not, with what was seen. */
export type Outcome = { readonly ok: true } | { readonly ok: false; readonly detail: string };

export const CONFORMS: Outcome = Object.freeze({ ok: true });

export function nonConforming(detail: string): Outcome {
  return { ok: false, detail };
}

export interface EnforceOptions {
  /** The status cells a status judgement expected (else: the cell of the answered status). */
  expectedCells?: readonly string[];
  /** The judgement is about the status itself, so a pass can earn the cell. */
  judgesStatus?: boolean;
  /** The readings of an ambiguous sentence the judgement relied on (src/readings). */
  reading?: ReadingJudgement;
}

/** The documented statuses of the exchange's operation, or none when it named no operation. */
function documentedOf(exchange: Exchange | undefined): string[] {
  if (!exchange?.operationId) return [];
  try {
    return operation(exchange.operationId).responses.map((r) => r.status);
  } catch {
    return [];
  }
}

/** Builds the verdict of `check` on `exchanges` (the first is the one it is about). */
export function verdictOf<D extends CheckDef>(
  check: D,
  clause: CitedBy<D>,
  exchanges: Exchange | readonly Exchange[] | null,
  outcome: Outcome,
  options: EnforceOptions = {},
): Verdict {
  const list: readonly Exchange[] = exchanges === null ? [] : Array.isArray(exchanges) ? exchanges : [exchanges as Exchange];
  const first = list[0];
  const documented = documentedOf(first);
  const answered = cellOf(documented, first?.response?.status);
  // An expected "401" speaks for the cell "401", or for "4xx" where the operation documents only classes.
  const expected = (options.expectedCells ?? []).map((c) =>
    /^\d{3}$/.test(c) ? cellOf(documented, Number(c)) : documented.includes(c) ? c : null,
  );
  const cells = options.expectedCells ? [...new Set(expected.filter((c): c is string => c !== null))] : answered !== null ? [answered] : [];
  return {
    check: check.name,
    clause,
    verdict: outcome.ok ? 'passed' : 'failed',
    detail: outcome.ok ? '' : outcome.detail,
    ...judged(list),
    operationId: first?.operationId ?? null,
    cells,
    judgesStatus: options.judgesStatus === true,
    ...(options.reading
      ? { reading: { entry: options.reading.entry, held: [...options.reading.held], declared: options.reading.declared } }
      : {}),
  };
}

/**
 * Why no verdict may rest on `exchanges` (null: one may): one of them was not processed by the target
 * (429/503 whose retries ran out), or, for a failure, is an answer the suite cannot attribute (a write
 * sent again after a reset of a reused connection). src/http/retry.ts, D62.
 */
export function unjudgeable(exchanges: Exchange | readonly Exchange[] | null, failed: boolean): string | null {
  const list: readonly Exchange[] = exchanges === null ? [] : Array.isArray(exchanges) ? exchanges : [exchanges as Exchange];
  for (const e of list) if (e.unjudged) return `${describe(e)}: ${e.unjudged}`;
  if (failed) for (const e of list) if (e.ambiguous) return `${describe(e)}: ${e.ambiguous}`;
  return null;
}

/**
 * Why a failed test cannot be blamed on the target (D62), or null: its failed verdict rests on an
 * exchange no verdict may rest on; or it failed without a verdict (a NotJudgedError, or the suite's
 * own error) after an exchange the target did not process or the suite cannot attribute.
 */
export function unattributed(exchanges: readonly Exchange[], failure: Verdict | null): string | null {
  const named = failure ? new Set([failure.exchangeSeq, ...(failure.alsoJudged ?? [])]) : null;
  const suspects = exchanges.filter((e) => (named ? named.has(e.seq) : true));
  const found = suspects.find((e) => e.unjudged) ?? suspects.find((e) => e.ambiguous);
  return found ? `${describe(found)}: ${found.unjudged ?? found.ambiguous ?? ''}` : null;
}

/**
 * Records the judgement; throws a CheckError (carrying the verdict) when it is a failure. On an
 * exchange no verdict may rest on (`unjudgeable`) it records nothing and throws a NotJudgedError.
 */
export function enforce<D extends CheckDef>(
  check: D,
  clause: CitedBy<D>,
  exchanges: Exchange | readonly Exchange[] | null,
  outcome: Outcome,
  options: EnforceOptions = {},
): void {
  const cannot = unjudgeable(exchanges, !outcome.ok);
  if (cannot !== null) {
    // A failure caught earlier in the test is not what ends it.
    clearPendingFailure();
    throw new NotJudgedError(cannot);
  }
  const verdict = verdictOf(check, clause, exchanges, outcome, options);
  recordVerdict(verdict);
  if (!outcome.ok) throw new CheckError(verdict);
}

/**
 * Fails the test again with a verdict it already recorded, in other words (a property's final
 * failure names its shrunk counterexample): the new verdict replaces the old as the test's failure.
 */
export function refail(verdict: Verdict, detail: string): never {
  const again: Verdict = { ...verdict, detail };
  recordVerdict(again);
  throw new CheckError(again);
}
