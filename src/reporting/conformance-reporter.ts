/**
 * The conformance-matrix reporter: folds every test's `covers` annotations and outcome into the
 * operation x documented-status matrix of the catalogue (so every documented operation appears,
 * `not-covered` until a spec proves it), and writes reports/conformance.json and .md in the shape
 * of INTERFACE.md, plus the failed checks and the observations.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { catalogue } from '../catalogue';
import { checksInMessage, clausesInMessage } from '../checks/check-error';
import { clauseRef, isClauseId, CLAUSES } from '../clauses';
import { redact } from '../http/redact';
import { parseCoverage, COVERS_ANNOTATION } from './coverage';
import { EXCHANGE_TALLY_ANNOTATION, parseExchangeTally } from './exchange-tally';
import { groupLeftovers, groupObservations, OBSERVATION_ANNOTATION, parseObservation, type Observation } from './observations';
import { renderMarkdown } from './conformance-markdown';
import { addJUnitSkipMessagesToFile } from './junit-skips';
import type { ApiName } from '../catalogue/types';
import type { CellStatus, ConformanceReport, FailingExchange, FailureLine, SkippedCell } from './conformance-types';

export interface ConformanceReporterOptions {
  outputDir?: string;
}

/** Exchange attachments are named "<seq> <METHOD> <path> -> <status>" (specs/fixtures.ts). */
const EXCHANGE_ATTACHMENT = /^\d{3,} [A-Z]+ /;
/** The status line of an exchange text (src/http/exchange.ts) when the client retried. */
const RETRIES = /^HTTP \d{3} +\(\d+ ms, (\d+) retries\)/m;

const RANK: Record<CellStatus, number> = { 'not-covered': 0, skipped: 1, passed: 2, failed: 3 };

export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private metadata: Record<string, unknown> = {};
  private readonly tests: TestCase[] = [];
  private rootSuite: Suite | null = null;
  /** Where Playwright's JUnit reporter writes, when it runs in this run. */
  private junitFile: string | null = null;

  constructor(options: ConformanceReporterOptions = {}) {
    // `playwright merge-reports --reporter <this file>` passes no options: the folder then comes from the environment.
    this.outputDir = options.outputDir ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.metadata = config.metadata;
    this.rootSuite = suite;
    this.junitFile = junitOutputFile(config);
  }

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.tests.push(test);
  }

  onEnd(): void {
    // A merged (sharded) run hands every test over through the root suite.
    const tests = this.rootSuite ? this.rootSuite.allTests() : this.tests;
    const report = buildReport(tests, this.metadata);
    const runInfo = join(this.outputDir, 'run', 'target.json');
    if (existsSync(runInfo)) {
      const info = JSON.parse(readFileSync(runInfo, 'utf8')) as { politeness?: ConformanceReport['politeness']; numRuns?: number };
      if (info.politeness) report.politeness = { ...info.politeness, casesPerProperty: info.numRuns ?? 0 };
    }
    mkdirSync(this.outputDir, { recursive: true });
    write(`${this.outputDir}/conformance.json`, JSON.stringify(report, null, 2));
    write(`${this.outputDir}/conformance.md`, renderMarkdown(report));
    // The JUnit reporter stands before this one in playwright.config.ts, and Playwright awaits each
    // reporter's onEnd in order, so junit.xml is complete here: give its <skipped> their reasons.
    // (`merge-reports` lists JUnit after this reporter and fixes junit.xml itself.)
    if (this.junitFile) {
      try {
        addJUnitSkipMessagesToFile(this.junitFile);
      } catch (error) {
        console.error(`conformance reporter: could not add skip reasons to ${this.junitFile}: ${String(error)}`);
      }
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}

/** The output file of the run's JUnit reporter, resolved as Playwright does (environment first, then the option). */
function junitOutputFile(config: FullConfig): string | null {
  const junit = config.reporter.find(([name]) => name === 'junit');
  if (!junit) return null;
  const fromEnv = process.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE;
  if (fromEnv) return resolve(fromEnv);
  const option = (junit[1] as { outputFile?: unknown } | undefined)?.outputFile;
  const configDir = config.configFile ? dirname(config.configFile) : config.rootDir;
  return typeof option === 'string' && option ? resolve(configDir, option) : null;
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, redact(text));
}

function outcomeOf(test: TestCase): CellStatus | null {
  if (test.results.length === 0) return null;
  const outcome = test.outcome();
  if (outcome === 'skipped') return 'skipped';
  return outcome === 'expected' || outcome === 'flaky' ? 'passed' : 'failed';
}

/** A failed test's annotation naming the exchange that failed (added by the spec fixtures). */
export const FAILING_EXCHANGE_ANNOTATION = 'failing-exchange';

/** The reason shown for the cells of an API whose target is not configured (INTERFACE.md). */
export const NOT_CONFIGURED = 'not configured';

