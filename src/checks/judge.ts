/**
 * The one way a check delivers its judgement: `enforce(check, clause, exchanges, outcome)` records
 * a verdict (passed or failed) for the running test and, when the outcome is a failure, throws a
 * CheckError carrying that verdict. A check file computes the outcome with its own predicate (a
 * pure function of exchanges or of what they showed); specs never judge with a bare condition.
 */
import { operation } from '../catalogue';
import type { Exchange } from '../http/exchange';
import type { ReadingJudgement } from '../readings';
import { CheckError } from './check-error';
import type { CheckDef, CitedBy } from './define';
import { cellOf, judged, recordVerdict, type Verdict } from './verdict';

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

/** Records the judgement; throws a CheckError (carrying the verdict) when it is a failure. */
export function enforce<D extends CheckDef>(
  check: D,
  clause: CitedBy<D>,
  exchanges: Exchange | readonly Exchange[] | null,
  outcome: Outcome,
  options: EnforceOptions = {},
): void {
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
