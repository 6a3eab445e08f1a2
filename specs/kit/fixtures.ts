/**
 * Playwright fixtures of every spec: the target (read once per worker), an API client per API with
 * auth, politeness and exchange recording, the Allure labels of the operations a test declares (for
 * the conformance matrix), `observe` (what the target did where the documents are silent), a
 * clean-up registry that undoes what a test created, and `api` (the test's own API: its client,
 * target, clean-up and observer together). Each test's evidence goes to the reporters when it ends.
 */
// The base test without Playwright's browser fixtures: its auto fixtures (tracing, screenshots,
// request contexts) would set up and tear down around every test, each a step with a captured stack.
import { join } from 'node:path';
import { _baseTest as base } from '@playwright/test';
import { operation } from '../../contract/catalogue';
import type { ApiName } from '../../contract/catalogue/types';
import { readEnv } from '../../src/config/env';
import { parseTarget, type Target } from '../../src/config/target';
import { setStatementInForce } from '../../src/readings';
import { instanceEnv } from '../../src/runner/instances';
import { ApiClient, type AuthProvider } from '../../src/http/client';
import { Limiter, perWorker } from '../../src/http/limiter';
import { ThrottleBoard } from '../../src/http/throttle-board';
import { hmacBasicAuth } from '../../src/auth/hmac-basic';
import { TokenCache, bearerAuth, requestToken } from '../../src/auth/oauth';
import { Cleanup } from '../../src/runner/cleanup';
import type { ObservationCategory } from '../../src/reporting/observations';
import { declaredOperations } from '../../src/reporting/coverage';
import { EVIDENCE_ANNOTATION } from '../../src/reporting/evidence';
import { CheckError } from '../../src/checks/check-error';
import { pendingFailure, setVerdictSink } from '../../src/checks/verdict';
import type { Bases } from '../../src/judge/classify';
import { allureHomeFor, allureLabelsFor } from './allure-labels';
import { evidenceOf } from './evidence';
import { ExchangeLog, recordInRunningTest, setRunningLog } from './exchange-log';
import type { Api } from './api';
import { RmShared } from './rm-shared';
import { sharedUnitParents, type HrRecord } from './v3-hr';
import type { WorkerRecords } from './worker-records';
import { LEAN } from './lean';
import { endRecords, recordObservation, runningRecords, startRecords } from './test-record';
import { SELF_CHECK, undeclaredCalls } from './declare';

interface WorkerFixtures {
  target: Target;
  limiter: Limiter;
  hrTokens: TokenCache;
  /** The RM records a worker's tests share (./rm-shared.ts): made when a test first asks, undone at worker teardown. */
  rmShared: RmShared;
  /** The HR parent units (levels 1-3) a worker's tests share where they only name a parent (./v3-hr.ts): archived at worker teardown. */
  unitParents: WorkerRecords<HrRecord[]>;
}

interface TestFixtures {
  /** Every exchange of the test, each shown as a step of the test as it happens (see ExchangeLog). */
  exchanges: ExchangeLog;
  rm: ApiClient;
  hr: ApiClient;
  learning: ApiClient;
  /** Records what the target did where the documents are silent; `operationId` names the operation it is about (the exchange's own). */
  observe: (category: ObservationCategory, subject: string, value: string, operationId?: string | null) => void;
  cleanup: Cleanup;
  /** The test's own API (its project's): its client, with the target, the clean-up and the observer, as helpers take them. */
  api: Api;
}

