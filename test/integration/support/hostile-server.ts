/**
 * A hostile target for the integration tests: a node:http server that answers the RM v2 paths
 * (/v2/...) and the v3 paths (/v3/<tenant>/...) the way a broken or unfriendly deployment does,
 * by mode. The preflight calls (GET /v2/lists?per_page=1, GET /v3/<tenant>/ and a PUT of an employee
 * without its externalId) and the token endpoint (/oauth/token) always answer properly, so a run gets past its preflight and meets the
 * hostility in the specs.
 *
 * Every request is logged (time, method, path, a key, what the server did), so tests can prove
 * what the client did: requests sent again after the wait Retry-After asks for, a bounded number of tries.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HostileMode =
  /** plausible answers: 401 without the right credentials, otherwise 200/201/204 with a JSON body */
  | 'normal'
  /** reads the request and never answers */
  | 'hang'
  /** destroys the connection as soon as the request arrives */
  | 'reset'
  /** sends the headers and the start of a JSON body, then nothing */
  | 'stall'
  /** 429 with Retry-After for the first `throttleFirst` arrivals of each distinct request, then normal */
  | 'throttle'
  /** 503 with Retry-After for every request */
  | 'unavailable'
  /** the documented status with a JSON content type and a body that is not JSON */
  | 'broken-json'
  /** the documented status with a JSON content type and a 50 MB (valid) JSON body */
  | 'huge'
  /** the documented status with an HTML page (a proxy's error page) */
  | 'html'
  /** normal answers whose bodies and headers echo the Authorization header and the decoded credentials */
  | 'echo';

export const HOSTILE_MODES: readonly HostileMode[] = [
  'normal',
  'hang',
  'reset',
  'stall',
  'throttle',
  'unavailable',
  'broken-json',
  'huge',
  'html',
  'echo',
];

export interface HostileOptions {
  mode: HostileMode;
  apiKey: string;
  apiSecret: string;
  clientId?: string;
  clientSecret?: string;
  tenant?: string;
  /** 'throttle': how many arrivals of each distinct request get a 429 (default 2). */
  throttleFirst?: number;
  /** Value of Retry-After on 429/503 (default "1", seconds). */
  retryAfter?: string;
  /** 'huge': body size in bytes (default 50 MB). */
  hugeBytes?: number;
}

export interface RequestRecord {
  /** ms since the server started */
  at: number;
  method: string;
  /** path and query as received */
  url: string;
  /** method, url, credentials and a hash of the body: equal for a retry of the same request */
  key: string;
  authorized: boolean;
  /** what the server did: 'preflight', 'token', 'hang', 'reset', '429', '503', ... or a status */
  answer: string;
}

export interface HostileServer {
  readonly port: number;
  readonly origin: string;
  readonly rmBaseUrl: string;
  readonly hrBaseUrl: string;
  readonly tokenUrl: string;
  readonly tenant: string;
  readonly log: readonly RequestRecord[];
  /** Bytes of body written by the 'huge' mode, over all requests. */
  readonly hugeBytesWritten: number;
  /** Every access token the token endpoint issued (secrets too). */
  readonly issuedTokens: readonly string[];
  /** Environment for a run of the suite against this server (RM, and HR when `withHr`). */
  env(withHr?: boolean): Record<string, string>;
  setMode(mode: HostileMode): void;
  close(): Promise<void>;
}

const JSONAPI = 'application/vnd.api+json';

