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
    seed: string;
    statuses: Record<string, CellStatus>;
    untestable?: readonly { what: string; reason: string }[];
  }[];
  failures: FailureLine[];
  skipped: { cell: string; reason: string }[];
  observations: { category: string; subject: string; value: string; count: number }[];
  leftovers: string[];
}
