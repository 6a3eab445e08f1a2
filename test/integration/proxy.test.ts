/**
 * Real networks (issue 16): behind a forward proxy named by HTTP_PROXY (NO_PROXY empty, so loopback
 * is proxied too), `npm start -- --grep @smoke` reaches both APIs and the token endpoint through the
 * proxy only, and the gateway headers of CONFORMANCE_EXTRA_HEADERS travel with every request but
 * never reach a report.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED, embeddedAsRemote } from '../../contract/identity/embedded';
import { startReferenceServer, type ReferenceServer } from '../../servers/reference/server';
import { describeRun, ROOT, runStart, scratchDir, type RunResult } from './support/suite';

interface Forwarded {
  method: string;
  /** The absolute-form target the client asked the proxy for. */
  url: string;
  headers: IncomingHttpHeaders;
}

interface ForwardProxy {
  readonly url: string;
  readonly forwarded: Forwarded[];
  /** CONNECT requests (tunnels), which an http target must not need. */
  readonly tunnels: string[];
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'proxy-connection', 'keep-alive', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** A forward proxy: takes absolute-form requests (`GET http://host/path`), forwards them, records each. */
async function startForwardProxy(): Promise<ForwardProxy> {
  const forwarded: Forwarded[] = [];
  const tunnels: string[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    forwarded.push({ method: req.method ?? 'GET', url, headers: req.headers });
    if (!/^http:\/\//.test(url)) {
      res.writeHead(400).end('not a proxy request');
      return;
    }
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = httpRequest(url, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.on('connect', (req, socket) => {
    tunnels.push(req.url ?? '');
    socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const GATEWAY_KEY = 'gw-subscription-7f3a9c21';
const work = scratchDir('proxy');
let reference: ReferenceServer;
let proxy: ForwardProxy;
let run: RunResult;
let origin: string;

before(async () => {
  reference = await startReferenceServer();
  proxy = await startForwardProxy();
  origin = `http://127.0.0.1:${reference.port}`;
  run = await runStart(['--config', join(ROOT, 'playwright.config.ts'), '--grep', '@smoke'], {
    reportsDir: join(work, 'reports'),
    env: {
      ...embeddedAsRemote(origin),
      // Both spellings, since the lower-case one wins and the caller's environment may carry one.
      HTTP_PROXY: proxy.url,
      http_proxy: proxy.url,
      NO_PROXY: '',
      no_proxy: '',
      CONFORMANCE_EXTRA_HEADERS: `Ocp-Apim-Subscription-Key: ${GATEWAY_KEY}; X-Tenant: t1`,
      CONFORMANCE_WORKERS: '2',
      CONFORMANCE_QUIET: '1',
      CONFORMANCE_RUN_ID: 'proxytest',
      CONFORMANCE_SEED: '7',
    },
    killAfterMs: 90_000,
  });
  await proxy.close();
  await reference.close();
});

after(() => {
  rmSync(work, { recursive: true, force: true });
});

void test('behind HTTP_PROXY the smoke run reaches RM, HR and the token endpoint through the proxy, exit 0 or 1', (t) => {
  const why = describeRun(run);
  assert.equal(run.killed, false, why);
  assert.ok(run.exitCode === 0 || run.exitCode === 1, why);
  assert.ok(run.report && run.report.totals.passed + run.report.totals.failed > 0, why);
  const urls = proxy.forwarded.map((f) => f.url);
  assert.deepEqual(proxy.tunnels, [], 'an http target goes through the proxy as absolute-form requests, not a tunnel');
  assert.ok(
    urls.some((u) => u.startsWith(`${origin}/v2/`)),
    `RM requests through the proxy (${urls.length} requests)`,
  );
  assert.ok(
    urls.some((u) => u.startsWith(`${origin}/v3/${EMBEDDED.v3.tenant}/`)),
    'HR / Learning requests through the proxy',
  );
  assert.ok(
    urls.some((u) => u === `${origin}/oauth/token`),
    'the token endpoint through the proxy',
  );
  assert.ok(run.seconds < 40, `the run took ${run.seconds.toFixed(1)} s`);
  t.diagnostic(`smoke run behind a proxy: ${run.seconds.toFixed(1)} s, exit ${run.exitCode}, ${urls.length} requests through the proxy`);
});

void test('CONFORMANCE_EXTRA_HEADERS travel with every request, the token request included, and never reach a report', () => {
  assert.ok(proxy.forwarded.length > 0);
  const without = proxy.forwarded.filter((f) => f.headers['ocp-apim-subscription-key'] !== GATEWAY_KEY || f.headers['x-tenant'] !== 't1');
  assert.deepEqual(
    without.map((f) => `${f.method} ${f.url}`),
    [],
    'every request carries the gateway headers',
  );
  const leaks: string[] = [];
  let recorded = 0;
  for (const file of filesUnder(run.reportsDir)) {
    const content = readFileSync(file);
    if (content.includes(GATEWAY_KEY)) leaks.push(file);
    if (content.includes('Ocp-Apim-Subscription-Key: ***')) recorded += 1;
  }
  assert.deepEqual(leaks, [], 'the gateway key is in no report file');
  assert.ok(recorded > 0, 'the exchanges in the reports show the header, its value redacted');
  assert.ok(!run.stdout.includes(GATEWAY_KEY) && !run.stderr.includes(GATEWAY_KEY), 'nor on the console');
});

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
