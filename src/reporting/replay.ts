/**
 * The one command that reproduces one failed test against the same target, printed identically by
 * every report: the target's variables, the run's seed, a property's shrunk case (replay path and
 * model commands), the test's file:line, its project and its title, and a reports folder of its own
 * (reports/replay-<run id>/) so the full run's reports stay as they are. Secrets (credentials,
 * gateway headers, proxies that may carry a password) appear by NAME only, as "$NAME", for the
 * person replaying to supply from their environment; never their values. Against the embedded
 * reference server the command names the faults and variants it was started with instead.
 */
import type { Env } from '../config/env';
import { VARIABLES } from '../config/variables';

/** Variables that are or may carry secrets: written as NAME="$NAME", never with their value. */
export const SECRET_VARIABLES: readonly string[] = VARIABLES.filter((v) => v.secret).map((v) => v.name);

/** Where a configured target is, and the ids it was given: written with their values. */
export const TARGET_VARIABLES: readonly string[] = [
  ...VARIABLES.filter((v) => (v.kind === 'base-url' || v.kind === 'target') && !v.secret).map((v) => v.name),
  'NO_PROXY',
];

/** Run controls that change what a test does: written with their values, whatever the target. */
export const RUN_VARIABLES = [
  'CONFORMANCE_ALLOW_DESTRUCTIVE',
  'CONFORMANCE_ALLOW_PRODUCTION',
  'CONFORMANCE_NUM_RUNS',
  'CONFORMANCE_MAX_RPS',
  'CONFORMANCE_MAX_CONCURRENCY',
  'CONFORMANCE_TIMEOUT_MS',
  'CONFORMANCE_STATEMENT',
] as const;

export interface ReplayInput {
  /** The environment the run read (readEnv(): process variables over .env, empty ones dropped). */
  env: Env;
  /** True when the run's target was the embedded reference server. */
  embedded: boolean;
  /** The embedded server's faults and variants (the fault run gives each instance its own). */
  faults?: readonly string[];
  variants?: readonly string[];
  seed: number | string;
  runId: string;
  /** The test file, relative to the project root ("specs/rm/candidates.spec.ts"). */
  file: string;
  line: number;
  /** The Playwright project (rm, hr, learning). */
  project?: string;
  /** The test's own title: with file:line it names exactly one test. */
  title?: string;
  /** A property's shrunk case. */
  failedCase?: { path: string; commandsPath?: string; property?: string } | null;
}

/**
 * What replays one test, as data: the variables to set (values; the secrets by name only, read from
 * the environment or .env when replayed) and Playwright's arguments. `npm run replay -- <id>` runs it
 * in any shell; replayCommand writes it as one POSIX shell line for those who want the line.
 */
export interface ReplayPlan {
  /** Variables in the order the line writes them, each with its value, or null for a secret read from the environment (or .env) by name. */
  env: [string, string | null][];
  /** The arguments after `npx playwright test`. */
  args: string[];
}

export function replayPlan(input: ReplayInput): ReplayPlan {
  const { env } = input;
  const set = (name: string): boolean => (env[name] ?? '').trim() !== '';
  const vars: [string, string | null][] = [];
  if (input.embedded) {
    const faults = input.faults ?? (set('REFERENCE_FAULTS') ? [env.REFERENCE_FAULTS ?? ''] : []);
    const variants = input.variants ?? (set('REFERENCE_VARIANTS') ? [env.REFERENCE_VARIANTS ?? ''] : []);
    if (faults.length) vars.push(['REFERENCE_FAULTS', faults.join(',')]);
    if (variants.length) vars.push(['REFERENCE_VARIANTS', variants.join(',')]);
    vars.push(['CONFORMANCE_EMBEDDED', '1']);
    // What the embedded server still reads from the target's variables (a variant's HR_TOKEN_AUTH=basic, say).
    for (const name of TARGET_VARIABLES) if (set(name) && !name.endsWith('_BASE_URL')) vars.push([name, env[name] ?? '']);
  } else {
    for (const name of TARGET_VARIABLES) if (set(name)) vars.push([name, env[name] ?? '']);
    for (const name of SECRET_VARIABLES) if (set(name)) vars.push([name, null]);
  }
  for (const name of RUN_VARIABLES) if (set(name)) vars.push([name, env[name] ?? '']);
  vars.push(['CONFORMANCE_SEED', String(input.seed)]);
  if (input.failedCase) {
    vars.push(['CONFORMANCE_REPLAY_PATH', input.failedCase.path]);
    if (input.failedCase.commandsPath) vars.push(['CONFORMANCE_REPLAY_COMMANDS', input.failedCase.commandsPath]);
    if (input.failedCase.property) vars.push(['CONFORMANCE_REPLAY_PROPERTY', input.failedCase.property]);
  }
  vars.push(['CONFORMANCE_REPORTS_DIR', `reports/replay-${input.runId}`]);
  const args = [`${input.file.replace(/\\/g, '/')}:${input.line}`];
  if (input.project) args.push('--project', input.project.replace(/@.*$/, ''));
  if (input.title) args.push('-g', exactTitle(input.title));
  return { env: vars, args };
}

/** The plan as one POSIX shell line: `NAME=value ... SECRET="$SECRET" npx playwright test <args>`. */
export function replayLine(plan: ReplayPlan): string {
  return [
    ...plan.env.map(([name, value]) => (value === null ? `${name}="$${name}"` : `${name}=${shellValue(value)}`)),
    'npx',
    'playwright',
    'test',
    ...plan.args.map(shellValue),
  ].join(' ');
}

export function replayCommand(input: ReplayInput): string {
  return replayLine(replayPlan(input));
}

/** A test's file as the reports name it: relative to the project, from specs/ on. */
export function specFileOf(path: string): string {
  return path.replace(/\\/g, '/').replace(/^.*?specs\//, 'specs/');
}

/** The id of a test's failure, from the test as a reporter sees it (see failureId). */
export function failureIdOf(test: { title: string; location: { file: string; line: number }; parent: { project(): { name: string } | undefined } }): string {
  return failureId((test.parent.project()?.name ?? '').replace(/@.*$/, ''), specFileOf(test.location.file), test.location.line, test.title);
}

/**
 * A failure's id, the same in every report and what `npm run replay` takes: a short hash of the test
 * (project, file, line and title), so a test keeps its id from run to run.
 */
export function failureId(project: string, file: string, line: number, title: string): string {
  let hash = 2166136261;
  const key = `${project}\u0000${file}:${line}\u0000${title}`;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return `f-${hash.toString(16).padStart(8, '0')}`;
}

/** A grep that matches the title (Playwright greps the title path joined by spaces): the title with its regex characters escaped. */
function exactTitle(title: string): string {
  return title.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A value as one shell word: bare when it is plain, single-quoted otherwise. */
function shellValue(value: string): string {
  return /^[\w./:@%+,=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
