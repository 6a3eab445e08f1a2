/**
 * `npm run bench`: the speed figures of the product, measured in one run on this machine, written to
 * reports/bench.json and printed as a short table:
 * - the whole suite against the embedded server (wall seconds, requests, requests per second);
 * - the fault catalogue run (seconds in all and per fault) — `--reuse-catalogue` takes them from the
 *   last reports/mutation.json instead of running it again;
 * - the suite's HTTP client (auth, rate bound, exchange recording, redaction) per request, as a ratio
 *   to bare undici against the same local server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { hmacBasicAuth } from '../auth/hmac-basic';
import { ApiClient } from '../http/client';
import { Limiter } from '../http/limiter';
import { runSuite } from '../mutation/run-suite';
import type { MutationReport } from '../mutation/report';

const { values } = parseArgs({ options: { 'reuse-catalogue': { type: 'boolean', default: false }, requests: { type: 'string', default: '5000' } } });
const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';

async function clientOverhead(n: number): Promise<{ bare: number; client: number; ratio: number }> {
  const body = JSON.stringify({ data: [{ id: '1', type: 'company_lists', attributes: { name: 'x', count: 1 } }] });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/lists`;
  const dispatcher = new Agent({ connections: 16 });
  const client = new ApiClient({ api: 'rm', baseUrl: url.replace('/lists', ''), auth: hmacBasicAuth('bench-key', 'bench-secret-value'), limiter: new Limiter(0, 16), timeoutMs: 5000, jsonContentType: 'application/vnd.api+json', onExchange: () => undefined, dispatcher });
  const concurrency = 16;
  const timed = async (one: () => Promise<unknown>): Promise<number> => {
    const t0 = performance.now();
    let left = n;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await one();
    }));
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

const suite = await runSuite({ reportsDir: `${reportsDir}/bench-suite`, workers: 2, env: { CONFORMANCE_SEED: '20261123' } });
const requests = suite.report?.requests ?? 0;
let catalogue: Pick<MutationReport, 'seconds' | 'faults' | 'variants' | 'parallel'> | null = null;
if (!values['reuse-catalogue']) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/mutation.ts'], { stdio: 'inherit' });
  if (res.status !== 0) console.error('The catalogue run failed; its time is still reported.');
}
if (existsSync(`${reportsDir}/mutation.json`)) catalogue = JSON.parse(readFileSync(`${reportsDir}/mutation.json`, 'utf8')) as MutationReport;
const overhead = await clientOverhead(Number(values.requests));
const runs = catalogue ? catalogue.faults.length + catalogue.variants.length : 0;
const bench = {
  machine: `${process.platform} ${process.arch}, node ${process.version}`,
  suiteSeconds: Math.round(suite.seconds * 10) / 10,
  suiteExitCode: suite.exitCode,
  requests,
  requestsPerSecond: Math.round(requests / suite.seconds),
  catalogueSeconds: catalogue?.seconds ?? null,
  catalogueRuns: runs,
  secondsPerCatalogueRun: catalogue && runs ? Math.round((10 * catalogue.seconds) / runs) / 10 : null,
  catalogueParallel: catalogue?.parallel ?? null,
  bareUndiciMsPerRequest: Math.round(overhead.bare * 1000) / 1000,
  clientMsPerRequest: Math.round(overhead.client * 1000) / 1000,
  clientOverheadRatio: Math.round(overhead.ratio * 100) / 100,
};
mkdirSync(reportsDir, { recursive: true });
writeFileSync(`${reportsDir}/bench.json`, JSON.stringify(bench, null, 2));
console.log(`
| measure | value | target |
|---|---|---|
| whole suite vs embedded server | ${bench.suiteSeconds} s (exit ${bench.suiteExitCode}) | <= 60 s (aim 10 s) |
| requests sent by the suite | ${bench.requests} (${bench.requestsPerSecond}/s) | |
| fault catalogue run | ${bench.catalogueSeconds ?? '-'} s for ${runs} runs (${bench.secondsPerCatalogueRun ?? '-'} s each, ${bench.catalogueParallel ?? '-'} in parallel) | <= 900 s |
| client per request vs bare undici | ${bench.clientMsPerRequest} ms vs ${bench.bareUndiciMsPerRequest} ms = ${bench.clientOverheadRatio}x | <= 1.5x |
`);
