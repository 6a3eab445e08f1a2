/**
 * `npm start`: the whole conformance run (Playwright, every project), then the Allure HTML report
 * and a short summary. Exit status per INTERFACE.md: 0 conforms, 1 conformance failure, 2 cannot start.
 * Extra arguments go to Playwright (e.g. `npm start -- --grep @smoke`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ConformanceReport } from '../reporting/conformance-types';
import { buildAllureReport } from './allure-html';

const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
for (const stale of ['allure-results', 'allure-report', 'conformance.json', 'conformance.md', 'junit.xml']) rmSync(join(reportsDir, stale), { recursive: true, force: true });

const require = createRequire(import.meta.url);
const playwright = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
const run = spawnSync(process.execPath, [playwright, 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
const code = run.status ?? 2;
if (code === 2 || !existsSync(join(reportsDir, 'conformance.json'))) process.exit(code === 0 ? 2 : code);

const built = buildAllureReport(join(reportsDir, 'allure-results'), join(reportsDir, 'allure-report'));
const report = JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8')) as ConformanceReport;
const cells = report.operations.flatMap((o) => Object.values(o.statuses));
const count = (s: string): number => cells.filter((c) => c === s).length;
console.log('');
console.log(`Conformance: ${report.totals.failed === 0 ? 'CONFORMS on everything that ran' : `${report.totals.failed} FAILURE(S)`}  (RM: ${report.target.rm}; HR/Learning: ${report.target.hr}; seed ${report.seed})`);
console.log(`  tests ${report.totals.passed} passed, ${report.totals.failed} failed, ${report.totals.skipped} skipped; operation x status cells ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${count('not-covered')} not covered`);
for (const f of report.failures.slice(0, 10)) console.log(`  x [${f.checks.join(', ')}] ${f.test}`);
if (report.failures.length > 10) console.log(`  ... and ${report.failures.length - 10} more (see reports/conformance.md)`);
console.log(`  reports: ${reportsDir}/conformance.md, ${reportsDir}/conformance.json, ${reportsDir}/junit.xml${built ? `, ${reportsDir}/allure-report/index.html` : ''}`);
process.exit(code);
