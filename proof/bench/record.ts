/**
 * The bench's record: every measurement as reports/bench.json holds it, and the figures of the
 * table, each with its target (issues 17 and 27).
 */
import { cpus } from 'node:os';
import type { FaultRunReport } from '../fault-run/report';
import type { SuiteRun } from '../fault-run/run-suite';
import type { FarRun } from './far';
import { figure, jsonTotals, ratio, round, type Figure, type JsonReportLike, type workerStartup } from './figures';

/** What the bench measured. */
export interface Measured {
  measuredAt: string;
  startLoad: number[];
  SEED: string;
  WORKERS: number;
  EMBEDDED_RUNS: number;
  FAILING_FAULTS: readonly string[];
  ONE_TEST: { project: string; grep: string };
  suite: SuiteRun;
  suiteRuns: readonly SuiteRun[];
  loopback: SuiteRun;
  failing: SuiteRun;
  oneTest: SuiteRun;
  workerRun: { run: SuiteRun; report: JsonReportLike | null };
  workers: ReturnType<typeof workerStartup> | null;
  requests: number;
  faultRun: Pick<FaultRunReport, 'seconds' | 'faults' | 'variants' | 'parallel'> | null;
  faultRunNote: string | null;
  reuseFaults: boolean;
  overhead: { bare: number; client: number; ratio: number };
  runs: number;
  far: readonly FarRun[];
  farDefect: FarRun | null;
}

const totalsOf = (run: SuiteRun): { passed: number; failed: number; skipped: number } | null => run.report?.totals ?? null;

const ran = (run: SuiteRun): string => {
  const t = totalsOf(run);
  return t
    ? `exit ${run.exitCode}, ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`
    : `exit ${run.exitCode}, no report${run.tail ? `: ${run.tail.split('\n').at(-1) ?? ''}` : ''}`;
};

export function benchRecord(m: Measured) {
  const bench = benchJson(m);
  const figures: Figure[] = [
    ...suiteFigures(m, bench),
    ...startupFigures(m, bench),
    faultRunFigure(m, bench),
    ...farFigures(bench),
    overheadFigure(bench),
  ];
  return { bench, figures };
}

type Bench = ReturnType<typeof benchJson>;

// The key order here is reports/bench.json's: each section's keys are spread in place.
function benchJson(m: Measured) {
  const { measuredAt, suite, requests } = m;
  return {
    measuredAt,
    machine: machineOf(m.startLoad),
    suiteSeconds: round(suite.seconds),
    suiteExitCode: suite.exitCode,
    requests,
    requestsPerSecond: Math.round(requests / suite.seconds),
    suite: suiteSection(m),
    startup: startupSection(m),
    ...faultRunSection(m),
    far: m.far.map(farSection),
    farDefect: m.farDefect ? farDefectSection(m.farDefect) : null,
    ...overheadSection(m.overhead),
  };
}

/** This machine, and its load when the bench started. */
function machineOf(startLoad: readonly number[]) {
  const cpuList = cpus();
  return {
    platform: `${process.platform} ${process.arch}, node ${process.version}`,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model ?? 'unknown',
    /** 1, 5 and 15 minute load averages when the bench started. */
    loadAverage: startLoad.map((l) => Math.round(l * 100) / 100),
  };
}

/** The whole-suite runs: embedded, conforming loopback and failing target. */
function suiteSection({ SEED, WORKERS, FAILING_FAULTS, suite, suiteRuns, loopback, failing }: Measured) {
  return {
    workers: WORKERS,
    seed: Number(SEED),
    embeddedSeconds: round(suite.seconds),
    embeddedRunsSeconds: suiteRuns.map((r) => round(r.seconds)),
    embeddedExitCode: suite.exitCode,
    embeddedTotals: totalsOf(suite),
    loopbackSandboxSeconds: round(loopback.seconds),
    loopbackSandboxExitCode: loopback.exitCode,
    loopbackSandboxTotals: totalsOf(loopback),
    loopbackSandboxRequests: loopback.report?.requests ?? null,
    loopbackSandboxRatio: ratio(loopback.seconds, suite.seconds),
    failingTargetSeconds: round(failing.seconds),
    failingTargetExitCode: failing.exitCode,
    failingTargetFaults: FAILING_FAULTS,
    failingTargetFailedTests: failing.report?.totals.failed ?? null,
    failingTargetTotals: totalsOf(failing),
    failingTargetRatio: ratio(failing.seconds, suite.seconds),
  };
}

/** The fixed cost of a run: one test, and worker start-up. */
function startupSection({ ONE_TEST, oneTest, workerRun, workers }: Measured) {
  return {
    oneTestSeconds: round(oneTest.seconds, 2),
    oneTestExitCode: oneTest.exitCode,
    oneTestTotals: totalsOf(oneTest),
    oneTest: `--project ${ONE_TEST.project} --grep "${ONE_TEST.grep}"`,
    /**
     * Per worker: the run's start (Playwright's stats.startTime, global set-up included) to its first
     * test start. Workers started later in the run (each project gets its own; a failed test
     * restarts one) count from the run's start too, so `min` is the start-up of the first workers.
     */
    workerSeconds: workers
      ? {
          min: round(workers.min, 2),
          median: round(workers.median, 2),
          max: round(workers.max, 2),
          perWorker: workers.perWorker.map((w) => ({ workerIndex: w.workerIndex, seconds: round(w.seconds, 2) })),
        }
      : null,
    workersStarted: workers?.workers ?? null,
    workerRunSeconds: round(workerRun.run.seconds),
    workerRunExitCode: workerRun.run.exitCode,
    workerRunTotals: workerRun.report ? jsonTotals(workerRun.report) : null,
  };
}

