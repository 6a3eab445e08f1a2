/**
 * The conformance-matrix reporter: folds every test's declared cells, evidence and outcome into the
 * operation x documented-status matrix of the catalogue (so every documented operation appears,
 * `not-covered` until a spec proves it), and writes reports/conformance.json and .md in the shape
 * of INTERFACE.md, plus the failed checks and the observations.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { ConfigError, EXIT_CANNOT_START } from '../config/errors';
import { gateActive, gateInputs, gateReport, unknownTitles } from './gate/run-gate';
import type { GateInputs } from './gate/inputs';
import { catalogue } from '../../contract/catalogue';
import { clauseRef, isClauseId, CLAUSES } from '../../contract/clauses';
import { redact } from '../http/redact';
import { EARNS_ANNOTATION, declaredOf } from './coverage';
import { cellsOfTest, earnCells, NOT_RUN_REASON, type CellState, type TestCells } from './cells';
import { readingsTally } from './readings-tally';
import { failureIdOf, specFileOf } from './replay';
import { EVIDENCE_ANNOTATION, parseEvidence, sequentialChain, type TestEvidence } from './evidence';
import { SUITE } from './suite';
import { operationOfSubject } from './subject-operation';
import { groupLeftovers, groupObservations, type Observation } from './observations';
import { renderMarkdown } from './conformance-markdown';
import { renderJUnit } from './junit';
import type { ApiName } from '../../contract/catalogue/types';
import {
  REPORT_SCHEMA_VERSION,
  type CellEvidence,
  type CellStatus,
  type ConformanceReport,
  type FailureLine,
  type NotJudgedTest,
  type SkippedCell,
  type TestLine,
  type TestOutcome,
} from './conformance-types';

export interface ConformanceReporterOptions {
  outputDir?: string;
  /** Also write junit.xml (default: unless CONFORMANCE_LEAN=1, where only conformance.json is read). */
  junit?: boolean;
}

export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly junit: boolean;
  private metadata: Record<string, unknown> = {};
  private shard: ConformanceReport['shard'] = null;
  private readonly tests: TestCase[] = [];
  private rootSuite: Suite | null = null;
  private gate: GateInputs | null = null;

  constructor(options: ConformanceReporterOptions = {}) {
    // `playwright merge-reports --reporter <this file>` passes no options: the folder then comes from the environment.
    this.outputDir = options.outputDir ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
    this.junit = options.junit ?? process.env.CONFORMANCE_LEAN !== '1';
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.metadata = config.metadata;
    this.rootSuite = suite;
    this.shard = config.shard ? { current: config.shard.current, total: config.shard.total } : null;
    // The release gate's files are checked before any test: a bad one is a configuration error (exit 2).
    try {
      this.gate = gateInputs(configuredApisOf(this.metadata));
      const selected = new Set(suite.allTests().map((t) => t.titlePath().slice(2).join(' > ')));
      const unknown = unknownTitles(this.gate, selected, config.configFile);
      if (unknown.length)
        throw new ConfigError(
          `CONFORMANCE_EXPECTATIONS: no test of the suite is titled ${unknown.map((t) => `"${t}"`).join(', ')} (write the title as conformance.json's tests[].test gives it).`,
        );
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`\nThe conformance run cannot start.\n${error.message}\n`);
      process.exit(EXIT_CANNOT_START);
    }
  }

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.tests.push(test);
  }

  /** Writes the reports; the run's status follows the gate (INTERFACE.md exit codes), also for `npx playwright test`. */
  async onEnd(result?: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    // A merged (sharded) run hands every test over through the root suite.
    const tests = this.rootSuite ? this.rootSuite.allTests() : this.tests;
    const report = buildReport(tests, this.metadata);
    report.shard = this.shard;
    if (this.gate && gateActive(this.gate)) report.gate = gateReport(this.gate, report);
    const runInfo = join(this.outputDir, 'run', 'target.json');
    if (existsSync(runInfo)) {
      const info = JSON.parse(readFileSync(runInfo, 'utf8')) as { politeness?: ConformanceReport['politeness']; numRuns?: number };
      if (info.politeness) report.politeness = { ...info.politeness, casesPerProperty: info.numRuns ?? 0 };
    }
    mkdirSync(this.outputDir, { recursive: true });
    write(`${this.outputDir}/conformance.json`, JSON.stringify(report, null, 2));
    write(`${this.outputDir}/conformance.md`, renderMarkdown(report));
    if (this.junit) write(`${this.outputDir}/junit.xml`, renderJUnit(report));
    // An interrupted run (Ctrl-C) stays interrupted; otherwise the gate decides, not Playwright's count of red tests.
    return result?.status === 'interrupted' ? undefined : { status: runFailed(report) ? 'failed' : 'passed' };
  }

  printsToStdio(): boolean {
    return false;
  }
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, redact(text));
}

