/**
 * The conformance run. Projects per API (rm, hr, learning; src/runner/projects.ts); the global setup
 * validates the target, starts the embedded reference server when none is configured, and preflights. Seed and run id are
 * fixed here, in the runner, so every worker shares them.
 */
import { randomBytes } from 'node:crypto';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { commaList, readEnv } from './src/config/env';
import { isNear, NEAR_MAX_CONCURRENCY, planTarget } from './src/config/target';
import { instanceProjects, readInstances } from './src/runner/instances';
import { farWorkers, jobPerTest, suiteProjects } from './src/runner/projects';
import { isFar, runRttMs } from './src/runner/latency';
import { withCompileCache } from './src/runner/compile-cache';
import { isLeanRun } from './src/runner/lean';
import { exitOnUnknownProject } from './src/runner/selection-guard';

// A failed check keeps its worker (patches/playwright+1.65.1.patch): the specs share no browser state,
// and a new worker costs ~0.8 CPU-s, more than most tests. Timeouts and crashes still restart one.
process.env.PW_KEEP_WORKER_ON_FAILURE ??= '1';
// Workers transform our TypeScript with Playwright's require hooks alone, without starting its ESM
// loader thread (patches/playwright+1.65.1.patch; ~0.2 CPU-s of each worker's start-up): the package
// is CommonJS (test/unit/module-format.test.ts), so nothing of ours goes through that loader.
process.env.PW_TS_CJS_ONLY ??= '1';
// Workers (forked with this environment) load modules from a V8 code cache (src/runner/compile-cache.ts).
const compileCache = withCompileCache(process.env).NODE_COMPILE_CACHE;
if (compileCache !== undefined) process.env.NODE_COMPILE_CACHE = compileCache;
process.env.CONFORMANCE_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
process.env.CONFORMANCE_RUN_ID ??= `cr${randomBytes(4).toString('hex')}`;

const env = readEnv();
let plan = { embedded: true, rm: true, v3: true };
try {
  plan = planTarget(env);
} catch {
  // The global setup reports configuration errors with exit status 2.
}
const where = (configured: boolean, url: string | undefined): string =>
  !configured ? 'not configured' : plan.embedded ? 'embedded' : (url ?? '');
const metadata = {
  target: { rm: where(plan.rm, env.RM_BASE_URL), hr: where(plan.v3, env.HR_BASE_URL) },
  seed: Number(process.env.CONFORMANCE_SEED),
  runId: process.env.CONFORMANCE_RUN_ID,
  faults: plan.embedded ? commaList(env.REFERENCE_FAULTS) : [],
  variants: plan.embedded ? commaList(env.REFERENCE_VARIANTS) : [],
};
const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
const instances = readInstances();
// Projects whose metadata names one worker group share workers (patches/playwright+1.65.1.patch): a
// near run's projects (src/runner/projects.ts) and a many-instance run's (src/runner/instances.ts).
process.env.PW_WORKER_GROUPS ??= '1';
const quiet = process.env.CONFORMANCE_QUIET === '1';
const blob = process.env.CONFORMANCE_BLOB === '1';
// The fault runs the suite ~100 times and reads only conformance.json: skip the other reports.
const lean = isLeanRun();
// The fault runs many reference servers in one run (src/runner/instances.ts); else a project per
// API, sharing two workers in a near run (src/runner/projects.ts).
// A far target (a round trip of 20 ms or more) gets more workers and a job per test (src/runner/latency.ts).
const baseUrls = [env.RM_BASE_URL, env.HR_BASE_URL].filter((u): u is string => !!u);
const rttMs = !plan.embedded && !instances ? runRttMs(process.env, baseUrls) : null;
const far = isFar(rttMs);
// Far away, the properties and models (the longest tests) start first, not last (patches/playwright+1.65.1.patch).
if (far) process.env.PW_RUN_FIRST_TAG ??= '@property';
// The run's bound on requests in flight (src/config/target.ts; a bad value is reported by the global setup).
const maxConcurrency = Number(env.CONFORMANCE_MAX_CONCURRENCY) || (isNear(baseUrls) ? NEAR_MAX_CONCURRENCY : 4);
const workers = workersFromEnv(process.env.CONFORMANCE_WORKERS, far ? farWorkers(rttMs ?? 0, maxConcurrency) : 2);
const projects = instances ? instanceProjects(instances) : suiteProjects(process.argv, far, workers);
// `--project foo`: exit 2 and one line, not Playwright's exit 1 and stack trace (src/runner/selection-guard.ts).
exitOnUnknownProject(projects.map((p) => p.name ?? ''));

