/**
 * The release gate: sorts a run's failures by the baseline and the expectations, and decides the exit
 * status (1 iff a new failure or an expired expectation; else 0).
 *
 * Entry point, for the reporter, console, JUnit and Allure (all names also exported by src/reporting/gate/index.ts):
 *
 * ```ts
 * // At start-up, before any test (a ConfigError is exit 2 with its one-line message):
 * const inputs = gateInputsFromEnv(process.env, { suite: suiteIdentity(), apis, knownTests }); // src/reporting/gate/inputs.ts
 * // After the run, with the report of schemaVersion 2 (a ConformanceReport is a GateReport):
 * const result = gate(report, { ...inputs, today: todayUtc() });
 * report.gate = result;                          // conformance.json: new, known, expected, fixed, unused, expired
 * markdown += renderGateMarkdown(result);        // conformance.md sections (src/reporting/gate/render.ts)
 * for (const line of gateConsoleLines(result)) console.log(line);
 * verdictOf(result, failure);                    // 'new' | 'known' | 'expected': a label for JUnit and Allure
 * process.exitCode = result.exitCode;            // replaces "any failure -> 1"
 * ```
 *
 * Rules where the issue is silent:
 * - A failure matched by an expectation in force is `expected` (the first matching entry in file
 *   order), even when the baseline also holds it; else `known` when the baseline holds its key; else `new`.
 * - An expired entry excuses nothing: the failures it matches are `known` or `new`, and are listed under
 *   the entry in `expired`. It fails the run whether it matched or not; it is never also `unused`.
 * - `until` is the last day an entry is in force: expired when `today` (YYYY-MM-DD, UTC) is later.
 * - A baseline failure is `fixed` when its test ran (passed or failed) and no failure of this run has
 *   its key; when its test did not run it is `notRun` (carried, neither known nor fixed). Baseline
 *   failures of an API this run did not configure are ignored.
 * - An unused entry says whether what it names ran in this run (`ran`): an entry whose operation
 *   (or cell, or test) did not run is idle, not necessarily obsolete.
 */
import type { Baseline } from './baseline';
import type { Expectation, Expectations } from './expectations';
import { keyString, testIdsOf, testKeyOf, uniqueByKey, type TestIds } from './failure-key';
import { configuredApis, type GateApi, type GateFailure, type GateReport } from './types';

export interface GateOptions {
  baseline?: Baseline | undefined;
  expectations?: Expectations | undefined;
  /** YYYY-MM-DD (UTC): the day the expiry dates are read against (src/reporting/gate/expectations.ts todayUtc()). */
  today: string;
  /** How a failure was already classed as it happened (the run's Allure result), by the same rule: taken, not classed again. */
  classedBefore?: (failure: GateFailure) => FailureClass | undefined;
}

export interface ExpectedFailure {
  failure: GateFailure;
  expectation: Expectation;
}

export interface ExpiredExpectation {
  expectation: Expectation;
  /** The failures of this run it matched (each also in `new` or `known`). */
  failures: GateFailure[];
}

export interface UnusedExpectation {
  expectation: Expectation;
  /** Whether its operation (its cell, its test) ran in this run: true means it matched nothing although it could have. */
  ran: boolean;
}

export type GateVerdict = 'new' | 'known' | 'expected';

export interface GateResult {
  /** Failures neither expected nor in the baseline: they fail the run. */
  new: GateFailure[];
  /** Failures whose key is in the baseline. */
  known: GateFailure[];
  /** Failures an expectation in force matches, with the entry. */
  expected: ExpectedFailure[];
  /** Baseline failures (as the baseline wrote them) whose test ran and did not fail with their key: remove them from the baseline. */
  fixed: GateFailure[];
  /** Baseline failures of a configured API whose test did not run: neither known nor fixed. */
  notRun: GateFailure[];
  /** Entries in force that matched no failure. */
  unused: UnusedExpectation[];
  /** Entries past their date, matched or not: they fail the run. */
  expired: ExpiredExpectation[];
  /** 1 iff a new failure or an expired entry, else 0. */
  exitCode: 0 | 1;
  /** Where the inputs came from, for the reports. */
  baselinePath: string | null;
  expectationsPath: string | null;
}

/** Whether an entry names this failure: same check and operation, and the status cell and test where given. */
export function matches(e: Expectation, f: GateFailure): boolean {
  return (
    e.check === f.check &&
    e.operation === f.operationId &&
    (e.status === undefined || e.status === f.status) &&
    (e.test === undefined || e.test === f.test) &&
    (e.testId === undefined || e.testId === f.testId)
  );
}

export function isExpired(e: Expectation, today: string): boolean {
  return e.until < today;
}

