/**
 * The conformance-matrix reporter: folds every test's `covers` annotations and outcome into the
 * operation x documented-status matrix of the catalogue (so every documented operation appears,
 * `not-covered` until a spec proves it), and writes reports/conformance.json and .md in the shape
 * of INTERFACE.md, plus the failed checks and the observations.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { catalogue } from '../catalogue';
import { checksInMessage, clausesInMessage } from '../checks/check-error';
import { clauseRef, isClauseId, CLAUSES } from '../clauses';
import { redact } from '../http/redact';
import { parseCoverage, COVERS_ANNOTATION } from './coverage';
import { OBSERVATION_ANNOTATION, parseObservation, type Observation } from './observations';
import { renderMarkdown } from './conformance-markdown';
import type { CellStatus, ConformanceReport, FailureLine } from './conformance-types';

export interface ConformanceReporterOptions {
  outputDir?: string;
}

/** Exchange attachments are named "<seq> <METHOD> <path> -> <status>" (specs/fixtures.ts). */
const EXCHANGE_ATTACHMENT = /^\d{3,} [A-Z]+ /;
/** The status line of an exchange text (src/http/exchange.ts) when the client retried. */
const RETRIES = /^HTTP \d{3} +\(\d+ ms, (\d+) retries\)/m;

const RANK: Record<CellStatus, number> = { 'not-covered': 0, skipped: 1, passed: 2, failed: 3 };

export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private metadata: Record<string, unknown> = {};
  private readonly tests: TestCase[] = [];
  private rootSuite: Suite | null = null;

  constructor(options: ConformanceReporterOptions = {}) {
    // `playwright merge-reports --reporter <this file>` passes no options: the folder then comes from the environment.
    this.outputDir = options.outputDir ?? process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.metadata = config.metadata;
    this.rootSuite = suite;
  }

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.tests.push(test);
  }

  onEnd(): void {
    // A merged (sharded) run hands every test over through the root suite.
    const tests = this.rootSuite ? this.rootSuite.allTests() : this.tests;
    const report = buildReport(tests, this.metadata);
    const runInfo = join(this.outputDir, 'run', 'target.json');
    if (existsSync(runInfo)) {
      const info = JSON.parse(readFileSync(runInfo, 'utf8')) as { politeness?: ConformanceReport['politeness']; numRuns?: number };
      if (info.politeness) report.politeness = { ...info.politeness, casesPerProperty: info.numRuns ?? 0 };
    }
    mkdirSync(this.outputDir, { recursive: true });
    write(`${this.outputDir}/conformance.json`, JSON.stringify(report, null, 2));
    write(`${this.outputDir}/conformance.md`, renderMarkdown(report));
  }

  printsToStdio(): boolean {
    return false;
  }
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, redact(text));
}

function outcomeOf(test: TestCase): CellStatus | null {
  if (test.results.length === 0) return null;
  const outcome = test.outcome();
  if (outcome === 'skipped') return 'skipped';
  return outcome === 'expected' || outcome === 'flaky' ? 'passed' : 'failed';
}