/** The fault run's figures (top-level keys of bench.json). */
function faultRunSection({ faultRun, runs, reuseFaults, faultRunNote }: Measured) {
  return {
    faultRunSeconds: faultRun?.seconds ?? null,
    faultRuns: runs,
    secondsPerFaultRun: faultRun && runs ? Math.round((10 * faultRun.seconds) / runs) / 10 : null,
    faultRunParallel: faultRun?.parallel ?? null,
    faultRunReused: reuseFaults && faultRun !== null,
    ...(faultRunNote ? { faultRunNote } : {}),
  };
}

/** One far-away run of the whole suite. */
function farSection(f: FarRun) {
  return {
    delayMs: f.delayMs,
    seconds: round(f.run.seconds),
    exitCode: f.run.exitCode,
    totals: totalsOf(f.run),
    requests: f.requests,
    longestTestChain: f.longestTestChain,
    longestWorkerChain: f.longestWorkerChain,
    properties: f.properties,
  };
}

/** The far-away run with the defect only a generated case finds. */
function farDefectSection(farDefect: FarRun) {
  return {
    seconds: round(farDefect.run.seconds),
    exitCode: farDefect.run.exitCode,
    foundBy: farDefect.run.report?.failures.map((f) => f.check) ?? [],
    casesOfTheModel: farDefect.properties.find((p) => /membership model/.test(p.name)) ?? null,
  };
}

/** The HTTP client's cost per request against bare undici (top-level keys of bench.json). */
function overheadSection(overhead: Measured['overhead']) {
  return {
    bareUndiciMsPerRequest: Math.round(overhead.bare * 1000) / 1000,
    clientMsPerRequest: Math.round(overhead.client * 1000) / 1000,
    clientOverheadRatio: Math.round(overhead.ratio * 100) / 100,
  };
}

function suiteFigures({ EMBEDDED_RUNS, suite, loopback, failing, requests }: Measured, bench: Bench): Figure[] {
  return [
    figure(
      'whole suite vs embedded server',
      'suite.embeddedSeconds',
      bench.suite.embeddedSeconds,
      's',
      6,
      `median of ${EMBEDDED_RUNS} (${bench.suite.embeddedRunsSeconds.join(', ')} s); ${ran(suite)}; ${requests} requests, ${bench.requestsPerSecond}/s`,
    ),
    figure(
      'whole suite vs conforming loopback server',
      'suite.loopbackSandboxSeconds',
      bench.suite.loopbackSandboxSeconds,
      's',
      null,
      ran(loopback),
    ),
    figure('  loopback / embedded', 'suite.loopbackSandboxRatio', bench.suite.loopbackSandboxRatio, 'x', 1.3),
    figure(
      'whole suite vs failing target',
      'suite.failingTargetSeconds',
      bench.suite.failingTargetSeconds,
      's',
      null,
      `${bench.suite.failingTargetFailedTests ?? '?'} failed tests; ${ran(failing)}`,
    ),
    figure('  failing / conforming (embedded)', 'suite.failingTargetRatio', bench.suite.failingTargetRatio, 'x', 1.5),
  ];
}

function startupFigures({ oneTest, workerRun }: Measured, bench: Bench): Figure[] {
  return [
    figure('one test (fixed cost of npm start)', 'startup.oneTestSeconds', bench.startup.oneTestSeconds, 's', 3, ran(oneTest)),
    figure(
      'worker start-up, median (run start to first test)',
      'startup.workerSeconds.median',
      bench.startup.workerSeconds?.median ?? null,
      's',
      null,
      bench.startup.workerSeconds
        ? `min ${bench.startup.workerSeconds.min}, max ${bench.startup.workerSeconds.max}, ${bench.startup.workersStarted} workers started; run exit ${workerRun.run.exitCode}`
        : `no JSON report; run exit ${workerRun.run.exitCode}`,
    ),
  ];
}

function faultRunFigure({ faultRun, runs }: Measured, bench: Bench): Figure {
  return figure(
    'fault run',
    'faultRunSeconds',
    bench.faultRunSeconds,
    's',
    300,
    faultRun
      ? `${runs} runs, ${bench.secondsPerFaultRun ?? '-'} s each, ${bench.faultRunParallel ?? '-'} in parallel${bench.faultRunReused ? ', reused' : ''}`
      : 'not measured',
  );
}

/** The far-away runs, and the generated-only defect when it was run. */
function farFigures(bench: Bench): Figure[] {
  return [
    ...bench.far.map((f) =>
      figure(
        `whole suite ${f.delayMs} ms away`,
        `far[${f.delayMs}].seconds`,
        f.seconds,
        's',
        f.delayMs === 50 ? 20 : 60,
        `exit ${f.exitCode}; ${f.requests} requests; longest chain ${f.longestTestChain} round trips in a test, ${f.longestWorkerChain} in a worker; ${f.properties.length} properties, the model ${f.properties.find((p) => /membership model/.test(p.name))?.runs ?? '?'} cases`,
      ),
    ),
    ...(bench.farDefect
      ? [
          figure(
            'generated-only defect 300 ms away',
            'farDefect.seconds',
            bench.farDefect.seconds,
            's',
            null,
            `exit ${bench.farDefect.exitCode} (1: found), by ${bench.farDefect.foundBy.join(', ') || 'nothing'}; the model ran ${bench.farDefect.casesOfTheModel?.runs ?? '?'} cases`,
          ),
        ]
      : []),
  ];
}

function overheadFigure(bench: Bench): Figure {
  return figure(
    'client per request vs bare undici',
    'clientOverheadRatio',
    bench.clientOverheadRatio,
    'x',
    1.5,
    `${bench.clientMsPerRequest} ms vs ${bench.bareUndiciMsPerRequest} ms`,
  );
}
