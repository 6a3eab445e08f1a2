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
 * (a round trip of 20 ms or more, src/runner/latency.ts) lifts the cap, gets farWorkers() workers
 * and a job per test: its run waits on the network, not on the CPU.
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

export function suiteProjects(argv: readonly string[], env: NodeJS.ProcessEnv, far = false): SuiteProject[] {
  const workers = projectWorkerCap(argv, env, far);
  return API_PROJECTS.map((p) => (workers === undefined ? { ...p } : { ...p, workers }));
}

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
