import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REFRESH_MARGIN_S, TokenCache, type TokenResponse } from '../../src/auth/oauth';

function fakeEndpoint(): { fetch: () => Promise<Pick<TokenResponse, 'status' | 'body' | 'text'>>; calls: () => number } {
  let n = 0;
  return {
    fetch: async () => {
      n += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { status: 200, body: { access_token: `token-${n}`, token_type: 'Bearer', expires_in: 300 }, text: '' };
    },
    calls: () => n,
  };
}

test('a cached token is reused until shortly before its 300-second lifetime ends, then fetched anew (fake clock)', async () => {
  let now = 1_000_000;
  const endpoint = fakeEndpoint();
  const cache = new TokenCache(endpoint.fetch, () => now);
  assert.equal(await cache.token(), 'token-1');
  now += (300 - REFRESH_MARGIN_S - 1) * 1000;
  assert.equal(await cache.token(), 'token-1');
  now += 2000;
  assert.equal(await cache.token(), 'token-2', 'refreshed before expiry');
  assert.equal(endpoint.calls(), 2);
});

test('concurrent requests share one token fetch', async () => {
  const endpoint = fakeEndpoint();
  const cache = new TokenCache(endpoint.fetch, () => 0);
  const tokens = await Promise.all(Array.from({ length: 20 }, () => cache.token()));
  assert.equal(endpoint.calls(), 1);
  assert.ok(tokens.every((t) => t === 'token-1'));
});

test('a refused token request fails with the status, and the next call tries again', async () => {
  let status = 401;
  const cache = new TokenCache(
    async () => ({ status, body: { error: 'invalid_client' }, text: '{"error":"invalid_client"}' }),
    () => 0,
  );
  await assert.rejects(cache.token(), /refused the client credentials \(HTTP 401/);
  status = 200;
  await assert.rejects(cache.token(), /HTTP 200/, 'a 200 without access_token is refused too');
});
