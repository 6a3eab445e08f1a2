/**
 * What `npm start` does once Playwright is running (src/cli/start.ts starts it first, then loads
 * this module: its imports, Allure's categories from the check registry among them, are ~0.2 s that
 * no longer come before the run's start): prepares the Allure report while the tests run, and when
 * the run ends moves the staged reports into place, builds the Allure HTML, prints the summary and
 * exits with the run's status (INTERFACE.md).
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport } from '../reporting/conformance-types';
import { prepareAllureReport } from './allure-html';
import { summaryLines } from '../reporting/console-summary';
import { runFailed } from '../reporting/conformance-reporter';
import { gateConsoleLines } from '../reporting/gate/render';
import { isLeanRun } from '../runner/lean';
import { RUN_REPORT_FILES, STALE_AFTER_A_RUN } from '../runner/run-info';
import { readEnv } from '../config/env';
import { wantsCertificate, writeCertificate } from '../judge/certify';
import { readHarFiles } from '../judge/har-input';

/** What a suite run writes under reports/: a new run replaces all of it, so no file of an earlier run stays beside its own. */
const RUN_ARTIFACTS = [...RUN_REPORT_FILES, 'test-results', 'run'];

export interface RunningStart {
  /** Playwright's exit status, when it ends (2 when it was killed by a signal). */
  running: Promise<number>;
  reportsDir: string;
  /** Where the run writes its reports; they replace the previous run's only once it has run tests. */
  staging: string;
  /** The arguments Playwright got, for the message of a run that ran nothing. */
  args: readonly string[];
  /** Ends the run with exit 2 (start.ts's); `message` null when the run already said why. */
  cannotStart(message: string | null): never;
}

export async function finishStart({ running, reportsDir, staging, args, cannotStart }: RunningStart): Promise<never> {
  // The Allure report is prepared while the tests run (this process only waits): built at once after.
  // A lean run writes no Allure results: nothing to prepare (~1 CPU-s).
  const allure = isLeanRun() ? Promise.resolve(null) : prepareAllureReport(join(reportsDir, 'allure-report'));
  const code = await running;
  const summaryFile = join(staging, 'conformance.json');
  if (code === 2) cannotStart(null);
  if (!existsSync(summaryFile))
    cannotStart(`Playwright ended (exit ${code}) before any test ran: check the arguments (${args.join(' ') || 'none'}).`);
  const report = JSON.parse(readFileSync(summaryFile, 'utf8')) as ConformanceReport;
  const ran = report.totals.passed + report.totals.failed;
  if (ran === 0) {
    cannotStart(
      report.totals.skipped > 0
        ? `Every selected test was skipped (${report.totals.skipped}); nothing was checked.`
        : `No test matched the selection (${args.join(' ') || 'no arguments'}): nothing was checked.`,
    );
  }

  installRun(reportsDir, staging);

  const prepared = await allure;
  const built = prepared !== null && (await prepared.finish(join(reportsDir, 'allure-results')));
  console.log('');
  for (const line of summaryLines(report)) console.log(line);
  if (report.gate) for (const line of gateConsoleLines(report.gate)) console.log(line);
  console.log(
    `  reports: ${reportsDir}/conformance.md, ${reportsDir}/conformance.json, ${reportsDir}/junit.xml, ${reportsDir}/exchanges.har${built ? `, ${reportsDir}/allure-report/index.html` : ''}`,
  );
  certify(reportsDir, report);
  // The gate decides (a new failure or an expired expectation); a test the suite could not judge
  // (its own time-out) is reported, never a failure of the target.
  process.exit(runFailed(report) || code !== 0 ? 1 : 0);
}

/**
 * CONFORMANCE_CERTIFICATE=1: the run's certificate, from its report and the exchanges it recorded
 * (reports/exchanges.har; a lean run records none, so it has no certificate, and says so).
 */
function certify(reportsDir: string, report: ConformanceReport): void {
  const env = readEnv();
  if (!wantsCertificate(env)) return;
  const har = join(reportsDir, 'exchanges.har');
  if (!existsSync(har)) {
    console.log(`  certificate: none, since this run recorded no exchanges.har (CONFORMANCE_LEAN=1)`);
    return;
  }
  const bases = { rm: env.RM_BASE_URL, hr: env.HR_BASE_URL, token: env.HR_TOKEN_URL };
  try {
    console.log(`  certificate: ${writeCertificate(reportsDir, report, readHarFiles([har]), bases, env)}`);
  } catch (error) {
    console.log(`  certificate: not written: ${(error as Error).message}`);
  }
}

/**
 * The new run ran: its reports (staged in `staging`) replace the previous run's, all of them, and what
 * other commands wrote about an earlier run goes (diff, statement, the old layout's fault run files);
 * the folders other commands own, each named by its command (run-info.ts OWNED_ELSEWHERE), stay.
 */
export function installRun(reportsDir: string, staging: string): void {
  for (const name of [...RUN_ARTIFACTS, ...STALE_AFTER_A_RUN]) rmSync(join(reportsDir, name), { recursive: true, force: true });
  for (const name of readdirSync(staging)) {
    rmSync(join(reportsDir, name), { recursive: true, force: true });
    renameSync(join(staging, name), join(reportsDir, name));
  }
  rmSync(staging, { recursive: true, force: true });
}
