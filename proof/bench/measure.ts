/**
 * The bench's measurements other than the whole-suite runs: the HTTP client's overhead against bare
 * undici, the suite against the reference server on loopback configured as a remote target, and a
 * run with Playwright's JSON reporter (worker start-up).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Agent, request } from 'undici';
import { hmacBasicAuth } from '../../src/auth/hmac-basic';
import { embeddedAsRemote } from '../../contract/identity/embedded';
import { ApiClient } from '../../src/http/client';
import { Limiter } from '../../src/http/limiter';
import { startReferenceServer } from '../../servers/reference/server';
import { runSuite, type SuiteRun } from '../fault-run/run-suite';
import type { JsonReportLike } from './figures';

export async function clientOverhead(n: number): Promise<{ bare: number; client: number; ratio: number }> {
  const body = JSON.stringify({ data: [{ id: '1', type: 'company_lists', attributes: { name: 'x', count: 1 } }] });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/lists`;
  const dispatcher = new Agent({ connections: 16 });
  const client = new ApiClient({
    api: 'rm',
    baseUrl: url.replace('/lists', ''),
    auth: hmacBasicAuth('bench-key', 'bench-secret-value'),
    limiter: new Limiter(0, 16),
    timeoutMs: 5000,
    jsonContentType: 'application/vnd.api+json',
    onExchange: () => undefined,
    dispatcher,
  });
  const concurrency = 16;
  const timed = async (one: () => Promise<unknown>): Promise<number> => {
    const t0 = performance.now();
    let left = n;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) await one();
      }),
    );
    return (performance.now() - t0) / n;
  };
  const bareOne = async (): Promise<void> => {
    const res = await request(url, { dispatcher, headers: { authorization: 'Basic x' } });
    await res.body.text();
  };
  const clientOne = (): Promise<unknown> => client.send({ method: 'GET', path: '/lists' });
  await timed(bareOne);
  await timed(clientOne); // warm-up of both paths
  const bare = await timed(bareOne);
  const viaClient = await timed(clientOne);
  server.close();
  await dispatcher.close();
  return { bare, client: viaClient, ratio: viaClient / bare };
}

/**
 * The whole suite against the reference server started in this process, configured as any remote
 * target is (base URLs, credentials and well-known ids; destructive checks allowed, since the
 * server is ours), with the defaults a loopback target gets.
 */
export async function loopbackSandboxRun(reportsDir: string, seed: string): Promise<SuiteRun> {
  const server = await startReferenceServer({ host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${server.port}`;
  try {
    return await runSuite({
      reportsDir: `${reportsDir}/bench-loopback`,
      embedded: false,
      env: {
        CONFORMANCE_SEED: seed,
        CONFORMANCE_ALLOW_DESTRUCTIVE: '1',
        ...embeddedAsRemote(origin, true),
      },
    });
  } finally {
    await server.close();
  }
}

/**
 * The whole suite against the embedded server with Playwright's JSON reporter only (written to a
 * file through PLAYWRIGHT_JSON_OUTPUT_FILE, so nothing else on stdout can spoil it): the run the
 * worker start-up is read from.
 */
export async function jsonReporterRun(reportsDir: string, seed: string): Promise<{ run: SuiteRun; report: JsonReportLike | null }> {
  const dir = `${reportsDir}/bench-workers`;
  const file = resolve(dir, 'playwright-report.json');
  const run = await runSuite({
    reportsDir: dir,
    args: ['--reporter=json'],
    env: { CONFORMANCE_SEED: seed, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
  });
  let report: JsonReportLike | null = null;
  try {
    report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as JsonReportLike) : null;
  } catch {
    report = null;
  }
  return { run, report };
}
