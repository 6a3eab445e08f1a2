/**
 * `npm run merge-reports -- [--out reports] <shard reports dir>...`: merges the outputs of a run
 * split with Playwright's `--shard=i/n` into the reports of one run.
 *
 * Each input is the reports folder (CONFORMANCE_REPORTS_DIR) of one shard, run with
 * CONFORMANCE_BLOB=1, or a folder holding several of them (e.g. downloaded CI artifacts). Into
 * `--out` (default: CONFORMANCE_REPORTS_DIR or reports/) it writes:
 *
 * - conformance.json / conformance.md and junit.xml: Playwright's `merge-reports` replays every
 *   shard's blob report (blob-report/*.zip) through the conformance reporter and the JUnit
 *   reporter, so the matrix is built by the same code, over the same tests, as an unsharded run.
 *   Without blob reports, the shards' conformance.json files are merged instead (cell by cell: a
 *   failure anywhere wins, then passed, skipped, not covered; totals add up).
 * - allure-results/ (the shards' results, copied together) and allure-report/ (Allure HTML).
 *
 * Every shard must run with the same CONFORMANCE_SEED and CONFORMANCE_RUN_ID, so the merged report
 * has one seed to replay; the merge warns when they differ.
 * Exit status as for `npm start`: 0 conforms, 1 at least one conformance failure, 2 nothing to merge.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { renderMarkdown } from '../reporting/conformance-markdown';
import type { CellEvidence, CellStatus, ConformanceReport } from '../reporting/conformance-types';
import { renderJUnit } from '../reporting/junit';
import { runFailed } from '../reporting/conformance-reporter';
import { gateActive, gateInputs, gateReport } from '../reporting/gate/run-gate';
import { configuredApis } from '../reporting/gate/types';
import { groupLeftovers, groupObservations } from '../reporting/observations';
import { NOT_RUN_REASON } from '../reporting/cells';
import { harLog, type Har } from '../reporting/har';
import { buildAllureReport } from './allure-html';
import { parseCliArgs } from './help';

const ROOT = resolve(__dirname, '../..');
const REPORTER = join(ROOT, 'src/reporting/conformance-reporter.ts');
const RANK: Record<CellStatus, number> = { 'not-covered': 0, skipped: 1, passed: 2, failed: 3 };

/** One shard's reports folder and what it holds. */
export interface ShardDir {
  dir: string;
  blobs: string[];
  conformance: string | null;
  allureResults: string | null;
}

/**
 * Merges the conformance reports of shards: every cell takes the strongest outcome over the shards
 * (failed > passed > skipped > not-covered, as the reporter ranks the tests of one run), and
 * totals, requests, failures, skip reasons, observations and leftovers add up.
 */
