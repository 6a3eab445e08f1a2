/** The shape of reports/conformance.json (INTERFACE.md, extended). */
import type { DeclaredCoverage } from './coverage';
import type { ApiName } from '../../contract/catalogue/types';
import type { FailingExchange, TestOutcome } from './evidence';
import type { GateResult } from './gate/classify';
import type { ReadingsSeen } from './readings-tally';
import type { ReplayPlan } from './replay';

export type { FailingExchange, TestOutcome } from './evidence';

export type CellStatus = 'passed' | 'failed' | 'skipped' | 'not-covered';

/** The clause a failure breaks: the seed file, its section and the sentence word for word. */
export interface FailureClause {
  id: string;
  seed: string;
  section: string;
  quote: string;
  standard?: string;
}

/** What kind of failure: a check failed on the target, or the suite itself could not go on (a bug, never the target's). */
export type FailureKind = 'check' | 'suite-error';

export interface FailureLine {
  /** The failure's id, the same in every report, what `npm run replay -- <id>` takes (src/reporting/replay.ts failureId). */
  id?: string;
  kind: FailureKind;
  /** The runner's own id of the failed test (tests[].id). */
  testId?: string;
  /** The check that failed (its verdict's check; "suite-error" for a failure of the suite itself). */
  check: string;
  test: string;
  /** The clause the failed check enforces (null only for a failure of the suite itself). */
  clause: FailureClause | null;
  file: string;
  line: number;
  project: string;
  /** The operation of the exchange the failed check judged, and the cell ("201", "4xx") its verdict speaks for. */
  operationId: string | null;
  status: string | null;
  /** The first line of what was seen. */
  message: string;
  /** What was seen, whole. */
  detail: string;
  /** The matrix cells ("<operationId> <status>") this failure marked failed. */
  cells: string[];
  /** The exchange the failed check judged. */
  exchange?: FailingExchange;
  /** The one command that runs this test again against the same target (secrets as variable names). */
  replay?: string;
  /** The same as data, for `npm run replay -- <id>` in any shell. */
  replayPlan?: ReplayPlan;
}

/** A test the suite could not judge (its own time-out), and why: never a failure of the target. */
export interface NotJudgedTest {
  test: string;
  reason: string;
}

/** One test of the run and how it ended. */
export interface TestLine {
  /** The runner's own id of the test (Playwright's TestCase.id): the same in the HAR's pages, JUnit and Allure. Titles are for people. */
  id?: string;
  test: string;
  project: string;
  outcome: TestOutcome;
  /** The spec file, relative to the project root. */
  file?: string;
  /** How long the test took, in ms. */
  ms?: number;
  /** The catalogue operations its exchanges called (its set-up's not counted). */
  operations?: string[];
  /** What it declares where it is declared (specs/kit/declare.ts): the operations it calls and the cells it sets out to earn. */
  declared?: DeclaredCoverage;
  /** The cells ("<operationId> <status>") its verdicts earned. */
  earned?: string[];
  /** Its longest chain of round trips one after another (src/reporting/evidence.ts sequentialChain). */
  chain?: number;
  /** The worker (Playwright's parallel index) that ran it. */
  worker?: number;
  /** Its properties: how many cases each ran, and why that many. */
  properties?: { name: string; runs: number; why: string }[];
}

/** The exchanges behind one cell: how many earned it, how many failed it, a few of them by test and number, and why it is not covered. */
export interface CellEvidence {
  passed: number;
  failed: number;
  exchanges: { test: string; n: number; verdict: 'passed' | 'failed' }[];
  reason?: string;
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

import { REPORT_SCHEMA_VERSION } from './report-version';

export { REPORT_SCHEMA_VERSION } from './report-version';

export interface ConformanceReport {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  /** The suite that wrote the report (package.json name and version). */
  suite: { name: string; version: string };
  target: { rm: string; hr: string };
  /** The shard of a run split with --shard=i/n (null: the whole run). */
  shard?: { current: number; total: number } | null;
  seed: number;
  runId: string;
  faults: string[];
  variants: string[];
  /** Tests: passed, failed (a check failed, or the suite broke), skipped, and not judged (a time-out of the suite's own, or an answer it cannot attribute to the target: D62). */
  totals: { passed: number; failed: number; skipped: number; notJudged: number };
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
    /** For each cell, the exchanges behind its status (INTERFACE.md: a cell is earned by exchanges). */
    evidence: Record<string, CellEvidence>;
    /** The clause of the operation's row in its document's operation table. */
    clause?: string;
    /** The clause (contract/clauses) each status comes from: the operation's row or a general rule (401, 404, ...). */
    clauses?: Record<string, string>;
    untestable?: readonly { what: string; reason: string; status?: string }[];
  }[];
  failures: FailureLine[];
  /** Every clause a verdict of the run enforced: how many verdicts passed and failed under it, and by which checks. */
  clauses?: Record<string, { passed: number; failed: number; checks: string[] }>;
  /** Per ambiguous sentence of the readings registry (src/readings), the readings the target was seen to take. */
  readings?: ReadingsSeen[];
  /** The release gate (CONFORMANCE_BASELINE, CONFORMANCE_EXPECTATIONS): failures new, known and expected; fixed, unused and expired entries. */
  gate?: GateResult;
  notJudged: NotJudgedTest[];
  tests: TestLine[];
  /** The matrix cells whose final status is `skipped`, and why (about cells; `totals.skipped` is about tests). */
  skipped: SkippedCell[];
  /** The skipped tests, and why. */
  skippedTests?: { test: string; reason: string }[];
  /** Each with the catalogue operation its subject speaks of, when one does (src/reporting/subject-operation.ts). */
  observations: { category: string; subject: string; value: string; count: number; operationId?: string | null }[];
  /** `observations` grouped per (category, subject). */
  observationGroups?: ObservationGroup[];
  leftovers: string[];
  /** `leftovers` grouped per kind. */
  leftoverGroups?: LeftoverGroup[];
}