// Every fixture is `box: 'self'`: it gets no step of its own (a step is two messages to the runner
// and a line in each report, for ~7 fixtures of each of ~290 tests); the exchanges a fixture sends
// are still steps, under "Before Hooks" or "After Hooks".
export type { Api };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  target: [
    async ({}, use, workerInfo) => {
      // In a many-instance run (the fault run) each project has its own reference server.
      const target = parseTarget(instanceEnv(readEnv(), workerInfo.project.metadata));
      // The checks judge ambiguous sentences by the readings the target's statement declares, if any.
      setStatementInForce(target.statement);
      await use(target);
      setStatementInForce(null);
    },
    { scope: 'worker', box: 'self' },
  ],
  limiter: [
    async ({ target }, use, workerInfo) => {
      const workers = workerInfo.config.workers;
      // A target's "slow down" (429, 503 with Retry-After) reaches every worker of the run through this board (D61).
      const board = new ThrottleBoard(join(process.env.CONFORMANCE_REPORTS_DIR ?? 'reports', 'run', 'throttle', target.run.runId));
      await use(
        new Limiter(perWorker(target.run.maxRps, workers), Math.max(1, Math.floor(perWorker(target.run.maxConcurrency, workers))), {
          board,
        }),
      );
    },
    { scope: 'worker', box: 'self' },
  ],
  hrTokens: [
    async ({ target }, use) => {
      const hr = target.v3;
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
                // The request is the running test's: it shows among its exchanges, its HAR entries and its evidence.
                onExchange: recordInRunningTest,
                replayConfigured: true,
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
  unitParents: [
    async ({ target }, use) => {
      const shared = sharedUnitParents(target);
      await use(shared);
      await shared.cleanUp();
    },
    { scope: 'worker', box: 'self' },
  ],
  exchanges: [
    async ({ target }, use, testInfo) => {
      // A far target's tests wait on round trips: each gets room for 400 more of them (src/runner/latency.ts).
      const rtt = Number(process.env.CONFORMANCE_RTT_MS ?? -1);
      if (rtt > 0) testInfo.setTimeout(testInfo.timeout + rtt * 400);
      const log = new ExchangeLog(testInfo);
      const records = startRecords();
      // A lean run has no Allure reporter to read the labels. One epic, feature and story per test: the first
      // operation it declares; the others as parameters (not part of the test's identity).
      if (!LEAN) for (const id of declaredOperations(testInfo.annotations)) await allureLabelsFor(testInfo, operation(id));
      setVerdictSink(log);
      setRunningLog(log);
      // A check of every response that failed a test whose body passed: thrown once the evidence is written.
      let ending: Error | null = null;
      try {
        await use(log);
      } finally {
        // Read before the sink goes: the failed verdict on its way out of the test, if a check failed it.
        const own = testInfo.status === 'failed' ? pendingFailure() : null;
        setVerdictSink(null);
        setRunningLog(null);
        // Every exchange of a test that ran to its end is judged by the checks that apply to every response
        // (src/judge/every-response.ts). The test's own failure keeps precedence: a failed one fails the test
        // only when its body passed, and then the failure is that verdict, with its exchange.
        const held = testInfo.status === 'passed' || testInfo.status === 'failed' ? log.judgeEveryResponse(basesOf(target)) : null;
        ending = testInfo.status === 'passed' ? held : null;
        const failure = own ?? (ending instanceof CheckError ? ending.verdict : null);
        await allureHomeFor(testInfo);
        await log.finish(failure, ending);
        await log.writeHar(failure !== null || testInfo.status === 'failed' || ending !== null);
        endRecords();
        // The one channel from a test to the reporters: its evidence, with everything it recorded.
        const evidence = evidenceOf(testInfo, target, log, failure, records, ending ? 'failed' : testInfo.status);
        testInfo.annotations.push({ type: EVIDENCE_ANNOTATION, description: JSON.stringify(evidence) });
        // The suite's own check of its declarations (the self-test's reference run): what the test called itself is declared.
        if (SELF_CHECK) undeclaredCalls(testInfo, log.briefs());
      }
      if (ending) throw ending;
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
      test.skip(!target.v3, 'HR core v3 not configured (HR_BASE_URL is unset while RM_BASE_URL is set)');
      if (target.v3) await use(apiClient('hr', target, limiter, exchanges, bearerAuth(hrTokens, target.v3.tokenAuth)));
    },
    { box: 'self' },
  ],
  learning: [
    async ({ target, limiter, hrTokens, exchanges }, use) => {
      test.skip(!target.v3, 'Learning v3 not configured (HR_BASE_URL is unset while RM_BASE_URL is set)');
      if (target.v3) await use(apiClient('learning', target, limiter, exchanges, bearerAuth(hrTokens, target.v3.tokenAuth)));
    },
    { box: 'self' },
  ],
  api: [
    async ({ target, limiter, hrTokens, exchanges, cleanup, observe }, use, testInfo) => {
      const api = testInfo.project.name.replace(/@.*$/, '') as ApiName;
      const configured = api === 'rm' ? target.rm : target.v3;
      test.skip(!configured, `${API_NAMES[api]} not configured (its base URL is unset while the other API's is set)`);
      if (!configured) return;
      const auth =
        api === 'rm' && target.rm
          ? hmacBasicAuth(target.rm.apiKey, target.rm.apiSecret)
          : bearerAuth(hrTokens, target.v3?.tokenAuth ?? 'post');
      await use({ api, client: apiClient(api, target, limiter, exchanges, auth), target, cleanup, observe });
    },
    { box: 'self' },
  ],
  observe: [
    async ({}, use) => {
      await use((category, subject, value, operationId) => recordObservation(category, subject, value, operationId));
    },
    { box: 'self' },
  ],
  cleanup: [
    async ({}, use) => {
      const cleanup = new Cleanup();
      await use(cleanup);
      const report = await cleanup.run();
      runningRecords().leftovers.push(
        ...report.failed.map((l) => `clean-up failed: ${l}`),
        ...report.leftovers.map((l) => `not undoable: ${l}`),
      );
    },
    { box: 'self' },
  ],
});

/** The run's addresses, by which an exchange is told to be of an API, or a token request (src/judge/classify.ts). */
function basesOf(target: Target): Bases {
  return { rm: target.rm?.baseUrl, hr: target.v3?.baseUrl, token: target.v3?.tokenUrl };
}

const API_NAMES: Record<ApiName, string> = { rm: 'RM v2', hr: 'HR core v3', learning: 'Learning v3' };

/** A test's client of one API: its base URL, auth and media type (RM: 000 §1; v3: 001 §4), recording into the test's log. */
function apiClient(api: ApiName, target: Target, limiter: Limiter, exchanges: ExchangeLog, auth: AuthProvider): ApiClient {
  const baseUrl = api === 'rm' ? target.rm?.baseUrl : target.v3?.baseUrl;
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

export { expect } from '@playwright/test';
export { ExchangeLog } from './exchange-log';