export function mergeConformanceReports(reports: readonly ConformanceReport[]): ConformanceReport {
  const [head] = reports;
  if (!head) throw new Error('mergeConformanceReports: no report to merge');
  // A shard's gate spoke for that shard only: the merged run is gated afresh.
  const { gate: _shardGate, ...first } = head;
  const operations = first.operations.map((op) => ({
    ...op,
    statuses: { ...op.statuses },
    evidence: {} as ConformanceReport['operations'][number]['evidence'],
  }));
  const byId = new Map(operations.map((op) => [op.id, op]));
  const totals = { passed: 0, failed: 0, skipped: 0, notJudged: 0 };
  const skipped = new Map<string, ConformanceReport['skipped'][number]>();
  const skippedTests = new Map<string, string>();
  const observations = new Map<string, ConformanceReport['observations'][number]>();
  let requests = 0;
  for (const report of reports) {
    totals.passed += report.totals.passed;
    totals.failed += report.totals.failed;
    totals.skipped += report.totals.skipped;
    totals.notJudged += report.totals.notJudged ?? 0;
    requests += report.requests ?? 0;
    for (const op of report.operations) {
      let merged = byId.get(op.id);
      if (!merged) {
        merged = { ...op, statuses: { ...op.statuses }, evidence: {} };
        byId.set(op.id, merged);
        operations.push(merged);
      }
      for (const [status, value] of Object.entries(op.statuses)) {
        const before = merged.statuses[status] ?? 'not-covered';
        if (RANK[value] > RANK[before]) merged.statuses[status] = value;
      }
      for (const [status, cell] of Object.entries(op.evidence ?? {}))
        merged.evidence[status] = mergeCellEvidence(merged.evidence[status], cell);
    }
    for (const s of report.skipped) skipped.set(s.operationId && s.status ? `${s.operationId} ${s.status}` : s.cell, s);
    for (const t of report.skippedTests ?? []) skippedTests.set(t.test, t.reason);
    for (const o of report.observations) {
      const key = `${o.category}|${o.subject}|${o.value}`;
      const seen = observations.get(key);
      if (seen) seen.count += o.count;
      else observations.set(key, { ...o });
    }
  }
  for (const op of operations)
    for (const [status, evidence] of Object.entries(op.evidence)) op.evidence[status] = settleReason(op.statuses[status] ?? '', evidence);
  // A cell skipped in one shard but run in another is not skipped: list only the cells the merged matrix shows skipped.
  const stillSkipped = [...skipped.values()].filter(
    (s) => !s.operationId || !s.status || byId.get(s.operationId)?.statuses[s.status] === 'skipped',
  );
  const mergedObservations = [...observations.values()].sort(
    (a, b) => a.category.localeCompare(b.category) || a.subject.localeCompare(b.subject) || a.value.localeCompare(b.value),
  );
  const leftovers = [...new Set(reports.flatMap((r) => r.leftovers))];
  return {
    ...first,
    totals,
    requests,
    operations,
    failures: reports.flatMap((r) => r.failures),
    notJudged: reports.flatMap((r) => r.notJudged ?? []),
    tests: reports.flatMap((r) => r.tests ?? []),
    skipped: stillSkipped,
    skippedTests: [...skippedTests].map(([test, reason]) => ({ test, reason })),
    observations: mergedObservations,
    observationGroups: groupObservations(mergedObservations),
    leftovers,
    leftoverGroups: groupLeftovers(leftovers),
  };
}

/**
 * Why the shards' reports are not one whole run: a shard missing, the same shard twice, or shards
 * of different splits. Every report records its shard (`shard: {current, total}`); null when they
 * make up 1..n exactly once each (or are one unsharded run).
 */
export function shardSetProblem(reports: readonly Pick<ConformanceReport, 'shard'>[]): string | null {
  const shards = reports.map((r) => r.shard ?? null);
  if (shards.every((s) => s === null))
    return reports.length <= 1 ? null : `${reports.length} reports of unsharded runs: merge the reports of one run split with --shard=i/n.`;
  if (shards.some((s) => s === null))
    return 'Some reports come from a run split with --shard and some from an unsharded run: merge the shards of one run.';
  const totals = [...new Set(shards.map((s) => s?.total))];
  if (totals.length > 1) return `The reports come from different splits (--shard=i/${totals.join(', i/')}): merge the shards of one run.`;
  const total = totals[0] ?? 0;
  const seen = shards.map((s) => s?.current ?? 0);
  const twice = [...new Set(seen.filter((c, i) => seen.indexOf(c) !== i))];
  if (twice.length) return `Shard ${twice.map((c) => `${c}/${total}`).join(', ')} appears twice: give each shard's reports once.`;
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((c) => !seen.includes(c));
  if (missing.length)
    return `Shard ${missing.map((c) => `${c}/${total}`).join(', ')} is missing: the merged run would leave its tests out. Give every shard's reports (or run again).`;
  return null;
}

