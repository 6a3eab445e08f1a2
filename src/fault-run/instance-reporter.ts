/**
 * The reporter of a many-instance run (src/fault-run/instances.ts): one conformance.json per
 * instance, under <outputDir>/instances/<name>/, built exactly as a single run's report is, from
 * that instance's tests only. The fault runner judges each fault and variant on its own report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import { buildReport } from '../reporting/conformance-reporter';
import { instanceOfProject, readInstances } from './instances';

export interface InstanceReporterOptions {
  outputDir?: string;
}

export default class InstanceReporter implements Reporter {
  private readonly outputDir: string;
  private metadata: Record<string, unknown> = {};
  private rootSuite: Suite | null = null;

  constructor(options: InstanceReporterOptions = {}) {
    this.outputDir = options.outputDir ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.metadata = config.metadata;
    this.rootSuite = suite;
  }

  onEnd(): void {
    const byInstance = new Map<string, TestCase[]>();
    for (const test of this.rootSuite?.allTests() ?? []) {
      const name = instanceOfProject(test.parent.project()?.name ?? '');
      if (name === null) continue;
      const tests = byInstance.get(name);
      if (tests) tests.push(test);
      else byInstance.set(name, [test]);
    }
    for (const instance of readInstances() ?? []) {
      const report = buildReport(byInstance.get(instance.name) ?? [], {
        ...this.metadata,
        faults: instance.faults,
        variants: instance.variants,
      });
      const dir = join(this.outputDir, 'instances', instance.name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'conformance.json'), JSON.stringify(report, null, 2));
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
