/**
 * The suite's Playwright projects, one per API (rm, hr, learning), and how a run spreads them.
 *
 * Playwright starts a worker per project (its worker hash includes the project): with three projects
 * and two workers, a run started three to six workers (~1 CPU-s each) where two would do. A near run's
 * projects therefore share one worker group (patches/playwright+1.65.1.patch, PW_WORKER_GROUPS): any
 * free worker takes the next spec file of any project, tearing down the worker fixtures of the project
 * it leaves (the RM shared records, the v3 tokens) first. Two workers take RM's files, then HR's, then
 * Learning's, and end together; RM specs on two workers at once tolerate each other as they tolerate
 * other people writing to a shared target (specs/kit/rm-window.ts). A far target (a round trip of 20 ms
 * or more, src/runner/latency.ts) gets farWorkers() workers and a job per test: its run waits on the
 * network, not on the CPU. Its workers are shared out between the projects by the work each has
 * (farShares), each keeping to its project: far away, a worker fixture set up again at every change of
 * project is round trips, more than a worker start-up costs there.
 */
import type { ApiName } from '../../contract/catalogue/types';

export interface SuiteProject {
  name: ApiName;
  testDir: string;
  workers?: number;
  /** `workerGroup`: projects naming the same group share workers (PW_WORKER_GROUPS). */
  metadata?: { workerGroup: string };
}

export const API_PROJECTS: readonly SuiteProject[] = [
  { name: 'rm', testDir: './specs/rm' },
  { name: 'hr', testDir: './specs/hr' },
  { name: 'learning', testDir: './specs/learning' },
];

/** The worker group of a near run's projects (patches/playwright+1.65.1.patch, PW_WORKER_GROUPS). */
export const SUITE_WORKER_GROUP = 'suite';

const CHOSEN_PROJECT = /^--project(=|$)/;

/**
 * The projects of a run: near, one worker group with no cap per project; far, each project its
 * share of the run's workers (none when a project is chosen or the workers are too few to share).
 */
export function suiteProjects(argv: readonly string[], far = false, runWorkers = 0): SuiteProject[] {
  if (!far) return API_PROJECTS.map((p) => ({ ...p, metadata: { workerGroup: SUITE_WORKER_GROUP } }));
  const chosen = argv.some((arg) => CHOSEN_PROJECT.test(arg));
  if (chosen || runWorkers < API_PROJECTS.length) return API_PROJECTS.map((p) => ({ ...p }));
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

/**
 * Workers of a far target: its time is round trips, so more tests wait at once than there are cores.
 * Not more: every worker's start (~1.2 CPU-s) comes at once, before any test (50 ms away on 2 cores,
 * 8 workers: 19.8-20.8 s; 10: 21.5-22.0 s; 6: 22.5 s).
 */
export const FAR_WORKERS = 8;
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
