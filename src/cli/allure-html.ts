/**
 * Builds the Allure HTML report (reports/allure-report/index.html) from reports/allure-results: the
 * project's allurerc plus the failure categories of the check registry (Allure 3 reads categories
 * from its config, not from categories.json), then strips the analytics script from the page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allure3Categories } from '../reporting/allure-categories';
import { withoutAnalytics } from '../reporting/offline-html';

export function buildAllureReport(resultsDir = 'reports/allure-results', outputDir = 'reports/allure-report'): boolean {
  if (!existsSync(resultsDir)) return false;
  const require = createRequire(__filename);
  // The package exports no package.json; its command line sits beside dist/.
  const cli = join(dirname(require.resolve('allure')), '..', 'cli.js');
  const config = resolve(dirname(outputDir), '.allurerc.generated.mjs');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(resolve('allurerc.mjs')).href)};\nexport default { ...base, output: ${JSON.stringify(resolve(outputDir))}, categories: ${JSON.stringify(allure3Categories())} };\n`,
  );
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
