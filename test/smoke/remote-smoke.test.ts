/**
 * Usability and politeness: `npm start -- --grep @smoke` against a remote target (the reference
 * server, but configured as any remote target is, through RM_BASE_URL, HR_BASE_URL, HR_TOKEN_URL
 * and credentials, behind a proxy that times every request) with the suite's default politeness
 * towards a public host (10 requests/s and 4 in flight for the whole run), given explicitly since a
 * loopback target is otherwise unbounded (INTERFACE.md). The quick check ends in under a minute,
 * and the target never sees more than the bounds allow.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedAsRemote } from '../../contract/identity/embedded';
import { startReferenceServer, type ReferenceServer } from '../../servers/reference/server';
import { peakInFlight, peakRate, startCountingProxy, type CountingProxy } from '../integration/support/counting-proxy';
import { describeRun, ROOT, runStart, scratchDir, type RunResult } from '../integration/support/suite';

/** The suite's defaults towards a public host (src/config/target.ts), set here as a user would. */
const MAX_RPS = 10;
const MAX_CONCURRENCY = 4;
const WORKERS = 2;

const work = scratchDir('remote-smoke');
let reference: ReferenceServer;
let proxy: CountingProxy;
let run: RunResult;

before(async () => {
  reference = await startReferenceServer();
  proxy = await startCountingProxy(reference.port);
  run = await runStart(['--config', join(ROOT, 'playwright.config.ts'), '--grep', '@smoke'], {
    reportsDir: join(work, 'reports'),
    env: {
      ...embeddedAsRemote(proxy.origin),
      CONFORMANCE_MAX_RPS: String(MAX_RPS),
      CONFORMANCE_MAX_CONCURRENCY: String(MAX_CONCURRENCY),
      CONFORMANCE_WORKERS: String(WORKERS),
      CONFORMANCE_LEAN: '1',
      CONFORMANCE_QUIET: '1',
      CONFORMANCE_RUN_ID: 'remotesmoke',
      CONFORMANCE_SEED: '5',
    },
    killAfterMs: 150_000,
  });
  await proxy.close();
  await reference.close();
});

after(() => {
  rmSync(work, { recursive: true, force: true });
});

void test('--grep @smoke against a remote target is a quick check: under a minute, exit 0 or 1, never 2', () => {
  const why = describeRun(run);
  assert.equal(run.killed, false, why);
  assert.ok(run.exitCode === 0 || run.exitCode === 1, why);
  assert.ok(run.report, why);
  assert.equal(run.report.target.rm, `${proxy.origin}/v2`, 'the run saw a remote target, not the embedded server');
  const ran = run.report.totals.passed + run.report.totals.failed;
  assert.ok(ran > 0, 'smoke tests ran');
  assert.ok(
    run.seconds < 60,
    `the smoke run took ${run.seconds.toFixed(1)} s (${proxy.requests.length} requests at <= ${MAX_RPS}/s)\n${why}`,
  );
});

void test('the target never sees more than the global bounds on requests per second and in flight', (t) => {
  // The token endpoint is asked once per worker and token lifetime, outside the API bound.
  const api = proxy.requests.filter((r) => !r.path.startsWith('/oauth/'));
  assert.ok(api.length > 20, `${api.length} requests`);
  const inFlight = peakInFlight(api);
  assert.ok(inFlight <= MAX_CONCURRENCY, `at most ${MAX_CONCURRENCY} requests in flight (saw ${inFlight})`);
  // Each worker spaces its starts evenly at MAX_RPS / WORKERS; a window of one second may catch one
  // start more per worker at its edges, and a restarted worker (after a failed test) starts afresh.
  const peak = peakRate(api);
  assert.ok(peak <= MAX_RPS + 2 * WORKERS, `at most ~${MAX_RPS} request starts in any second (saw ${peak})`);
  const span = (Math.max(...api.map((r) => r.start)) - Math.min(...api.map((r) => r.start))) / 1000;
  const mean = (api.length - 1) / span;
  assert.ok(mean <= MAX_RPS * 1.05, `mean rate ${mean.toFixed(2)}/s over ${span.toFixed(1)} s`);
  t.diagnostic(
    `smoke run ${run.seconds.toFixed(1)} s, exit ${run.exitCode}, ${api.length} requests, peak ${peak} starts/s, mean ${mean.toFixed(2)}/s, peak ${inFlight} in flight`,
  );
});
