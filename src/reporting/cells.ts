/**
 * The operation x status matrix, earned from verdicts (INTERFACE.md): a cell is `passed` only when
 * an exchange of that operation answered that status (or class), a check judged the status and
 * every check that judged that exchange passed; `failed` when a failed verdict speaks for it; a cell
 * a test declared (`declares`) but no verdict reached is `not-covered`, with the reason. Nothing is
 * inferred from declared coverage alone.
 */
import type { Verdict } from '../checks/verdict';
import type { CellStatus } from './conformance-types';
import type { TestOutcome } from './evidence';

export const RANK: Record<CellStatus, number> = { 'not-covered': 0, skipped: 1, passed: 2, failed: 3 };

/** An exchange of a test that took part in a verdict. */
export interface CellWitness {
  test: string;
  /** The exchange's number within the test. */
  n: number;
}

export interface CellState {
  status: CellStatus;
  /** Exchanges that earned the cell, and exchanges that failed it. */
  passed: CellWitness[];
  failed: CellWitness[];
  /** Why a cell is skipped or not covered. */
  reasons: Set<string>;
}

export interface TestCells {
  test: string;
  outcome: TestOutcome;
  /** The test's skip reason, or what ended it before it reached a declared cell. */
  reason: string;
  /** The cells the test declared it covers ("<operationId> <status>"). */
  declared: readonly string[];
  verdicts: readonly Verdict[];
  /** worker seq -> number within the test. */
  numbers: ReadonlyMap<number, number>;
}

const key = (operationId: string, cell: string): string => `${operationId} ${cell}`;

/** What one test's verdicts say of each cell: the cells earned, the cells failed, with their exchanges. */
export function cellsOfTest(t: TestCells): { passed: Map<string, number[]>; failed: Map<string, number[]> } {
  const tainted = new Set<number>();
  for (const v of t.verdicts) {
    if (v.verdict !== 'failed') continue;
    if (v.exchangeSeq !== null) tainted.add(v.exchangeSeq);
    for (const s of v.alsoJudged ?? []) tainted.add(s);
  }
  const passed = new Map<string, number[]>();
  const failed = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, k: string, seq: number | null): void => {
    const list = map.get(k) ?? [];
    const n = seq === null ? undefined : t.numbers.get(seq);
    if (n !== undefined && !list.includes(n)) list.push(n);
    map.set(k, list);
  };
  for (const v of t.verdicts) {
    if (!v.operationId) continue;
    for (const cell of v.cells) {
      // A test that was not judged fails no cell (D62): a failed verdict it holds was caught and passed over.
      if (v.verdict === 'failed') {
        if (t.outcome !== 'not-judged') add(failed, key(v.operationId, cell), v.exchangeSeq);
      } else if (v.judgesStatus && v.exchangeSeq !== null && !tainted.has(v.exchangeSeq))
        add(passed, key(v.operationId, cell), v.exchangeSeq);
    }
  }
  return { passed, failed };
}

/** Why a declared cell no exchange reached is not covered, from how its test ended. */
function unreachedReason(t: TestCells): string {
  switch (t.outcome) {
    case 'failed':
    case 'error':
      return `the test failed before this request (${t.test})`;
    case 'not-judged':
      return `the test was not judged: ${t.reason} (${t.test})`;
    default:
      return `no exchange of the test answered this status (${t.test})`;
  }
}

/** Folds every test into the matrix `cells` ("<operationId> <status>" -> state), which holds every documented cell. */
export function earnCells(cells: Map<string, CellState>, tests: readonly TestCells[]): void {
  const raise = (k: string, status: CellStatus): CellState | undefined => {
    const c = cells.get(k);
    if (c && RANK[status] > RANK[c.status]) c.status = status;
    return c;
  };
  for (const t of tests) {
    const { passed, failed } = cellsOfTest(t);
    for (const [k, ns] of failed) raise(k, 'failed')?.failed.push(...ns.map((n) => ({ test: t.test, n })));
    for (const [k, ns] of passed) raise(k, 'passed')?.passed.push(...ns.map((n) => ({ test: t.test, n })));
    for (const k of t.declared) {
      if (passed.has(k) || failed.has(k)) continue;
      if (t.outcome === 'skipped') raise(k, 'skipped')?.reasons.add(t.reason);
      else cells.get(k)?.reasons.add(unreachedReason(t));
    }
  }
}

/** Why a cell no test of the run set out to cover is not covered: the run's selection left it out (or no test covers it at all). */
export const NOT_RUN_REASON = 'not run: no test of this run sets out to cover it';

/** Cells not covered, told apart: those a test set out to cover and missed, and those no test of the run tried. */
export function uncoveredCounts(report: {
  operations: readonly { statuses: Record<string, string>; evidence?: Record<string, { reason?: string }> }[];
}): { notCovered: number; notRun: number } {
  let notCovered = 0;
  let notRun = 0;
  for (const op of report.operations)
    for (const [status, cell] of Object.entries(op.statuses)) {
      if (cell !== 'not-covered') continue;
      if (op.evidence?.[status]?.reason === NOT_RUN_REASON) notRun += 1;
      else notCovered += 1;
    }
  return { notCovered, notRun };
}