/** Two shards' evidence of one cell, together: counts add up, a few exchanges of each, the reasons of both. */
function mergeCellEvidence(a: CellEvidence | undefined, b: CellEvidence): CellEvidence {
  if (!a) return { ...b, exchanges: [...b.exchanges] };
  const reasons = [...new Set([...(a.reason?.split('; ') ?? []), ...(b.reason?.split('; ') ?? [])])];
  const both = [...a.exchanges, ...b.exchanges];
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    // As one run samples them (conformance-reporter.ts cellEvidence): three failed, then three passed.
    exchanges: [...both.filter((e) => e.verdict === 'failed').slice(0, 3), ...both.filter((e) => e.verdict === 'passed').slice(0, 3)],
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
  };
}

/**
 * A merged cell's reason, as one run would give it: none once the cell passed or failed; for a cell
 * still not covered, a shard's "not run" only when no shard set out to cover it.
 */
function settleReason(status: string, evidence: CellEvidence): CellEvidence {
  const { reason, ...rest } = evidence;
  if (status !== 'skipped' && status !== 'not-covered') return rest;
  const reasons = (reason?.split('; ') ?? []).filter(Boolean);
  const real = reasons.filter((r) => r !== NOT_RUN_REASON);
  const kept = real.length ? real : reasons;
  return kept.length ? { ...rest, reason: kept.join('; ') } : rest;
}

/** The shard folders under the given inputs: a folder with a blob report or a conformance.json, or the folders below one. */
export function findShardDirs(inputs: readonly string[]): ShardDir[] {
  const found: ShardDir[] = [];
  const visit = (dir: string, depth: number): void => {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
    const shard = describeShard(dir);
    if (shard) {
      found.push(shard);
      return;
    }
    if (depth >= 2) return;
    for (const entry of readdirSync(dir).sort()) visit(join(dir, entry), depth + 1);
  };
  for (const input of inputs) visit(resolve(input), 0);
  return found;
}

function describeShard(dir: string): ShardDir | null {
  const blobDir = join(dir, 'blob-report');
  const blobs = existsSync(blobDir)
    ? readdirSync(blobDir)
        .filter((f) => f.endsWith('.zip'))
        .sort()
        .map((f) => join(blobDir, f))
    : [];
  const conformance = existsSync(join(dir, 'conformance.json')) ? join(dir, 'conformance.json') : null;
  const allureResults = existsSync(join(dir, 'allure-results')) ? join(dir, 'allure-results') : null;
  return blobs.length || conformance ? { dir, blobs, conformance, allureResults } : null;
}

export interface MergeResult {
  exitCode: 0 | 1 | 2;
  report: ConformanceReport | null;
  /** How the matrix was merged: by replaying the blob reports, or from the shards' conformance.json. */
  method: 'blob' | 'json' | null;
  messages: string[];
}

/**
 * Replays every shard's blob report through the conformance reporter (Playwright's merge-reports),
 * so the matrix is built by the same code over the same tests as an unsharded run. Null when it
 * wrote conformance.json, else why not.
 */
function replayBlobs(shards: readonly ShardDir[], out: string): string | null {
  const blobDir = join(out, 'merged-blob-report');
  mkdirSync(blobDir, { recursive: true });
  const used = new Set<string>();
  shards.forEach((s, i) =>
    s.blobs.forEach((blob) => {
      const name = used.has(basename(blob)) ? `shard${i + 1}-${basename(blob)}` : basename(blob);
      used.add(name);
      copyFileSync(blob, join(blobDir, name));
    }),
  );
  const require = createRequire(__filename);
  const cli = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
  const res = spawnSync(process.execPath, [cli, 'merge-reports', '--reporter', REPORTER, blobDir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CONFORMANCE_REPORTS_DIR: out, CONFORMANCE_LEAN: '' },
    timeout: 300_000,
  });
  rmSync(blobDir, { recursive: true, force: true });
  if (existsSync(join(out, 'conformance.json'))) return null;
  return `Playwright merge-reports did not produce conformance.json (exit ${res.status ?? res.signal}): ${(res.stderr || res.stdout || '').trim().split('\n').slice(-5).join(' ')}`;
}

