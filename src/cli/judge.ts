/**
 * `npm run judge -- <file.har>...`: judges recorded exchanges (HAR 1.2, from browsers' developer tools,
 * Postman/Newman, mitmproxy, Charles, or this suite's own exchanges.har) against the documents, with
 * every check that can judge what was recorded (src/judge/), and writes a run's reports: conformance.json
 * and .md, junit.xml, exchanges.har, cells earned only by recorded exchanges, and the Allure results and
 * HTML report (each judged page a test, its exchanges steps carrying their verdicts). Exit 0 conforms, 1
 * a failure, 2 an unreadable recording or one with no exchange of either API.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEnv, type Env } from '../config/env';
import { wantsCertificate, writeCertificate } from '../judge/certify';
import { buildReport } from '../reporting/conformance-reporter';
import { renderMarkdown } from '../reporting/conformance-markdown';
import { summaryLines } from '../reporting/console-summary';
import { writeJudgedAllureResults } from '../reporting/allure-judged';
import { harLog, toHarEntry } from '../reporting/har';
import { renderJUnit } from '../reporting/junit';
import { REPORTS_DIR, RUN_REPORT_FILES, STALE_AFTER_A_RUN } from '../runner/run-info';
import { judgeRecording, reportedTestOf, type JudgedPage } from '../judge/engine';
import { readHarFiles, RecordingError, type RecordedEntry } from '../judge/har-input';
import { registerRecordedSecrets } from '../judge/recorded-secrets';
import type { Bases } from '../judge/classify';
import { NOT_JUDGED_FROM_TRAFFIC } from '../judge/rules';
import { buildAllureReport } from './allure-html';
import { parseCliArgs, usageError } from './help';

const COMMAND = 'npm run judge';

export interface JudgeResult {
  exitCode: 0 | 1 | 2;
  message: string;
  pages: JudgedPage[];
}

/** Judges `files` into `out`; returns the exit status (2 with its one line for a recording that cannot be judged). */
export function judgeFiles(files: readonly string[], out: string, env = readEnv()): JudgeResult {
  let entries: RecordedEntry[];
  try {
    entries = readHarFiles(files);
  } catch (error) {
    if (error instanceof RecordingError) return { exitCode: 2, message: error.message, pages: [] };
    throw error;
  }
  return judgeEntries(entries, out, { rm: env.RM_BASE_URL, hr: env.HR_BASE_URL, token: env.HR_TOKEN_URL }, files, env);
}

/** Judges recorded `entries` (from `files`, for people) into the reports of `out`: a recording's or a proxy session's. */
export function judgeEntries(
  entries: readonly RecordedEntry[],
  out: string,
  bases: Bases,
  files: readonly string[],
  env: Env = readEnv(),
): JudgeResult {
  // A tester's recording carries their credentials: none of them reaches a report or a console line.
  registerRecordedSecrets(entries);
  const pages = judgeRecording(entries, bases);
  const judged = pages.reduce((n, p) => n + p.exchanges.length, 0);
  if (judged === 0)
    return {
      exitCode: 2,
      message: `${files.join(', ')}: no exchange of either API among ${entries.length} recorded (set RM_BASE_URL, HR_BASE_URL or HR_TOKEN_URL if the recording used other addresses)`,
      pages,
    };
  const where = (base: string | undefined): string => base ?? 'recorded';
  const report = buildReport(
    pages.map((p, i) => reportedTestOf(p, i)),
    { target: { rm: where(bases.rm), hr: where(bases.hr) }, seed: 0, runId: `judge-${Date.now().toString(36)}` },
  );
  for (const name of [...RUN_REPORT_FILES, ...STALE_AFTER_A_RUN]) rmSync(join(out, name), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'conformance.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(out, 'conformance.md'), renderMarkdown(report));
  writeFileSync(join(out, 'junit.xml'), renderJUnit(report));
  const har = harLog(
    pages.flatMap((p, i) => p.exchanges.map((e) => toHarEntry(e, { test: p.title, testId: `recording-${i + 1}` }))),
    `judged from ${files.join(', ')}`,
  );
  writeFileSync(join(out, 'exchanges.har'), JSON.stringify(har, null, 2));
  const lines = summaryLines(report);
  lines.push(`  judged ${judged} recorded exchanges of ${entries.length}; what a recording cannot show (not judged):`);
  for (const n of NOT_JUDGED_FROM_TRAFFIC) lines.push(`    - ${n.what} (needs ${n.needs})`);
  lines.push(`  reports: ${out}/conformance.md, ${out}/conformance.json, ${out}/junit.xml, ${out}/exchanges.har`);
  if (wantsCertificate(env)) lines.push(`  certificate: ${writeCertificate(out, report, [...entries], bases, env)}`);
  return { exitCode: report.totals.failed > 0 ? 1 : 0, message: lines.join('\n'), pages };
}

/**
 * The Allure results of a judgement (`out`/allure-results: each judged page a test, each of its exchanges
 * a step carrying the verdicts given on it) and the HTML report built from them (`out`/allure-report), as
 * a run writes them. Returns the line that names them.
 */
export async function writeJudgedAllure(result: JudgeResult, out: string): Promise<string> {
  const resultsDir = join(out, 'allure-results');
  await writeJudgedAllureResults(
    resultsDir,
    result.pages.map((page, i) => ({ test: reportedTestOf(page, i), exchanges: page.exchanges })),
  );
  const built = await buildAllureReport(resultsDir, join(out, 'allure-report'));
  return built
    ? `  Allure: ${out}/allure-report/index.html (results: ${resultsDir})`
    : `  Allure results: ${resultsDir} (the HTML report could not be built)`;
}

async function main(): Promise<void> {
  const { values, positionals } = parseCliArgs('judge', {
    options: { out: { type: 'string', short: 'o' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length === 0) usageError(COMMAND, 'give one or more HAR files (e.g. reports/exchanges.har)');
  const result = judgeFiles(positionals, values.out ?? REPORTS_DIR);
  if (result.exitCode === 2) {
    console.error(`${COMMAND}: ${result.message}`);
    process.exit(2);
  }
  console.log(result.message);
  console.log(await writeJudgedAllure(result, values.out ?? REPORTS_DIR));
  process.exit(result.exitCode);
}

if (require.main === module) void main();
