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