/** Writes a merged report (conformance.json/md, junit.xml), gated as the reporter gates a replayed run. */
function writeMerged(merged: ConformanceReport, out: string): void {
  const inputs = gateInputs(configuredApis(merged));
  if (gateActive(inputs)) merged.gate = gateReport(inputs, merged);
  writeFileSync(join(out, 'conformance.json'), JSON.stringify(merged, null, 2));
  writeFileSync(join(out, 'conformance.md'), renderMarkdown(merged));
  writeFileSync(join(out, 'junit.xml'), renderJUnit(merged));
}

/** Each cell's status and how many exchanges passed and failed it: what two merges of one run must agree on. */
function matrixOf(report: ConformanceReport): Record<string, [string, number, number]> {
  const out: Record<string, [string, number, number]> = {};
  for (const op of report.operations)
    for (const [status, cell] of Object.entries(op.statuses))
      out[`${op.id} ${status}`] = [cell, op.evidence[status]?.passed ?? 0, op.evidence[status]?.failed ?? 0];
  return out;
}

/** The shards' exchanges.har files as one HAR of the whole run (a page per test); returns how many entries. */
export function mergeHars(shards: readonly Pick<ShardDir, 'dir'>[], out: string): number {
  const entries = shards.flatMap((s) => {
    const file = join(s.dir, 'exchanges.har');
    if (!existsSync(file)) return [];
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as Har).log.entries;
    } catch {
      return [];
    }
  });
  if (entries.length === 0) return 0;
  writeFileSync(join(out, 'exchanges.har'), JSON.stringify(harLog(entries, `merged from ${shards.length} shard(s)`)));
  return entries.length;
}

/** Copies every shard's Allure results into `out`/allure-results; returns how many files. */
function copyAllureResults(shards: readonly ShardDir[], out: string): number {
  const allureOut = join(out, 'allure-results');
  let copied = 0;
  for (const s of shards) {
    if (!s.allureResults) continue;
    mkdirSync(allureOut, { recursive: true });
    for (const f of readdirSync(s.allureResults)) {
      const from = join(s.allureResults, f);
      if (!statSync(from).isFile()) continue;
      copyFileSync(from, join(allureOut, f));
      copied += 1;
    }
  }
  return copied;
}

