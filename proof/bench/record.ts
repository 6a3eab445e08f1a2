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
  const { measuredAt, startLoad, SEED, WORKERS, EMBEDDED_RUNS, FAILING_FAULTS, ONE_TEST, suite, suiteRuns, loopback, failing, oneTest } = m;
  const { workerRun, workers, requests, faultRun, faultRunNote, reuseFaults, overhead, runs, far, farDefect } = m;
  const embeddedSeconds = round(suite.seconds);
  const loopbackSeconds = round(loopback.seconds);
  const failingSeconds = round(failing.seconds);
  const failedTests = failing.report?.totals.failed ?? null;
  const workerTotals = workerRun.report ? jsonTotals(workerRun.report) : null;
  const cpuList = cpus();
  const bench = {
    measuredAt,
    machine: {
      platform: `${process.platform} ${process.arch}, node ${process.version}`,
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model ?? 'unknown',
      /** 1, 5 and 15 minute load averages when the bench started. */
      loadAverage: startLoad.map((l) => Math.round(l * 100) / 100),
    },
    suiteSeconds: embeddedSeconds,
    suiteExitCode: suite.exitCode,
    requests,
    requestsPerSecond: Math.round(requests / suite.seconds),
    suite: {
      workers: WORKERS,
      seed: Number(SEED),
      embeddedSeconds,
      embeddedRunsSeconds: suiteRuns.map((r) => round(r.seconds)),
      embeddedExitCode: suite.exitCode,
      embeddedTotals: totalsOf(suite),
      loopbackSandboxSeconds: loopbackSeconds,
      loopbackSandboxExitCode: loopback.exitCode,
      loopbackSandboxTotals: totalsOf(loopback),
      loopbackSandboxRequests: loopback.report?.requests ?? null,
      loopbackSandboxRatio: ratio(loopback.seconds, suite.seconds),
      failingTargetSeconds: failingSeconds,
      failingTargetExitCode: failing.exitCode,
      failingTargetFaults: FAILING_FAULTS,
      failingTargetFailedTests: failedTests,
      failingTargetTotals: totalsOf(failing),
      failingTargetRatio: ratio(failing.seconds, suite.seconds),
    },
    startup: {
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
      workerRunTotals: workerTotals,
    },
    faultRunSeconds: faultRun?.seconds ?? null,
    faultRuns: runs,
    secondsPerFaultRun: faultRun && runs ? Math.round((10 * faultRun.seconds) / runs) / 10 : null,
    faultRunParallel: faultRun?.parallel ?? null,
    faultRunReused: reuseFaults && faultRun !== null,
    ...(faultRunNote ? { faultRunNote } : {}),
    far: far.map((f) => ({
      delayMs: f.delayMs,
      seconds: round(f.run.seconds),
      exitCode: f.run.exitCode,
      totals: totalsOf(f.run),
      requests: f.requests,
      longestTestChain: f.longestTestChain,
      longestWorkerChain: f.longestWorkerChain,
      properties: f.properties,
    })),
    farDefect: farDefect
      ? {
          seconds: round(farDefect.run.seconds),
          exitCode: farDefect.run.exitCode,
          foundBy: farDefect.run.report?.failures.map((f) => f.check) ?? [],
          casesOfTheModel: farDefect.properties.find((p) => /membership model/.test(p.name)) ?? null,
        }
      : null,
    bareUndiciMsPerRequest: Math.round(overhead.bare * 1000) / 1000,
    clientMsPerRequest: Math.round(overhead.client * 1000) / 1000,
    clientOverheadRatio: Math.round(overhead.ratio * 100) / 100,
  };

  const figures: Figure[] = [
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
      `${failedTests ?? '?'} failed tests; ${ran(failing)}`,
    ),
    figure('  failing / conforming (embedded)', 'suite.failingTargetRatio', bench.suite.failingTargetRatio, 'x', 1.5),
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
    figure(
      'fault run',
      'faultRunSeconds',
      bench.faultRunSeconds,
      's',
      300,
      faultRun
        ? `${runs} runs, ${bench.secondsPerFaultRun ?? '-'} s each, ${bench.faultRunParallel ?? '-'} in parallel${bench.faultRunReused ? ', reused' : ''}`
        : 'not measured',
    ),
    ...bench.far.flatMap((f) => [
      figure(
        `whole suite ${f.delayMs} ms away`,
        `far[${f.delayMs}].seconds`,
        f.seconds,
        's',
        f.delayMs === 50 ? 20 : 60,
        `exit ${f.exitCode}; ${f.requests} requests; longest chain ${f.longestTestChain} round trips in a test, ${f.longestWorkerChain} in a worker; ${f.properties.length} properties, the model ${f.properties.find((p) => /membership model/.test(p.name))?.runs ?? '?'} cases`,
      ),
    ]),
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
    figure(
      'client per request vs bare undici',
      'clientOverheadRatio',
      bench.clientOverheadRatio,
      'x',
      1.5,
      `${bench.clientMsPerRequest} ms vs ${bench.bareUndiciMsPerRequest} ms`,
    ),
  ];
  return { bench, figures };
}
