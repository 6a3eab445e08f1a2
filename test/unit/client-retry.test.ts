/**
 * The client's attempts against a small local server (src/http/client.ts, src/http/retry.ts, D60-D62):
 * every attempt is an exchange of its own, the one sent again says so; 429 is waited out whatever the
 * method; a reset of a reused connection is sent again on a fresh one; a reset of a fresh connection
 * is kept (the target's); an answer the client could not get past is unjudged.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ApiClient, NO_AUTH } from '../../src/http/client';
import { exchangeToText, type Exchange } from '../../src/http/exchange';
import { Limiter } from '../../src/http/limiter';
import { Agent } from '../../src/http/undici';
import { requestToken } from '../../src/auth/oauth';

type Handler = (req: IncomingMessage, res: ServerResponse, nthOnSocket: number) => void;

let server: Server;
let handler: Handler = (_req, res) => res.end('{}');
const arrivals: { method: string; url: string; nth: number }[] = [];

before(async () => {
  const perSocket = new WeakMap<Socket, number>();
  server = createServer((req, res) => {
    const nth = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, nth);
    arrivals.push({ method: req.method ?? '', url: req.url ?? '', nth });
    req.resume();
    req.on('end', () => handler(req, res, nth));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const agents: InstanceType<typeof Agent>[] = [];
after(async () => {
  await Promise.all(agents.map((a) => a.close()));
});

/** A client with a connection pool of its own (the process's shared one holds other tests' connections). */
function client(): { client: ApiClient; recorded: Exchange[] } {
  const recorded: Exchange[] = [];
  const { port } = server.address() as AddressInfo;
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  agents.push(dispatcher);
  return {
    recorded,
    client: new ApiClient({
      api: 'rm',
      baseUrl: `http://127.0.0.1:${port}/v2`,
      auth: NO_AUTH,
      limiter: new Limiter(0, 4),
      timeoutMs: 2_000,
      jsonContentType: 'application/vnd.api+json',
      onExchange: (e) => recorded.push(e),
      dispatcher,
    }),
  };
}

/** A moment for the pool to take the connection back as idle, so the next request reuses it. */
function idle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 30));
}

function only(path: string): typeof arrivals {
  return arrivals.filter((a) => a.url === `/v2${path}`);
}

void test('429 with Retry-After: a POST is sent again after the wait; both attempts are exchanges, the first says why', async () => {
  handler = (_req, res) => {
    if (only('/a').length === 1) res.writeHead(429, { 'retry-after': '0' }).end('{"message":"slow down"}');
    else res.writeHead(201).end('{}');
  };
  const { client: c, recorded } = client();
  const ex = await c.send({ method: 'POST', path: '/a', body: { data: {} } });
  assert.equal(ex.response?.status, 201);
  assert.equal(recorded.length, 2);
  const [first, second] = recorded as [Exchange, Exchange];
  assert.equal(first.response?.status, 429);
  assert.match(first.sentAgain ?? '', /^429 with Retry-After: 0: waited 0 ms/);
  assert.equal(second, ex);
  assert.equal(second.retries, 1);
  assert.equal(second.retryOf, first.seq);
  assert.equal(second.unjudged, undefined);
  assert.match(exchangeToText(first), /sent again: 429 with Retry-After/);
  assert.match(exchangeToText(second), /attempt 2 of this request/);
});

