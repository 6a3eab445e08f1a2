/**
 * Lawful servers that fail for transport reasons, and one that does not (issue 38, D60-D63): the
 * suite (`npm start`) against the reference server behind
 * (a) a load balancer that closes an idle kept-alive connection unanswered when a request arrives on
 *     it (idle time-out 200 ms, so the race happens many times in a smoke run, POSTs among them):
 *     exit 0, no failure, nothing left unjudged, and the connections were closed;
 * (b) an API gateway that answers 429 with Retry-After: 1 past 10 requests a second to v3 (20 to RM),
 *     past 5 writes a second to v3 (10 to RM), and to the first RM POST and the first v3 PUT (their
 *     quota spent when the run began; the run's own rate bound off): exit 0, every refused request sent
 *     again after the wait, POSTs and PUTs alike;
 * (c) the balancer of (a) in front of a target that resets every POST of employments, fresh
 *     connections included: exit 1, and exactly those tests fail, by the transport check, naming the
 *     fresh connection;
 * (d) a target whose HR validation answers 500 with a body that is not JSON: a verdict (exit 1), not
 *     a configuration error (exit 2).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedAsRemote } from '../../contract/identity/embedded';
import { startReferenceServer, type ReferenceServer } from '../../servers/reference/server';
import { pool } from '../../proof/fault-run/run-suite';
import { describeRun, ROOT, runStart, scratchDir, type RunResult } from './support/suite';
import { startIdleClosingProxy, type IdleClosingProxy } from './support/idle-closing-proxy';
import { startRateLimitingProxy, type RateLimitingProxy } from './support/rate-limiting-proxy';

const work = scratchDir('transport');
const references: ReferenceServer[] = [];

/** The suite against `origin` (a front of a reference server), the run's own bound off. */
function runAgainst(origin: string, name: string, args: string[]): Promise<RunResult> {
  return runStart(['--config', join(ROOT, 'playwright.config.ts'), ...args], {
    reportsDir: join(work, name),
    env: {
      ...embeddedAsRemote(origin, true),
      CONFORMANCE_ALLOW_DESTRUCTIVE: '1',
      CONFORMANCE_MAX_RPS: '0',
      CONFORMANCE_LEAN: '1',
      CONFORMANCE_QUIET: '1',
      CONFORMANCE_RUN_ID: `transport-${name}`,
      CONFORMANCE_SEED: '11',
    },
    killAfterMs: 240_000,
  });
}

async function reference(): Promise<ReferenceServer> {
  const server = await startReferenceServer();
  references.push(server);
  return server;
}