export function parseFailingExchange(description: string | undefined): FailingExchange | null {
  if (!description) return null;
  try {
    const v = JSON.parse(description) as Partial<FailingExchange>;
    if (typeof v !== 'object' || v === null) return null;
    return {
      seq: typeof v.seq === 'number' ? v.seq : 0,
      operationId: typeof v.operationId === 'string' && v.operationId !== '' ? v.operationId : null,
      method: typeof v.method === 'string' ? v.method : '',
      path: typeof v.path === 'string' ? v.path : '',
      status: typeof v.status === 'number' ? v.status : null,
    };
  } catch {
    return null;
  }
}

/** Whether an answered status matches a matrix status key: a concrete "404" or a class "4xx". */
export function statusMatchesKey(status: number | null, key: string): boolean {
  if (status === null) return false;
  const cls = /^([1-5])xx$/i.exec(key);
  return cls ? Math.floor(status / 100) === Number(cls[1]) : String(status) === key;
}

/**
 * The covered cells ("<operationId> <status>") a failed test marks failed.
 *
 * A cell fails only when an exchange of its operation and status took part in the failure: the
 * failing exchange's operation is the cell's, and its status matches the cell's key, or it matches
 * none of the statuses the test covers for that operation (the expected status did not come, so
 * each of them failed). Every other covered cell counts as passed: its exchanges conformed.
 *
 * Fallback, on purpose: when no failing exchange is known (the test failed before any exchange, or
 * the report comes from a run without the annotation) or the failing exchange matched no catalogue
 * operation (operationId null), the failure cannot be placed, so every covered cell fails, as
 * before the attribution existed.
 */
export function attributeFailure(covered: ReadonlyMap<string, readonly string[]>, failing: readonly FailingExchange[]): Set<string> {
  const all = new Set([...covered].flatMap(([op, statuses]) => statuses.map((s) => `${op} ${s}`)));
  if (failing.length === 0 || failing.some((f) => f.operationId === null)) return all;
  const touched = new Set<string>();
  for (const f of failing) {
    const statuses = covered.get(f.operationId ?? '') ?? [];
    const matching = statuses.filter((s) => statusMatchesKey(f.status, s));
    for (const s of matching.length ? matching : statuses) touched.add(`${f.operationId ?? ''} ${s}`);
  }
  return touched;
}

type Annotation = TestCase['annotations'][number];

