/**
 * Playwright fixtures of every spec: the target (read once per worker), an API client per API with
 * auth, politeness and exchange recording, `covers` (which operation x status a test proves, for
 * the conformance matrix), `observe` (what the target did where the documents are silent) and a
 * clean-up registry that undoes what a test created.
 */
import { test as base, type TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import { operation } from '../src/catalogue';
import type { ApiName, OperationSpec } from '../src/catalogue/types';
import { readEnv } from '../src/config/env';
import { parseTarget, type Target } from '../src/config/target';
import { instanceEnv } from '../src/mutation/instances';
import { ApiClient } from '../src/http/client';
import { describe as describeExchange, exchangeToText, type Exchange } from '../src/http/exchange';
import { Limiter } from '../src/http/limiter';
import { hmacBasicAuth } from '../src/auth/hmac-basic';
import { TokenCache, bearerAuth, requestToken } from '../src/auth/oauth';
import { Cleanup } from '../src/runner/cleanup';
import { recordObservation, type ObservationCategory } from '../src/reporting/observations';
import { coverageAnnotation } from '../src/reporting/coverage';

const API_TITLES: Record<ApiName, string> = { rm: 'Recruitment Marketing API v2', hr: 'HR core API v3', learning: 'Learning Activities API v3' };

interface WorkerFixtures {
  target: Target;
  limiter: Limiter;
  hrTokens: TokenCache;
}

interface TestFixtures {
  exchanges: Exchange[];
  rm: ApiClient;
  hr: ApiClient;
  learning: ApiClient;
  /** Declares that this test proves `statuses` of the catalogue operation `operationId`. */
  covers: (operationId: string, ...statuses: string[]) => OperationSpec;
  observe: (category: ObservationCategory, subject: string, value: string) => void;
  cleanup: Cleanup;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  target: [
    async ({}, use, workerInfo) => {
      // In a many-instance run (the fault catalogue) each project has its own reference server.
      await use(parseTarget(instanceEnv(readEnv(), workerInfo.project.metadata)));
    },
    { scope: 'worker' },
  ],
  limiter: [
    async ({ target }, use, workerInfo) => {
      const workers = Math.max(1, workerInfo.config.workers);
      await use(new Limiter(target.run.maxRps / workers, Math.max(1, Math.floor(target.run.maxConcurrency / workers))));
    },
    { scope: 'worker' },
  ],
  hrTokens: [
    async ({ target }, use) => {
      const hr = target.hr;
      await use(
        new TokenCache(() =>
          hr
            ? requestToken({ tokenUrl: hr.tokenUrl, clientId: hr.clientId, clientSecret: hr.clientSecret, scope: hr.scope, auth: hr.tokenAuth, timeoutMs: target.run.timeoutMs })
            : Promise.reject(new Error('HR is not configured')),
        ),
      );
    },
    { scope: 'worker' },
  ],
  exchanges: async ({}, use, testInfo) => {
    const exchanges: Exchange[] = [];
    await use(exchanges);
    await attachExchanges(testInfo, exchanges);
  },
  rm: async ({ target, limiter, exchanges }, use) => {
    const rm = target.rm;
    test.skip(!rm, 'RM v2 not configured (RM_BASE_URL is unset while HR_BASE_URL is set)');
    if (!rm) return;
    await use(
      new ApiClient({
        api: 'rm',
        baseUrl: rm.baseUrl,
        auth: hmacBasicAuth(rm.apiKey, rm.apiSecret),
        limiter,
        timeoutMs: target.run.timeoutMs,
        jsonContentType: 'application/vnd.api+json',
        onExchange: (e) => exchanges.push(e),
      }),
    );
  },
  hr: async ({ target, limiter, hrTokens, exchanges }, use) => {
    const hr = target.hr;
    test.skip(!hr, 'HR core v3 not configured (HR_BASE_URL is unset while RM_BASE_URL is set)');
    if (!hr) return;
    await use(new ApiClient({ api: 'hr', baseUrl: hr.baseUrl, auth: bearerAuth(hrTokens, hr.tokenAuth), limiter, timeoutMs: target.run.timeoutMs, jsonContentType: 'application/json', onExchange: (e) => exchanges.push(e) }));
  },
  learning: async ({ target, limiter, hrTokens, exchanges }, use) => {
    const hr = target.hr;
    test.skip(!hr, 'Learning v3 not configured (HR_BASE_URL is unset while RM_BASE_URL is set)');
    if (!hr) return;
    await use(new ApiClient({ api: 'learning', baseUrl: hr.baseUrl, auth: bearerAuth(hrTokens, hr.tokenAuth), limiter, timeoutMs: target.run.timeoutMs, jsonContentType: 'application/json', onExchange: (e) => exchanges.push(e) }));
  },
  covers: async ({}, use, testInfo) => {
    const labelled = new Set<string>();
    const pending: PromiseLike<void>[] = [];
    await use((operationId, ...statuses) => {
      const op = operation(operationId);
      testInfo.annotations.push(coverageAnnotation(op, statuses));
      if (!labelled.has(op.id)) {
        labelled.add(op.id);
        pending.push(allure.epic(API_TITLES[op.api]), allure.feature(op.resource), allure.story(`${op.method} ${op.path}`), allure.label('operation', op.id), allure.label('seed', op.seed));
      }
      return op;
    });
    await Promise.all(pending);
  },
  observe: async ({}, use, testInfo) => {
    await use((category, subject, value) => recordObservation(testInfo, category, subject, value));
  },
  cleanup: async ({}, use, testInfo) => {
    const cleanup = new Cleanup();
    await use(cleanup);
    const report = await cleanup.run();
    for (const line of report.failed) testInfo.annotations.push({ type: 'cleanup-failed', description: line });
    for (const line of report.leftovers) testInfo.annotations.push({ type: 'leftover', description: line });
  },
});

async function attachExchanges(testInfo: TestInfo, exchanges: Exchange[]): Promise<void> {
  for (const exchange of exchanges) {
    await testInfo.attach(`${String(exchange.seq).padStart(3, '0')} ${describeExchange(exchange)}`, { body: exchangeToText(exchange), contentType: 'text/plain' });
  }
}

export { expect } from '@playwright/test';
