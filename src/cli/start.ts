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
import { API_PROJECTS } from '../runner/projects';
import { preloadCompileCache } from '../runner/compile-cache';

const PROJECTS: string[] = API_PROJECTS.map((p) => p.name);
const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
const staging = join(reportsDir, '.next');
const args = process.argv.slice(2);

function cannotStart(message: string): never {
  rmSync(staging, { recursive: true, force: true });
  console.error(`\nThe conformance run cannot start.\n${message}\n`);
  process.exit(2);
}

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
if (code === 2) cannotStart('See the message above.');
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

// The new run ran: its reports replace the previous ones.
for (const name of readdirSync(staging)) {
  rmSync(join(reportsDir, name), { recursive: true, force: true });
  renameSync(join(staging, name), join(reportsDir, name));
}
rmSync(staging, { recursive: true, force: true });

const built = buildAllureReport(join(reportsDir, 'allure-results'), join(reportsDir, 'allure-report'));
const cells = report.operations.flatMap((o) => Object.values(o.statuses));
const count = (s: string): number => cells.filter((c) => c === s).length;
console.log('');
console.log(
  `Conformance: ${report.totals.failed === 0 ? 'CONFORMS on everything that ran' : `${report.totals.failed} FAILURE(S)`}  (RM: ${report.target.rm}; HR/Learning: ${report.target.hr}; seed ${report.seed})`,
);
console.log(
  `  tests ${report.totals.passed} passed, ${report.totals.failed} failed, ${report.totals.skipped} skipped; operation x status cells ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${count('not-covered')} not covered`,
);
// One block per failure: the check, the clause, the exchange that failed and how to replay the
// test; the exchanges themselves are in the reports (CONFORMANCE_VERBOSE=1 prints them all).
const blocks = failureBlocks(join(reportsDir, 'test-results'));
for (const f of report.failures.slice(0, 10)) {
  console.log(`  x [${f.check}] ${f.test}`);
  if (f.clause) console.log(`      ${f.clause.seed} ${f.clause.section}: "${f.clause.quote}"`);
  const block = blocks.get(f.test);
  const failing = block?.failingExchange;
  if (failing) {
    console.log(`      failing exchange ${failing.title}${failing.n ? ` (${failing.n} of ${block.exchanges} in the test)` : ''}`);
    for (const line of failing.brief.slice(0, 6)) console.log(`        ${line}`);
  }
  if (block) console.log(`      replay: ${block.replay}`);
}
if (report.failures.length > 10) console.log(`  ... and ${report.failures.length - 10} more (see reports/conformance.md)`);
console.log(
  `  reports: ${reportsDir}/conformance.md, ${reportsDir}/conformance.json, ${reportsDir}/junit.xml${built ? `, ${reportsDir}/allure-report/index.html` : ''}`,
);
process.exit(report.totals.failed > 0 ? 1 : code === 0 ? 0 : 1);

/** What specs/fixtures.ts writes for each failed test (test-results/<test>/conformance-failure.json). */
interface FailureBlock {
  test: string;
  exchanges: number;
  failingExchange: { n: number; title: string; brief: string[] } | null;
  replay: string;
}

function failureBlocks(resultsDir: string): Map<string, FailureBlock> {
  const out = new Map<string, FailureBlock>();
  if (!existsSync(resultsDir)) return out;
  for (const dir of readdirSync(resultsDir)) {
    const file = join(resultsDir, dir, 'conformance-failure.json');
    if (!existsSync(file)) continue;
    try {
      const block = JSON.parse(readFileSync(file, 'utf8')) as FailureBlock;
      out.set(block.test, block);
    } catch {
      // A half-written file of an interrupted run: that failure is printed without its block.
    }
  }
  return out;
}
