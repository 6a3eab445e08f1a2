/**
 * `npm start`: the whole conformance run (Playwright, every project), then the Allure HTML report
 * and a short summary. Exit status per INTERFACE.md: 0 conforms, 1 conformance failure, 2 cannot
 * start (bad configuration or argument, unreachable target, or no test matched). The run writes into
 * a staging folder; the previous reports are replaced only once a new run has actually run tests.
 * Extra arguments go to Playwright (e.g. `npm start -- --grep @smoke`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as StartEnd from './start-end';
import { startHelp, wantsHelp } from './help';
import { API_PROJECTS } from '../runner/projects';
import { runnerEnv } from '../runner/runner-env';
import { ConfigError } from '../config/errors';
import { readEnv } from '../config/env';
import { parseTarget, planTarget } from '../config/target';
import type * as ListedTests from '../reporting/listed-tests';
import type * as GateInputs from '../reporting/gate/inputs';
import type * as Suite from '../reporting/suite';

const PROJECTS: string[] = API_PROJECTS.map((p) => p.name);
const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
const staging = join(reportsDir, '.next');
let args = process.argv.slice(2);

/** Ends the run with exit 2; `message` null when the run already said why (the global set-up's one message). */
function cannotStart(message: string | null): never {
  rmSync(staging, { recursive: true, force: true });
  if (message !== null) console.error(`\nThe conformance run cannot start.\n${message}\n`);
  process.exit(2);
}

/** This file's require: Playwright's path, and the modules loaded only when needed (after the spawn, or for --operation). */
const load = createRequire(__filename);

function playwrightCli(): string {
  return join(dirname(load.resolve('@playwright/test/package.json')), 'cli.js');
}

/**
 * The suite's own Playwright config, named explicitly: the installed package (bin/) runs from the
 * caller's folder, where Playwright would find no config. An explicit --config of the caller's wins.
 */
function withConfig(argv: readonly string[]): string[] {
  const given = argv.some((a) => a === '--config' || a === '-c' || a.startsWith('--config='));
  return given ? [...argv] : ['--config', join(__dirname, '../../playwright.config.ts'), ...argv];
}

/** The config file the run uses: the caller's --config, else the suite's own. */
function configOf(argv: readonly string[]): string {
  const i = argv.findIndex((a) => a === '--config' || a === '-c');
  const eq = argv.find((a) => a.startsWith('--config='));
  return eq?.slice('--config='.length) ?? (i >= 0 ? (argv[i + 1] ?? '') : join(__dirname, '../../playwright.config.ts'));
}

/** `--project X`, `--project=X`, `-p X`: each must be one of the suite's projects. */
function projectsNamed(argv: readonly string[]): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (a === '--project' || a === '-p') out.push(argv[i + 1] ?? '');
    else if (a.startsWith('--project=')) out.push(a.slice('--project='.length));
  });
  return out.flatMap((p) => p.split(','));
}

if (wantsHelp(args)) {
  console.log(startHelp());
  process.exit(0);
}

/**
 * `--operation <id or glob>` (repeatable): exactly the tests that declare they call that catalogue
 * operation (specs/kit/declare.ts; read from Playwright's own listing, nothing run), as a --grep of
 * their titles; every other argument goes to Playwright.
 */