/** Merges the shards found under `inputs` into `outDir`. */
export async function mergeReports(
  inputs: readonly string[],
  outDir: string,
  options: { allureHtml?: boolean } = {},
): Promise<MergeResult> {
  const messages: string[] = [];
  const out = resolve(outDir);
  const shards = findShardDirs(inputs).filter((s) => s.dir !== out);
  if (shards.length === 0) {
    return {
      exitCode: 2,
      report: null,
      method: null,
      messages: [
        `Nothing to merge: no shard reports (blob-report/*.zip or conformance.json) under ${inputs.join(', ') || '(no input given)'}. Give the reports folders of the shard runs, each run with CONFORMANCE_BLOB=1.`,
      ],
    };
  }
  for (const stale of ['merged-blob-report', 'allure-results', 'allure-report', 'conformance.json', 'conformance.md', 'junit.xml'])
    rmSync(join(out, stale), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const shardReports = shards.flatMap((s) => (s.conformance ? [JSON.parse(readFileSync(s.conformance, 'utf8')) as ConformanceReport] : []));
  const shardProblem = shardSetProblem(shardReports);
  if (shardProblem) return { exitCode: 2, report: null, method: null, messages: [shardProblem] };
  const seeds = [...new Set(shardReports.map((r) => r.seed))];
  const runIds = [...new Set(shardReports.map((r) => r.runId))];
  if (seeds.length > 1 || runIds.length > 1) {
    messages.push(
      `warning: the shards ran with different seeds (${seeds.join(', ')}) or run ids (${runIds.join(', ')}); set the same CONFORMANCE_SEED and CONFORMANCE_RUN_ID on every shard so the merged run can be replayed.`,
    );
  }

  let method: MergeResult['method'] = null;
  const blobShards = shards.filter((s) => s.blobs.length > 0);
  if (blobShards.length === shards.length) {
    const replay = replayBlobs(shards, out);
    if (replay === null) method = 'blob';
    else messages.push(replay);
  } else if (blobShards.length > 0) {
    messages.push(
      `warning: only ${blobShards.length} of ${shards.length} shards have a blob report; merging their conformance.json files instead.`,
    );
  }
  if (method === null) {
    if (shardReports.length !== shards.length) {
      return {
        exitCode: 2,
        report: null,
        method: null,
        messages: [
          ...messages,
          `Cannot merge: ${shards.length - shardReports.length} shard folder(s) hold neither a usable blob report nor conformance.json.`,
        ],
      };
    }
    writeMerged(mergeConformanceReports(shardReports), out);
    method = 'json';
  }
  const report = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as ConformanceReport;
  if (method === 'blob' && shardReports.length === shards.length) {
    // Self-check: the replayed matrix and the cell-by-cell merge of the shards' own matrices agree on
    // every cell's status and counts (which exchanges each samples depends on the order tests ran in).
    const direct = mergeConformanceReports(shardReports);
    if (
      JSON.stringify(matrixOf(direct)) !== JSON.stringify(matrixOf(report)) ||
      JSON.stringify(direct.totals) !== JSON.stringify(report.totals)
    ) {
      messages.push(
        'warning: the replayed blob reports and the shards\u2019 conformance.json files disagree; the replayed one is written.',
      );
    }
  }

  if (mergeHars(shards, out) === 0) messages.push('warning: no shard has an exchanges.har: the merged reports have none.');
  const allureOut = join(out, 'allure-results');
  const copied = copyAllureResults(shards, out);
  if (copied > 0 && options.allureHtml !== false && !(await buildAllureReport(allureOut, join(out, 'allure-report'))))
    messages.push('warning: the Allure HTML report was not built.');
  return { exitCode: runFailed(report) ? 1 : 0, report, method, messages };
}

async function main(): Promise<void> {
  // --help: the text (src/cli/help.ts), exit 0; an unknown option: one line, exit 2.
  const { values, positionals } = parseCliArgs('merge-reports', {
    allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      'no-allure-html': { type: 'boolean', default: false },
    },
  });
  const out = values.out ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  const result = await mergeReports(positionals, out, { allureHtml: !values['no-allure-html'] });
  for (const m of result.messages) console.error(m);
  const report = result.report;
  if (!report) {
    console.error('\nThe merge cannot start.');
    process.exit(result.exitCode);
  }
  const cells = report.operations.flatMap((o) => Object.values(o.statuses));
  const count = (s: CellStatus): number => cells.filter((c) => c === s).length;
  console.log(
    `Merged ${findShardDirs(positionals).filter((s) => s.dir !== resolve(out)).length} shard(s) (${result.method === 'blob' ? 'blob reports replayed' : 'conformance matrices merged'}) into ${out}/`,
  );
  console.log(
    `Conformance: ${report.totals.failed === 0 ? 'CONFORMS on everything that ran' : `${report.totals.failed} FAILURE(S)`}  (RM: ${report.target.rm}; HR/Learning: ${report.target.hr}; seed ${report.seed})`,
  );
  console.log(
    `  tests ${report.totals.passed} passed, ${report.totals.failed} failed, ${report.totals.skipped} skipped; operation x status cells ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${count('not-covered')} not covered`,
  );
  for (const f of report.failures.slice(0, 10)) console.log(`  x [${f.check}] ${f.test}`);
  const files = ['conformance.md', 'conformance.json', 'junit.xml', 'exchanges.har', 'allure-report/index.html'].filter((f) =>
    existsSync(join(out, f)),
  );
  console.log(`  reports: ${files.map((f) => `${out}/${f}`).join(', ')}`);
  process.exit(result.exitCode);
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) void main();
