/**
 * Removes the empty folders Playwright leaves under each project's outputDir (reports/test-results/).
 * Every `testInfo.attach()` creates the test's output folder, even for an in-memory body (the
 * exchanges of specs/kit/fixtures.ts, allure-playwright's labels), and with the default
 * `preserveOutput: 'always'` nothing removes it: a whole run left hundreds of empty folders.
 * Folders holding a file (a failure's error-context.md, say) stay. Registered last in playwright.config.ts.
 */
import { readdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, Reporter } from '@playwright/test/reporter';

/** Removes every empty folder below `dir` (depth first); true when `dir` itself is (now) empty. `dir` stays. */
export function removeEmptyFolders(dir: string): boolean {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  let empty = true;
  for (const entry of entries) {
    const child = join(dir, entry.name);
    if (entry.isDirectory() && removeEmptyFolders(child)) {
      try {
        rmdirSync(child);
        continue;
      } catch {
        // something wrote into it meanwhile: keep it
      }
    }
    empty = false;
  }
  return empty;
}

export default class TidyOutputReporter implements Reporter {
  private outputDirs: string[] = [];

  onBegin(config: FullConfig): void {
    this.outputDirs = [...new Set(config.projects.map((project) => project.outputDir))];
  }

  onEnd(): void {
    for (const dir of this.outputDirs) removeEmptyFolders(dir);
  }

  printsToStdio(): boolean {
    return false;
  }
}
