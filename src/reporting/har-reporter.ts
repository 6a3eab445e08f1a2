/**
 * The reporter that writes `reports/exchanges.har` (INTERFACE.md): at the start of the run it empties
 * `reports/run/har/` (the folder the workers append their entries to, src/reporting/har.ts), at the end
 * it merges every worker's JSON-lines file into one HAR 1.2 document. Prints nothing.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, Reporter } from '@playwright/test/reporter';
import { harEntriesDir, harEntryFiles, writeHarFile } from './har';

export interface HarReporterOptions {
  /** The run's reports folder; default CONFORMANCE_REPORTS_DIR or reports. */
  outputDir?: string;
}

export default class HarReporter implements Reporter {
  private readonly outputDir: string;

  constructor(options: HarReporterOptions = {}) {
    this.outputDir = options.outputDir ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  }

  private runId = '';

  onBegin(config: FullConfig): void {
    this.runId = String(config.metadata.runId ?? '');
    // Called after the global set-up and before any test: entries of an earlier run must not stay.
    rmSync(harEntriesDir(this.outputDir), { recursive: true, force: true });
  }

  onEnd(): void {
    // Like every file under reports/, it says which run wrote it.
    writeHarFile(join(this.outputDir, 'exchanges.har'), harEntryFiles(harEntriesDir(this.outputDir)), `conformance run ${this.runId}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
