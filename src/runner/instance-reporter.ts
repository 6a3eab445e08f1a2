/**
 * The reporter of a many-instance run (src/runner/instances.ts): one conformance.json per
 * instance, under <outputDir>/instances/<name>/, built exactly as a single run's report is, from
 * that instance's tests only. The fault runner judges each fault and variant on its own report.
 *
 * An instance's report is written as soon as its last test has ended, not when the whole run ends, so
 * the fault runner can print each verdict as it is known (proof/fault-run/run-suite.ts runInstances
 * watches for it); beside it, timing.json holds the instance's own time: its tests' durations summed
 * (written last, so its presence means the report is complete). Instances whose tests did not all end
 * (an interrupted run) are written at the end of the run, as before.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { buildReport } from '../reporting/conformance-reporter';
import { instanceDir, instanceOfProject, readInstances, TIMING_FILE, type Instance, type InstanceTiming } from './instances';

export interface InstanceReporterOptions {
  outputDir?: string;
}

interface InstanceState {
  instance: Instance;
  tests: TestCase[];
  remaining: number;
  durationMs: number;
  written: boolean;
}

export default class InstanceReporter implements Reporter {
  private readonly outputDir: string;
  private metadata: Record<string, unknown> = {};
  private readonly states = new Map<string, InstanceState>();

  constructor(options: InstanceReporterOptions = {}) {
    this.outputDir = options.outputDir ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.metadata = config.metadata;
    for (const instance of readInstances() ?? [])
      this.states.set(instance.name, { instance, tests: [], remaining: 0, durationMs: 0, written: false });
    for (const test of suite.allTests()) {
      const state = this.stateOf(test);
      if (!state) continue;
      state.tests.push(test);
      state.remaining += 1;
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const state = this.stateOf(test);
    if (!state) return;
    state.durationMs += result.duration;
    const willRetry = result.status !== 'skipped' && result.status !== test.expectedStatus && result.retry < test.retries;
    if (willRetry) return;
    state.remaining -= 1;
    if (state.remaining === 0 && !state.written) this.write(state, true);
  }

  onEnd(): void {
    for (const state of this.states.values()) if (!state.written) this.write(state, false);
  }

  printsToStdio(): boolean {
    return false;
  }

  private stateOf(test: TestCase): InstanceState | undefined {
    const name = instanceOfProject(test.parent.project()?.name ?? '');
    return name === null ? undefined : this.states.get(name);
  }

  private write(state: InstanceState, early: boolean): void {
    state.written = true;
    const { instance } = state;
    const report = buildReport(state.tests, { ...this.metadata, faults: instance.faults, variants: instance.variants });
    const dir = instanceDir(this.outputDir, instance.name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'conformance.json'), JSON.stringify(report, null, 2));
    const timing: InstanceTiming = { seconds: Math.round(state.durationMs / 100) / 10, tests: state.tests.length, early };
    // Written last and renamed into place: whoever sees timing.json finds the report complete.
    const temporary = join(dir, `${TIMING_FILE}.tmp`);
    writeFileSync(temporary, JSON.stringify(timing));
    renameSync(temporary, join(dir, TIMING_FILE));
  }
}
