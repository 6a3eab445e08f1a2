/**
 * An API gateway with a rate limit in front of a target: past `perSecond` requests of an API (by
 * path prefix, /v2/ or /v3/) within a second it answers 429 Too Many Requests with `Retry-After`
 * (RFC 6585 §4, RFC 9110 §10.2.3) and does not forward the request, likewise past `writesPerSecond`
 * writes of an API (a quota of their own, as gateways give); the rest pass unchanged. The
 * token endpoint is another service and is not limited. Every answer is logged.
 */
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LimitedRequest {
  method: string;
  path: string;
  /** Method, path, credentials and a hash of the body: equal for a request sent again. */
  key: string;
  /** ms since the proxy started */
  at: number;
  /** 429 when the gateway refused it, else the target's status */
  status: number;
}

export interface RateLimitingProxy {
  readonly origin: string;
  readonly log: readonly LimitedRequest[];
  close(): Promise<void>;
}

export interface RateLimitOptions {
  targetPort: number;
  /** Requests a second each API takes, by path prefix ('/v2/', '/v3/'); a path under no prefix is not limited. */
  perSecond: Readonly<Record<string, number>>;
  /** Writes (any method but GET and HEAD) a second each API takes besides, as gateways give writes a quota of their own. */
  writesPerSecond?: Readonly<Record<string, number>>;
  /**
   * Requests (`METHOD /path`) refused once, the first that matches each pattern, whatever the rate: a quota
   * another client of the account had spent when the run began.
   */
  refuseFirst?: readonly RegExp[];
  /** The Retry-After value sent with each 429 (seconds); null: no Retry-After at all. Default "1". */
  retryAfter?: string | null;
}

export async function startRateLimitingProxy(options: RateLimitOptions): Promise<RateLimitingProxy> {
  const t0 = performance.now();
  const log: LimitedRequest[] = [];
  // A fixed one-second window per API, as many gateways count.
  const windows = new Map<string, { start: number; count: number }>();
  const spentOnce = new Set<RegExp>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const at = performance.now() - t0;
    const path = req.url ?? '/';
    const key = `${req.method ?? ''} ${path} ${req.headers.authorization ?? ''} ${createHash('sha1').update(body).digest('hex')}`;
    const prefix = Object.keys(options.perSecond).find((p) => path.startsWith(p));
    if (prefix !== undefined) {
      const write = req.method !== 'GET' && req.method !== 'HEAD';
      const over = (name: string, limit: number | undefined): boolean => {
        const window = windows.get(name) ?? { start: at, count: 0 };
        if (at - window.start >= 1000) {
          window.start = at;
          window.count = 0;
        }
        window.count += 1;
        windows.set(name, window);
        return window.count > (limit ?? Infinity);
      };
      const all = over(prefix, options.perSecond[prefix]);
      const writes = write && over(`${prefix} writes`, options.writesPerSecond?.[prefix]);
      const line = `${req.method ?? ''} ${path}`;
      const first = (options.refuseFirst ?? []).find((p) => p.test(line) && !spentOnce.has(p));
      if (first) spentOnce.add(first);
      const spent = first !== undefined;
      if (all || writes || spent) {
        log.push({ method: req.method ?? 'GET', path, key, at, status: 429 });
        const retryAfter = options.retryAfter === undefined ? '1' : options.retryAfter;
        res.writeHead(429, { 'content-type': 'application/json', ...(retryAfter === null ? {} : { 'retry-after': retryAfter }) });
        res.end(JSON.stringify({ message: 'Too Many Requests' }));
        return;
      }
    }
    const upstream = httpRequest({ host: '127.0.0.1', port: options.targetPort, method: req.method, path, headers: req.headers }, (up) => {
      log.push({ method: req.method ?? 'GET', path, key, at, status: up.statusCode ?? 0 });
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    upstream.end(body);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
