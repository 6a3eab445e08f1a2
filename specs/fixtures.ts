/**
 * Playwright fixtures of every spec: the target (read once per worker), an API client per API with
 * auth, politeness and exchange recording, `covers` (which operation x status a test proves, for
 * the conformance matrix), `observe` (what the target did where the documents are silent) and a
 * clean-up registry that undoes what a test created.
 */
import { dirname, relative } from 'node:path';
// The base test without Playwright's browser fixtures: its auto fixtures (tracing, screenshots,
// request contexts) would set up and tear down around every test, each a step with a captured stack.
import { _baseTest as base, type TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import { operation } from '../src/catalogue';
import type { ApiName, OperationSpec } from '../src/catalogue/types';
import { readEnv } from '../src/config/env';
import { parseTarget, type Target } from '../src/config/target';
import { instanceEnv, instanceOf } from '../src/fault-run/instances';
import { ApiClient, type AuthProvider } from '../src/http/client';
import { exchangeBrief, exchangeTitle, exchangeToText, pathOf, type Exchange } from '../src/http/exchange';
import { lastExchangeSeq } from '../src/http/last-exchange';
import { redact } from '../src/http/redact';
import { Limiter } from '../src/http/limiter';
import { hmacBasicAuth } from '../src/auth/hmac-basic';
import { TokenCache, bearerAuth, requestToken } from '../src/auth/oauth';
import { Cleanup } from '../src/runner/cleanup';
import { recordObservation, type ObservationCategory } from '../src/reporting/observations';
import { coverageAnnotation } from '../src/reporting/coverage';
import { replayCommand } from '../src/reporting/replay';
import { EVIDENCE_ANNOTATION, type ExchangeBrief, type FailingExchange, type TestEvidence } from '../src/reporting/evidence';
import { pendingFailure, setVerdictSink, type Verdict } from '../src/checks/verdict';
import { RmShared } from './support/rm-shared';
import { takeFailedCase } from './support/property';
import { LEAN } from './support/lean';

const API_TITLES: Record<ApiName, string> = {
  rm: 'Recruitment Marketing API v2',
  hr: 'HR core API v3',
  learning: 'Learning Activities API v3',
};

interface WorkerFixtures {
  target: Target;
  limiter: Limiter;
  hrTokens: TokenCache;
  /** The RM records a worker's tests share (support/rm-shared.ts): made when a test first asks, undone at worker teardown. */
  rmShared: RmShared;
}

interface TestFixtures {
  /** Every exchange of the test, each shown as a step of the test as it happens (see ExchangeLog). */
  exchanges: ExchangeLog;
  rm: ApiClient;
  hr: ApiClient;
  learning: ApiClient;
  /** Declares that this test proves `statuses` of the catalogue operation `operationId`. */
  covers: (operationId: string, ...statuses: string[]) => OperationSpec;
  observe: (category: ObservationCategory, subject: string, value: string) => void;
  cleanup: Cleanup;
}

// Every fixture is `box: 'self'`: it gets no step of its own (a step is two messages to the runner
// and a line in each report, for ~7 fixtures of each of ~290 tests); the exchanges a fixture sends
// are still steps, under "Before Hooks" or "After Hooks".
export const test = base.extend<TestFixtures, WorkerFixtures>({
  target: [
    async ({}, use, workerInfo) => {
      // In a many-instance run (the fault run) each project has its own reference server.
      await use(parseTarget(instanceEnv(readEnv(), workerInfo.project.metadata)));
    },
    { scope: 'worker', box: 'self' },
  ],
  limiter: [
    async ({ target }, use, workerInfo) => {
      const workers = Math.max(1, workerInfo.config.workers);
      await use(new Limiter(target.run.maxRps / workers, Math.max(1, Math.floor(target.run.maxConcurrency / workers))));
    },
    { scope: 'worker', box: 'self' },
  ],
  hrTokens: [
    async ({ target }, use) => {
      const hr = target.hr;
      await use(
        new TokenCache(() =>
          hr
            ? requestToken({
                tokenUrl: hr.tokenUrl,
                clientId: hr.clientId,
                clientSecret: hr.clientSecret,
                scope: hr.scope,
                auth: hr.tokenAuth,
                timeoutMs: target.run.timeoutMs,
              })
            : Promise.reject(new Error('HR is not configured')),
        ),
      );
    },
    { scope: 'worker', box: 'self' },
  ],
  rmShared: [
    async ({ target }, use) => {
      const shared = new RmShared(target);
      await use(shared);
      await shared.cleanUp();
    },
    { scope: 'worker', box: 'self' },
  ],
  exchanges: [
    async ({ target }, use, testInfo) => {
      const log = new ExchangeLog(testInfo);
      setVerdictSink(log);
      try {
        await use(log);
      } finally {
        // Read before the sink goes: the failed verdict on its way out of the test, if a check failed it.
        const failure = testInfo.status === 'failed' ? pendingFailure() : null;
        setVerdictSink(null);
        await log.finish(failure);
        testInfo.annotations.push({ type: EVIDENCE_ANNOTATION, description: JSON.stringify(evidenceOf(testInfo, target, log, failure)) });
      }
    },
    // Every test has evidence, whether or not it asks for a client.
    { box: 'self', auto: true },
  ],
  rm: [
    async ({ target, limiter, exchanges }, use) => {
      test.skip(!target.rm, 'RM v2 not configured (RM_BASE_URL is unset while HR_BASE_URL is set)');
      if (target.rm) await use(apiClient('rm', target, limiter, exchanges, hmacBasicAuth(target.rm.apiKey, target.rm.apiSecret)));
    },
    { box: 'self' },
  ],
  hr: [
    async ({ target, limiter, hrTokens, exchanges }, use) => {
      test.skip(!target.hr, 'HR core v3 not configured (HR_BASE_URL is unset while RM_BASE_URL is set)');
      if (target.hr) await use(apiClient('hr', target, limiter, exchanges, bearerAuth(hrTokens, target.hr.tokenAuth)));
    },
    { box: 'self' },
  ],
  learning: [
    async ({ target, limiter, hrTokens, exchanges }, use) => {
      test.skip(!target.hr, 'Learning v3 not configured (HR_BASE_URL is unset while RM_BASE_URL is set)');
      if (target.hr) await use(apiClient('learning', target, limiter, exchanges, bearerAuth(hrTokens, target.hr.tokenAuth)));
    },
    { box: 'self' },
  ],
  covers: [
    async ({}, use, testInfo) => {
      const labelled = new Set<string>();
      const pending: PromiseLike<void>[] = [];
      await use((operationId, ...statuses) => {
        const op = operation(operationId);
        testInfo.annotations.push(coverageAnnotation(op, statuses));
        // A lean run has no Allure reporter to read the labels.
        if (!LEAN && !labelled.has(op.id)) {
          labelled.add(op.id);
          // One runtime message for the five labels: each message is an attachment, with a stack captured.
          pending.push(
            allure.labels(
              { name: 'epic', value: API_TITLES[op.api] },
              { name: 'feature', value: op.resource },
              { name: 'story', value: `${op.method} ${op.path}` },
              { name: 'operation', value: op.id },
              { name: 'section', value: op.section },
            ),
          );
        }
        return op;
      });
      await Promise.all(pending);
    },
    { box: 'self' },
  ],
  observe: [
    async ({}, use, testInfo) => {
      await use((category, subject, value) => recordObservation(testInfo, category, subject, value));
    },
    { box: 'self' },
  ],
  cleanup: [
    async ({}, use, testInfo) => {
      const cleanup = new Cleanup();
      await use(cleanup);
      const report = await cleanup.run();
      for (const line of report.failed) testInfo.annotations.push({ type: 'cleanup-failed', description: line });
      for (const line of report.leftovers) testInfo.annotations.push({ type: 'leftover', description: line });
    },
    { box: 'self' },
  ],
});

/** A test's client of one API: its base URL, auth and media type (RM: 000 §1; v3: 001 §4), recording into the test's log. */
function apiClient(api: ApiName, target: Target, limiter: Limiter, exchanges: ExchangeLog, auth: AuthProvider): ApiClient {
  const baseUrl = api === 'rm' ? target.rm?.baseUrl : target.hr?.baseUrl;
  if (baseUrl === undefined) throw new Error(`${api} is not configured`);
  return new ApiClient({
    api,
    baseUrl,
    auth,
    limiter,
    timeoutMs: target.run.timeoutMs,
    jsonContentType: api === 'rm' ? 'application/vnd.api+json' : 'application/json',
    onExchange: (e) => exchanges.record(e),
  });
}

/**
 * How exchange texts are attached. Playwright's list reporter prints, under a failed test, the body
 * of every attachment whose content type starts with "text/" (case-sensitively), which for a test of
 * hundreds of requests is thousands of lines. "Text/plain" is the same media type (RFC 2045 §5.1:
 * type names are case-insensitive) and Allure shows it as plain text, but the list reporter skips
 * it: the console shows one compact block per failure (src/cli/start.ts) and the exchanges stay in
 * the reports. CONFORMANCE_VERBOSE=1 brings the full dump back.
 */
const EXCHANGE_CONTENT_TYPE = process.env.CONFORMANCE_VERBOSE === '1' ? 'text/plain' : 'Text/plain';
/** allure-js-commons' runtime message type: allure-playwright applies a "step_metadata" message attached inside a step to that step. */
const ALLURE_MESSAGE_CONTENT_TYPE = 'application/vnd.allure.message+json';
/** The mark of the failing exchange's step. */
const FAILED_MARK = '\u2717';

interface ExchangeStep {
  seq: number;
  close(error: Error | null): void;
  done: Promise<void>;
}

/**
 * The exchanges and verdicts of one test. Exchanges are numbered 1, 2, 3... within it (the
 * worker-wide `seq` stays on each for the verdicts, which name exchanges by it). Each exchange is a
 * Playwright step, started when the exchange is recorded, in the async context of the code that
 * sent it: in the test body (or the `test.step` the body is in), or under "After Hooks" for
 * clean-up; the step holds the exchange text as an attachment "<nnn> <METHOD> <path> -> <status>".
 *
 * Which exchange failed is known only when the test ends, from the verdict that failed it; so the
 * body's steps stay open until then: the failed verdict's exchange ends failed (its step throws the
 * test's error and is renamed "\u2717 <name>"), every other one passed.
 *
 * It is also the test's verdict sink (src/checks/verdict.ts): every check records its verdict here.
 */
export class ExchangeLog {
  readonly all: Exchange[] = [];
  readonly verdicts: Verdict[] = [];
  /** The worker-wide seq before the test's first exchange. */
  readonly startSeq = lastExchangeSeq();
  private readonly open: ExchangeStep[] = [];
  private readonly steps: Promise<void>[] = [];

  constructor(private readonly testInfo: TestInfo) {}

  record(item: Exchange | Verdict): void {
    if ('verdict' in item) this.verdicts.push(item);
    else this.recordExchange(item);
  }

  private recordExchange(exchange: Exchange): void {
    this.all.push(exchange);
    // A lean run's reports show no exchange: no step, no attachment, just the brief in the evidence.
    if (LEAN) return;
    const step = this.step(exchange, this.all.length);
    // An exchange sent after the body failed (clean-up) has nothing left to wait for.
    if (this.testInfo.status === 'passed') this.open.push(step);
    else step.close(null);
  }

  /** Ends the open steps: the failed verdict's exchange failed (with the test's error), every other passed; waits for every step. */
  async finish(failure: Verdict | null): Promise<void> {
    const error = failure ? stepError(this.testInfo) : null;
    for (const step of this.open.splice(0)) step.close(failure && step.seq === failure.exchangeSeq ? error : null);
    await Promise.all(this.steps);
  }

  /** The exchange with the worker-wide `seq`, and its number in the test. */
  find(seq: number | null): { exchange: Exchange; n: number } | null {
    const i = seq === null ? -1 : this.all.findIndex((e) => e.seq === seq);
    return i < 0 ? null : { exchange: this.all[i] as Exchange, n: i + 1 };
  }

  briefs(): ExchangeBrief[] {
    return this.all.map((e, i) => ({
      n: i + 1,
      seq: e.seq,
      operationId: e.operationId,
      method: e.request.method,
      path: pathOf(e.request.url),
      status: e.response?.status ?? null,
      retries: e.retries,
      ms: Math.round(e.durationMs),
    }));
  }

  private step(exchange: Exchange, n: number): ExchangeStep {
    const title = exchangeTitle(exchange, n);
    const testInfo = this.testInfo;
    let close!: (error: Error | null) => void;
    const outcome = new Promise<Error | null>((resolve) => (close = resolve));
    const done = test
      .step(
        title,
        async () => {
          await attachWithoutStack(testInfo, title, { body: exchangeToText(exchange), contentType: EXCHANGE_CONTENT_TYPE });
          const error = await outcome;
          if (!error) return;
          const message = { type: 'step_metadata', data: { name: `${FAILED_MARK} ${title}` } };
          await attachWithoutStack(testInfo, 'Allure Step Metadata', {
            body: JSON.stringify(message),
            contentType: ALLURE_MESSAGE_CONTENT_TYPE,
          });
          throw error;
        },
        // The test's own location: Playwright then skips capturing and source-mapping a stack per step.
        { location: { file: testInfo.file, line: testInfo.line, column: testInfo.column } },
      )
      .catch(() => undefined);
    this.steps.push(done);
    return { seq: exchange.seq, close, done };
  }
}

/**
 * testInfo.attach() opens a step of its own and captures a 50-frame stack for it, each frame
 * source-mapped (~0.15 ms; an attachment per exchange, ~2,400 a run: ~0.4 CPU-s in the RM worker).
 * No report of ours shows where an attachment step was called from, so the attach starts (its
 * synchronous part, where the stack is taken) with a stack formatter that formats nothing.
 */
function attachWithoutStack(testInfo: TestInfo, name: string, options: { body: string; contentType: string }): Promise<void> {
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = () => '';
  try {
    return testInfo.attach(name, options);
  } finally {
    Error.prepareStackTrace = prepare;
  }
}

/** The error the failing exchange's step ends with: the test's own message (check, clause and quote). */
function stepError(testInfo: TestInfo): Error {
  const error = new Error(redact(testInfo.error?.message ?? `test ${testInfo.status ?? 'failed'}`));
  error.name = 'CheckError';
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

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
    path: pathOf(exchange.request.url),
    status: exchange.response?.status ?? null,
    requestBody: body === null ? null : redact(body.length > REQUEST_BODY_LIMIT ? `${body.slice(0, REQUEST_BODY_LIMIT)}...` : body),
    response: exchangeBrief(exchange).slice(1),
    curl: exchange.curl,
  };
}

