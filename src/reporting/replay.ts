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

export function replayCommand(input: ReplayInput): string {
  const { env } = input;
  const set = (name: string): boolean => (env[name] ?? '').trim() !== '';
  const parts: string[] = [];
  if (input.embedded) {
    const faults = input.faults ?? (set('REFERENCE_FAULTS') ? [env.REFERENCE_FAULTS ?? ''] : []);
    const variants = input.variants ?? (set('REFERENCE_VARIANTS') ? [env.REFERENCE_VARIANTS ?? ''] : []);
    if (faults.length) parts.push(`REFERENCE_FAULTS=${shellValue(faults.join(','))}`);
    if (variants.length) parts.push(`REFERENCE_VARIANTS=${shellValue(variants.join(','))}`);
    parts.push('CONFORMANCE_EMBEDDED=1');
    // What the embedded server still reads from the target's variables (a variant's HR_TOKEN_AUTH=basic, say).
    for (const name of TARGET_VARIABLES) if (set(name) && !name.endsWith('_BASE_URL')) parts.push(`${name}=${shellValue(env[name] ?? '')}`);
  } else {
    for (const name of TARGET_VARIABLES) if (set(name)) parts.push(`${name}=${shellValue(env[name] ?? '')}`);
    for (const name of SECRET_VARIABLES) if (set(name)) parts.push(`${name}="$${name}"`);
  }
  for (const name of RUN_VARIABLES) if (set(name)) parts.push(`${name}=${shellValue(env[name] ?? '')}`);
  parts.push(`CONFORMANCE_SEED=${shellValue(String(input.seed))}`);
  if (input.failedCase) {
    parts.push(`CONFORMANCE_REPLAY_PATH=${shellValue(input.failedCase.path)}`);
    if (input.failedCase.commandsPath) parts.push(`CONFORMANCE_REPLAY_COMMANDS=${shellValue(input.failedCase.commandsPath)}`);
    if (input.failedCase.property) parts.push(`CONFORMANCE_REPLAY_PROPERTY=${shellValue(input.failedCase.property)}`);
  }
  parts.push(`CONFORMANCE_REPORTS_DIR=${shellValue(`reports/replay-${input.runId}`)}`);
  parts.push('npx', 'playwright', 'test', shellValue(`${input.file.replace(/\\/g, '/')}:${input.line}`));
  if (input.project) parts.push('--project', shellValue(input.project.replace(/@.*$/, '')));
  if (input.title) parts.push('-g', shellValue(exactTitle(input.title)));
  return parts.join(' ');
}

/** A grep that matches the title (Playwright greps the title path joined by spaces): the title with its regex characters escaped. */
function exactTitle(title: string): string {
  return title.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A value as one shell word: bare when it is plain, single-quoted otherwise. */
function shellValue(value: string): string {
  return /^[\w./:@%+,=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