function selectByOperation(argv: readonly string[]): string[] {
  const patterns: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i] ?? '';
    if (a === '--operation') patterns.push(argv[(i += 1)] ?? '');
    else if (a.startsWith('--operation=')) patterns.push(a.slice('--operation='.length));
    else rest.push(a);
  }
  if (patterns.length === 0) return rest;
  // Only a run that names an operation needs the catalogue and the listing (~2 s, the specs loaded once more).
  const { grepOf, listTests, operationsMatching, testsCalling } = load('../reporting/listed-tests') as typeof ListedTests;
  const ids = patterns.flatMap((p) => {
    const found = operationsMatching(p);
    if (found.length === 0) cannotStart(`--operation ${p || '(empty)'}: no catalogue operation matches it (npm run checks lists them).`);
    return found;
  });
  if (rest.some((a) => a === '--grep' || a === '-g' || a.startsWith('--grep=')))
    cannotStart('--operation and --grep cannot be combined: --operation is a grep of the titles of the tests that call the operation.');
  const listed = listTests(configOf(rest), runnerEnv(process.env));
  if (listed.length === 0) cannotStart('--operation: Playwright listed no test (run `npm start -- --list` to see why).');
  const tests = testsCalling(listed, ids);
  if (tests.length === 0) cannotStart(`--operation ${patterns.join(', ')}: no test declares it calls ${ids.join(', ')}.`);
  console.log(`--operation ${patterns.join(', ')}: ${tests.length} test(s) that call ${ids.join(', ')}`);
  return [...rest, '--grep', grepOf(tests)];
}

/**
 * The target's configuration, checked before Playwright starts (the global set-up checks it again, for
 * a run started without `npm start`): a typo or a missing variable is one message in ~0.3 s, not after
 * Playwright has loaded every spec file (~3 s). The embedded server's port is not known yet: any will do.
 */
function checkConfiguration(): void {
  try {
    const env = readEnv();
    const plan = planTarget(env);
    parseTarget(env, plan.embedded ? 1 : undefined);
    const workers = env.CONFORMANCE_WORKERS?.trim();
    if (workers && !(/^[1-9]\d*$/.test(workers) && Number(workers) <= 1024))
      throw new ConfigError(
        `CONFORMANCE_WORKERS must be a positive integer (got ${JSON.stringify(workers)}): give a number of workers, or unset it.`,
      );
    // A bad baseline or expectations file, before Playwright prints its first line (the reporters read them again).
    if (env.CONFORMANCE_BASELINE?.trim() || env.CONFORMANCE_EXPECTATIONS?.trim()) {
      const { gateInputsFromEnv } = load('../reporting/gate/inputs') as typeof GateInputs;
      const { SUITE } = load('../reporting/suite') as typeof Suite;
      const apis = [...(plan.rm ? (['rm'] as const) : []), ...(plan.v3 ? (['hr', 'learning'] as const) : [])];
      gateInputsFromEnv(env, { suite: SUITE, apis, knownTests: null });
    }
  } catch (error) {
    if (error instanceof ConfigError) cannotStart(error.message);
    throw error;
  }
}

args = selectByOperation(args);
// `--list` lists the tests a selection (`--operation` included) would run and runs none: Playwright's own answer, exit 0.
if (args.includes('--list')) {
  const listed = spawnSync(process.execPath, [playwrightCli(), 'test', ...withConfig(args)], {
    stdio: 'inherit',
    env: runnerEnv(process.env),
  });
  process.exit(listed.status ?? 2);
}
checkConfiguration();
const unknownProjects = projectsNamed(args).filter((p) => !PROJECTS.includes(p));
if (unknownProjects.length) cannotStart(`Unknown project "${unknownProjects.join('", "')}": the projects are ${PROJECTS.join(', ')}.`);

/** Runs Playwright; resolves with its exit status (2 when it was killed by a signal). */
function runPlaywright(): Promise<number> {
  const child = spawn(process.execPath, [playwrightCli(), 'test', ...withConfig(args)], {
    stdio: 'inherit',
    env: runnerEnv({ ...process.env, CONFORMANCE_REPORTS_DIR: staging }),
  });
  return new Promise((resolve) => {
    child.on('error', () => resolve(2));
    child.on('exit', (status) => resolve(status ?? 2));
  });
}

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
const running = runPlaywright();
// Loaded once Playwright is starting: nothing of it is needed before.
const { finishStart } = load('./start-end') as typeof StartEnd;
void finishStart({ running, reportsDir, staging, args, cannotStart });