export default defineConfig({
  testDir: './specs',
  outputDir: `${reportsDir}/test-results`,
  globalSetup: './src/runner/global-setup.ts',
  // A spec file's tests run in order in one worker, files spread over the workers: a job per file,
  // not per test (~6 ms of dispatch each, 288 tests); a sharded run splits tests (src/runner/projects.ts).
  fullyParallel: jobPerTest(process.argv, far),
  workers,
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  retries: 0,
  metadata,
  reporter: [
    // "No tests found" (-g matching nothing): exit 2 and one line (src/runner/selection-guard.ts).
    ['./src/runner/selection-guard.ts'],
    // One progress line (n/total, failures as they happen, time left); CONFORMANCE_VERBOSE=1: every title.
    [quiet ? 'null' : process.env.CONFORMANCE_VERBOSE === '1' ? 'list' : './src/reporting/progress-reporter.ts'],
    ...(lean ? [] : reportersForPeople()),
    instances
      ? ['./src/runner/instance-reporter.ts', { outputDir: reportsDir }]
      : ['./src/reporting/conformance-reporter.ts', { outputDir: reportsDir }],
    ...(blob ? [['blob', { outputDir: `${reportsDir}/blob-report` }] as ['blob', { outputDir: string }]] : []),
    // Last: deletes the empty per-test folders every attach() leaves under outputDir.
    ['./src/reporting/tidy-output.ts'],
  ],
  projects,
});

/**
 * CONFORMANCE_WORKERS: a positive integer (empty counts as unset: 2). Anything else ends the run here,
 * before Playwright starts, with exit 2 and one line: "two" used to print "using NaN workers" and hang,
 * 0 a Playwright stack trace.
 */
function workersFromEnv(value: string | undefined, byDefault: number): number {
  if (value === undefined || value.trim() === '') return byDefault;
  if (/^\s*[1-9]\d*\s*$/.test(value) && Number(value) <= 1024) return Number(value);
  console.error(`CONFORMANCE_WORKERS must be a positive integer (got ${JSON.stringify(value)})`);
  process.exit(2);
}

/** Allure results (the conformance reporter writes junit.xml itself, from the verdicts). */
function reportersForPeople(): ReporterDescription[] {
  return [
    // reports/exchanges.har: every exchange of the run (the workers append, this reporter merges).
    ['./src/reporting/har-reporter.ts', { outputDir: reportsDir }],
    [
      // allure-playwright, with a writer that does not fsync every file (src/reporting/allure-reporter.ts).
      './src/reporting/allure-reporter.ts',
      {
        resultsDir: `${reportsDir}/allure-results`,
        detail: false,
        suiteTitle: true,
        environmentInfo: {
          'RM v2 target': metadata.target.rm,
          'HR / Learning v3 target': metadata.target.hr,
          seed: String(metadata.seed),
          'run id': String(metadata.runId),
          'suite version': process.env.npm_package_version ?? '0.1.0',
          ...(metadata.faults.length ? { 'reference faults': metadata.faults.join(', ') } : {}),
          ...(metadata.variants.length ? { 'reference variants': metadata.variants.join(', ') } : {}),
        },
      },
    ],
  ];
}