/** Sorts the failures of `report` (schemaVersion 2) by the baseline and expectations. Pure: reads no file, no clock. */
export function gate(report: GateReport, options: GateOptions): GateResult {
  const entries = options.expectations?.entries ?? [];
  const inForce = entries.filter((e) => !isExpired(e, options.today));
  const expiredEntries = entries.filter((e) => isExpired(e, options.today));
  const apis = new Set(configuredApis(report));
  // Failures name their test by id; a baseline written before ids is matched by title once, through this run's ids.
  const ids = testIdsOf(report.tests);
  const baselineFailures = options.baseline ? uniqueByKey(applicable(options.baseline.report, report, apis), ids) : [];
  const baselineKeys = new Set(baselineFailures.map((f) => keyString(f, ids)));

  const result: GateResult = {
    new: [],
    known: [],
    expected: [],
    fixed: [],
    notRun: [],
    unused: [],
    expired: [],
    exitCode: 0,
    baselinePath: options.baseline?.path ?? null,
    expectationsPath: options.expectations?.path ?? null,
  };
  const used = new Set<number>();
  for (const failure of report.failures) {
    const c = options.classedBefore?.(failure) ?? classOf(failure, inForce, baselineKeys, ids);
    if (c.verdict === 'expected') {
      used.add(c.entry.index);
      result.expected.push({ failure, expectation: c.entry });
    } else if (c.verdict === 'known') result.known.push(failure);
    else result.new.push(failure);
  }

  const failedNow = new Set(report.failures.map((f) => keyString(f, ids)));
  const ran = new Set([
    ...report.tests.filter((t) => t.outcome === 'passed' || t.outcome === 'failed').flatMap((t) => [t.test, ...(t.id ? [t.id] : [])]),
    ...report.failures.flatMap((f) => [f.test, ...(f.testId ? [f.testId] : [])]),
  ]);
  for (const b of baselineFailures) {
    if (failedNow.has(keyString(b, ids))) continue;
    (ran.has(testKeyOf(b, ids)) ? result.fixed : result.notRun).push(b);
  }

  for (const e of inForce) if (!used.has(e.index)) result.unused.push({ expectation: e, ran: entryRan(e, report, ran) });
  for (const e of expiredEntries) result.expired.push({ expectation: e, failures: report.failures.filter((f) => matches(e, f)) });
  result.exitCode = result.new.length > 0 || result.expired.length > 0 ? 1 : 0;
  return result;
}

/** A failure's class: the expectation in force it matches, else known (its key in the baseline), else new. */
export type FailureClass = { verdict: 'expected'; entry: Expectation } | { verdict: 'known' } | { verdict: 'new' };

/**
 * The one rule that classes a failure, for the gate over a whole run and for each failure as it
 * happens (the Allure result of an expected failure says so): the first expectation in force it
 * matches, else known when the baseline (keyed with `ids`) holds its key, else new.
 */
export function classOf(
  failure: GateFailure,
  inForce: readonly Expectation[],
  baselineKeys: ReadonlySet<string>,
  ids?: TestIds,
): FailureClass {
  const entry = inForce.find((e) => matches(e, failure));
  if (entry) return { verdict: 'expected', entry };
  return baselineKeys.has(keyString(failure, ids)) ? { verdict: 'known' } : { verdict: 'new' };
}

/** How `gate` classed a failure of the run it was given (by key): for a JUnit property or an Allure label. */
export function verdictOf(result: GateResult, failure: GateFailure): GateVerdict {
  const k = keyString(failure);
  if (result.expected.some((x) => keyString(x.failure) === k)) return 'expected';
  if (result.known.some((f) => keyString(f) === k)) return 'known';
  return 'new';
}

/** The baseline's failures of the APIs this run configured (an API unknown from the baseline counts as configured). */
function applicable(baseline: GateReport, run: GateReport, apis: ReadonlySet<GateApi>): GateFailure[] {
  const apiOfOperation = new Map<string, GateApi>([...baseline.operations, ...run.operations].map((op) => [op.id, op.api]));
  const apiOfTest = new Map(baseline.tests.map((t) => [t.test, t.project]));
  return baseline.failures.filter((f) => {
    const api = (f.operationId ? apiOfOperation.get(f.operationId) : undefined) ?? apiOfTest.get(f.test);
    return api === undefined || !isApi(api) || apis.has(api);
  });
}

const isApi = (s: string): s is GateApi => s === 'rm' || s === 'hr' || s === 'learning';

/** Whether what an entry names ran: its operation (its cell) has a passed or failed cell, and its test ran. */
function entryRan(e: Expectation, report: GateReport, ranTests: ReadonlySet<string>): boolean {
  const op = report.operations.find((o) => o.id === e.operation);
  if (!op) return false;
  const cells = e.status === undefined ? Object.values(op.statuses) : [op.statuses[e.status]];
  const cellRan = cells.some((c) => c === 'passed' || c === 'failed');
  return cellRan && (e.test === undefined || ranTests.has(e.test));
}
