/** token: the client-credentials token response and its 300-second life, judged on the token answer (no exchange). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bearerTypeOutcome,
  claimsLifetimeOutcome,
  expectBearerType,
  expectJwtForm,
  expectLifetime,
  expectTokenIssued,
  expiresInOutcome,
  expiryByClockOutcome,
  hasJwtForm,
  jwtFormOutcome,
  lifetimeOutcome,
  tokenIssuedOutcome,
} from '../../src/checks/registry/token';
import { conforms, fails, verdictOf } from './checks-kit';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2ln';
const answer = (status: number, body: Record<string, unknown> | null) => ({ status, body, text: JSON.stringify(body) });

test('tokenIssuedOutcome / expectTokenIssued: a 200 with an access_token; returns it', () => {
  conforms(tokenIssuedOutcome(answer(200, { access_token: jwt }), 'Public.HrCore.Write'));
  fails(tokenIssuedOutcome(answer(400, { error: 'invalid_scope' }), 'Public.HrCore.Write'), 'answered 400', 'scope "Public.HrCore.Write"');
  fails(tokenIssuedOutcome(answer(200, { access_token: '' }), 's'), 'without an access_token');
  let token = '';
  verdictOf(
    () => {
      token = expectTokenIssued(answer(200, { access_token: jwt }), 'v3.auth.token', 's');
    },
    { check: 'token', clause: 'v3.auth.token', verdict: 'passed', about: null, cells: [] },
  );
  assert.equal(token, jwt);
  verdictOf(() => expectTokenIssued(answer(401, null), 'v3.auth.token', 's'), {
    check: 'token',
    clause: 'v3.auth.token',
    verdict: 'failed',
    about: null,
  });
});

test('bearerTypeOutcome / expectBearerType: "Bearer" in any case', () => {
  conforms(bearerTypeOutcome(answer(200, { token_type: 'bearer' })));
  fails(bearerTypeOutcome(answer(200, { token_type: 'mac' })), 'token_type is "mac"');
  verdictOf(() => expectBearerType(answer(200, {}), 'v3.auth.token'), {
    check: 'token',
    clause: 'v3.auth.token',
    verdict: 'failed',
    about: null,
  });
});

test('hasJwtForm, jwtFormOutcome / expectJwtForm: three base64url parts, header and payload not empty', () => {
  assert.equal(hasJwtForm(jwt), true);
  assert.equal(hasJwtForm('a.b.'), true, 'an unsecured JWT has an empty signature');
  assert.equal(hasJwtForm('.b.c'), false);
  assert.equal(hasJwtForm('opaque-token'), false);
  conforms(jwtFormOutcome(jwt));
  fails(jwtFormOutcome('opaque'), 'not a JWT in compact form');
  verdictOf(() => expectJwtForm('opaque', 'v3.auth.token'), { check: 'token', clause: 'v3.auth.token', verdict: 'failed', about: null });
});

test('the lifetime: expires_in, exp - iat, or exp against the clock say 300 seconds (290 tolerated)', () => {
  conforms(expiresInOutcome(300));
  conforms(expiresInOutcome(295));
  fails(expiresInOutcome('300'), 'not a JSON number');
  fails(expiresInOutcome(3600), 'expires_in is 3600');
  fails(expiresInOutcome('soon'), 'expires_in is "soon"');
  conforms(claimsLifetimeOutcome(1300, 1000, 1000, 1001, 5));
  // iat backdated 300 s for clock skew (Azure AD): exp - iat is 600, but exp is 300 s after the request.
  conforms(claimsLifetimeOutcome(1300, 700, 1000, 1001, 5));
  // a server clock an hour ahead of ours: exp - iat still says 300.
  conforms(claimsLifetimeOutcome(4900, 4600, 1000, 1001, 30));
  fails(claimsLifetimeOutcome(4600, 1000, 1000, 1001, 5), 'exp - iat = 3600', '3600 seconds after the request');
  fails(claimsLifetimeOutcome(1600, 700, 1000, 1001, 5), 'exp - iat = 900', '600 seconds after the request');
  conforms(expiryByClockOutcome(1300, 1000, 1001, 5));
  fails(expiryByClockOutcome(5000, 1000, 1001, 5), '4000 seconds after the request');
  conforms(lifetimeOutcome({ by: 'claims', exp: 1300, iat: 1000, before: 1000, after: 1000, skew: 5 }));
  fails(lifetimeOutcome({ by: 'expires_in', expiresIn: 60 }), 'expires_in is 60');
  verdictOf(() => expectLifetime({ by: 'clock', exp: 9999, before: 1000, after: 1000, skew: 5 }, 'v3.auth.lifetime'), {
    check: 'token',
    clause: 'v3.auth.lifetime',
    verdict: 'failed',
    about: null,
  });
});
