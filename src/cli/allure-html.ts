/**
 * Builds the Allure HTML report (reports/allure-report/index.html) from reports/allure-results: the
 * project's allurerc plus the failure categories of the check registry (Allure 3 reads categories
 * from its config, not from categories.json), then strips the analytics script from the page.
 *
 * History (CONFORMANCE_HISTORY=<file>, opt-in): Allure 3 reads the runs kept in that file (JSON lines,
 * one per build) to show trends and each test's earlier results, then appends this build's run to it.
 * Keep the file between runs (a CI cache or artifact). Unset: no history, as before.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allure3Categories } from '../reporting/allure-categories';
import { blankAnalyticsInFile } from '../reporting/offline-html';

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

type AllureCore = typeof import('@allurereport/core');

let core: Promise<AllureCore> | null = null;

/**
 * Loads Allure's report builder (~0.5 s of modules). `npm start` calls it while the tests run, so the
 * build after the run starts at once; the build calls it anyway.
 */
export function loadAllure(): Promise<AllureCore> {
  core ??= import('@allurereport/core');
  return core;
}

/**
 * Builds the report in this process with @allurereport/core, as `allure generate` does (its command
 * line is that and a process start: ~0.7 s more).
 */
export async function buildAllureReport(
  resultsDir = 'reports/allure-results',
  outputDir = 'reports/allure-report',
  options: AllureBuildOptions = { historyPath: process.env.CONFORMANCE_HISTORY },
): Promise<boolean> {
  if (!existsSync(resultsDir)) return false;
  const config = resolve(dirname(outputDir), `.allurerc.generated.${process.pid}.mjs`);
  writeFileSync(config, allureConfigModule(outputDir, options));
  try {
    const { AllureReport, readConfig } = await loadAllure();
    const report = new AllureReport(await readConfig(process.cwd(), config, { output: resolve(outputDir) }));
    await report.start();
    await report.readDirectory(resolve(resultsDir));
    await report.done();
  } catch (error) {
    console.error(`Allure report not built: ${String((error as Error)?.message ?? error).slice(0, 500)}`);
    return false;
  } finally {
    rmSync(config, { force: true });
  }
  const index = join(outputDir, 'index.html');
  if (!existsSync(index)) return false;
  blankAnalyticsInFile(index);
  return true;
}
