/**
 * `npm run replay -- <failure id> [--from <conformance.json>]`: runs one failure of a run again, from
 * what the run recorded (its replay plan: the variables and Playwright's arguments), against the same
 * target. The secrets are read from the environment or `.env`, never from the report. No shell syntax
 * is involved, so it works the same from bash, cmd and PowerShell. Exit status as a run's: 0 the
 * failure no longer shows, 1 it (or another) does, 2 the replay cannot start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readEnv } from '../config/env';
import type { ConformanceReport, FailureLine } from '../reporting/conformance-types';
import type { ReplayPlan } from '../reporting/replay';
import { REPORTS_DIR } from '../runner/run-info';
import { parseCliArgs, usageError } from './help';

const COMMAND = 'npm run replay';

/** The failure `id` names in `report` (an exact id, or a unique prefix of one), or why there is none. */
export function findFailure(report: Pick<ConformanceReport, 'failures'>, id: string): FailureLine | string {
  const exact = report.failures.find((f) => f.id === id);
  if (exact) return exact;
  const prefixed = report.failures.filter((f) => f.id?.startsWith(id));
  if (prefixed.length === 1 && prefixed[0]) return prefixed[0];
  const ids = report.failures.map((f) => f.id).filter((x): x is string => !!x);
  if (prefixed.length > 1)
    return `"${id}" names ${prefixed.length} failures (${prefixed.map((f) => f.id).join(', ')}): give more of the id`;
  return ids.length
    ? `no failure "${id}" in this report; its failures: ${ids.join(', ')}`
    : `no failure "${id}": this report has no failure with an id (a run of an older suite, or one that passed)`;
}

/**
 * The environment a replay runs in: the caller's (with `.env`), then the plan's variables; each secret
 * the plan names must be set there. Returns the environment, or the names of the missing secrets.
 */
export function replayEnvironment(
  plan: ReplayPlan,
  env: Readonly<Record<string, string | undefined>>,
): { env: Record<string, string>; missing: string[] } {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value;
  const missing: string[] = [];
  for (const [name, value] of plan.env) {
    if (value !== null) out[name] = value;
    else if (!out[name]?.trim()) missing.push(name);
  }
  return { env: out, missing };
}

function main(): void {
  const { values, positionals } = parseCliArgs('replay', {
    options: { from: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const id = positionals[0];
  if (id === undefined || positionals.length > 1)
    usageError(COMMAND, 'give one failure id (conformance.json failures[].id, e.g. f-1a2b3c4d)');
  const from = values.from ?? join(REPORTS_DIR, 'conformance.json');
  if (!existsSync(from)) usageError(COMMAND, `no report at ${from}: run the suite first (npm start), or give --from <conformance.json>`);
  let report: ConformanceReport;
  try {
    report = JSON.parse(readFileSync(from, 'utf8')) as ConformanceReport;
  } catch (error) {
    usageError(COMMAND, `${from} is not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(report.failures)) usageError(COMMAND, `${from} is not a conformance report of this suite (no failures[])`);
  const failure = findFailure(report, id);
  if (typeof failure === 'string') usageError(COMMAND, failure);
  if (!failure.replayPlan)
    usageError(COMMAND, `failure ${id} has no replay plan in ${from}; its replay line: ${failure.replay ?? '(none)'}`);
  const { env, missing } = replayEnvironment(failure.replayPlan, readEnv());
  if (missing.length)
    usageError(
      COMMAND,
      `the replay needs ${missing.join(', ')}: set ${missing.length === 1 ? 'it' : 'them'} in the environment or in .env`,
    );
  console.log(`Replaying ${failure.id} (${failure.check}): ${failure.test}`);
  const cli = join(dirname(createRequire(__filename).resolve('@playwright/test/package.json')), 'cli.js');
  const run = spawnSync(process.execPath, [cli, 'test', ...failure.replayPlan.args], { stdio: 'inherit', env });
  process.exit(run.status ?? 2);
}

if (require.main === module) main();
