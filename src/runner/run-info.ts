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
