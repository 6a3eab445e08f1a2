/**
 * `npm start`: the whole conformance run (Playwright, every project), then the Allure HTML report
 * and a short summary. Exit status per INTERFACE.md: 0 conforms, 1 conformance failure, 2 cannot
 * start (bad configuration or argument, unreachable target, or no test matched). The run writes into
 * a staging folder; the previous reports are replaced only once a new run has actually run tests.
 * Extra arguments go to Playwright (e.g. `npm start -- --grep @smoke`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ConformanceReport } from '../reporting/conformance-types';
import { buildAllureReport } from './allure-html';
import { summaryLines } from '../reporting/console-summary';
import { runFailed } from '../reporting/conformance-reporter';
import { gateConsoleLines } from '../gate/render';
import { API_PROJECTS } from '../runner/projects';
import { preloadCompileCache } from '../runner/compile-cache';

const PROJECTS: string[] = API_PROJECTS.map((p) => p.name);
const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
const staging = join(reportsDir, '.next');
const args = process.argv.slice(2);

/** Ends the run with exit 2; `message` null when the run already said why (the global set-up's one message). */
function cannotStart(message: string | null): never {
  rmSync(staging, { recursive: true, force: true });
  if (message !== null) console.error(`\nThe conformance run cannot start.\n${message}\n`);
  process.exit(2);
}

/** What a suite run writes under reports/: a new run replaces all of it, so no file of an earlier run stays beside its own. */
const RUN_ARTIFACTS = [
  'allure-results',
  'allure-report',
  'conformance.json',
  'conformance.md',
  'junit.xml',
  'exchanges.har',
  'test-results',
  'run',
  'blob-report',
];

/** `--project X`, `--project=X`, `-p X`: each must be one of the suite's projects. */
function projectsNamed(argv: readonly string[]): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (a === '--project' || a === '-p') out.push(argv[i + 1] ?? '');
    else if (a.startsWith('--project=')) out.push(a.slice('--project='.length));
  });
  return out.flatMap((p) => p.split(','));
}

const unknownProjects = projectsNamed(args).filter((p) => !PROJECTS.includes(p));
if (unknownProjects.length) cannotStart(`Unknown project "${unknownProjects.join('", "')}": the projects are ${PROJECTS.join(', ')}.`);

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
const require = createRequire(__filename);
const playwright = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
const run = spawnSync(process.execPath, [playwright, 'test', ...args], {
  stdio: 'inherit',
  env: preloadCompileCache({ ...process.env, CONFORMANCE_REPORTS_DIR: staging }),
});
const code = run.status ?? 2;
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

// The new run ran: its reports replace the previous run's, all of them.
for (const name of RUN_ARTIFACTS) rmSync(join(reportsDir, name), { recursive: true, force: true });
for (const name of readdirSync(staging)) {
  rmSync(join(reportsDir, name), { recursive: true, force: true });
  renameSync(join(staging, name), join(reportsDir, name));
}
rmSync(staging, { recursive: true, force: true });

const built = buildAllureReport(join(reportsDir, 'allure-results'), join(reportsDir, 'allure-report'));
console.log('');
for (const line of summaryLines(report)) console.log(line);
if (report.gate) for (const line of gateConsoleLines(report.gate)) console.log(line);
console.log(
  `  reports: ${reportsDir}/conformance.md, ${reportsDir}/conformance.json, ${reportsDir}/junit.xml${built ? `, ${reportsDir}/allure-report/index.html` : ''}`,
);
// The gate decides (a new failure or an expired expectation); a test the suite could not judge
// (its own time-out) is reported, never a failure of the target.
process.exit(runFailed(report) || code !== 0 ? 1 : 0);
