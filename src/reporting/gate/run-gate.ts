/**
 * The release gate inside a run: the inputs (CONFORMANCE_BASELINE, CONFORMANCE_EXPECTATIONS) read
 * once per process and checked before any test (a bad file ends the run with exit 2), each failure
 * classed as it happens (so the Allure result of an expected failure says so), and the whole run
 * classed at its end (conformance.json/md, JUnit, the console, the exit status).
 */
import { listTests } from '../listed-tests';
import type { ConfigError } from '../../config/errors';
import { readEnv } from '../../config/env';
import { SUITE } from '../suite';
import { classOf, isExpired, gate, type FailureClass, type GateResult } from './classify';
import { todayUtc } from './expectations';
import { keyString } from './failure-key';
import { gateInputsFromEnv, type GateInputs } from './inputs';
import type { GateApi, GateFailure, GateReport } from './types';

let cached: GateInputs | null = null;

/** The gate's inputs, read and checked once per process (test titles are checked by `unknownTitles`); throws a ConfigError. */
export function gateInputs(apis: readonly GateApi[]): GateInputs {
  cached ??= gateInputsFromEnv(readEnv(), { suite: SUITE, apis, knownTests: null });
  return cached;
}

/**
 * The test titles the expectations name that the suite does not have. `selected` are the run's own
 * tests; only when an entry names another one is the whole list read (`--list`), so a selection
 * (--grep, a file, a shard) does not make an entry look unknown.
 */
export function unknownTitles(inputs: GateInputs, selected: ReadonlySet<string>, configFile: string | undefined): string[] {
  const named = [...new Set((inputs.expectations?.entries ?? []).flatMap((e) => (e.test ? [e.test] : [])))];
  const outside = named.filter((t) => !selected.has(t));
  if (outside.length === 0 || !configFile) return [];
  const all = allTestTitles(configFile);
  return all.size === 0 ? [] : outside.filter((t) => !all.has(t));
}

/** True when a baseline or an expectations file is in force. */
export function gateActive(inputs: GateInputs): boolean {
  return inputs.baseline !== undefined || inputs.expectations !== undefined;
}

/**
 * How one failure is classed while the run goes on (by the rule the gate classes the whole run with,
 * `classOf`): expected (with its entry's reason), known, or new. A baseline written before ids
 * names the failure's test by title: matched through the failure's own id, as the gate does.
 */
export function classifyFailure(
  inputs: GateInputs,
  failure: GateFailure,
  today = todayUtc(),
): { verdict: 'new' } | { verdict: 'known' } | { verdict: 'expected'; reason: string; until: string; link?: string } {
  const inForce = (inputs.expectations?.entries ?? []).filter((e) => !isExpired(e, today));
  const ids = failure.testId ? new Map([[failure.test, failure.testId]]) : undefined;
  const baselineKeys = new Set((inputs.baseline?.report.failures ?? []).map((f) => keyString(f, ids)));
  const c = classOf(failure, inForce, baselineKeys, ids);
  classed.set(keyString(failure), c);
  if (c.verdict !== 'expected') return c;
  const { reason, until, link } = c.entry;
  return { verdict: 'expected', reason, until, ...(link ? { link } : {}) };
}

/** Each failure classed as it happened, by its key: the gate over the run takes these rather than class them again. */
const classed = new Map<string, FailureClass>();

/** The gate over a whole run's report. */
export function gateReport(inputs: GateInputs, report: GateReport): GateResult {
  return gate(report, { ...inputs, today: todayUtc(), classedBefore: (f) => classed.get(keyString(f)) });
}

/**
 * Every test title of the suite (`npx playwright test --list`), for an expectation naming a test
 * that the run's selection left out: only then is the whole list read.
 */
export function allTestTitles(configFile: string): Set<string> {
  return new Set(listTests(configFile).map((t) => t.test));
}

export type { ConfigError };
