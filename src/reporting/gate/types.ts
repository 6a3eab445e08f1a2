/**
 * The parts of reports/conformance.json (schemaVersion 2) the release gate reads, declared here
 * structurally so the gate depends on no reporter module: a full ConformanceReport is a GateReport.
 */

/** The cell outcomes of the operation x status matrix. */
export type GateCell = 'passed' | 'failed' | 'skipped' | 'not-covered';

/** The API (and Playwright project) names. */
export type GateApi = 'rm' | 'hr' | 'learning';

/** The sentence of a seed document a failure breaks. */
export interface GateClause {
  id: string;
  seed: string;
  section: string;
  quote: string;
}

/** One failure of a run: the check that failed, where, in which test, and the clause it enforces. */
export interface GateFailure {
  /** A check name of src/checks/names.ts (or "uncategorised" for a failure of the suite itself). */
  check: string;
  /** The catalogue operation of the failing exchange; null when none is known. */
  operationId: string | null;
  /** The matrix cell key the failing exchange's status falls under ("200", "4xx"); null when none. */
  status: string | null;
  /** The test's title path joined with " > ". */
  test: string;
  /** The runner's own id of the test (written by runs since test ids were reported; an old baseline has none). */
  testId?: string;
  clause: GateClause | null;
  message: string;
  replay?: string;
}

/** One test of the run and how it ended. */
export interface GateTest {
  test: string;
  /** The runner's own id of the test (absent in reports written before ids). */
  id?: string;
  /** The Playwright project: an API name. */
  project: string;
  outcome: 'passed' | 'failed' | 'skipped' | 'not-judged' | 'error';
}

/** One row of the matrix. */
export interface GateOperation {
  api: GateApi;
  id: string;
  method: string;
  path: string;
  statuses: Record<string, GateCell>;
}

/** One observation: what a target did where the documents are silent. */
export interface GateObservation {
  category: string;
  subject: string;
  value: string;
  count: number;
}

/** The subset of conformance.json (schemaVersion 2) the gate and the diff read. */
export interface GateReport {
  schemaVersion: 2;
  suite: { name: string; version: string };
  /** Per API the base URL, "embedded", or "not configured". */
  target: { rm: string; hr: string };
  seed?: number;
  operations: GateOperation[];
  failures: GateFailure[];
  tests: GateTest[];
  observations: GateObservation[];
}

/** What the reporter writes for an API whose base URL is unset (src/reporting/conformance-reporter.ts NOT_CONFIGURED). */
export const NOT_CONFIGURED = 'not configured';

/** The APIs a report's run configured: rm by `target.rm`, hr and learning by `target.hr`. */
export function configuredApis(report: Pick<GateReport, 'target'>): GateApi[] {
  return [
    ...(report.target.rm !== NOT_CONFIGURED ? (['rm'] as const) : []),
    ...(report.target.hr !== NOT_CONFIGURED ? (['hr', 'learning'] as const) : []),
  ];
}
