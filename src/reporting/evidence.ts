/**
 * A test's evidence: every exchange it recorded (in brief), every verdict its checks gave, the
 * verdict that failed it, and the one command that replays it. The spec fixtures send it once per
 * test, as one annotation; the conformance reporter builds the matrix, the failures, JUnit and the
 * console block from it alone.
 */
import type { Verdict } from '../checks/verdict';

export const EVIDENCE_ANNOTATION = 'conformance-evidence';

/** One exchange of the test, in brief: `n` is its number within the test (1, 2, 3...), `seq` the worker's. */
export interface ExchangeBrief {
  n: number;
  seq: number;
  operationId: string | null;
  method: string;
  /** Path and query, without the base URL. */
  path: string;
  status: number | null;
  retries: number;
  ms: number;
}

/** The exchange a failure is about, with enough of it to show in a console block and a report. */
export interface FailingExchange {
  n: number;
  seq: number;
  operationId: string | null;
  method: string;
  url: string;
  path: string;
  status: number | null;
  /** The request body, redacted and cut. */
  requestBody: string | null;
  /** The response's first lines (status line and body), redacted. */
  response: string[];
  curl: string;
}

/** How the test ended, as the reports judge it. */
export type TestOutcome = 'passed' | 'failed' | 'skipped' | 'not-judged' | 'error';

export interface TestEvidence {
  exchanges: ExchangeBrief[];
  verdicts: Verdict[];
  /** The verdict that failed the test (a check failed), or null. */
  failure: Verdict | null;
  failingExchange: FailingExchange | null;
  /** The one command that runs the failed test again against the same target; null for a test that did not fail. */
  replay: string | null;
  /** Why the suite could not judge (its own time-out), when that is how the test ended. */
  notJudged: string | null;
}

export function parseEvidence(description: string | undefined): TestEvidence | null {
  if (!description) return null;
  try {
    const v = JSON.parse(description) as Partial<TestEvidence>;
    if (!Array.isArray(v.exchanges) || !Array.isArray(v.verdicts)) return null;
    return {
      exchanges: v.exchanges,
      verdicts: v.verdicts,
      failure: v.failure ?? null,
      failingExchange: v.failingExchange ?? null,
      replay: v.replay ?? null,
      notJudged: v.notJudged ?? null,
    };
  } catch {
    return null;
  }
}