/** The test's evidence: its exchanges, its verdicts, the failure, and the one replay command of a failed test. */
function evidenceOf(testInfo: TestInfo, target: Target, log: ExchangeLog, failure: Verdict | null): TestEvidence {
  const failed = testInfo.status === 'failed';
  const timedOut = testInfo.status === 'timedOut' || testInfo.status === 'interrupted';
  const failedCase = takeFailedCase();
  return {
    exchanges: log.briefs(),
    verdicts: log.verdicts,
    failure,
    failingExchange: failingExchange(log, failure),
    replay: failed ? replayOf(testInfo, target, failedCase) : null,
    notJudged: timedOut
      ? testInfo.status === 'timedOut'
        ? `the test did not end within its time-out of ${Math.round(testInfo.timeout / 1000)} s, a limit of the suite, not of the target (${log.all.length} exchanges sent)`
        : 'the run was interrupted before the test ended'
      : null,
  };
}

function replayOf(testInfo: TestInfo, target: Target, failedCase: ReturnType<typeof takeFailedCase>): string {
  // Relative to the project root (where playwright.config.ts is), as `npx playwright test` takes it.
  const root = testInfo.config.configFile ? dirname(testInfo.config.configFile) : process.cwd();
  const file = relative(root, testInfo.file).replace(/\\/g, '/');
  const instance = instanceOf(testInfo.project.metadata);
  return redact(
    replayCommand({
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
    }),
  );
}

export { expect } from '@playwright/test';
