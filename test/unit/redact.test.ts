import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearSecretsForTest, redact, redactHeaders, registerSecret } from '../../src/http/redact';
import { exchangeToText, toCurl, type Exchange } from '../../src/http/exchange';

test('registered secrets vanish from text in raw, URL-encoded and basic-credential forms', () => {
  clearSecretsForTest();
  registerSecret('s3cr3t/value+x', 'key');
  const basic = Buffer.from('key:s3cr3t/value+x').toString('base64');
  const text = `a s3cr3t/value+x b ${encodeURIComponent('s3cr3t/value+x')} c ${basic}`;
  const out = redact(text);
  assert.ok(!out.includes('s3cr3t'), out);
  assert.ok(!out.includes(basic), out);
  assert.equal(out, 'a *** b *** c ***');
});

test('credential headers keep their scheme and lose their value', () => {
  clearSecretsForTest();
  assert.deepEqual(redactHeaders({ Authorization: 'Bearer abc.def', 'x-other': 'plain' }), {
    Authorization: 'Bearer ***',
    'x-other': 'plain',
  });
});

test('an exchange rendered as text and as curl carries no secret, even when the target echoes it', () => {
  clearSecretsForTest();
  registerSecret('topsecret-123', 'api-key');
  const request = {
    method: 'GET',
    url: 'http://h/v2/candidates',
    headers: redactHeaders({ authorization: `Basic ${Buffer.from('api-key:topsecret-123').toString('base64')}` }),
    body: null,
  };
  const exchange: Exchange = {
    seq: 1,
    api: 'rm',
    operationId: null,
    request,
    response: {
      status: 200,
      headers: {},
      text: redact('{"echo":"Basic YXBpLWtleTp0b3BzZWNyZXQtMTIz","s":"topsecret-123"}'),
      truncated: false,
      bytes: 10,
    },
    error: null,
    durationMs: 1,
    retries: 0,
    curl: toCurl(request, { kind: 'basic', userVar: 'RM_API_KEY', passwordVar: 'RM_API_SECRET' }),
  };
  const text = exchangeToText(exchange);
  assert.ok(!text.includes('topsecret-123') && !text.includes('YXBpLWtleTp0b3BzZWNyZXQtMTIz'), text);
  assert.match(exchange.curl, /-u "\$RM_API_KEY:\$RM_API_SECRET"/);
});

test('a token request recorded as an exchange carries neither the client secret, nor the Authorization value, nor the tokens it got', async () => {
  clearSecretsForTest();
  const { createServer } = await import('node:http');
  const { requestToken } = await import('../../src/auth/oauth');
  const issued = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjIn0.c2lnbmF0dXJl';
  const refresh = 'refresh-token-value-1234';
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache' });
    res.end(JSON.stringify({ access_token: issued, refresh_token: refresh, token_type: 'Bearer', echoed: req.headers.authorization }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  const secret = 'cl1ent/secret+value';
  const recorded: Exchange[] = [];
  try {
    for (const auth of ['post', 'basic'] as const) {
      const res = await requestToken({
        tokenUrl: `http://127.0.0.1:${port}/token`,
        clientId: 'client-1',
        clientSecret: secret,
        scope: 'Public.HrCore.Write',
        auth,
        timeoutMs: 2000,
        onExchange: (e) => recorded.push(e),
      });
      assert.equal(res.exchange, recorded.at(-1), 'the answer carries the exchange it recorded');
    }
  } finally {
    server.close();
  }
  assert.equal(recorded.length, 2);
  const basic = Buffer.from(`client-1:${encodeURIComponent(secret)}`).toString('base64');
  for (const e of recorded) {
    const all = `${exchangeToText(e)}\n${JSON.stringify(e)}`;
    for (const needle of [secret, encodeURIComponent(secret), basic, issued, refresh])
      assert.ok(!all.includes(needle), `${needle} in ${all}`);
    assert.ok(e.seq > 0 && e.response?.status === 200);
  }
  assert.match(recorded[0]?.request.body ?? '', /client_secret=\*\*\*/);
  assert.equal(recorded[1]?.request.headers.authorization, 'Basic ***');
  assert.ok((recorded[1]?.seq ?? 0) > (recorded[0]?.seq ?? 0), 'each exchange takes the next worker-wide number');
});