export async function startHostileServer(options: HostileOptions): Promise<HostileServer> {
  let mode = options.mode;
  const tenant = options.tenant ?? 'tenant-hostile';
  const clientId = options.clientId ?? 'hostile-client';
  const clientSecret = options.clientSecret ?? 'hostile-client-secret';
  const throttleFirst = options.throttleFirst ?? 2;
  const retryAfter = options.retryAfter ?? '1';
  const hugeBytes = options.hugeBytes ?? 50 * 1024 * 1024;
  const v3Prefix = `/v3/${tenant}`;
  const basic = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`;
  const tokens = new Set<string>();
  const arrivals = new Map<string, number>();
  const log: RequestRecord[] = [];
  const started = performance.now();
  let hugeBytesWritten = 0;
  let nextId = 1;

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://hostile.local');
      const method = req.method ?? 'GET';
      const authorization = req.headers.authorization ?? '';
      const key = `${method} ${req.url ?? ''} ${authorization} ${createHash('sha1').update(body).digest('hex')}`;
      const isRm = url.pathname === '/v2' || url.pathname.startsWith('/v2/');
      const isV3 = url.pathname === v3Prefix || url.pathname.startsWith(`${v3Prefix}/`);
      const authorized = isRm ? authorization === basic : tokens.has(authorization.replace(/^Bearer\s+/i, ''));
      const record = (answer: string): void => {
        log.push({ at: performance.now() - started, method, url: req.url ?? '', key, authorized, answer });
      };

      if (req.headers['x-conformance-probe'] === 'round-trip') {
        record('preflight');
        json(res, 401, { message: 'the round-trip probe sends no credentials' }, 'application/json');
        return;
      }
      if (url.pathname === '/oauth/token') {
        record('token');
        token(req, res, body);
        return;
      }
      if (isRm && method === 'GET' && url.pathname === '/v2/lists' && url.search === '?per_page=1') {
        record('preflight');
        if (!authorized) json(res, 401, { errors: [{ status: '401', title: 'Unauthorized' }] }, JSONAPI);
        else json(res, 200, listDocument(), JSONAPI);
        return;
      }
      if (isV3 && method === 'GET' && (url.pathname === `${v3Prefix}/` || url.pathname === v3Prefix)) {
        record('preflight');
        json(res, 404, { message: 'No resource at the tenant root' }, 'application/json');
        return;
      }
      if (isV3 && method === 'PUT' && url.pathname === `${v3Prefix}/hrcore/employee` && !body.includes('externalId')) {
        record('preflight');
        json(res, 400, { message: 'externalId is required' }, 'application/json');
        return;
      }
      if (!isRm && !isV3) {
        record('404');
        json(res, 404, { message: `nothing at ${url.pathname}` }, 'application/json');
        return;
      }

      const seen = (arrivals.get(key) ?? 0) + 1;
      arrivals.set(key, seen);
      const type = isRm ? JSONAPI : 'application/json';
      const status = !authorized ? 401 : plausibleStatus(method, url.pathname);
      switch (mode) {
        case 'hang':
          record('hang');
          return;
        case 'reset':
          record('reset');
          req.socket.destroy();
          return;
        case 'stall':
          record('stall');
          res.writeHead(200, { 'content-type': type });
          res.write('{"data":[{"id":"1",');
          return;
        case 'throttle':
          if (seen <= throttleFirst) {
            record('429');
            res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
            res.end(JSON.stringify({ errors: [{ status: '429', title: 'Too Many Requests' }] }));
            return;
          }
          break;
        case 'unavailable':
          record('503');
          res.writeHead(503, { 'content-type': 'application/json', 'retry-after': retryAfter });
          res.end(JSON.stringify({ errors: [{ status: '503', title: 'Service Unavailable' }] }));
          return;
        case 'broken-json':
          record(`${status} broken-json`);
          res.writeHead(status, { 'content-type': type });
          res.end(status === 204 ? undefined : '{"data": {"type": "candidates", "id": "1", "attributes": {"email": "a@example.com",');
          return;
        case 'huge':
          record(`${status} huge`);
          if (status === 204) {
            res.writeHead(204).end();
            return;
          }
          await hugeBody(res, type, status, hugeBytes, (n) => {
            hugeBytesWritten += n;
          });
          return;
        case 'html':
          record(`${status} html`);
          res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            status === 204
              ? undefined
              : '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The upstream server is unavailable.</p></body></html>',
          );
          return;
        case 'echo':
        case 'normal':
          break;
      }
      record(String(status));
      const echo = mode === 'echo' ? echoOf(authorization, body) : null;
      const headers: Record<string, string> = { 'content-type': type };
      if (echo) {
        headers['x-echo-authorization'] = authorization;
        headers['x-echo-credentials'] = echo.credentials;
      }
      if (status === 204) {
        res.writeHead(204, headers).end();
        return;
      }
      res.writeHead(status, headers);
      const payload = !authorized
        ? { errors: [{ status: '401', title: 'Unauthorized', detail: 'credentials refused' }] }
        : isRm
          ? rmDocument(method, url.pathname, nextId++)
          : v3Document(method, url.pathname, nextId++);
      // The echo comes first, so that the excerpt of the body in a failure message carries it.
      res.end(JSON.stringify(echo ? { echo, ...payload } : payload));
    })();
  });

  function token(req: IncomingMessage, res: ServerResponse, body: string): void {
    const form = new URLSearchParams(body);
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const auth = req.headers.authorization;
    if (auth?.startsWith('Basic ')) {
      const [user = '', password = ''] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
      id = decodeURIComponent(user);
      secret = decodeURIComponent(password);
    }
    if (id !== clientId || secret !== clientSecret) {
      json(res, 401, { error: 'invalid_client' }, 'application/json');
      return;
    }
    const accessToken = `hostile-token-${randomBytes(12).toString('hex')}`;
    tokens.add(accessToken);
    // In 'echo' mode the token endpoint also echoes what it was sent, secret included.
    json(
      res,
      200,
      {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 300,
        ...(mode === 'echo' ? { echo: { request: body, authorization: auth ?? null } } : {}),
      },
      'application/json',
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    port,
    origin,
    rmBaseUrl: `${origin}/v2`,
    hrBaseUrl: `${origin}${v3Prefix}`,
    tokenUrl: `${origin}/oauth/token`,
    tenant,
    log,
    get hugeBytesWritten() {
      return hugeBytesWritten;
    },
    get issuedTokens() {
      return [...tokens];
    },
    env(withHr = false) {
      return {
        RM_BASE_URL: `${origin}/v2`,
        RM_API_KEY: options.apiKey,
        RM_API_SECRET: options.apiSecret,
        ...(withHr
          ? {
              HR_BASE_URL: `${origin}${v3Prefix}`,
              HR_TOKEN_URL: `${origin}/oauth/token`,
              HR_CLIENT_ID: clientId,
              HR_CLIENT_SECRET: clientSecret,
              LEARNING_PROVIDER_ID: '41',
              LEARNING_OWNER_ID: '52',
            }
          : {}),
      };
    },
    setMode(next: HostileMode) {
      mode = next;
      arrivals.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
    req.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function json(res: ServerResponse, status: number, value: unknown, type: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(value));
}

/** The status a conforming target would most likely give, so the body is what fails. */
function plausibleStatus(method: string, path: string): number {
  if (/\/missing[^/]*$|\/unknown[^/]*$/i.test(path)) return 404;
  if (method === 'POST') return 201;
  if (method === 'DELETE') return 204;
  return 200;
}

function candidate(id: string): Record<string, unknown> {
  const at = {
    utc: '2025-01-01T00:00:00.000Z',
    epoch: 1735689600,
    ago: 'a while ago',
    local: '2025-01-01T00:00:00.000Z',
    local_epoch: 1735689600,
  };
  return {
    id,
    type: 'candidates',
    attributes: { email: `person${id}@example.com`, first_name: 'Hostile', last_name: 'Target', created_at: at, updated_at: at },
    relationships: {},
  };
}

function listDocument(): Record<string, unknown> {
  return { data: [{ id: 'list-h1', type: 'static_lists', attributes: { name: 'Hostile list' } }], meta: { total: 1 }, links: {} };
}

function rmDocument(method: string, path: string, n: number): Record<string, unknown> {
  const last = path.split('/').pop() ?? '';
  const collection = /^[a-z_]+$/.test(last);
  if (method === 'GET' && collection) return { data: [candidate(String(n)), candidate(String(n + 1000))], meta: { total: 2 }, links: {} };
  return { data: candidate(collection ? String(n) : last) };
}

function v3Document(method: string, path: string, n: number): Record<string, unknown> {
  return { id: n, aggregateId: `agg-${n}`, url: `${path}`, method };
}

function echoOf(authorization: string, body: string): { authorization: string; credentials: string; body: string } {
  const basic = /^Basic\s+(.+)$/i.exec(authorization)?.[1];
  return {
    authorization,
    credentials: basic ? Buffer.from(basic, 'base64').toString('utf8') : authorization.replace(/^Bearer\s+/i, ''),
    body,
  };
}

/** Streams a valid JSON document of `size` bytes, respecting back-pressure and stopping when the client leaves. */
async function hugeBody(res: ServerResponse, type: string, status: number, size: number, wrote: (n: number) => void): Promise<void> {
  const head = '{"data":[';
  const item = JSON.stringify(candidate('0')) + ',';
  const tail = JSON.stringify(candidate('1')) + ']}';
  const perChunk = Math.max(1, Math.floor(65_536 / item.length));
  const chunk = Buffer.from(item.repeat(perChunk));
  const count = Math.max(0, Math.floor((size - head.length - tail.length) / chunk.length));
  const total = head.length + count * chunk.length + tail.length;
  res.writeHead(status, { 'content-type': type, 'content-length': String(total) });
  let gone = false;
  res.on('close', () => {
    gone = true;
  });
  const write = async (buf: Buffer | string): Promise<void> => {
    if (gone) return;
    wrote(typeof buf === 'string' ? buf.length : buf.length);
    if (!res.write(buf))
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
  };
  await write(head);
  for (let i = 0; i < count && !gone; i += 1) await write(chunk);
  if (!gone) res.end(tail);
}
