/**
 * The suite's Playwright projects. Playwright starts a worker per project (its worker hash includes
 * the project), and a worker start costs ~1 CPU-s (Playwright's own loading, its ESM loader thread,
 * our modules), more than most spec files. So the default whole-suite run is one project, `all`,
 * whose workers share one queue of spec files: two workers start, and both stay busy to the end,
 * where a project per API started three and left one idle while another finished RM.
 *
 * A run that names a project (`--project rm`, as a replay command or a choice of API does) gets the
 * per-API projects, `rm`, `hr` and `learning`, and `all` too, so every name a report prints can be
 * asked for again.
 */
import type { ApiName } from '../catalogue/types';

export interface SuiteProject {
  name: string;
  testDir: string;
}

/** The default run's project: every spec. */
export const ALL_PROJECT: SuiteProject = { name: 'all', testDir: './specs' };

export const API_PROJECTS: readonly (SuiteProject & { name: ApiName })[] = [
  { name: 'rm', testDir: './specs/rm' },
  { name: 'hr', testDir: './specs/hr' },
  { name: 'learning', testDir: './specs/learning' },
];

const NAMES_A_PROJECT = /^--project(=|$)/;

/**
 * A worker loads the config again, without the runner's arguments, and must find the project it was
 * started for (TEST_WORKER_INDEX is set in workers only): there every project is defined.
 */
export function suiteProjects(argv: readonly string[], env: NodeJS.ProcessEnv): SuiteProject[] {
  const inWorker = env.TEST_WORKER_INDEX !== undefined;
  return inWorker || argv.some((arg) => NAMES_A_PROJECT.test(arg)) ? [...API_PROJECTS, ALL_PROJECT] : [ALL_PROJECT];
}

const SHARDS = /^--shard(=|$)/;

/**
 * Whether each test is its own job (Playwright's fullyParallel). A job per spec file is cheaper (a
 * dispatch per file, not per test: ~0.2 s of a whole run), but a sharded run splits jobs between its
 * shards, and a few files split badly (a @smoke selection of three files gave one shard every test):
 * a run with --shard gets a job per test.
 */
export function jobPerTest(argv: readonly string[]): boolean {
  return argv.some((arg) => SHARDS.test(arg));
}
