/**
 * `npm run bench`: the speed figures of the product (issue 17, "Fast against every target"),
 * measured in one run on this machine, written to reports/bench.json and printed as a table, each
 * with its target and whether it is met:
 * - the whole suite against the embedded server (wall seconds, requests, requests per second),
 *   target <= 6 s;
 * - the whole suite against a conforming server on loopback that is not the embedded one (the
 *   reference server started here, configured as any remote target is), as a ratio to the embedded
 *   run, target <= 1.3x;
 * - the whole suite against a failing target (the embedded server with a fixed set of faults that
 *   fail about 40 tests), as a ratio to the conforming embedded run, target <= 1.5x;
 * - the fixed cost of a run (`npm start`): a run of one test, target <= 3 s; and worker start-up,
 *   read from a run with Playwright's JSON reporter: per worker, the run's start to its first test;
 * - the fault run (seconds in all and per fault) — `--reuse-faults` takes them from the
 *   last reports/faults.json instead of running it again (and skips them, with a note, when there
 *   is none);
 * - the suite's HTTP client (auth, rate bound, exchange recording, redaction) per request, as a ratio
 *   to bare undici against the same local server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Agent, request } from 'undici';
import { hmacBasicAuth } from '../../src/auth/hmac-basic';
import { embeddedAsRemote } from '../../src/identity/embedded';
import { ApiClient } from '../../src/http/client';
import { Limiter } from '../../src/http/limiter';
import { runSuite, type SuiteRun } from '../fault-run/run-suite';
import type { FaultRunReport } from '../fault-run/report';
import { startReferenceServer } from '../../servers/reference/server';
import { parseCliArgs, usageError } from '../../src/cli/help';
import { farRun, type FarRun } from '../bench/far';
import { figure, jsonTotals, ratio, renderFigures, round, workerStartup, type Figure, type JsonReportLike } from './bench-figures';

// An async main, not top-level await: the package is CommonJS (README, Design: why).
async function main(): Promise<void> {
  const { values } = parseCliArgs('bench', {
    options: {
      'reuse-faults': { type: 'boolean', default: false },
      'no-far': { type: 'boolean', default: false },
      requests: { type: 'string', default: '5000' },
    },
  });
  if (!/^[1-9]\d*$/.test(values.requests)) usageError('npm run bench', `--requests must be a positive integer (got "${values.requests}")`);
  const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  const SEED = '20261123';
  /** The config's default: two workers, one project per API with one worker each (src/runner/projects.ts). */
  const WORKERS = 2;
  /** Runs of the whole suite against the embedded server; their median is the figure. */
  const EMBEDDED_RUNS = 3;

  /**
   * The failing target: the embedded server with faults chosen to fail about 40 tests (46 of 281 with
   * seed 20261123 when they were chosen), spread over the three APIs: RM candidate validation
   * answered 400 instead of 422, a schema fault on RM lists (count as a string), HR validation
   * failures answered 200, and Learning creates answered 200 instead of 201. Playwright restarts a
   * worker after each failed test, which is most of what makes a failing run slower.
   */
  const FAILING_FAULTS = [
    'rm.candidates.create.validation-400',
    'rm.schema.list-count-string',
    'hr.write.validation-answered-200',
    'learning.create.status-200',
  ];

  /** Round trips of the far-away runs (a proxy answering that late), and the defect only a generated case finds. */
  const FAR_DELAYS_MS = [50, 300] as const;
  const GENERATED_ONLY_FAULT = 'rm.lists.readd-after-delete-200';

  /** The one test of the start-up run: a stable, quick HR check. */
  const ONE_TEST = { project: 'hr', grep: 'the token endpoint issues a bearer JWT for the configured client and scope' };

  /** Load and machine at the start, before the bench itself loads the machine. */
  const startLoad = loadavg();
  const measuredAt = new Date().toISOString();

  async function clientOverhead(n: number): Promise<{ bare: number; client: number; ratio: number }> {
    const body = JSON.stringify({ data: [{ id: '1', type: 'company_lists', attributes: { name: 'x', count: 1 } }] });
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/lists`;
    const dispatcher = new Agent({ connections: 16 });
    const client = new ApiClient({
      api: 'rm',
      baseUrl: url.replace('/lists', ''),
      auth: hmacBasicAuth('bench-key', 'bench-secret-value'),
      limiter: new Limiter(0, 16),
      timeoutMs: 5000,
      jsonContentType: 'application/vnd.api+json',
      onExchange: () => undefined,
      dispatcher,
    });
    const concurrency = 16;
    const timed = async (one: () => Promise<unknown>): Promise<number> => {
      const t0 = performance.now();
      let left = n;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (left-- > 0) await one();
        }),
      );
      return (performance.now() - t0) / n;
    };
    const bareOne = async (): Promise<void> => {
      const res = await request(url, { dispatcher, headers: { authorization: 'Basic x' } });
      await res.body.text();
    };
    const clientOne = (): Promise<unknown> => client.send({ method: 'GET', path: '/lists' });
    await timed(bareOne);
    await timed(clientOne); // warm-up of both paths
    const bare = await timed(bareOne);
    const viaClient = await timed(clientOne);
    server.close();
    await dispatcher.close();
    return { bare, client: viaClient, ratio: viaClient / bare };
  }

  /**
   * The whole suite against the reference server started in this process, configured as any remote
   * target is (base URLs, credentials and well-known ids; destructive checks allowed, since the
   * server is ours), with the defaults a loopback target gets.
   */
  async function loopbackSandboxRun(): Promise<SuiteRun> {
    const server = await startReferenceServer({ host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${server.port}`;
    try {
      return await runSuite({
        reportsDir: `${reportsDir}/bench-loopback`,
        embedded: false,
        env: {
          CONFORMANCE_SEED: SEED,
          CONFORMANCE_ALLOW_DESTRUCTIVE: '1',
          ...embeddedAsRemote(origin, true),
        },
      });
    } finally {
      await server.close();
    }
  }

  /**
   * The whole suite against the embedded server with Playwright's JSON reporter only (written to a
   * file through PLAYWRIGHT_JSON_OUTPUT_FILE, so nothing else on stdout can spoil it): the run the
   * worker start-up is read from.
   */
  async function jsonReporterRun(): Promise<{ run: SuiteRun; report: JsonReportLike | null }> {
    const dir = `${reportsDir}/bench-workers`;
    const file = resolve(dir, 'playwright-report.json');
    const run = await runSuite({
      reportsDir: dir,
      args: ['--reporter=json'],
      env: { CONFORMANCE_SEED: SEED, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
    });
    let report: JsonReportLike | null = null;
    try {
      report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as JsonReportLike) : null;
    } catch {
      report = null;
    }
    return { run, report };
  }

  const totalsOf = (run: SuiteRun): { passed: number; failed: number; skipped: number } | null => run.report?.totals ?? null;
  const ran = (run: SuiteRun): string => {
    const t = totalsOf(run);
    return t
      ? `exit ${run.exitCode}, ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`
      : `exit ${run.exitCode}, no report${run.tail ? `: ${run.tail.split('\n').at(-1) ?? ''}` : ''}`;
  };

  const step = (what: string): void => console.log(`bench: ${what}...`);

  // The machine's noise moves one run by a few tenths of a second: the median of three counts. The
  // first run after an install also fills the compile cache (src/runner/compile-cache.ts).
  step(`whole suite against the embedded server (${EMBEDDED_RUNS} runs, the median counts)`);
  const suiteRuns: SuiteRun[] = [];
  for (let n = 0; n < EMBEDDED_RUNS; n += 1)
    suiteRuns.push(await runSuite({ reportsDir: `${reportsDir}/bench-suite`, env: { CONFORMANCE_SEED: SEED } }));
  const suite = [...suiteRuns].sort((a, b) => a.seconds - b.seconds)[Math.floor(EMBEDDED_RUNS / 2)] ?? suiteRuns[0];
  if (!suite) throw new Error('no embedded run');
  step('whole suite against a conforming server on loopback');
  const loopback = await loopbackSandboxRun();
  step(`whole suite against a failing target (faults ${FAILING_FAULTS.join(', ')})`);
  const failing = await runSuite({
    reportsDir: `${reportsDir}/bench-failing`,
    faults: FAILING_FAULTS,
    env: { CONFORMANCE_SEED: SEED },
  });
  step('one test (fixed cost of a run)');
  const oneTest = await runSuite({
    reportsDir: `${reportsDir}/bench-one-test`,
    projects: [ONE_TEST.project],
    args: ['--grep', ONE_TEST.grep],
    env: { CONFORMANCE_SEED: SEED },
  });
  step('whole suite with the JSON reporter (worker start-up)');
  const workerRun = await jsonReporterRun();
  const workers = workerRun.report ? workerStartup(workerRun.report) : null;

  const requests = suite.report?.requests ?? 0;
  let catalogue: Pick<FaultRunReport, 'seconds' | 'faults' | 'variants' | 'parallel'> | null = null;
  let faultRunNote: string | null = null;
  if (!values['reuse-faults']) {
    step('fault run');
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'proof/cli/faults.ts'], { stdio: 'inherit' });
    if (res.status !== 0) console.error('The fault run failed; its time is still reported.');
  }
  if (existsSync(`${reportsDir}/faults.json`)) catalogue = JSON.parse(readFileSync(`${reportsDir}/faults.json`, 'utf8')) as FaultRunReport;
  else
    faultRunNote = values['reuse-faults']
      ? `--reuse-faults: no ${reportsDir}/faults.json to reuse, so the catalogue figures are left out (run \`npm run bench\` without it, or \`npm run faults\`, to measure them).`
      : `the fault run wrote no ${reportsDir}/faults.json.`;
  // Far away (issue 27): the reference server behind a proxy answering 50 and 300 ms late.
  const far: FarRun[] = [];
  if (!values['no-far'])
    for (const delayMs of FAR_DELAYS_MS) {
      step(`whole suite against a target ${delayMs} ms away`);
      far.push(await farRun({ delayMs, reportsDir: `${reportsDir}/bench-far-${delayMs}`, seed: SEED }));
    }
  step(`the generated-only defect (${GENERATED_ONLY_FAULT}) 300 ms away, on the properties' time budget`);
  const farDefect = values['no-far']
    ? null
    : await farRun({
        delayMs: 300,
        reportsDir: `${reportsDir}/bench-far-defect`,
        seed: SEED,
        faults: [GENERATED_ONLY_FAULT],
        args: ['rm/lists-membership.spec', '--project', 'rm'],
      });
  step('HTTP client overhead');
  const overhead = await clientOverhead(Number(values.requests));
  const runs = catalogue ? catalogue.faults.length + catalogue.variants.length : 0;

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
    faultRunSeconds: catalogue?.seconds ?? null,
    faultRuns: runs,
    secondsPerFaultRun: catalogue && runs ? Math.round((10 * catalogue.seconds) / runs) / 10 : null,
    faultRunParallel: catalogue?.parallel ?? null,
    faultRunReused: values['reuse-faults'] && catalogue !== null,
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
      catalogue
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

  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(`${reportsDir}/bench.json`, JSON.stringify({ ...bench, figures }, null, 2));
  console.log(`
Measured ${measuredAt} on ${bench.machine.cpus} x ${bench.machine.cpuModel} (${bench.machine.platform}), load average ${bench.machine.loadAverage.join(' ')} at start.

${renderFigures(figures)}
${faultRunNote ? `\nNote: ${faultRunNote}\n` : ''}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
