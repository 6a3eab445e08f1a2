/** The shape of reports/conformance.json (INTERFACE.md, extended). */
import type { ApiName } from '../catalogue/types';

export type CellStatus = 'passed' | 'failed' | 'skipped' | 'not-covered';

/** The clause a failure breaks: the seed file, its section and the sentence word for word. */
export interface FailureClause {
  id: string;
  seed: string;
  section: string;
  quote: string;
  standard?: string;
}

export interface FailureLine {
  /** The check that failed (the first `[check:<name>]` of the message). */
  check: string;
  test: string;
  /** The clause the failed check enforces (null only for a failure that is no check: a bug of the suite). */
  clause: FailureClause | null;
  file: string;
  /** Every check named in the failure. */
  checks: string[];
  message: string;
  /**
   * The matrix cells ("<operationId> <status>") this failure marked failed: the cells of the
   * failing exchange's operation and status, or every cell the test covers when the failing
   * exchange is not known (see `attributeFailure` in conformance-reporter.ts).
   */
  cells?: string[];
  /** The exchange that failed (the test's `failing-exchange` annotation), when known. */
  exchange?: FailingExchange;
  /** A command that runs this test again against the same target (the test's `replay` annotation; secrets as variable names). */
  replay?: string;
}

/** The `failing-exchange` annotation of a failed test: the exchange whose check failed. */
export interface FailingExchange {
  seq: number;
  operationId: string | null;
  method: string;
  path: string;
  status: number | null;
}

/** A skipped matrix cell (its final status is `skipped`) and why. */
export interface SkippedCell {
  /** "METHOD /path status", as the matrix shows it. */
  cell: string;
  reason: string;
  api?: ApiName;
  operationId?: string;
  status?: string;
}

/** Observations of one (category, subject) with their values, most frequent first. */
export interface ObservationGroup {
  category: string;
  /** The subject, reduced to its operation ("METHOD /path") where it names one. */
  subject: string;
  /** How many times it was observed, over every value. */
  count: number;
  /** The distinct values (at most 3), each with how many times it was observed and the detail of one subject that showed it. */
  values: { value: string; count: number; example?: string }[];
  /** How many more distinct values there were. */
  moreValues: number;
}

/** Records the run could not undo, grouped by kind (the text before the record id). */
export interface LeftoverGroup {
  kind: string;
  count: number;
  /** Up to 3 record ids (or whole lines where no id is recognised). */
  examples: string[];
}

export interface ConformanceReport {
  target: { rm: string; hr: string };
  seed: number;
  runId: string;
  faults: string[];
  variants: string[];
  totals: { passed: number; failed: number; skipped: number };
  /** The politeness in force (0 requests/s = unthrottled) and the cases each property ran. */
  politeness?: { maxRps: number; maxConcurrency: number; timeoutMs: number; casesPerProperty: number };
  /** HTTP requests the specs sent (recorded exchanges). */
  requests: number;
  operations: {
    api: ApiName;
    id: string;
    method: string;
    path: string;
    section: string;
    statuses: Record<string, CellStatus>;
    /** The clause of the operation's row in its document's operation table. */
    clause?: string;
    /** The clause (src/clauses) each status comes from: the operation's row or a general rule (401, 404, ...). */
    clauses?: Record<string, string>;
    untestable?: readonly { what: string; reason: string }[];
  }[];
  failures: FailureLine[];
  /** The matrix cells whose final status is `skipped`, and why (about cells; `totals.skipped` is about tests). */
  skipped: SkippedCell[];
  /** The skipped tests, and why. */
  skippedTests?: { test: string; reason: string }[];
  observations: { category: string; subject: string; value: string; count: number }[];
  /** `observations` grouped per (category, subject). */
  observationGroups?: ObservationGroup[];
  leftovers: string[];
  /** `leftovers` grouped per kind. */
  leftoverGroups?: LeftoverGroup[];
}
