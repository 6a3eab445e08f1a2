/**
 * `npm run statement -- <conformance.json> [--out <file>]`: the statement a run observed. For each
 * ambiguous sentence the run judged, the reading the target took in every judgement; an entry where
 * it took none (a failure) or where the judgements did not tell the readings apart is listed on the
 * console and left out, for the vendor to decide.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ConformanceReport } from '../reporting/conformance-types';
import type { ReadingsSeen } from '../reporting/readings-tally';
import { REPORTS_DIR } from '../runner/run-info';
import { parseCliArgs, usageError } from './help';

export interface ObservedStatement {
  $schema: string;
  comment: string;
  target: ConformanceReport['target'];
  readings: Record<string, string>;
  records: Record<string, string>;
}

/** Whether the run told the readings apart: the taken reading held alone at least once. */
function distinguished(seen: ReadingsSeen): boolean {
  return seen.taken !== null && Object.entries(seen.held).some(([id, n]) => id !== seen.taken && n < seen.judged);
}

export function statementOf(report: ConformanceReport): { statement: ObservedStatement; left: string[] } {
  const readings: Record<string, string> = {};
  const left: string[] = [];
  for (const seen of report.readings ?? []) {
    if (seen.taken !== null && (distinguished(seen) || Object.keys(seen.held).length === 1)) readings[seen.entry] = seen.taken;
    else if (seen.taken === null) left.push(`${seen.entry}: no reading held in every judgement (${seen.failed} of ${seen.judged} failed)`);
    else left.push(`${seen.entry}: the run did not tell ${Object.keys(seen.held).join(' and ')} apart`);
  }
  return {
    statement: {
      $schema: '../schemas/statement.schema.json',
      comment: `Observed by run ${report.runId} (seed ${report.seed}); review before committing. Records: the ids the target knows (RM_ARCHIVED_CANDIDATE_ID, ...).`,
      target: report.target,
      readings,
      records: {},
    },
    left,
  };
}

function main(): void {
  const { values, positionals } = parseCliArgs('statement', {
    options: { out: { type: 'string', short: 'o' } },
    allowPositionals: true,
    strict: true,
  });
  const from = positionals[0];
  if (from === undefined || positionals.length > 1)
    usageError('npm run statement', 'give one conformance.json (e.g. reports/conformance.json)');
  if (!existsSync(from)) usageError('npm run statement', `no file at ${from}`);
  let report: ConformanceReport;
  try {
    report = JSON.parse(readFileSync(from, 'utf8')) as ConformanceReport;
  } catch (error) {
    usageError('npm run statement', `${from} is not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(report.tests)) usageError('npm run statement', `${from} is not a conformance report of this suite (no tests[])`);
  const out = values.out ?? `${REPORTS_DIR}/statement.json`;
  const { statement, left } = statementOf(report);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(statement, null, 2)}\n`);
  console.log(`${out}: ${Object.keys(statement.readings).length} readings declared, from run ${report.runId}`);
  for (const line of left) console.log(`  left out: ${line}`);
}

if (require.main === module) main();
