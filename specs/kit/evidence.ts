/**
 * A test's evidence, for the reporters (src/reporting/evidence.ts): its exchanges in brief, its
 * verdicts, the failed verdict's exchange, and the one replay command of a failed test.
 */
import { dirname, relative } from 'node:path';
import type { TestInfo } from '@playwright/test';
import { readEnv } from '../../src/config/env';
import type { Target } from '../../src/config/target';
import { instanceEnv, instanceOf } from '../../src/runner/instances';
import { exchangeBrief, urlPathOf, type Exchange } from '../../src/http/exchange';
import { unattributed } from '../../src/checks/judge';
import { redact } from '../../src/http/redact';
import { replayLine, replayPlan, type ReplayPlan } from '../../src/reporting/replay';
import type { FailingExchange, TestEvidence, TestRecords } from '../../src/reporting/evidence';
import type { Verdict } from '../../src/checks/verdict';
import type { ExchangeLog } from './exchange-log';
import { takeFailedCase } from './property';

const REQUEST_BODY_LIMIT = 2_000;

/** The failed verdict's exchange, with what a console block shows of it. */
function failingExchange(log: ExchangeLog, failure: Verdict | null): FailingExchange | null {
  const found = log.find(failure?.exchangeSeq ?? null);
  if (!found) return null;
  const { exchange, n } = found;
  const body = exchange.request.body;
  return {
    n,
    seq: exchange.seq,
    operationId: exchange.operationId,
    method: exchange.request.method,
    url: redact(exchange.request.url),
    path: urlPathOf(exchange.request.url),
    status: exchange.response?.status ?? null,
    requestBody: body === null ? null : redact(body.length > REQUEST_BODY_LIMIT ? `${body.slice(0, REQUEST_BODY_LIMIT)}...` : body),
    response: exchangeBrief(exchange).slice(1),
    curl: exchange.curl,
  };
}

/** Requests of the test the target asked to wait for (429, or 503 with Retry-After). */
function waitsOf(exchanges: readonly Exchange[]): string {
  const waits = exchanges.filter((e) => e.sentAgain && e.response).length;
  return waits ? `; the target asked ${waits} of its requests to wait (429/503 with Retry-After)` : '';
}

/**
 * The test's evidence: its exchanges, its verdicts, the failure, and the one replay command of a failed
 * test. `status`: how the test ends (the runner's status, or "failed" when a check of every response
 * fails a test whose body passed, at its end).
 */
export function evidenceOf(
  testInfo: TestInfo,
  target: Target,
  log: ExchangeLog,
  failure: Verdict | null,
  records: TestRecords,
  status: TestInfo['status'] = testInfo.status,
): TestEvidence {
  const timedOut = status === 'timedOut' || status === 'interrupted';
  const cannot = status === 'failed' ? unattributed(log.all, failure) : null;
  const failed = status === 'failed' && cannot === null;
  const failedCase = takeFailedCase();
  return {
    exchanges: log.briefs(),
    verdicts: log.verdicts,
    records,
    failure: cannot === null ? failure : null,
    failingExchange: cannot === null ? failingExchange(log, failure) : null,
    ...replayOf(failed, testInfo, target, failedCase),
    notJudged: timedOut
      ? testInfo.status === 'timedOut'
        ? `the test did not end within its time-out of ${Math.round(testInfo.timeout / 1000)} s, a limit of the suite, not of the target (${log.all.length} exchanges sent${waitsOf(log.all)})`
        : 'the run was interrupted before the test ended'
      : cannot,
  };
}

/** The replay of a failed test: the one command, and the same as data for `npm run replay` (both redacted). */
function replayOf(
  failed: boolean,
  testInfo: TestInfo,
  target: Target,
  failedCase: ReturnType<typeof takeFailedCase>,
): Pick<TestEvidence, 'replay' | 'replayPlan'> {
  if (!failed) return { replay: null, replayPlan: null };
  // Relative to the project root (where playwright.config.ts is), as `npx playwright test` takes it.
  const root = testInfo.config.configFile ? dirname(testInfo.config.configFile) : process.cwd();
  const file = relative(root, testInfo.file).replace(/\\/g, '/');
  const instance = instanceOf(testInfo.project.metadata);
  const plan = replayPlan({
    env: instanceEnv(readEnv(), testInfo.project.metadata),
    embedded: target.embedded,
    ...(instance ? { faults: instance.faults, variants: instance.variants } : {}),
    seed: target.run.seed,
    runId: target.run.runId,
    file,
    line: testInfo.line,
    project: testInfo.project.name,
    title: testInfo.title,
    failedCase,
  });
  const redacted: ReplayPlan = {
    env: plan.env.map(([name, value]): [string, string | null] => [name, value === null ? null : redact(value)]),
    args: plan.args.map((a) => redact(a)),
  };
  return { replay: redact(replayLine(plan)), replayPlan: redacted };
}
