/** Builds the Allure HTML report (reports/allure-report/index.html) from reports/allure-results. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function buildAllureReport(resultsDir = 'reports/allure-results', outputDir = 'reports/allure-report'): boolean {
  if (!existsSync(resultsDir)) return false;
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its command line sits beside dist/.
  const cli = join(dirname(require.resolve('allure')), '..', 'cli.js');
  const res = spawnSync(process.execPath, [cli, 'generate', resultsDir, '--config', 'allurerc.mjs', '--output', outputDir], { encoding: 'utf8', timeout: 120_000 });
  if (res.status !== 0) {
    console.error(`Allure report not built: ${(res.stderr || res.stdout || '').slice(0, 500)}`);
    return false;
  }
  return existsSync(join(outputDir, 'index.html'));
}
