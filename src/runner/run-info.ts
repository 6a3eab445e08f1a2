/** What a run says about itself in reports: the target, never a secret. */
import type { Target } from '../config/target';
import { commaList } from '../config/env';

export const REPORTS_DIR = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
/** Files the run writes for its own reporters (target description, reference server state). */
export const RUN_DIR = `${REPORTS_DIR}/run`;
export const RUN_INFO_FILE = `${RUN_DIR}/target.json`;

/**
 * The files and folders a run writes under its reports folder besides Playwright's own test-results/
 * and run/: the global set-up clears them first, and `npm start` replaces them all with a new run's.
 */
export const RUN_REPORT_FILES: readonly string[] = [
  'allure-results',
  'allure-report',
  'conformance.json',
  'conformance.md',
  'junit.xml',
  'exchanges.har',
  'blob-report',
  'certificate.json',
];

/**
 * What other commands write under the reports folder, each named by the command that owns it, so a
 * reader knows whose it is: `npm start` leaves these, and removes the files other commands left that
 * speak of an earlier run (STALE_AFTER_A_RUN).
 */
export const OWNED_ELSEWHERE: readonly { name: string | RegExp; owner: string }[] = [
  { name: 'fault-run', owner: 'npm run faults (the last step of npm test)' },
  { name: 'personas', owner: 'npm run personas (a step of npm test)' },
  { name: 'bench', owner: 'npm run bench' },
  { name: /^replay-[a-z0-9-]+$/, owner: 'a replay of the run whose id the folder names' },
];

/**
 * Files other commands write about a run (`npm run diff`, `npm run statement`), and the fault run's and
 * the bench's files of the layout before they had folders of their own: a new run removes them, since
 * they would speak of another run beside this one's reports.
 */
export const STALE_AFTER_A_RUN: readonly string[] = [
  'diff.md',
  'diff.json',
  'statement.json',
  'faults.md',
  'faults.json',
  'faults',
  'bench.json',
];

export interface RunInfo {
  target: { rm: string; hr: string };
  seed: number;
  runId: string;
  numRuns: number;
  /** Politeness in force: requests per second (0 = unthrottled), requests at once, time-out per request. */
  politeness: { maxRps: number; maxConcurrency: number; timeoutMs: number };
  allowDestructive: boolean;
  faults: string[];
  variants: string[];
}

export function describeTarget(target: Target): RunInfo {
  const where = (url: string | undefined): string => (url === undefined ? 'not configured' : target.embedded ? 'embedded' : url);
  return {
    target: { rm: where(target.rm?.baseUrl), hr: where(target.v3?.baseUrl) },
    seed: target.run.seed,
    runId: target.run.runId,
    numRuns: target.run.numRuns,
    politeness: { maxRps: target.run.maxRps, maxConcurrency: target.run.maxConcurrency, timeoutMs: target.run.timeoutMs },
    allowDestructive: target.run.allowDestructive,
    faults: target.embedded ? commaList(process.env.REFERENCE_FAULTS) : [],
    variants: target.embedded ? commaList(process.env.REFERENCE_VARIANTS) : [],
  };
}
