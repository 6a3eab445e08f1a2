/**
 * A transparent HTTP proxy in front of a target that records when each request started and ended,
 * so a test can measure what the suite does to a remote target: requests per second and requests
 * in flight.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  /** ms since the proxy started */
  start: number;
  end: number;
}

export interface CountingProxy {
  readonly origin: string;
  readonly requests: readonly ProxiedRequest[];
  close(): Promise<void>;
}

export async function startCountingProxy(targetPort: number): Promise<CountingProxy> {
  const t0 = performance.now();
  const requests: ProxiedRequest[] = [];
  const server = createServer((req, res) => {
    const entry: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', start: performance.now() - t0, end: Number.NaN };
    const upstream = httpRequest({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => {
      entry.end = performance.now() - t0;
      requests.push(entry);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The most request starts within any window of `windowMs`. */
export function peakRate(requests: readonly ProxiedRequest[], windowMs = 1000): number {
  const starts = requests.map((r) => r.start).sort((a, b) => a - b);
  let peak = 0;
  let lo = 0;
  for (let hi = 0; hi < starts.length; hi += 1) {
    while ((starts[hi] ?? 0) - (starts[lo] ?? 0) >= windowMs) lo += 1;
    peak = Math.max(peak, hi - lo + 1);
  }
  return peak;
}

/** The most requests in flight at once. */
export function peakInFlight(requests: readonly ProxiedRequest[]): number {
  const events = requests.flatMap((r) => [
    { at: r.start, d: 1 },
    { at: r.end, d: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.d - b.d);
  let now = 0;
  let peak = 0;
  for (const e of events) {
    now += e.d;
    peak = Math.max(peak, now);
  }
  return peak;
}
