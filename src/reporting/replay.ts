/**
 * The command that reproduces one failed test against the same target: the target's variables,
 * the run's seed and run id, and the test's file:line. Secrets (credentials, gateway headers,
 * proxies that may carry a password) appear by NAME only, as "$NAME", for the person replaying to
 * supply from their own environment; never their values. Against the embedded reference server the
 * command names the faults and variants it was started with instead of a target.
 */
import type { Env } from '../config/env';

/** Variables that are or may carry secrets: written as NAME="$NAME", never with their value. */
export const SECRET_VARIABLES = [
  'RM_API_KEY',
  'RM_API_SECRET',
  'HR_CLIENT_ID',
  'HR_CLIENT_SECRET',
  'CONFORMANCE_EXTRA_HEADERS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
] as const;

/** Where a configured target is, and the ids it was given: written with their values. */
export const TARGET_VARIABLES = [
  'RM_BASE_URL',
  'RM_LIST_ID',
  'RM_JOB_ID',
  'RM_RECRUITMENT_EVENT_ID',
  'RM_JOB_APPLICATION_ID',
  'RM_ATS_INTEGRATION_ID',
  'RM_ATS_CANDIDATE_ID',
  'RM_ARCHIVED_CANDIDATE_ID',
  'RM_FILTER_CAP',
  'HR_BASE_URL',
  'HR_TOKEN_URL',
  'HR_TOKEN_AUTH',
  'HR_SCOPE',
  'LEARNING_PROVIDER_ID',
  'LEARNING_OWNER_ID',
  'LEARNING_IMAGE_TEMP_KEY',
  'HR_EMPLOYEE_REFERENCE_ID',
  'NO_PROXY',
] as const;

/** Run controls that change what a test does: written with their values, whatever the target. */
export const RUN_VARIABLES = [
  'CONFORMANCE_ALLOW_DESTRUCTIVE',
  'CONFORMANCE_ALLOW_PRODUCTION',
  'CONFORMANCE_NUM_RUNS',
  'CONFORMANCE_MAX_RPS',
  'CONFORMANCE_MAX_CONCURRENCY',
  'CONFORMANCE_TIMEOUT_MS',
] as const;

export interface ReplayInput {
  /** The environment the run read (readEnv(): process variables over .env, empty ones dropped). */
  env: Env;
  /** True when the run's target was the embedded reference server. */
  embedded: boolean;
  seed: number | string;
  runId: string;
  /** The test file, relative to the project root ("specs/rm/candidates.spec.ts"). */
  file: string;
  line: number;
  /** The Playwright project (rm, hr, learning). */
  project?: string;
}

export function replayCommand(input: ReplayInput): string {
  const { env } = input;
  const set = (name: string): boolean => (env[name] ?? '').trim() !== '';
  const parts: string[] = [];
  if (input.embedded) {
    for (const name of ['REFERENCE_FAULTS', 'REFERENCE_VARIANTS']) if (set(name)) parts.push(`${name}=${shellValue(env[name] ?? '')}`);
    parts.push('CONFORMANCE_EMBEDDED=1');
  } else {
    for (const name of TARGET_VARIABLES) if (set(name)) parts.push(`${name}=${shellValue(env[name] ?? '')}`);
    for (const name of SECRET_VARIABLES) if (set(name)) parts.push(`${name}="$${name}"`);
  }
  for (const name of RUN_VARIABLES) if (set(name)) parts.push(`${name}=${shellValue(env[name] ?? '')}`);
  parts.push(`CONFORMANCE_SEED=${shellValue(String(input.seed))}`, `CONFORMANCE_RUN_ID=${shellValue(input.runId)}`);
  parts.push('npx', 'playwright', 'test', shellValue(`${input.file.replace(/\\/g, '/')}:${input.line}`));
  if (input.project) parts.push('--project', shellValue(input.project));
  return parts.join(' ');
}

/** A value as one shell word: bare when it is plain, single-quoted otherwise. */
function shellValue(value: string): string {
  return /^[\w./:@%+,=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
