/**
 * `npm run bench`: the speed figures of the product (issue 17, "Fast against every target"),
 * measured in one run on this machine, written to reports/bench/bench.json and printed as a table, each
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
 *   last reports/fault-run/faults.json instead of running it again (and skips them, with a note, when there
 *   is none);
 * - the suite's HTTP client (auth, rate bound, exchange recording, redaction) per request, as a ratio
 *   to bare undici against the same local server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { runSuite, type SuiteRun } from '../fault-run/run-suite';
import type { FaultRunReport } from '../fault-run/report';
import { parseCliArgs, usageError } from '../../src/cli/help';
import { farRun, type FarRun } from '../bench/far';
import { benchRecord } from '../bench/record';
import { clientOverhead, jsonReporterRun, loopbackSandboxRun } from '../bench/measure';
import { renderFigures, workerStartup } from '../bench/figures';

const SEED = '20261123';
/** The config's default: two workers shared by the three API projects (src/runner/projects.ts). */
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

type FaultRunFigures = Pick<FaultRunReport, 'seconds' | 'faults' | 'variants' | 'parallel'>;

const step = (what: string): void => console.log(`bench: ${what}...`);

// An async main, not top-level await: the package is CommonJS (README, Design: why).
/** The reports folder the other commands share (CONFORMANCE_REPORTS_DIR). */
const REPORTS = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';

async function main(): Promise<void> {
  const values = parseBenchArgs();
  // The bench's own folder (src/runner/run-info.ts OWNED_ELSEWHERE): bench.json and each of its runs' reports.
  const reportsDir = `${REPORTS}/bench`;
  /** Load and machine at the start, before the bench itself loads the machine. */
  const startLoad = loadavg();
  const measuredAt = new Date().toISOString();
  const suiteRuns = await measureSuiteRuns(reportsDir);
  const requests = suiteRuns.suite.report?.requests ?? 0;
  const { faultRun, faultRunNote } = measureFaultRun(values['reuse-faults']);
  const { far, farDefect } = await measureFar(reportsDir, values['no-far']);
  step('HTTP client overhead');
  const overhead = await clientOverhead(Number(values.requests));
  const runs = faultRun ? faultRun.faults.length + faultRun.variants.length : 0;
  const { bench, figures } = benchRecord({
    measuredAt,
    startLoad,
    SEED,
    WORKERS,
    EMBEDDED_RUNS,
    FAILING_FAULTS,
    ONE_TEST,
    ...suiteRuns,
    requests,
    faultRun,
    faultRunNote,
    reuseFaults: values['reuse-faults'],
    overhead,
    runs,
    far,
    farDefect,
  });
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(`${reportsDir}/bench.json`, JSON.stringify({ ...bench, figures }, null, 2));
  console.log(`
Measured ${measuredAt} on ${bench.machine.cpus} x ${bench.machine.cpuModel} (${bench.machine.platform}), load average ${bench.machine.loadAverage.join(' ')} at start.

${renderFigures(figures)}
${faultRunNote ? `\nNote: ${faultRunNote}\n` : ''}`);
}

function parseBenchArgs(): { 'reuse-faults': boolean; 'no-far': boolean; requests: string } {
  const { values } = parseCliArgs('bench', {
    options: {
      'reuse-faults': { type: 'boolean', default: false },
      'no-far': { type: 'boolean', default: false },
      requests: { type: 'string', default: '5000' },
    },
  });
  if (!/^[1-9]\d*$/.test(values.requests)) usageError('npm run bench', `--requests must be a positive integer (got "${values.requests}")`);
  return values;
}

/** The whole-suite runs (embedded, loopback, failing), the one-test run and the worker start-up run, in that order. */
async function measureSuiteRuns(reportsDir: string) {
  const { suite, suiteRuns } = await measureEmbedded(reportsDir);
  step('whole suite against a conforming server on loopback');
  const loopback = await loopbackSandboxRun(reportsDir, SEED);
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
  const workerRun = await jsonReporterRun(reportsDir, SEED);
  const workers = workerRun.report ? workerStartup(workerRun.report) : null;
  return { suite, suiteRuns, loopback, failing, oneTest, workerRun, workers };
}

/** EMBEDDED_RUNS runs of the whole suite against the embedded server, and their median. */
async function measureEmbedded(reportsDir: string): Promise<{ suite: SuiteRun; suiteRuns: SuiteRun[] }> {
  // The machine's noise moves one run by a few tenths of a second: the median of three counts. The
  // first run after an install also fills the compile cache (src/runner/compile-cache.ts).
  step(`whole suite against the embedded server (${EMBEDDED_RUNS} runs, the median counts)`);
  const suiteRuns: SuiteRun[] = [];
  for (let n = 0; n < EMBEDDED_RUNS; n += 1)
    suiteRuns.push(await runSuite({ reportsDir: `${reportsDir}/bench-suite`, env: { CONFORMANCE_SEED: SEED } }));
  const suite = [...suiteRuns].sort((a, b) => a.seconds - b.seconds)[Math.floor(EMBEDDED_RUNS / 2)] ?? suiteRuns[0];
  if (!suite) throw new Error('no embedded run');
  return { suite, suiteRuns };
}

/** Runs the fault run (unless reused) and reads its figures from faults.json, or says why there are none. */
function measureFaultRun(reuse: boolean): { faultRun: FaultRunFigures | null; faultRunNote: string | null } {
  if (!reuse) {
    step('fault run');
    const res = spawnSync(process.execPath, ['--require', 'tsx/cjs', 'proof/cli/faults.ts'], { stdio: 'inherit' });
    if (res.status !== 0) console.error('The fault run failed; its time is still reported.');
  }
  const faultsJson = `${REPORTS}/fault-run/faults.json`;
  if (existsSync(faultsJson)) return { faultRun: JSON.parse(readFileSync(faultsJson, 'utf8')) as FaultRunReport, faultRunNote: null };
  const faultRunNote = reuse
    ? `--reuse-faults: no ${faultsJson} to reuse, so the fault run figures are left out (run \`npm run bench\` without it, or \`npm run faults\`, to measure them).`
    : `the fault run wrote no ${faultsJson}.`;
  return { faultRun: null, faultRunNote };
}

// Far away (issue 27): the reference server behind a proxy answering 50 and 300 ms late.
async function measureFar(reportsDir: string, noFar: boolean): Promise<{ far: FarRun[]; farDefect: FarRun | null }> {
  const far: FarRun[] = [];
  if (!noFar)
    for (const delayMs of FAR_DELAYS_MS) {
      step(`whole suite against a target ${delayMs} ms away`);
      far.push(await farRun({ delayMs, reportsDir: `${reportsDir}/bench-far-${delayMs}`, seed: SEED }));
    }
  // Announced under --no-far too, though nothing is then run.
  step(`the generated-only defect (${GENERATED_ONLY_FAULT}) 300 ms away, on the properties' time budget`);
  const farDefect = noFar
    ? null
    : await farRun({
        delayMs: 300,
        reportsDir: `${reportsDir}/bench-far-defect`,
        seed: SEED,
        faults: [GENERATED_ONLY_FAULT],
        args: ['rm/lists-membership.spec', '--project', 'rm'],
      });
  return { far, farDefect };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
