/**
 * Playwright fixtures of every spec: the target (read once per worker), an API client per API with
 * auth, politeness and exchange recording, `covers` (which operation x status a test proves, for
 * the conformance matrix), `observe` (what the target did where the documents are silent) and a
 * clean-up registry that undoes what a test created.
 */
import { writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
// The base test without Playwright's browser fixtures: its auto fixtures (tracing, screenshots,
// request contexts) would set up and tear down around every test, each a step with a captured stack.
import { _baseTest as base, type TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import { operation } from '../src/catalogue';
import type { ApiName, OperationSpec } from '../src/catalogue/types';
import { readEnv } from '../src/config/env';
import { parseTarget, type Target } from '../src/config/target';
import { instanceEnv } from '../src/fault-run/instances';
import { ApiClient, type AuthProvider } from '../src/http/client';
import { exchangeBrief, exchangeTitle, exchangeToText, pathOf, type Exchange } from '../src/http/exchange';
import { lastExchange, lastExchangeSeq } from '../src/http/last-exchange';
import { redact } from '../src/http/redact';
import { Limiter } from '../src/http/limiter';
import { hmacBasicAuth } from '../src/auth/hmac-basic';
import { TokenCache, bearerAuth, requestToken } from '../src/auth/oauth';
import { Cleanup } from '../src/runner/cleanup';
import { recordObservation, type ObservationCategory } from '../src/reporting/observations';
import { coverageAnnotation } from '../src/reporting/coverage';
import { ExchangeTallyAnnotation } from '../src/reporting/exchange-tally';
import { replayCommand } from '../src/reporting/replay';
import { exchangeInMessage } from '../src/checks/check-error';
import { RmShared } from './support/rm-shared';
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
      await use(log);
      const failed = testInfo.status !== testInfo.expectedStatus && testInfo.status !== 'skipped';
      await log.finish(failed ? stepError(testInfo) : null);
      if (failed) reportFailure(testInfo, target, log);
    },
    { box: 'self' },
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
  close(error: Error | null): void;
  done: Promise<void>;
}

/**
 * The exchanges of one test, numbered 1, 2, 3... within it (the worker-wide `seq` stays on each
 * exchange for internal use). Each is shown as a Playwright step, started when the exchange is
 * recorded, in the async context of the code that sent it: in the test body (or inside the
 * `test.step` the body is in) for the body's requests, under "After Hooks" for clean-up. The step
 * holds the exchange text as an attachment named "<nnn> <METHOD> <path> -> <status>".
 *
 * Which exchange failed is known only once the body has thrown, so the step of the latest body
 * exchange is kept open (its callback waits) until the next exchange or the end of the test: it then
 * ends passed, or, when the test failed, failed (the step throws the test's error, which carries
 * the check and the clause) and renamed "\u2717 <name>".
 *
 * The failing exchange is the last one recorded before the body ended. Playwright sets
 * `testInfo.status` to "failed" (or "timedOut") as soon as the body throws, before any fixture
 * tears down, so an exchange recorded while the status is still "passed" was sent by the body, and
 * one recorded after it by clean-up (whatever the order in which fixtures tear down): the failing
 * exchange is the last exchange recorded while the status was "passed". A property test that shrank
 * reports the last exchange of its last run, which may not be the counterexample's.
 */
export class ExchangeLog {
  readonly all: Exchange[] = [];
  /** The last exchange the body recorded, with its number in the test. */
  failing: { exchange: Exchange; n: number } | null = null;
  /** The worker-wide seq before the test's first exchange. */
  readonly startSeq = lastExchangeSeq();
  private open: ExchangeStep | null = null;
  private readonly steps: Promise<void>[] = [];
  private readonly tally: ExchangeTallyAnnotation;

  constructor(private readonly testInfo: TestInfo) {
    this.tally = new ExchangeTallyAnnotation(testInfo.annotations);
  }

  record(exchange: Exchange): void {
    this.all.push(exchange);
    const n = this.all.length;
    const inBody = this.testInfo.status === 'passed';
    // A body exchange after a body exchange: the earlier one passed. An exchange after the body
    // failed (clean-up): the open step is the failing exchange's; it is closed by `finish`.
    if (inBody) {
      this.open?.close(null);
      this.failing = { exchange, n };
    }
    if (LEAN) {
      // No report shows an exchange in a lean run: counted, without a step or an attachment.
      this.tally.add(exchange.retries);
      return;
    }
    const step = this.step(exchange, n);
    if (inBody) this.open = step;
    else step.close(null);
  }

  /** Ends the open step: failed with `error` when the test failed, passed otherwise; waits for every step. */
  async finish(error: Error | null): Promise<void> {
    this.open?.close(error);
    this.open = null;
    await Promise.all(this.steps);
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
    return { close, done };
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
  // Playwright's message starts with the error's name ("CheckError: ..."): keep it as the name, not twice.
  const text = redact(testInfo.error?.message ?? `test ${testInfo.status ?? 'failed'}`);
  const named = /^(\w*Error): /.exec(text);
  const error = new Error(named ? text.slice(named[0].length) : text);
  if (named?.[1]) error.name = named[1];
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

/** The annotations (failing-exchange, replay) and the console block (conformance-failure.json) of a failed test. */
function reportFailure(testInfo: TestInfo, target: Target, log: ExchangeLog): void {
  // An exchange sent by a client whose recorder is not this log (ApiClient.with({ onExchange }))
  // is still noted worker-wide; it counts (unnumbered) when the body recorded none.
  const noted = lastExchange();
  // A failed check names the exchange it judged; a property's names its counterexample's, which
  // may lie before the shrink runs that followed it.
  const named = exchangeInMessage(testInfo.error?.message ?? '');
  const judged = named === null ? -1 : log.all.findIndex((e) => e.seq === named);
  const failing =
    judged >= 0
      ? { exchange: log.all[judged] as Exchange, n: judged + 1 }
      : (log.failing ?? (noted && noted.seq > log.startSeq && !log.all.includes(noted) ? { exchange: noted, n: 0 } : null));
  if (failing) {
    const { exchange } = failing;
    testInfo.annotations.push({
      type: 'failing-exchange',
      description: JSON.stringify({
        seq: exchange.seq,
        operationId: exchange.operationId,
        method: exchange.request.method,
        path: pathOf(exchange.request.url),
        status: exchange.response?.status ?? null,
      }),
    });
  }
  // Relative to the project root (where playwright.config.ts is), as `npx playwright test` takes it.
  const root = testInfo.config.configFile ? dirname(testInfo.config.configFile) : process.cwd();
  const file = relative(root, testInfo.file).replace(/\\/g, '/');
  const replay = redact(
    replayCommand({
      env: readEnv(),
      embedded: target.embedded,
      seed: target.run.seed,
      runId: target.run.runId,
      file,
      line: testInfo.line,
      project: testInfo.project.name,
    }),
  );
  testInfo.annotations.push({ type: 'replay', description: replay });
  // For src/cli/start.ts, which prints one block per failure: Playwright empties the output folder
  // at the start of every run, so only this run's failures are found there.
  const block = {
    test: testInfo.titlePath.join(' > '),
    file,
    line: testInfo.line,
    project: testInfo.project.name,
    exchanges: log.all.length,
    failingExchange: failing
      ? {
          n: failing.n,
          title: exchangeTitle(failing.exchange, failing.n),
          brief: exchangeBrief(failing.exchange),
          curl: failing.exchange.curl,
        }
      : null,
    replay,
  };
  writeFileSync(testInfo.outputPath('conformance-failure.json'), JSON.stringify(block, null, 2));
}

export { expect } from '@playwright/test';
