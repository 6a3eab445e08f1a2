/**
 * Verdicts: what a check decided about the exchanges it judged, as data. Every check records one
 * verdict per judgement, passed or failed, into the running test's sink (specs/kit/fixtures.ts installs
 * it; a worker runs one test at a time); the test's verdicts travel to the reporters in one
 * annotation, and every report (matrix cells, failures, console, JUnit, Allure) is built from them.
 * Nothing downstream reads a check's message to learn what failed.
 */
import type { Exchange } from '../http/exchange';
import type { ClauseId } from '../../contract/clauses';

export type VerdictOutcome = 'passed' | 'failed';

export interface Verdict {
  /** The check that judged (a name of the check registry). */
  check: string;
  /** The clause the check enforced: the sentence that requires what it judged. */
  clause: ClauseId;
  verdict: VerdictOutcome;
  /** What was seen: for a failure, what differs from what the clause requires. */
  detail: string;
  /** The worker-wide seq of the exchange judged (the one where a failure shows), or null when none was. */
  exchangeSeq: number | null;
  /** Further exchanges the judgement read (a walk's other pages, the write a read-back judges). */
  alsoJudged?: number[];
  /** The catalogue operation of the judged exchange, when it named one. */
  operationId: string | null;
  /**
   * The matrix cells of that operation this verdict speaks for: for a status judgement the
   * documented statuses it expected ("201", or "200" and "201"); for any other judgement the cell of
   * the status the exchange answered, when the operation documents it. Empty: no cell.
   */
  cells: string[];
  /** True when the verdict judged the status itself: only such a verdict can earn a cell (see earnCells). */
  judgesStatus: boolean;
  /**
   * The readings of an ambiguous sentence the verdict relied on (src/readings): which held, and the
   * one a statement declared (null: every lawful reading was accepted).
   */
  reading?: VerdictReading;
}

export interface VerdictReading {
  entry: string;
  held: string[];
  declared: string | null;
}

/** Receives the verdicts of the running test. */
export interface VerdictSink {
  record(verdict: Verdict): void;
}

let sink: VerdictSink | null = null;
/** The failed verdict of the latest CheckError created, until it is handled (see pendingFailure). */
let pending: Verdict | null = null;

/** Installs the running test's sink (null at its end); returns the previous one. */
export function setVerdictSink(next: VerdictSink | null): VerdictSink | null {
  const previous = sink;
  sink = next;
  pending = null;
  return previous;
}

export function recordVerdict(verdict: Verdict): void {
  sink?.record(verdict);
  if (verdict.verdict === 'failed') pending = verdict;
}

/**
 * The failed verdict that is on its way out of the test as a CheckError: set when a check fails,
 * replaced by a later failure, cleared when code that caught a failure throws something else
 * instead (a property whose shrunk case failed with an error of the suite). When a test fails, the
 * fixture reads it: that verdict is the test's failure.
 */
export function pendingFailure(): Verdict | null {
  return pending;
}

export function clearPendingFailure(): void {
  pending = null;
}

/**
 * Runs `judge` with its verdicts going to `into` alone: the running test's sink and its pending failure
 * are as they were afterwards (the judge's own judging, or the rules run over a test's exchanges at its
 * end, never take the place of the test's own failure).
 */
export function judgedApart<T>(into: VerdictSink, judge: () => T): T {
  const [previousSink, previousPending] = [sink, pending];
  sink = into;
  pending = null;
  try {
    return judge();
  } finally {
    sink = previousSink;
    pending = previousPending;
  }
}

/**
 * The documented status cell of `op` an answered status falls under: the exact status when the
 * operation lists it, else its class ("4xx") when listed, else null.
 */
export function cellOf(documented: readonly string[], status: number | null | undefined): string | null {
  if (status === null || status === undefined) return null;
  const exact = String(status);
  if (documented.includes(exact)) return exact;
  const cls = `${exact[0] ?? ''}xx`;
  return documented.includes(cls) ? cls : null;
}

/** The exchanges a judgement names: the first is the one it is about. */
export function judged(exchanges: Exchange | readonly Exchange[]): { exchangeSeq: number | null; alsoJudged?: number[] } {
  const list = Array.isArray(exchanges) ? (exchanges as readonly Exchange[]) : [exchanges as Exchange];
  const [first, ...rest] = list;
  return { exchangeSeq: first?.seq ?? null, ...(rest.length ? { alsoJudged: rest.map((e) => e.seq) } : {}) };
}