export function buildReport(tests: TestCase[], metadata: Record<string, unknown>): ConformanceReport {
  const cells = new Map<string, Map<string, CellStatus>>();
  const skipReasons = new Map<string, string>();
  for (const op of catalogue()) cells.set(op.id, new Map(op.responses.map((r) => [r.status, 'not-covered' as CellStatus])));
  const totals = { passed: 0, failed: 0, skipped: 0 };
  let requests = 0;
  const failures: FailureLine[] = [];
  const observations: (Observation & { test: string })[] = [];
  const leftovers: string[] = [];
  for (const test of tests) {
    const status = outcomeOf(test);
    if (status === null) continue;
    totals[status === 'not-covered' ? 'skipped' : status] += 1;
    const title = test.titlePath().slice(2).join(' > ');
    const last = test.results[test.results.length - 1];
    for (const r of test.results) {
      for (const a of r.attachments) {
        if (!EXCHANGE_ATTACHMENT.test(a.name)) continue;
        requests += 1;
        // Politeness: a read the client retried after 429/503 with Retry-After (src/http/client.ts)
        // says so in its exchange text ("HTTP 200  (1234 ms, 2 retries)"); each is counted here.
        const retries = Number(RETRIES.exec(a.body?.toString('utf8') ?? '')?.[1] ?? 0);
        if (retries > 0) observations.push({ category: 'timing', subject: 'reads retried after 429/503 with Retry-After', value: `${retries} ${retries === 1 ? 'retry' : 'retries'}`, test: title });
      }
    }
    // Runtime annotations show on both the test and its result: take each once.
    const seen = new Set<string>();
    const annotations = test.annotations.concat(last?.annotations ?? []).filter((a) => {
      const key = `${a.type}\u0000${a.description ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    for (const a of annotations) {
      if (a.type === COVERS_ANNOTATION) {
        const cov = parseCoverage(a.description);
        const row = cov ? cells.get(cov.operationId) : undefined;
        if (!cov || !row) continue;
        for (const s of cov.statuses) {
          const before = row.get(s) ?? 'not-covered';
          if (RANK[status] > RANK[before]) row.set(s, status);
          if (status === 'skipped') {
            const reason = test.annotations.find((x) => x.type === 'skip')?.description;
            if (reason) skipReasons.set(`${cov.operationId} ${s}`, reason);
          }
        }
      } else if (a.type === OBSERVATION_ANNOTATION) {
        const obs = parseObservation(a.description);
        if (obs) observations.push({ ...obs, test: title });
      } else if (a.type === 'leftover' || a.type === 'cleanup-failed') {
        leftovers.push(`${a.type === 'leftover' ? 'not undoable' : 'clean-up failed'}: ${a.description ?? ''}`);
      }
    }
    if (status === 'failed' && last) {
      // eslint-disable-next-line no-control-regex -- strips the ANSI colour codes of Playwright's messages
      const message = (last.errors[0]?.message ?? last.error?.message ?? 'failed').replace(/\u001b\[[0-9;]*m/g, '');
      const checks = checksInMessage(message);
      const clauseId = clausesInMessage(message)[0];
      const clause = clauseId && isClauseId(clauseId) ? clauseRef(CLAUSES[clauseId]) : null;
      failures.push({
        check: checks[0] ?? 'uncategorised',
        test: title,
        clause,
        file: test.location.file.replace(/^.*?specs\//, 'specs/'),
        checks: checks.length ? checks : ['uncategorised'],
        message: message.split('\n')[0] ?? message,
      });
    }
  }
  const operations = catalogue().map((op) => ({
    api: op.api,
    id: op.id,
    method: op.method,
    path: op.path,
    seed: op.seed,
    statuses: Object.fromEntries(cells.get(op.id) ?? []),
    ...(op.untestable?.length ? { untestable: op.untestable } : {}),
  }));
  const skipped = [...skipReasons].map(([cell, reason]) => ({ cell, reason }));
  return {
    target: (metadata.target as ConformanceReport['target'] | undefined) ?? { rm: 'unknown', hr: 'unknown' },
    seed: Number(metadata.seed ?? 0),
    runId: String(metadata.runId ?? ''),
    faults: (metadata.faults as string[] | undefined) ?? [],
    variants: (metadata.variants as string[] | undefined) ?? [],
    totals,
    requests,
    operations,
    failures,
    skipped,
    observations: dedupeObservations(observations),
    leftovers: [...new Set(leftovers)],
  };
}

function dedupeObservations(list: (Observation & { test: string })[]): ConformanceReport['observations'] {
  const byKey = new Map<string, ConformanceReport['observations'][number]>();
  for (const o of list) {
    const key = `${o.category}|${o.subject}|${o.value}`;
    const seen = byKey.get(key);
    if (seen) seen.count += 1;
    else byKey.set(key, { category: o.category, subject: o.subject, value: o.value, count: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.category.localeCompare(b.category) || a.subject.localeCompare(b.subject) || a.value.localeCompare(b.value));
}
