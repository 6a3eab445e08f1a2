/** The shape of reports/conformance.json (INTERFACE.md, extended). */
import type { ApiName } from '../catalogue/types';

export type CellStatus = 'passed' | 'failed' | 'skipped' | 'not-covered';

export interface FailureLine {
  test: string;
  file: string;
  /** The checks named in the failure (`[check:<name>]`). */
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
