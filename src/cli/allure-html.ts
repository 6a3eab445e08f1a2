/**
 * Builds the Allure HTML report (reports/allure-report/index.html) from reports/allure-results: the
 * project's allurerc plus the failure categories of the check registry (Allure 3 reads categories
 * from its config, not from categories.json), then strips the analytics script from the page.
 *
 * History (CONFORMANCE_HISTORY=<file>, opt-in): Allure 3 reads the runs kept in that file (JSON lines,
 * one per build) to show trends and each test's earlier results, then appends this build's run to it.
 * Keep the file between runs (a CI cache or artifact). Unset: no history, as before.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allure3Categories } from '../reporting/allure-categories';
import { withoutAnalytics } from '../reporting/offline-html';

export interface AllureBuildOptions {
  /** The history file read and appended (Allure 3 `historyPath`); default CONFORMANCE_HISTORY; undefined or empty: none. */
  historyPath?: string | undefined;
}

/** The Allure 3 config module the build uses: the project's allurerc plus output, categories and history. */
export function allureConfigModule(
  outputDir: string,
  options: AllureBuildOptions = { historyPath: process.env.CONFORMANCE_HISTORY },
): string {
  const history = options.historyPath?.trim() ? resolve(options.historyPath.trim()) : undefined;
  return [
    `import base from ${JSON.stringify(pathToFileURL(resolve('allurerc.mjs')).href)};`,
    // allurerc.mjs reads CONFORMANCE_HISTORY itself (for a direct \`npx allure generate\`); here the option decides.
    'const { historyPath: _fromEnv, ...rest } = base;',
    `export default { ...rest, output: ${JSON.stringify(resolve(outputDir))}, categories: ${JSON.stringify(allure3Categories())}${history ? `, historyPath: ${JSON.stringify(history)}` : ''} };`,
    '',
  ].join('\n');
}

export function buildAllureReport(
  resultsDir = 'reports/allure-results',
  outputDir = 'reports/allure-report',
  options: AllureBuildOptions = { historyPath: process.env.CONFORMANCE_HISTORY },
): boolean {
  if (!existsSync(resultsDir)) return false;
  const require = createRequire(__filename);
  // The package exports no package.json; its command line sits beside dist/.
  const cli = join(dirname(require.resolve('allure')), '..', 'cli.js');
  const config = resolve(dirname(outputDir), '.allurerc.generated.mjs');
  writeFileSync(config, allureConfigModule(outputDir, options));
  const res = spawnSync(process.execPath, [cli, 'generate', resultsDir, '--config', config, '--output', outputDir], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  rmSync(config, { force: true });
  if (res.status !== 0) {
    console.error(`Allure report not built: ${(res.stderr || res.stdout || '').slice(0, 500)}`);
    return false;
  }
  const index = join(outputDir, 'index.html');
  if (!existsSync(index)) return false;
  writeFileSync(index, withoutAnalytics(readFileSync(index, 'utf8')));
  return true;
}
