/**
 * Where each fault was caught last time: the spec file and test title whose failure named the
 * fault's declared check. The fault runner tries that one test first; a fault caught there is
 * caught (a failing test is a failing test, whatever else runs beside it), and a fault not caught
 * there gets the full run of its API's specs, so a stale hint costs seconds, never soundness.
 * The committed hints live in catch-hints.json beside this file; `npm run faults -- --write-hints`
 * refreshes them from a run.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiName } from '../../contract/catalogue/types';
import type { ConformanceReport } from '../../src/reporting/conformance-types';
import { escapeRegExp, type InstanceProject } from '../../src/runner/instances';

export interface CatchHint {
  /** Spec file under specs/, e.g. "specs/rm/candidates.spec.ts". */
  file: string;
  /** The test's title path below the file, joined with " > " (as in conformance.json failures): what selects it. */
  test: string;
  /** Playwright's id of the test (conformance.json tests[].id): what joins a hint to a run's reports. */
  id?: string;
}

export type CatchHints = Record<string, CatchHint>;

export const HINTS_FILE = join(__dirname, 'catch-hints.json');

export function readHints(path = HINTS_FILE): CatchHints {
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as CatchHints;
}

export function writeHints(hints: CatchHints, path = HINTS_FILE): void {
  const sorted = Object.fromEntries(Object.entries(hints).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** The first failure of a run that named `check`, as a hint for the next run. */
export function hintFrom(report: ConformanceReport | null, check: string): CatchHint | null {
  const failure = report?.failures.find((f) => f.check === check);
  return failure ? { file: failure.file, test: failure.test, ...(failure.testId ? { id: failure.testId } : {}) } : null;
}

/**
 * The Playwright project that runs exactly the hinted test: its file, and a grep of its full title
 * (project, file, describe blocks and title, separated by spaces, then tags), every literal escaped.
 */
export function hintProject(api: ApiName, hint: CatchHint): InstanceProject {
  return { api, file: hint.file, grep: hint.test.split(' > ').map(escapeRegExp).join(' ') };
}