/**
 * Whether the run fails (exit 1): a failure the gate calls new, or an expired expectation; without a
 * gate, any failure. A test the suite could not judge (its own time-out) fails nothing.
 */
export function runFailed(report: ConformanceReport): boolean {
  return report.gate ? report.gate.exitCode === 1 : report.totals.failed > 0;
}

/** The APIs a run configured, from its metadata's target ("not configured" for the others). */
function configuredApisOf(metadata: Record<string, unknown>): ApiName[] {
  const target = (metadata.target as ConformanceReport['target'] | undefined) ?? { rm: '', hr: '' };
  return [
    ...(target.rm !== NOT_CONFIGURED ? (['rm'] as const) : []),
    ...(target.hr !== NOT_CONFIGURED ? (['hr', 'learning'] as const) : []),
  ];
}

/** The reason shown for the cells of an API whose target is not configured (INTERFACE.md). */
export const NOT_CONFIGURED = 'not configured';

type Annotation = TestCase['annotations'][number];

/**
 * What the report reads of a test: Playwright's own TestCase, or a group of recorded exchanges that
 * `npm run judge` judged (src/judge/): its id and titles, where it is, its annotations (the evidence)
 * and its results.
 */
export interface ReportedTest {
  readonly id: string;
  readonly title: string;
  readonly location: { file: string; line: number };
  readonly annotations: TestCase['annotations'];
  titlePath(): string[];
  outcome(): ReturnType<TestCase['outcome']>;
  readonly parent: { project(): { name: string } | undefined };
  readonly results: readonly Pick<TestResult, 'status' | 'duration' | 'parallelIndex' | 'annotations' | 'errors' | 'error'>[];
}

/** Runtime annotations show on both the test and its result: each once. */
function annotationsOf(test: ReportedTest): Annotation[] {
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

/** How a test ended, judged from its evidence: a failed check, the suite's own error, its own time-out, or as Playwright says. */
export function outcomeOf(test: ReportedTest, evidence: TestEvidence | null): TestOutcome | null {
  const last = test.results[test.results.length - 1];
  if (!last) return null;
  if (evidence?.notJudged || last.status === 'timedOut' || last.status === 'interrupted') return 'not-judged';
  const outcome = test.outcome();
  if (outcome === 'skipped') return 'skipped';
  if (outcome === 'expected' || outcome === 'flaky') return 'passed';
  return evidence?.failure ? 'failed' : 'error';
}

/** The first line of a text, without Playwright's colour codes. */
function firstLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- strips the ANSI colour codes of Playwright's messages
  return (text.replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0] ?? '').trim();
}

function failureOf(test: ReportedTest, title: string, evidence: TestEvidence | null, kind: TestOutcome): FailureLine {
  const file = specFileOf(test.location.file);
  const project = test.parent.project()?.name ?? '';
  const base = {
    id: failureIdOf(test),
    testId: test.id,
    test: title,
    file,
    line: test.location.line,
    project,
    ...(evidence?.failingExchange ? { exchange: evidence.failingExchange } : {}),
    ...(evidence?.replay ? { replay: evidence.replay } : {}),
    ...(evidence?.replayPlan ? { replayPlan: evidence.replayPlan } : {}),
  };
  const failure = evidence?.failure;
  if (kind === 'failed' && failure) {
    const c = isClauseId(failure.clause) ? clauseRef(CLAUSES[failure.clause]) : null;
    return {
      kind: 'check',
      check: failure.check,
      clause: c,
      operationId: failure.operationId,
      status: failure.cells[0] ?? null,
      message: firstLine(failure.detail),
      detail: failure.detail,
      cells: failure.operationId ? failure.cells.map((cell) => `${failure.operationId ?? ''} ${cell}`) : [],
      ...base,
    };
  }
  const last = test.results[test.results.length - 1];
  const message = redact(last?.errors[0]?.message ?? last?.error?.message ?? 'the test failed without a check failing');
  return {
    kind: 'suite-error',
    check: 'suite-error',
    clause: null,
    operationId: null,
    status: null,
    message: firstLine(message),
    detail: message,
    cells: [],
    ...base,
  };
}