/** Runtime annotations show on both the test and its result: each once. */
function annotationsOf(test: TestCase): Annotation[] {
  const last = test.results[test.results.length - 1];
  const seen = new Set<string>();
  return test.annotations.concat(last?.annotations ?? []).filter((a) => {
    const key = `${a.type}\u0000${a.description ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function skipReasonOf(annotations: readonly Annotation[]): string {
  const a = annotations.find((x) => (x.type === 'skip' || x.type === 'fixme') && x.description);
  return a?.description ?? 'skipped (no reason given)';
}

export function buildReport(tests: TestCase[], metadata: Record<string, unknown>): ConformanceReport {
  const cells = new Map<string, Map<string, CellStatus>>();
  const skipReasons = new Map<string, Set<string>>();
  for (const op of catalogue()) cells.set(op.id, new Map(op.responses.map((r) => [r.status, 'not-covered' as CellStatus])));
  const totals = { passed: 0, failed: 0, skipped: 0 };
  let requests = 0;
  const failures: FailureLine[] = [];
  const skippedTests: { test: string; reason: string }[] = [];
  const observations: (Observation & { test: string })[] = [];
  const leftovers: string[] = [];
  for (const test of tests) {
    const status = outcomeOf(test);
    if (status === null) continue;
    totals[status === 'not-covered' ? 'skipped' : status] += 1;
    const title = test.titlePath().slice(2).join(' > ');
    const last = test.results[test.results.length - 1];
    // Politeness: a read the client retried after 429/503 with Retry-After (src/http/client.ts)
    // says so in its exchange text ("HTTP 200  (1234 ms, 2 retries)"), or in a lean run's tally.
    const retried = (retries: number): void => {
      if (retries > 0)
        observations.push({
          category: 'timing',
          subject: 'reads retried after 429/503 with Retry-After',
          value: `${retries} ${retries === 1 ? 'retry' : 'retries'}`,
          test: title,
        });
    };
    for (const r of test.results) {
      for (const a of r.attachments) {
        if (!EXCHANGE_ATTACHMENT.test(a.name)) continue;
        requests += 1;
        retried(Number(RETRIES.exec(a.body?.toString('utf8') ?? '')?.[1] ?? 0));
      }
      for (const a of r.annotations) {
        const tally = a.type === EXCHANGE_TALLY_ANNOTATION ? parseExchangeTally(a.description) : null;
        if (!tally) continue;
        requests += tally.count;
        tally.retries.forEach(retried);
      }
    }
    const annotations = annotationsOf(test);
    const reason = status === 'skipped' ? skipReasonOf(annotations) : '';
    if (status === 'skipped') skippedTests.push({ test: title, reason });
    /** The statuses this test covers, per operation. */
    const covered = new Map<string, string[]>();
    const failing: FailingExchange[] = [];
    for (const a of annotations) {
      if (a.type === COVERS_ANNOTATION) {
        const cov = parseCoverage(a.description);
        if (!cov || !cells.has(cov.operationId)) continue;
        const list = covered.get(cov.operationId) ?? [];
        for (const s of cov.statuses) if (!list.includes(s)) list.push(s);
        covered.set(cov.operationId, list);
      } else if (a.type === FAILING_EXCHANGE_ANNOTATION) {
        const fx = parseFailingExchange(a.description);
        if (fx) failing.push(fx);
      } else if (a.type === OBSERVATION_ANNOTATION) {
        const obs = parseObservation(a.description);
        if (obs) observations.push({ ...obs, test: title });
      } else if (a.type === 'leftover' || a.type === 'cleanup-failed') {
        leftovers.push(`${a.type === 'leftover' ? 'not undoable' : 'clean-up failed'}: ${a.description ?? ''}`);
      }
    }
    const failedCells = status === 'failed' ? attributeFailure(covered, failing) : new Set<string>();
    for (const [operationId, statuses] of covered) {
      const row = cells.get(operationId);
      if (!row) continue;
      for (const s of statuses) {
        const cell: CellStatus = status === 'failed' ? (failedCells.has(`${operationId} ${s}`) ? 'failed' : 'passed') : status;
        const before = row.get(s) ?? 'not-covered';
        if (RANK[cell] > RANK[before]) row.set(s, cell);
        if (cell === 'skipped') {
          const key = `${operationId} ${s}`;
          skipReasons.set(key, (skipReasons.get(key) ?? new Set()).add(reason));
        }
      }
    }
    if (status === 'failed' && last) {
      // eslint-disable-next-line no-control-regex -- strips the ANSI colour codes of Playwright's messages
      const message = (last.errors[0]?.message ?? last.error?.message ?? 'failed').replace(/\u001b\[[0-9;]*m/g, '');
      const checks = checksInMessage(message);
      const clauseId = clausesInMessage(message)[0];
      const clause = clauseId && isClauseId(clauseId) ? clauseRef(CLAUSES[clauseId]) : null;
      const exchange = failing[failing.length - 1];
      const replay = annotations.find((a) => a.type === 'replay')?.description;
      failures.push({
        check: checks[0] ?? 'uncategorised',
        test: title,
        clause,
        file: test.location.file.replace(/^.*?specs\//, 'specs/'),
        checks: checks.length ? checks : ['uncategorised'],
        message: message.split('\n')[0] ?? message,
        cells: [...failedCells],
        ...(exchange ? { exchange } : {}),
        ...(replay ? { replay } : {}),
      });
    }
  }
  const target = (metadata.target as ConformanceReport['target'] | undefined) ?? { rm: 'unknown', hr: 'unknown' };
  // INTERFACE.md: with only one API configured, the other's cells are skipped ("not configured").
  const notConfigured = (api: ApiName): boolean => (api === 'rm' ? target.rm : target.hr) === NOT_CONFIGURED;
  const skipped: SkippedCell[] = [];
  const operations = catalogue().map((op) => {
    const row = cells.get(op.id) ?? new Map<string, CellStatus>();
    const unconfigured = notConfigured(op.api);
    for (const [s, v] of row) {
      if (unconfigured && v === 'not-covered') row.set(s, 'skipped');
      // "Skipped, and why" agrees with the matrix: only the cells whose final status is skipped.
      if (row.get(s) !== 'skipped') continue;
      const reasons = unconfigured ? [NOT_CONFIGURED] : [...(skipReasons.get(`${op.id} ${s}`) ?? ['skipped (no reason given)'])];
      skipped.push({ cell: `${op.method} ${op.path} ${s}`, reason: reasons.join('; '), api: op.api, operationId: op.id, status: s });
    }
    return {
      api: op.api,
      id: op.id,
      method: op.method,
      path: op.path,
      section: op.section,
      statuses: Object.fromEntries(row),
      clause: op.clause,
      clauses: Object.fromEntries(op.responses.map((r) => [r.status, r.clause])),
      ...(op.untestable?.length ? { untestable: op.untestable } : {}),
    };
  });
  const observed = dedupeObservations(observations);
  const leftoverLines = [...new Set(leftovers)];
  return {
    target,
    seed: Number(metadata.seed ?? 0),
    runId: String(metadata.runId ?? ''),
    faults: (metadata.faults as string[] | undefined) ?? [],
    variants: (metadata.variants as string[] | undefined) ?? [],
    totals,
    requests,
    operations,
    failures,
    skipped,
    skippedTests,
    observations: observed,
    observationGroups: groupObservations(observed),
    leftovers: leftoverLines,
    leftoverGroups: groupLeftovers(leftoverLines),
  };
}

function dedupeObservations(list: (Observation & { test: string })[]): ConformanceReport['observations'] {
  const byKey = new Map<string, ConformanceReport['observations'][number]>();
  for (const o of list) {
    const key = `${o.category}|${o.subject}|${o.value}`;
    const seen = byKey.get(key);
    if (seen) seen.count += 1;
    else byKey.set(key, { category: o.category, subject: o.subject, value: o.value, count: 1 });
  }
  return [...byKey.values()].sort(
    (a, b) => a.category.localeCompare(b.category) || a.subject.localeCompare(b.subject) || a.value.localeCompare(b.value),
  );
}
