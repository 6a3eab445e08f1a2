/**
 * Real networks (issue 16): CONFORMANCE_EXTRA_HEADERS (parser, configuration errors, sent with every
 * request, redacted wherever an exchange is recorded) and the choice of dispatcher (proxy or direct).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, EnvHttpProxyAgent } from 'undici';
import { ConfigError } from '../../src/config/errors';
import { parseExtraHeaders, parseTarget } from '../../src/config/target';
import { createDispatcher, mergeHeaders, proxySettings } from '../../src/http/dispatcher';
import { ApiClient, NO_AUTH } from '../../src/http/client';
import { exchangeToText } from '../../src/http/exchange';
import { Limiter } from '../../src/http/limiter';
import { hmacBasicAuth } from '../../src/auth/hmac-basic';
import { requestToken } from '../../src/auth/oauth';

test('the parser takes ";"-separated pairs, lines, and a JSON object', () => {
  assert.deepEqual(parseExtraHeaders('Ocp-Apim-Subscription-Key: abc123; X-Tenant: t1'), {
    headers: { 'Ocp-Apim-Subscription-Key': 'abc123', 'X-Tenant': 't1' },
    problems: [],
  });
  assert.deepEqual(parseExtraHeaders('X-A: 1\r\nX-B:  two words \n\n'), { headers: { 'X-A': '1', 'X-B': 'two words' }, problems: [] });
  assert.deepEqual(parseExtraHeaders('X-A: a:b:c'), { headers: { 'X-A': 'a:b:c' }, problems: [] }, 'a value may contain colons');
  assert.deepEqual(parseExtraHeaders(' {"X-Key": "v;with;semicolons", "X-Num": 7} '), {
    headers: { 'X-Key': 'v;with;semicolons', 'X-Num': '7' },
    problems: [],
  });
  assert.deepEqual(parseExtraHeaders(undefined), { headers: {}, problems: [] });
  assert.deepEqual(parseExtraHeaders('  '), { headers: {}, problems: [] });
});

test('malformed input names each problem without quoting a value', () => {
  const cases: [string, RegExp][] = [
    ['X-Key=secretvalue', /entry 1 has no ":"/],
    ['X-A: 1; secretvalue', /entry 2 has no ":"/],
    ['Bad Name: secretvalue', /"Bad Name" is not a header name/],
    ['X-Key:', /X-Key has no value/],
    ['X-Key: secretvalue; x-key: secretvalue', /x-key is given twice/],
    ['Authorization: Bearer secretvalue', /Authorization cannot be given there \(credentials come from/],
    ['Host: secretvalue', /Host cannot be given there/],
    ['{"X-Key": "secretvalue"', /is not a JSON object/],
    ['{"X-Key": ["secretvalue"]}', /value of X-Key must be a string/],
    ['{"X-Key": "secret\\nvalue"}', /contains a line break/],
  ];
  for (const [raw, pattern] of cases) {
    const { problems } = parseExtraHeaders(raw);
    assert.equal(problems.length, 1, `${raw}: ${problems.join(' | ')}`);
    assert.match(problems[0] ?? '', pattern);
    assert.ok(!(problems[0] ?? '').includes('secret'), problems[0]);
  }
  assert.equal(parseExtraHeaders('[1, 2]').problems.length, 1);
});

test('the target carries the headers; malformed input is a ConfigError (exit 2) naming CONFORMANCE_EXTRA_HEADERS', () => {
  assert.deepEqual(parseTarget({ CONFORMANCE_EXTRA_HEADERS: 'X-Tenant: t1' }, 4321).run.extraHeaders, { 'X-Tenant': 't1' });
  assert.deepEqual(parseTarget({}, 4321).run.extraHeaders, {});
  assert.throws(
    () => parseTarget({ CONFORMANCE_EXTRA_HEADERS: 'X-Key=hidden-value', CONFORMANCE_TIMEOUT_MS: '1' }, 4321),
    (error: unknown) =>
      error instanceof ConfigError &&
      /^Configuration errors \(2\):\n/.test(error.message) &&
      /CONFORMANCE_EXTRA_HEADERS entry 1 has no ":"/.test(error.message) &&
      /CONFORMANCE_TIMEOUT_MS/.test(error.message) &&
      !error.message.includes('hidden-value'),
  );
});

test('merging: later layers win without regard to case, and never travel twice', () => {
  assert.deepEqual(mergeHeaders({ 'X-Tenant': 'a', 'X-Key': 'k' }, { 'x-tenant': 'b', accept: 'j' }), {
    'X-Key': 'k',
    'x-tenant': 'b',
    accept: 'j',
  });
});

test('proxy variables: EnvHttpProxyAgent when HTTP_PROXY or HTTPS_PROXY is set (lower case wins), a plain Agent otherwise', async () => {
  assert.equal(proxySettings({}), null);
  assert.equal(proxySettings({ NO_PROXY: 'localhost' }), null);
  assert.deepEqual(proxySettings({ HTTP_PROXY: 'http://p:1', http_proxy: 'http://q:2' }), { httpProxy: 'http://q:2', noProxy: '' });
  assert.deepEqual(proxySettings({ HTTPS_PROXY: 'http://p:1', no_proxy: 'localhost,127.0.0.1', NO_PROXY: 'x' }), {
    httpsProxy: 'http://p:1',
    noProxy: 'localhost,127.0.0.1',
  });
  const direct = createDispatcher(1000, {});
  const proxied = createDispatcher(1000, { HTTPS_PROXY: 'http://127.0.0.1:9' });
  assert.ok(direct instanceof Agent);
  assert.ok(proxied instanceof EnvHttpProxyAgent);
  await Promise.all([direct.close(), proxied.close()]);
});

// A target that echoes the request headers it received.
let server: Server;
let base: string;
const received: IncomingHttpHeaders[] = [];

before(async () => {
  server = createServer((req, res) => {
    received.push(req.headers);
    const body = JSON.stringify({ headers: req.headers, access_token: 'tok-1234567890', expires_in: 300 });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const EXTRA = { 'Ocp-Apim-Subscription-Key': 'sub-key-4f2b9e', 'X-Tenant': 't1' };

test('extra headers reach the target first (the test and auth win) and are redacted in the recorded exchange and its curl line', async () => {
  received.length = 0;
  const client = new ApiClient({
    api: 'rm',
    baseUrl: `${base}/v2`,
    auth: hmacBasicAuth('key-1', 'secret-value-1'),
    limiter: new Limiter(0, 4),
    timeoutMs: 2000,
    jsonContentType: 'application/vnd.api+json',
    extraHeaders: EXTRA,
  });
  const ex = await client.send({ method: 'GET', path: '/lists', headers: { 'x-tenant': 'from-the-test' } });
  assert.equal(ex.error, null);
  const sent = received[0];
  assert.ok(sent);
  assert.equal(sent['ocp-apim-subscription-key'], 'sub-key-4f2b9e');
  assert.equal(sent['x-tenant'], 'from-the-test', 'a header the test gives wins over the extra one');
  assert.match(sent.authorization ?? '', /^Basic /);
  // Recorded: name kept, value gone, everywhere.
  assert.equal(ex.request.headers['Ocp-Apim-Subscription-Key'], '***');
  assert.match(ex.curl, /-H 'Ocp-Apim-Subscription-Key: \*\*\*'/);
  const text = exchangeToText(ex);
  assert.ok(
    !text.includes('sub-key-4f2b9e') && !ex.curl.includes('sub-key-4f2b9e') && !(ex.response?.text ?? '').includes('sub-key-4f2b9e'),
    text,
  );
  // Also a short value (too short to redact by value) is redacted by its header's name.
  const again = await client.send({ method: 'GET', path: '/lists', auth: NO_AUTH });
  assert.equal(again.request.headers['X-Tenant'], '***');
  assert.match(again.response?.text ?? '', /"x-tenant":"t1"/, 'a short value is redacted by name only, not scrubbed from every text');
  assert.equal(received[1]?.authorization, undefined, 'NO_AUTH still sends no credentials');
});

test('the token request carries the extra headers too', async () => {
  received.length = 0;
  const res = await requestToken({
    tokenUrl: `${base}/oauth/token`,
    clientId: 'client',
    clientSecret: 'client-secret-1',
    scope: 's',
    auth: 'post',
    timeoutMs: 2000,
    extraHeaders: EXTRA,
  });
  assert.equal(res.status, 200);
  assert.equal(received[0]?.['ocp-apim-subscription-key'], 'sub-key-4f2b9e');
  assert.equal(received[0]?.['content-type'], 'application/x-www-form-urlencoded');
  assert.ok(!res.text.includes('sub-key-4f2b9e'), 'the echo is redacted');
});