/** A property's annotation (JSON, specs/kit/property.ts): its name, the cases it ran and why that many. */
/** What one test contributes to the report: its line, its cells, its failure, its observations and leftovers. */
interface ReadTest {
  line: TestLine;
  cells: TestCells;
  failure: FailureLine | null;
  requests: number;
  skipped: { test: string; reason: string } | null;
  notJudged: NotJudgedTest | null;
  observations: (Observation & { test: string })[];
  leftovers: string[];
}

/** The observation an attempt sent again is counted under: the cause, without the wait's figures. */
export function resentSubject(sentAgain: string): string {
  if (/^429 without Retry-After/.test(sentAgain)) return 'requests sent again after 429 without Retry-After (the suite backed off)';
  if (/^(429|503) with Retry-After/.test(sentAgain)) return 'requests sent again after 429/503 with Retry-After (waited as asked)';
  return 'requests sent again on a fresh connection after a reset of a kept-alive one';
}

/** Reads one test from its annotations and evidence; null for a test that did not run. */
export function readTest(test: ReportedTest): ReadTest | null {
  const annotations = annotationsOf(test);
  const evidence = parseEvidence(annotations.find((a) => a.type === EVIDENCE_ANNOTATION)?.description);
  const outcome = outcomeOf(test, evidence);
  if (outcome === null) return null;
  const title = test.titlePath().slice(2).join(' > ');
  const exchanges = evidence?.exchanges ?? [];
  const verdicts = evidence?.verdicts ?? [];
  // What the transport did: each attempt the client sent again, and why (src/http/retry.ts); never a verdict.
  const observations: (Observation & { test: string })[] = exchanges.flatMap((e) =>
    e.sentAgain
      ? [{ category: 'timing' as const, subject: resentSubject(e.sentAgain), value: e.operationId ?? e.method, test: title }]
      : [],
  );
  // One channel: what the test recorded comes in its evidence; what it declares, from its details.
  const records = evidence?.records;
  const declared = annotations.flatMap((a) => (a.type === EARNS_ANNOTATION && a.description ? [a.description] : []));
  const leftovers = records?.leftovers ?? [];
  observations.push(...(records?.observations ?? []).map((o) => ({ ...o, test: title })));
  const reason =
    outcome === 'skipped'
      ? skipReasonOf(annotations)
      : outcome === 'not-judged'
        ? (evidence?.notJudged ?? 'the test did not end within its time-out, a limit of the suite')
        : '';
  const cells: TestCells = {
    test: title,
    outcome,
    reason,
    declared: [...new Set(declared)],
    verdicts,
    numbers: new Map(exchanges.map((e) => [e.seq, e.n])),
  };
  return {
    line: {
      id: test.id,
      test: title,
      project: test.parent.project()?.name ?? '',
      outcome,
      file: test.location.file.replace(/^.*?specs\//, 'specs/'),
      ms: Math.round(test.results.reduce((sum, r) => sum + r.duration, 0)),
      // What the test called itself: its set-up (shared records, discovery) is evidence, not what it declares.
      operations: [...new Set(exchanges.flatMap((e) => (e.operationId && !e.setup ? [e.operationId] : [])))].sort(),
      declared: declaredOf(annotations),
      earned: [...cellsOfTest(cells).passed.keys()].sort(),
      chain: sequentialChain(exchanges),
      worker: test.results[test.results.length - 1]?.parallelIndex ?? 0,
      properties: (records?.properties ?? []).map(({ name, runs, why }) => ({ name, runs, why })),
    },
    cells,
    failure: outcome === 'failed' || outcome === 'error' ? failureOf(test, title, evidence, outcome) : null,
    requests: exchanges.length,
    skipped: outcome === 'skipped' ? { test: title, reason } : null,
    notJudged: outcome === 'not-judged' ? { test: title, reason } : null,
    observations,
    leftovers,
  };
}

/** The matrix rows of every catalogue operation from the earned cells, and the cells that end skipped (with why). */
function operationRows(
  cells: ReadonlyMap<string, CellState>,
  target: ConformanceReport['target'],
): { operations: ConformanceReport['operations']; skipped: SkippedCell[] } {
  // INTERFACE.md: with only one API configured, the other's cells are skipped ("not configured").
  const notConfigured = (api: ApiName): boolean => (api === 'rm' ? target.rm : target.hr) === NOT_CONFIGURED;
  const skipped: SkippedCell[] = [];
  const operations = catalogue().map((op) => {
    const statuses: Record<string, CellStatus> = {};
    const evidence: Record<string, CellEvidence> = {};
    for (const r of op.responses) {
      const state = cells.get(`${op.id} ${r.status}`);
      if (!state) continue;
      const untestable = op.untestable?.find((u) => u.status === r.status);
      if (untestable && state.status === 'not-covered') state.reasons = new Set([`not testable: ${untestable.reason}`]);
      if (state.status === 'not-covered' && state.reasons.size === 0) state.reasons = new Set([NOT_RUN_REASON]);
      if (notConfigured(op.api) && state.status === 'not-covered') {
        state.status = 'skipped';
        state.reasons = new Set([NOT_CONFIGURED]);
      }
      statuses[r.status] = state.status;
      evidence[r.status] = cellEvidence(state);
      // "Skipped, and why" agrees with the matrix: only the cells whose final status is skipped.
      if (state.status === 'skipped')
        skipped.push({
          cell: `${op.method} ${op.path} ${r.status}`,
          reason: [...state.reasons].join('; ') || 'skipped (no reason given)',
          api: op.api,
          operationId: op.id,
          status: r.status,
        });
    }
    return {
      api: op.api,
      id: op.id,
      method: op.method,
      path: op.path,
      section: op.section,
      statuses,
      evidence,
      clause: op.clause,
      clauses: Object.fromEntries(op.responses.map((r) => [r.status, r.clause])),
      ...(op.untestable?.length ? { untestable: op.untestable } : {}),
    };
  });
  return { operations, skipped };
}

function cellEvidence(state: CellState): CellEvidence {
  const reasons = [...state.reasons];
  return {
    passed: state.passed.length,
    failed: state.failed.length,
    exchanges: [
      ...state.failed.slice(0, 3).map((w) => ({ ...w, verdict: 'failed' as const })),
      ...state.passed.slice(0, 3).map((w) => ({ ...w, verdict: 'passed' as const })),
    ],
    ...((state.status === 'skipped' || state.status === 'not-covered') && reasons.length ? { reason: reasons.join('; ') } : {}),
  };
}

/** Every clause a verdict enforced: passed and failed verdicts under it, and the checks that judged. */
function clauseTally(tests: readonly TestCells[]): NonNullable<ConformanceReport['clauses']> {
  const clauses: NonNullable<ConformanceReport['clauses']> = {};
  for (const t of tests)
    for (const v of t.verdicts) {
      const c = (clauses[v.clause] ??= { passed: 0, failed: 0, checks: [] });
      c[v.verdict] += 1;
      if (!c.checks.includes(v.check)) c.checks.push(v.check);
    }
  return clauses;
}

export function buildReport(tests: readonly ReportedTest[], metadata: Record<string, unknown>): ConformanceReport {
  const read = tests.map(readTest).filter((r): r is ReadTest => r !== null);
  const cells = new Map<string, CellState>();
  for (const op of catalogue())
    for (const r of op.responses) cells.set(`${op.id} ${r.status}`, { status: 'not-covered', passed: [], failed: [], reasons: new Set() });
  earnCells(
    cells,
    read.map((r) => r.cells),
  );
  const totals = { passed: 0, failed: 0, skipped: 0, notJudged: 0 };
  for (const { line } of read) {
    if (line.outcome === 'not-judged') totals.notJudged += 1;
    else if (line.outcome === 'error') totals.failed += 1;
    else totals[line.outcome] += 1;
  }
  const target = (metadata.target as ConformanceReport['target'] | undefined) ?? { rm: 'unknown', hr: 'unknown' };
  const { operations, skipped } = operationRows(cells, target);
  const observed = dedupeObservations(read.flatMap((r) => r.observations));
  const leftoverLines = [...new Set(read.flatMap((r) => r.leftovers))];
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    suite: SUITE,
    target,
    seed: Number(metadata.seed ?? 0),
    runId: String(metadata.runId ?? ''),
    faults: (metadata.faults as string[] | undefined) ?? [],
    variants: (metadata.variants as string[] | undefined) ?? [],
    totals,
    requests: read.reduce((n, r) => n + r.requests, 0),
    operations,
    failures: read.flatMap((r) => (r.failure ? [r.failure] : [])),
    clauses: clauseTally(read.map((r) => r.cells)),
    readings: readingsTally(read.flatMap((r) => r.cells.verdicts)),
    notJudged: read.flatMap((r) => (r.notJudged ? [r.notJudged] : [])),
    tests: read.map((r) => r.line),
    skipped,
    skippedTests: read.flatMap((r) => (r.skipped ? [r.skipped] : [])),
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
    else
      byKey.set(key, {
        category: o.category,
        subject: o.subject,
        value: o.value,
        count: 1,
        operationId: o.operationId ?? operationOfSubject(o.subject),
      });
  }
  return [...byKey.values()].sort(
    (a, b) => a.category.localeCompare(b.category) || a.subject.localeCompare(b.subject) || a.value.localeCompare(b.value),
  );
}
