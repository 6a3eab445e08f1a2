/**
 * Builds the Allure HTML report (reports/allure-report/index.html) from reports/allure-results: the
 * project's allurerc plus the failure categories of the check registry (Allure 3 reads categories
 * from its config, not from categories.json), then strips the analytics script from the page.
 *
 * History (CONFORMANCE_HISTORY=<file>, opt-in): Allure 3 reads the runs kept in that file (JSON lines,
 * one per build) to show trends and each test's earlier results, then appends this build's run to it.
 * Keep the file between runs (a CI cache or artifact). Unset: no history, as before.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
    `import base from ${JSON.stringify(pathToFileURL(join(__dirname, '../../allurerc.mjs')).href)};`,
    // allurerc.mjs reads CONFORMANCE_HISTORY itself (for a direct \`npx allure generate\`); here the option decides.
    'const { historyPath: _fromEnv, ...rest } = base;',
    `export default { ...rest, output: ${JSON.stringify(resolve(outputDir))}, categories: ${JSON.stringify(allure3Categories())}${history ? `, historyPath: ${JSON.stringify(history)}` : ''} };`,
    '',
  ].join('\n');
}

type AllureCore = typeof import('@allurereport/core');
type AllureReportInstance = InstanceType<AllureCore['AllureReport']>;

let core: Promise<AllureCore> | null = null;

/** Loads Allure's report builder (~0.5 s of modules; its plugins load when a report is prepared). */
export function loadAllure(): Promise<AllureCore> {
  core ??= import('@allurereport/core');
  return core;
}

/** A report whose configuration is read, plugins loaded and started: it waits for the results. */
export interface PreparedAllureReport {
  /** Reads `resultsDir`, writes the HTML; false (and one line on stderr) when it could not. */
  finish(resultsDir: string): Promise<boolean>;
}

const failed = (error: unknown): false => {
  console.error(`Allure report not built: ${String((error as Error)?.message ?? error).slice(0, 500)}`);
  return false;
};

/**
 * Everything of a build that does not need the results (~1 CPU-s: Allure's modules, its plugins, the
 * config, the CI detection): `npm start` prepares while the tests run, and finishes at once after.
 */
export async function prepareAllureReport(
  outputDir = 'reports/allure-report',
  options: AllureBuildOptions = { historyPath: process.env.CONFORMANCE_HISTORY },
): Promise<PreparedAllureReport | null> {
  let report: AllureReportInstance;
  // Outside the reports folder: a run that ends while this is read (exit 2) leaves nothing there.
  const folder = mkdtempSync(join(tmpdir(), 'allurerc-'));
  const removeFolder = (): void => rmSync(folder, { recursive: true, force: true });
  process.once('exit', removeFolder);
  const config = join(folder, 'allurerc.generated.mjs');
  writeFileSync(config, allureConfigModule(outputDir, options));
  try {
    const { AllureReport, readConfig } = await loadAllure();
    report = new AllureReport(await readConfig(process.cwd(), config, { output: resolve(outputDir) }));
    await report.start();
  } catch (error) {
    failed(error);
    return null;
  } finally {
    removeFolder();
    process.removeListener('exit', removeFolder);
  }
  return {
    async finish(resultsDir: string): Promise<boolean> {
      if (!existsSync(resultsDir)) return false;
      try {
        await report.readDirectory(resolve(resultsDir));
        await report.done();
      } catch (error) {
        return failed(error);
      }
      const index = join(outputDir, 'index.html');
      if (!existsSync(index)) return false;
      blankAnalyticsInFile(index);
      return true;
    },
  };
}

/** Builds the report in this process with @allurereport/core, as `allure generate` does (without its process start). */
export async function buildAllureReport(
  resultsDir = 'reports/allure-results',
  outputDir = 'reports/allure-report',
  options: AllureBuildOptions = { historyPath: process.env.CONFORMANCE_HISTORY },
): Promise<boolean> {
  if (!existsSync(resultsDir)) return false;
  const prepared = await prepareAllureReport(outputDir, options);
  return prepared ? prepared.finish(resultsDir) : false;
}
