/**
 * One run of the conformance suite against the embedded reference server started with given
 * faults/variants, in a child process (Playwright), with its own reports folder. Returns the exit
 * status and the conformance report it wrote.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ConformanceReport } from '../../src/reporting/conformance-types';
import { instanceDir, INSTANCES_VARIABLE, TIMING_FILE, type Instance, type InstanceTiming } from '../../src/runner/instances';
import { runnerEnv } from '../../src/runner/runner-env';

export interface SuiteRun {
  exitCode: number;
  seconds: number;
  report: ConformanceReport | null;
  /** The last lines of the run's output, for diagnosing a run that could not start. */
  tail: string;
}

export interface SuiteRunOptions {
  reportsDir: string;
  /** Run against the embedded reference server (default true); false: the target comes from `env`. */
  embedded?: boolean;
  faults?: readonly string[];
  variants?: readonly string[];
  projects?: readonly string[];
  env?: Record<string, string>;
  workers?: number;
  timeoutMs?: number;
  /** Further Playwright arguments, e.g. --max-failures=2. */
  args?: readonly string[];
}

const require = createRequire(__filename);
const PLAYWRIGHT_CLI = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js');

export async function runSuite(options: SuiteRunOptions): Promise<SuiteRun> {
  rmSync(options.reportsDir, { recursive: true, force: true });
  const args = [PLAYWRIGHT_CLI, 'test', ...(options.projects ?? []).flatMap((p) => ['--project', p])];
  if (options.workers) args.push('--workers', String(options.workers));
  args.push(...(options.args ?? []));
  const outside = options.embedded === false;
  // An outside target: none of the caller's own target variables may leak into the run.
  const inherited = outside
    ? Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(RM_|HR_|LEARNING_|CONFORMANCE_EMBEDDED)/.test(k)))
    : process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    CONFORMANCE_EMBEDDED: outside ? '' : '1',
    CONFORMANCE_REPORTS_DIR: options.reportsDir,
    CONFORMANCE_QUIET: '1',
    CONFORMANCE_LEAN: '1',
    REFERENCE_FAULTS: (options.faults ?? []).join(','),
    REFERENCE_VARIANTS: (options.variants ?? []).join(','),
    ...options.env,
  };
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: runnerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const timeoutMs = options.timeoutMs ?? 180_000;
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exitCode = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 2)));
  clearTimeout(timer);
  const file = join(options.reportsDir, 'conformance.json');
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport) : null;
  return { exitCode, seconds: (performance.now() - started) / 1000, report, tail: output.trim().split('\n').slice(-8).join('\n') };
}

/** Runs `tasks` with at most `parallel` at a time, keeping their order in the result. */
export async function pool<T, R>(items: readonly T[], parallel: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(parallel, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * One Playwright run serving many reference servers (src/runner/instances.ts): returns one
 * SuiteRun per instance, judged on that instance's own report as a run of its own would be
 * (exit 1 when a test failed, 0 when tests ran and passed, 2 when none ran). Seconds are the
 * instance's own: its tests' durations summed (timing.json of the instance reporter), or, for an
 * instance the run never finished, the run's time shared out evenly. `onInstance` is called as each
 * instance's report appears during the run (the reporter writes it when its last test ends), so a
 * caller can print verdicts as they are known; every instance gets exactly one call.
 */
export async function runInstances(
  instances: readonly Instance[],
  options: SuiteRunOptions & { onInstance?: (instance: Instance, run: SuiteRun) => void; pollMs?: number },
): Promise<Map<string, SuiteRun>> {
  // Beside the reports folder, which the run empties first.
  mkdirSync(dirname(options.reportsDir), { recursive: true });
  const file = `${options.reportsDir}.instances.json`;
  writeFileSync(file, JSON.stringify(instances, null, 2));
  const { onInstance, pollMs, ...suiteOptions } = options;
  const out = new Map<string, SuiteRun>();
  const finish = (instance: Instance, fallbackSeconds: number, runTail: string, runExit: number): void => {
    if (out.has(instance.name)) return;
    const dir = instanceDir(options.reportsDir, instance.name);
    const report = readJson<ConformanceReport>(join(dir, 'conformance.json'));
    const timing = readJson<InstanceTiming>(join(dir, TIMING_FILE));
    const ran = report ? report.totals.passed + report.totals.failed : 0;
    const exitCode = !report || ran === 0 ? 2 : report.totals.failed > 0 ? 1 : 0;
    const run: SuiteRun = {
      exitCode,
      seconds: timing?.seconds ?? fallbackSeconds,
      report,
      tail: exitCode === 2 ? `the batched run ended with exit ${runExit}: ${runTail}` : '',
    };
    out.set(instance.name, run);
    onInstance?.(instance, run);
  };
  // While the run goes on: an instance whose timing.json has appeared is done (written last, after its report).
  const timer = setInterval(() => {
    for (const instance of instances)
      if (!out.has(instance.name) && existsSync(join(instanceDir(options.reportsDir, instance.name), TIMING_FILE)))
        finish(instance, 0, '', 0);
  }, pollMs ?? 1_000);
  try {
    const run = await runSuite({ ...suiteOptions, env: { ...options.env, [INSTANCES_VARIABLE]: file } });
    for (const instance of instances) finish(instance, run.seconds / instances.length, run.tail, run.exitCode);
  } finally {
    clearInterval(timer);
  }
  return new Map(instances.map((i) => [i.name, out.get(i.name) as SuiteRun]));
}

function readJson<T>(path: string): T | null {
  try {
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
  } catch {
    return null; // being written by the run: read again at its end
  }
}
