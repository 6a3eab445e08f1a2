/**
 * The suite's Playwright projects, one per API (rm, hr, learning), and how a run spreads them.
 *
 * Playwright starts a worker per project (its worker hash includes the project), and two free
 * workers both take the head of the queue: with three projects and two workers, both switch
 * project twice, and a run starts six workers (~1 CPU-s each) where three would do. So the default
 * whole-suite run caps each project at one worker: one worker runs RM while the other runs HR then
 * Learning. `--project`, `--workers`/`-j` or CONFORMANCE_WORKERS lift the cap, so a chosen project
 * or width gets every worker; RM specs then run on two workers at once, which they tolerate as they
 * tolerate other people writing to a shared target (specs/kit/rm-window.ts). A far target
 * (a round trip of 20 ms or more, src/runner/latency.ts) gets farWorkers() workers and a job per
 * test: its run waits on the network, not on the CPU. Its workers are shared out between the
 * projects by the work each has (farShares): a free worker only ever takes its own project's next
 * test, so none is stopped and started again for another project (Playwright stops a worker whose
 * next job belongs to another project; with one queue of 303 tests and 16 free workers, a far run
 * started ~50 workers of ~2 CPU-s each, most of the run's CPU on 2 cores).
 */
import type { ApiName } from '../catalogue/types';

export interface SuiteProject {
  name: ApiName;
  testDir: string;
  workers?: number;
}

export const API_PROJECTS: readonly SuiteProject[] = [
  { name: 'rm', testDir: './specs/rm' },
  { name: 'hr', testDir: './specs/hr' },
  { name: 'learning', testDir: './specs/learning' },
];

const CHOSEN = /^(--project|--workers)(=|$)|^-j/;

/** A far target (src/runner/latency.ts) is I/O-bound: no cap, every project takes every worker. */
export function projectWorkerCap(argv: readonly string[], env: NodeJS.ProcessEnv, far = false): number | undefined {
  if (env.CONFORMANCE_WORKERS || far) return undefined;
  return argv.some((arg) => CHOSEN.test(arg)) ? undefined : 1;
}

export function suiteProjects(argv: readonly string[], env: NodeJS.ProcessEnv, far = false, runWorkers = 0): SuiteProject[] {
  const workers = projectWorkerCap(argv, env, far);
  if (workers !== undefined) return API_PROJECTS.map((p) => ({ ...p, workers }));
  const chosen = argv.some((arg) => /^--project(=|$)/.test(arg));
  if (!far || chosen || runWorkers < API_PROJECTS.length) return API_PROJECTS.map((p) => ({ ...p }));
  const shares = farShares(runWorkers);
  return API_PROJECTS.map((p) => ({ ...p, workers: shares[p.name] }));
}

/**
 * Each project's part of the work of a whole run against a far target: the share of its tests' time at
 * 300 ms per answer (npm run bench, 2026-11-26: RM 429 s, HR 200 s, Learning 97 s of 726 test-seconds).
 */
export const PROJECT_WORK: Readonly<Record<ApiName, number>> = { rm: 0.59, hr: 0.28, learning: 0.13 };

/** `workers` shared out by PROJECT_WORK (largest remainders), at least one each, adding up to `workers` (at least 3). */
export function farShares(workers: number): Record<ApiName, number> {
  const names = API_PROJECTS.map((p) => p.name);
  const exact = names.map((n) => workers * PROJECT_WORK[n]);
  const shares = exact.map((x) => Math.max(1, Math.floor(x)));
  // The spare workers go to the largest remainders among the projects not already raised to one.
  const byRemainder = names
    .map((_, i) => i)
    .filter((i) => Math.floor(exact[i] ?? 0) >= 1)
    .sort((a, b) => fraction(exact[b] ?? 0) - fraction(exact[a] ?? 0));
  for (let k = 0; shares.reduce((x, y) => x + y, 0) < workers && byRemainder.length > 0; k++)
    shares[byRemainder[k % byRemainder.length] ?? 0] += 1;
  // A project raised to its floor of one takes a worker from the largest.
  while (shares.reduce((x, y) => x + y, 0) > workers) shares[shares.indexOf(Math.max(...shares))] -= 1;
  return Object.fromEntries(names.map((n, i) => [n, shares[i] ?? 1])) as Record<ApiName, number>;
}

const fraction = (x: number): number => x - Math.floor(x);

const SHARDS = /^--shard(=|$)/;

/**
 * Whether each test is its own job (Playwright's fullyParallel). A job per spec file is cheaper (a
 * dispatch per file, not per test), but a sharded run splits jobs between its shards, and a few
 * files split badly (a @smoke selection of three files gave one shard every test): a run with
 * --shard gets a job per test.
 */
export function jobPerTest(argv: readonly string[], far = false): boolean {
  return far || argv.some((arg) => SHARDS.test(arg));
}

/** Workers of a far target: its time is round trips, so more tests wait at once than there are cores. */
export const FAR_WORKERS = 10;
/** Workers of a target 100 ms or more away, where a worker waits still longer per CPU-second it uses. */
export const VERY_FAR_WORKERS = 16;

/**
 * How many workers a far target gets: more the farther it is, never more than the requests the
 * run's politeness lets be in flight at once (CONFORMANCE_MAX_CONCURRENCY, which the workers share:
 * specs/kit/fixtures.ts gives each its part, at least one).
 */
export function farWorkers(rttMs: number, maxConcurrency: number): number {
  return Math.max(1, Math.min(rttMs >= 100 ? VERY_FAR_WORKERS : FAR_WORKERS, maxConcurrency));
}
