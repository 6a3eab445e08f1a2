/**
 * CONFORMANCE_BASELINE: loads an earlier run's conformance.json and refuses one that cannot be
 * compared with this run (missing, not JSON, not a report, another report schema, another suite, another
 * major.minor version of the suite, no API in common) with a ConfigError (exit 2) saying what to fix.
 */
import { ConfigError } from '../config/errors';
import { REPORT_SCHEMA_VERSION } from '../reporting/conformance-types';
import { SUITE } from '../reporting/suite';
import { readReportFile } from './read-report';
import { configuredApis, type GateApi, type GateReport } from './types';

/** A baseline accepted for this run. */
export interface Baseline {
  path: string;
  report: GateReport;
}

/** What a baseline is checked against: this suite and the APIs this run configures. */
export interface RunIdentity {
  suite: { name: string; version: string };
  apis: readonly GateApi[];
}

export { REPORT_SCHEMA_VERSION } from '../reporting/conformance-types';

/** This suite's name and version, from package.json (what the reporter writes as `suite`). */
export function suiteIdentity(): { name: string; version: string } {
  return { ...SUITE };
}

/** "1.4" of "1.4.2"; null when the version does not start with major.minor. */
export function majorMinor(version: string): string | null {
  const m = /^v?(\d+)\.(\d+)(?:\.|$|-|\+)/.exec(version);
  return m ? `${m[1]}.${m[2]}` : null;
}

/** Loads the baseline at `path` for a run of `run`; throws a ConfigError with one line saying what to fix. */
export function loadBaseline(path: string, run: RunIdentity): Baseline {
  const fail = (what: string): never => {
    throw new ConfigError(`CONFORMANCE_BASELINE=${path}: ${what}`);
  };
  const again = "run the suite once without CONFORMANCE_BASELINE and keep that run's reports/conformance.json as the baseline";
  const read = readReportFile(path);
  if (!read.ok) {
    const problem = read.problem.startsWith(path) ? read.problem.slice(path.length).trim() : read.problem;
    return fail(`${problem}. Give the path of an earlier run's reports/conformance.json, or unset the variable.`);
  }
  if (read.schemaVersion !== REPORT_SCHEMA_VERSION)
    return fail(
      `the report has schemaVersion ${read.schemaVersion ?? '1 (none written)'}, this suite writes ${REPORT_SCHEMA_VERSION}: ${again}.`,
    );
  const { report } = read;
  if (report.suite.name !== run.suite.name)
    return fail(
      `the report comes from the suite "${report.suite.name}", not from "${run.suite.name}": give a baseline written by this suite.`,
    );
  const theirs = majorMinor(report.suite.version);
  const ours = majorMinor(run.suite.version);
  if (theirs === null || theirs !== ours)
    return fail(
      `the report comes from ${report.suite.name} ${report.suite.version} and this is ${run.suite.version}; a baseline must come from the same major.minor version (${ours ?? run.suite.version}): ${again}.`,
    );
  const baselineApis = configuredApis(report);
  if (!baselineApis.some((api) => run.apis.includes(api)))
    return fail(
      `the baseline run tested ${baselineApis.join(', ') || 'no API'} and this run tests ${run.apis.join(', ') || 'no API'}: no API in common. Give a baseline from a run against the same API(s).`,
    );
  return { path, report };
}