void test('429 without Retry-After: backed off by the rule, said so', async () => {
  handler = (_req, res) => {
    if (only('/b').length === 1) res.writeHead(429).end();
    else res.writeHead(200).end('{}');
  };
  const { client: c, recorded } = client();
  const t0 = performance.now();
  const ex = await c.send({ method: 'PATCH', path: '/b', body: {} });
  assert.equal(ex.response?.status, 200);
  assert.ok(performance.now() - t0 >= 490, 'waited the first back-off');
  assert.match(recorded[0]?.sentAgain ?? '', /429 without Retry-After: backed off 500 ms \(the suite's rule/);
});

void test('a Retry-After beyond the budget is not waited out: one exchange, unjudged', async () => {
  handler = (_req, res) => res.writeHead(503, { 'retry-after': '3600' }).end();
  const { client: c, recorded } = client();
  const t0 = performance.now();
  const ex = await c.send({ method: 'GET', path: '/c' });
  assert.ok(performance.now() - t0 < 1000);
  assert.equal(recorded.length, 1);
  assert.equal(ex.response?.status, 503);
  assert.match(ex.unjudged ?? '', /asked for a wait of 3600000 ms/);
});

void test('a reset of a reused connection before any answer: sent again on a fresh connection; a POST sent again is ambiguous', async () => {
  // The second request on any connection is reset (a balancer that forgot the idle connection).
  handler = (req, res, nth) => {
    if (nth === 2) req.socket.resetAndDestroy();
    else res.writeHead(req.method === 'POST' ? 201 : 200).end('{}');
  };
  const { client: c, recorded } = client();
  const warm = await c.send({ method: 'GET', path: '/d' });
  assert.equal(warm.response?.status, 200);
  await idle();
  const ex = await c.send({ method: 'POST', path: '/e', body: {} });
  assert.equal(ex.response?.status, 201, 'answered on the fresh connection');
  const attempts = recorded.filter((e) => e.request.url.endsWith('/e'));
  assert.equal(attempts.length, 2);
  const [lost, again] = attempts as [Exchange, Exchange];
  assert.equal(lost.response, null);
  assert.equal(lost.connection, 'reused');
  assert.match(lost.sentAgain ?? '', /closed before any answer: sent again on a fresh connection/);
  assert.equal(again.retryOf, lost.seq);
  assert.match(again.ambiguous ?? '', /POST sent again after a reset of a reused connection/);
  assert.deepEqual(
    only('/e').map((a) => a.nth),
    [2, 1],
    'the second attempt was the first request of a new connection',
  );
});

void test('a GET sent again after such a reset is not ambiguous', async () => {
  handler = (req, res, nth) => {
    if (nth === 2) req.socket.resetAndDestroy();
    else res.writeHead(200).end('{}');
  };
  const { client: c, recorded } = client();
  await c.send({ method: 'GET', path: '/f' });
  await idle();
  const ex = await c.send({ method: 'GET', path: '/g' });
  assert.equal(ex.response?.status, 200);
  assert.equal(ex.ambiguous, undefined);
  assert.equal(recorded.filter((e) => e.request.url.endsWith('/g')).length, 2);
});

void test('a reset of a fresh connection is the target’s: kept, not sent again, said to be fresh', async () => {
  handler = (req) => req.socket.resetAndDestroy();
  const { client: c, recorded } = client();
  const ex = await c.send({ method: 'POST', path: '/h', body: {} });
  assert.equal(ex.response, null);
  assert.equal(ex.connection, 'fresh');
  assert.match(ex.error ?? '', /^connection reset by the target on a fresh connection$/);
  assert.equal(recorded.length, 1);
  assert.equal(ex.unjudged, undefined, 'judged: the transport check fails it');
});

void test('a token request whose kept-alive connection was closed before any answer: recorded, and asked again on a fresh connection', async () => {
  handler = (req, res, nth) => {
    if (nth === 2) req.socket.resetAndDestroy();
    else
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"t-fresh","token_type":"Bearer","expires_in":300}');
  };
  const { port } = server.address() as AddressInfo;
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  agents.push(dispatcher);
  const recorded: Exchange[] = [];
  const ask = (): ReturnType<typeof requestToken> =>
    requestToken({
      tokenUrl: `http://127.0.0.1:${port}/oauth/token`,
      clientId: 'c',
      clientSecret: 's',
      scope: 'Public.HrCore.Write',
      auth: 'post',
      timeoutMs: 2_000,
      dispatcher,
      onExchange: (e) => recorded.push(e),
    });
  assert.equal((await ask()).status, 200);
  await idle();
  const again = await ask();
  assert.equal(again.status, 200);
  assert.equal(recorded.length, 3, 'the first token, the lost attempt, the second token');
  const [, lost, fresh] = recorded as [Exchange, Exchange, Exchange];
  assert.equal(lost.response, null);
  assert.equal(lost.connection, 'reused');
  assert.match(lost.sentAgain ?? '', /sent again on a fresh connection/);
  assert.equal(fresh.response?.status, 200);
  assert.equal(fresh.retryOf, lost.seq);
});