/** A front that answers 500 with a plain-text body to the HR validation write the preflight makes (an employee without externalId). */
async function failingValidation(targetPort: number): Promise<{ origin: string; failed: number; close(): Promise<void> }> {
  let failed = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'PUT' && /\/hrcore\/employee$/.test(req.url ?? '') && !body.toString('utf8').includes('"externalId":"')) {
        failed += 1;
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      const upstream = httpRequest(
        { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get failed() {
      return failed;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let idle: { run: RunResult; proxy: IdleClosingProxy };
let limited: { run: RunResult; proxy: RateLimitingProxy };
let resetting: { run: RunResult; proxy: IdleClosingProxy };
let validation: { run: RunResult; failed: number };

before(async () => {
  await pool(['idle', 'limited', 'resetting', 'validation'] as const, 2, async (which) => {
    const server = await reference();
    if (which === 'idle') {
      const proxy = await startIdleClosingProxy({ targetPort: server.port, idleMs: 50 });
      idle = { run: await runAgainst(proxy.origin, which, ['--grep', '@smoke']), proxy };
      await proxy.close();
    } else if (which === 'limited') {
      const proxy = await startRateLimitingProxy({
        targetPort: server.port,
        perSecond: { '/v3/': 10, '/v2/': 20 },
        writesPerSecond: { '/v3/': 5, '/v2/': 10 },
        // Deterministic besides the rates: the first RM POST and the first v3 PUT find the quota spent.
        refuseFirst: [/^POST \/v2\//, /^PUT \/v3\//],
      });
      // The smoke tests but those that repeat one refusal per operation: each API's reads and writes, in ~30 tests.
      const args = ['--grep', '@smoke', '--grep-invert', '401 without credentials|refuses no token|404 for an unknown'];
      limited = { run: await runAgainst(proxy.origin, which, args), proxy };
      await proxy.close();
    } else if (which === 'resetting') {
      const proxy = await startIdleClosingProxy({
        targetPort: server.port,
        idleMs: 50,
        alwaysReset: /^POST \/v2\/candidates\/[^/ ]+\/employments /,
      });
      resetting = { run: await runAgainst(proxy.origin, which, ['--project', 'rm', '--grep', 'employments']), proxy };
      await proxy.close();
    } else {
      const front = await failingValidation(server.port);
      validation = {
        run: await runAgainst(front.origin, which, ['--project', 'hr', '--grep', 'PUT /hrcore/employee refuses a body without externalId']),
        failed: front.failed,
      };
      await front.close();
    }
  });
});

after(async () => {
  await Promise.all(references.map((r) => r.close()));
  rmSync(work, { recursive: true, force: true });
});

void describe('transport: lawful servers pass, the target’s own resets fail', () => {
  void test('(a) a balancer closing idle kept-alive connections: exit 0, no failure, nothing unjudged, the requests sent again on fresh connections', (t) => {
    const { run, proxy } = idle;
    const why = describeRun(run);
    assert.equal(run.exitCode, 0, why);
    const report = run.report;
    assert.ok(report, why);
    assert.equal(report.totals.failed, 0, why);
    assert.deepEqual(report.notJudged, [], why);
    assert.ok(report.totals.passed > 0, why);
    assert.ok(proxy.closes.length > 0, 'the balancer closed kept-alive connections unanswered');
    assert.ok(
      proxy.closes.some((c) => c.method === 'POST'),
      `a POST arrived on an idle connection and was swallowed (${proxy.closes.map((c) => c.method).join(' ')})`,
    );
    // The tests' own requests sent again are in conformance.json (the preflight and the workers' set-up and clean-up belong to no test).
    const resent = report.observations.filter((o) => /sent again on a fresh connection/.test(o.subject)).reduce((n, o) => n + o.count, 0);
    assert.ok(
      resent > 0 && resent <= proxy.closes.length,
      `requests sent again on a fresh connection: ${resent} of ${proxy.closes.length}`,
    );
    t.diagnostic(
      `idle balancer: ${run.seconds.toFixed(1)} s, ${proxy.closes.length} connections closed unanswered, ${resent} requests sent again`,
    );
  });

  void test('(b) a gateway answering 429 with Retry-After past 10 (v3) or 20 (RM) requests or 5 (v3) or 10 (RM) writes a second, and to the first RM POST and v3 PUT: exit 0, every refused request sent again after the wait', (t) => {
    const { run, proxy } = limited;
    const why = describeRun(run);
    assert.equal(run.exitCode, 0, why);
    const report = run.report;
    assert.ok(report, why);
    assert.equal(report.totals.failed, 0, why);
    assert.deepEqual(report.notJudged, [], why);
    const refused = proxy.log.filter((r) => r.status === 429);
    assert.ok(refused.length > 0, 'the gateway refused requests');
    assert.ok(
      refused.some((r) => r.method === 'POST') && refused.some((r) => r.method === 'PUT' && r.path.startsWith('/v3/')),
      `writes were refused too, RM POSTs and v3 PUTs (${[...new Set(refused.map((r) => r.method))].join(', ')})`,
    );
    // Every refused request came again (the same method, path, credentials and body), not before the second it was asked to wait.
    for (const r of refused) {
      const later = proxy.log.find((o) => o.at > r.at && o.key === r.key);
      assert.ok(later, `${r.method} ${r.path} refused at ${r.at.toFixed(0)} ms was sent again`);
      assert.ok(later.at - r.at >= 900, `Retry-After: 1 waited (${(later.at - r.at).toFixed(0)} ms)`);
    }
    // The tests' own requests sent again are in conformance.json (the workers' set-up and clean-up belong to no test).
    const resent = report.observations.filter((o) => /429\/503 with Retry-After/.test(o.subject)).reduce((n, o) => n + o.count, 0);
    assert.ok(resent > 0 && resent <= refused.length, `attempts sent again after 429 reported: ${resent} of ${refused.length}`);
    t.diagnostic(`rate-limited gateway: ${run.seconds.toFixed(1)} s, ${proxy.log.length} requests, ${refused.length} answered 429`);
  });

  void test('(c) a target resetting POSTs on fresh connections: exactly those tests fail, by the transport check, naming the fresh connection', (t) => {
    const { run, proxy } = resetting;
    const why = describeRun(run);
    assert.equal(run.exitCode, 1, why);
    const report = run.report;
    assert.ok(report, why);
    assert.ok(report.failures.length > 0, why);
    assert.ok(
      proxy.resets.some((r) => r.fresh),
      'the target reset requests on fresh connections',
    );
    for (const f of report.failures) {
      assert.equal(f.check, 'transport', `[${f.check}] ${f.test}: ${f.message}`);
      assert.match(f.detail, /POST \S+\/employments got no response: connection reset by the target on a fresh connection/);
      assert.ok(f.clause, 'a failure with its clause');
    }
    assert.deepEqual(report.notJudged, [], why);
    assert.ok(report.totals.passed > 0, 'the tests that do not POST employments pass');
    t.diagnostic(`resetting target: ${report.failures.length} transport failures, ${report.totals.passed} passed`);
  });

  void test('(d) a 500 that is not JSON to the HR validation write: the run starts and judges it (exit 1), not a configuration error', () => {
    const { run, failed } = validation;
    const why = describeRun(run);
    assert.ok(failed > 0, 'the front answered 500');
    assert.equal(run.exitCode, 1, why);
    assert.doesNotMatch(run.stdout + run.stderr, /cannot start/, why);
    assert.ok(run.report && run.report.failures.length > 0, why);
    for (const f of run.report.failures) assert.ok(f.clause, `a failure with a clause: [${f.check}] ${f.message}`);
  });
});
