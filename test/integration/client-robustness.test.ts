/**
 * The HTTP client against a hostile target, without Playwright: each kind of hostility ends in a
 * clear named check within the time-out; a request answered 429 (or 503) with Retry-After is sent
 * again after the wait, whatever its method, a bounded number of times, and then left unjudged
 * (D60-D62); a reset of a fresh connection is the target's; a 50 MB body is cut at the cap without
 * being downloaded, and an echoed secret is redacted from the recorded exchange.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { ApiClient, decoded } from '../../src/http/client';
import { exchangeToText, type Exchange } from '../../src/http/exchange';
import { Limiter } from '../../src/http/limiter';
import { hmacBasicAuth } from '../../src/auth/hmac-basic';
import { CheckError, NotJudgedError } from '../../src/checks/check-error';
import { RETRY_LIMITS } from '../../src/http/retry';
import { expectJson, expectNoServerError, expectResponse, expectStatus } from '../../src/checks';
import { startHostileServer, type HostileServer } from './support/hostile-server';

const KEY = 'client-it-key';
const SECRET = 'client-it-secret+/=Zq';
const TIMEOUT_MS = 800;

let server: HostileServer;
let client: ApiClient;

before(async () => {
  server = await startHostileServer({ mode: 'normal', apiKey: KEY, apiSecret: SECRET });
  client = new ApiClient({
    api: 'rm',
    baseUrl: server.rmBaseUrl,
    auth: hmacBasicAuth(KEY, SECRET),
    limiter: new Limiter(0, 8),
    timeoutMs: TIMEOUT_MS,
    jsonContentType: 'application/vnd.api+json',
  });
});
after(async () => {
  await server.close();
});

function checkOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof CheckError, `a CheckError, not ${String(error)}`);
    return error.check;
  }
  return 'none';
}

async function timed(send: () => Promise<Exchange>): Promise<{ ex: Exchange; ms: number }> {
  const t0 = performance.now();
  const ex = await send();
  return { ex, ms: performance.now() - t0 };
}

function arrivals(path: string, method = 'GET'): number[] {
  return server.log.filter((r) => r.method === method && r.url.startsWith(`/v2${path}`)).map((r) => r.at);
}

void describe('the client against a hostile target', () => {
  void test('a target that never answers: a transport failure after the time-out, not a hang', async () => {
    server.setMode('hang');
    const { ex, ms } = await timed(() => client.send({ method: 'GET', path: '/candidates' }));
    assert.equal(ex.response, null);
    assert.match(ex.error ?? '', /time-out/);
    assert.ok(ms < TIMEOUT_MS + 1500, `ended after ${ms.toFixed(0)} ms`);
    assert.equal(
      checkOf(() => expectResponse(ex, 'rm.op.candidates.list')),
      'transport',
    );
    assert.equal(
      checkOf(() => expectStatus(ex, 200, { clause: 'rm.op.candidates.list' })),
      'transport',
    );
  });

  void test('a target that sends headers and then stalls mid-body: the same time-out', async () => {
    server.setMode('stall');
    const { ex, ms } = await timed(() => client.send({ method: 'GET', path: '/candidates' }));
    assert.equal(ex.response, null);
    assert.match(ex.error ?? '', /time-out/);
    assert.ok(ms < TIMEOUT_MS + 1500, `ended after ${ms.toFixed(0)} ms`);
    assert.equal(
      checkOf(() => expectJson(ex, 'rm.op.candidates.list')),
      'transport',
    );
  });

  void test('a target that resets the connection: a transport failure naming the reset of a fresh connection', async () => {
    server.setMode('reset');
    const { ex, ms } = await timed(() => client.send({ method: 'GET', path: '/candidates', query: { tag: 'reset' } }));
    assert.equal(ex.response, null);
    assert.match(ex.error ?? '', /reset by the target on a fresh connection/);
    assert.equal(ex.connection, 'fresh');
    assert.ok(ms < TIMEOUT_MS, `ended after ${ms.toFixed(0)} ms`);
    assert.equal(
      checkOf(() => expectNoServerError(ex, 'rm.op.candidates.list')),
      'transport',
    );
    // At most one more try, and only when the first went out on a kept-alive connection (the client's race, D60).
    assert.ok(ex.retries <= 1);
    assert.equal(arrivals('/candidates?tag=reset').length, ex.retries + 1);
  });

  void test('a target that resets the connection: a write (POST) on a fresh connection is not sent again', async () => {
    server.setMode('reset');
    const ex = await client.send({
      method: 'POST',
      path: '/reset-probe',
      body: { data: { type: 'candidates', attributes: {} } },
    });
    assert.equal(ex.response, null);
    assert.match(ex.error ?? '', /reset/);
    assert.equal(ex.connection, 'fresh');
    assert.equal(arrivals('/reset-probe', 'POST').length, ex.retries + 1);
    assert.ok(ex.retries <= 1);
  });

  void test('429 with Retry-After: a read is retried after the wait and then succeeds', async () => {
    server.setMode('throttle');
    const { ex, ms } = await timed(() => client.send({ method: 'GET', path: '/candidates', query: { tag: 'read' } }));
    assert.equal(ex.response?.status, 200);
    assert.equal(ex.retries, 2);
    const at = arrivals('/candidates?tag=read');
    assert.equal(at.length, 3, 'two 429s and the answer');
    for (let i = 1; i < at.length; i += 1)
      assert.ok((at[i] ?? 0) - (at[i - 1] ?? 0) >= 950, `Retry-After: 1 honoured (gap ${((at[i] ?? 0) - (at[i - 1] ?? 0)).toFixed(0)} ms)`);
    assert.ok(ms < 4000);
    assert.match(exchangeToText(ex), /attempt 3/);
  });

  void test('429 with Retry-After: an idempotent write (PUT) is sent again, like a read', async () => {
    server.setMode('throttle');
    const ex = await client.send({ method: 'PUT', path: '/lists/l1/candidates/c1?tag=put' });
    assert.ok(ex.retries >= 1, `retries: ${ex.retries}`);
    assert.ok(arrivals('/lists/l1/candidates/c1?tag=put', 'PUT').length >= 2);
  });

  void test('429 with Retry-After: a POST is sent again too (the target did not process it, RFC 6585 §4)', async () => {
    server.setMode('throttle');
    const ex = await client.send({
      method: 'POST',
      path: '/candidates',
      body: { data: { type: 'candidates', attributes: { email: 'w@example.com' } } },
    });
    assert.equal(ex.response?.status, 201);
    assert.equal(ex.retries, 2);
    assert.equal(arrivals('/candidates', 'POST').length, 3);
    assert.equal(
      checkOf(() => expectStatus(ex, 201, { clause: 'rm.op.candidates.create' })),
      'none',
    );
  });

  void test('503 with Retry-After every time: a bounded number of tries, then not judged (never a failure)', async () => {
    server.setMode('unavailable');
    const { ex, ms } = await timed(() => client.send({ method: 'GET', path: '/lists', query: { tag: 'down' } }));
    assert.equal(ex.response?.status, 503);
    assert.equal(ex.retries, RETRY_LIMITS.attempts - 1);
    assert.equal(arrivals('/lists?tag=down').length, RETRY_LIMITS.attempts);
    assert.ok(ms < RETRY_LIMITS.waitBudgetMs, `ended after ${ms.toFixed(0)} ms`);
    assert.match(ex.unjudged ?? '', /still answered 503 after 6 attempts/);
    assert.throws(() => expectNoServerError(ex, 'rm.op.candidates.list'), NotJudgedError);
  });

  void test('a Retry-After longer than the client will wait is not waited out', async () => {
    const slow = await startHostileServer({ mode: 'unavailable', apiKey: KEY, apiSecret: SECRET, retryAfter: '3600' });
    try {
      const c = client.with({ baseUrl: slow.rmBaseUrl });
      const { ex, ms } = await timed(() => c.send({ method: 'GET', path: '/candidates' }));
      assert.equal(ex.response?.status, 503);
      assert.equal(ex.retries, 0);
      assert.ok(ms < 1000);
      assert.match(ex.unjudged ?? '', /longer than the suite waits/);
    } finally {
      await slow.close();
    }
  });

  void test('a 50 MB body: cut at the cap, not downloaded, a json-body failure', async () => {
    server.setMode('huge');
    const before = server.hugeBytesWritten;
    const { ex, ms } = await timed(() => client.send({ method: 'GET', path: '/candidates' }));
    assert.equal(ex.response?.status, 200);
    assert.equal(ex.response?.truncated, true);
    assert.ok((ex.response?.text.length ?? 0) <= 2 * 1024 * 1024);
    assert.ok(ms < 3000, `ended after ${ms.toFixed(0)} ms`);
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(
      server.hugeBytesWritten - before < 25 * 1024 * 1024,
      `the server could send only ${((server.hugeBytesWritten - before) / 1e6).toFixed(1)} MB before the client left`,
    );
    assert.equal(
      checkOf(() => expectJson(ex, 'rm.op.candidates.list')),
      'json-body',
    );
    assert.ok(exchangeToText(ex).length < 100_000, 'the recorded exchange stays small');
  });

  void test('broken JSON and an HTML page where resources are due: json-body failures', async () => {
    server.setMode('broken-json');
    const broken = await client.send({ method: 'GET', path: '/candidates' });
    assert.equal(
      checkOf(() => expectJson(broken, 'rm.op.candidates.list')),
      'json-body',
    );
    server.setMode('html');
    const html = await client.send({ method: 'GET', path: '/candidates' });
    assert.equal(
      checkOf(() => expectJson(html, 'rm.op.candidates.list')),
      'json-body',
    );
  });

  void test('a target that echoes the credentials: the recorded exchange carries none of them', async () => {
    server.setMode('echo');
    const ex = await client.send({ method: 'GET', path: '/candidates' });
    assert.equal(ex.response?.status, 200);
    const text = exchangeToText(ex) + JSON.stringify(ex);
    assert.ok(!text.includes(SECRET), 'no raw secret');
    assert.ok(!text.includes(Buffer.from(`${KEY}:${SECRET}`).toString('base64')), 'no basic credentials');
    assert.ok(!text.includes(encodeURIComponent(SECRET)), 'no URL-encoded secret');
    assert.match(text, /\*\*\*/);
  });
});

void test('an answer coded gzip, deflate or br is read decoded (RFC 9110 §12.5.3, D87); a broken coding is left as it came', () => {
  const text = Buffer.from('{"data":[]}');
  assert.equal(decoded(gzipSync(text), 'gzip').toString(), '{"data":[]}');
  assert.equal(decoded(deflateSync(text), 'deflate').toString(), '{"data":[]}');
  assert.equal(decoded(brotliCompressSync(text), 'br').toString(), '{"data":[]}');
  assert.equal(decoded(gzipSync(deflateSync(text)), 'deflate, gzip').toString(), '{"data":[]}');
  assert.equal(decoded(text, 'gzip').toString(), '{"data":[]}', 'not gzip after all: left as it came');
  assert.equal(decoded(text, undefined).toString(), '{"data":[]}');
});
