/**
 * Runs the conformance suite in a child process the way a user does (`npx playwright test ...` or
 * `npm start`), with its own reports folder and a clean environment: every variable of
 * INTERFACE.md inherited from the caller is dropped, and the child runs in a scratch folder so no
 * `.env` of the developer is read. Captures the whole console output.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ConformanceReport } from '../../../src/reporting/conformance-types';
import { runnerEnv } from '../../../src/runner/runner-env';

export const ROOT = resolve(__dirname, '../../..');
const require = createRequire(__filename);
export const PLAYWRIGHT_CLI = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
/** tsx's CommonJS hook: every npm script runs its TypeScript file with it, in one process (package.json). */
const TSX_CJS = require.resolve('tsx/cjs');

/** Variables the suite reads (INTERFACE.md and the run controls); never inherited by a child run. */
const SUITE_VARIABLE = /^(RM_|HR_|LEARNING_|CONFORMANCE_|REFERENCE_|API_PORT$|CI$|PLAYWRIGHT_|PW_|FORCE_COLOR$)/;

export interface RunResult {
  exitCode: number | null;
  signal: string | null;
  seconds: number;
  stdout: string;
  stderr: string;
  /** True when the safety net had to kill the run (it did not end by itself). */
  killed: boolean;
  reportsDir: string;
  report: ConformanceReport | null;
}

export interface RunOptions {
  /** Folder for every report of the run (CONFORMANCE_REPORTS_DIR). */
  reportsDir: string;
  /** Working folder of the child (default: a fresh scratch folder, removed afterwards). */
  cwd?: string;
  env?: Record<string, string>;
  /** Safety net: the run is killed after this long (the tests assert it never is). */
  killAfterMs?: number;
}

/** `npx playwright test <args>` with the project's config, started as our commands start it (src/runner/runner-env.ts). */
export function runPlaywright(args: readonly string[], options: RunOptions): Promise<RunResult> {
  return run([PLAYWRIGHT_CLI, 'test', '--config', join(ROOT, 'playwright.config.ts'), ...args], options, runnerEnv);
}

/** A TypeScript entry point of the project (e.g. proof/cli/faults.ts), through tsx's require hook as the npm scripts do. */
export function runTsx(script: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return run(['--require', TSX_CJS, join(ROOT, script), ...args], options);
}

/** `npm start` (src/cli/start.ts) as package.json runs it: node with tsx's CommonJS hook. */
export function runStart(args: readonly string[], options: RunOptions): Promise<RunResult> {
  return run(['--require', TSX_CJS, join(ROOT, 'src/cli/start.ts'), ...args], options);
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!SUITE_VARIABLE.test(k) && !k.startsWith('NODE_TEST')) env[k] = v;
  // node --test sets NODE_TEST_CONTEXT in its children; a child Playwright must not inherit it.
  return { ...env, NO_COLOR: '1', ...extra };
}

async function run(
  args: readonly string[],
  options: RunOptions,
  prepare: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv = (env) => env,
): Promise<RunResult> {
  const cwd = options.cwd ?? scratchDir('cwd');
  const env = prepare(cleanEnv({ CONFORMANCE_REPORTS_DIR: options.reportsDir, ...options.env }));
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, options.killAfterMs ?? 150_000);
  const [exitCode, signal] = await new Promise<[number | null, string | null]>((resolveExit) =>
    child.on('close', (code, sig) => resolveExit([code, sig])),
  );
  clearTimeout(timer);
  if (!options.cwd) rmSync(cwd, { recursive: true, force: true });
  return {
    exitCode,
    signal,
    seconds: (performance.now() - started) / 1000,
    stdout,
    stderr,
    killed,
    reportsDir: options.reportsDir,
    report: readReport(options.reportsDir),
  };
}

/**
 * Playwright with one of the integration tests' own configs (a patch switch under test), started as
 * our commands start it (src/runner/runner-env.ts: the code cache, no ESM loader thread); its JSON
 * report on stdout. Async, so a test can run the two sides of a comparison at once.
 */
export function runPatchConfig(config: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const childEnv = runnerEnv({ ...env, NO_COLOR: '1' });
  delete childEnv.NODE_TEST_CONTEXT;
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      [PLAYWRIGHT_CLI, 'test', '--config', join(ROOT, config)],
      { env: childEnv, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolveRun({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

export function readReport(reportsDir: string): ConformanceReport | null {
  const file = join(reportsDir, 'conformance.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
  } catch {
    return null;
  }
}

/** A fresh temporary folder. */
export function scratchDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `conformance-it-${name}-`));
}

/** Lines of `text` that look like a JavaScript stack frame ("    at fn (file:line:col)"). */
export function stackLines(text: string): string[] {
  return text.split('\n').filter((line) => /^\s+at\s+\S/.test(line) && /(:\d+:\d+\)?\s*$)|node:internal|<anonymous>/.test(line));
}

/** A short description of a run for assertion messages. */
export function describeRun(run: RunResult): string {
  const tail = (s: string): string => s.trim().split('\n').slice(-15).join('\n');
  return `exit ${run.exitCode ?? run.signal} after ${run.seconds.toFixed(1)} s${run.killed ? ' (KILLED by the safety net)' : ''}\n--- stdout\n${tail(run.stdout)}\n--- stderr\n${tail(run.stderr)}`;
}
