/**
 * token: the token endpoint's answers judged clause by clause (RFC 6749 §5.1, §5.2, §3.3; RFC 7519;
 * 001 §5.3 with the readings of D25, D57, D58), each verdict naming the token exchange.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bearerTypeOutcome,
  claimNotAfterIssueOutcome,
  errorDescriptionOutcome,
  expectClaimNotAfterIssue,
  expectErrorDescription,
  errorCodeOutcome,
  errorStatusOutcome,
  expectBearerType,
  expectErrorStatus,
  expectJwtForm,
  expectLifetime,
  expectNoStore,
  expectOtherGrantRefused,
  expectRegisteredError,
  expectTokenIssued,
  expectUnknownScopeHandled,
  expiresInNumberOutcome,
  issueMoment,
  jwtFormOutcome,
  lifetimeShown,
  noStoreOutcome,
  numericDateOutcome,
  registeredErrorOutcome,
  scopeStatedOutcome,
  tokenIssuedOutcome,
  tokenJsonOutcome,
  unknownScopeShown,
} from '../../src/checks/registry/token';
import { conforms, fails, tokenAnswer, verdictOf } from './checks-kit';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2ln';
const json = { 'content-type': 'application/json' };
const noStore = { ...json, 'cache-control': 'no-store', pragma: 'no-cache' };

test('tokenIssuedOutcome / expectTokenIssued: a 200 with an access_token; the verdict names the token exchange', () => {
  conforms(tokenIssuedOutcome(tokenAnswer(200, { access_token: jwt }), 'Public.HrCore.Write'));
  fails(
    tokenIssuedOutcome(tokenAnswer(400, { error: 'invalid_scope' }), 'Public.HrCore.Write'),
    'answered 400',
    'scope "Public.HrCore.Write"',
  );
  fails(tokenIssuedOutcome(tokenAnswer(200, { access_token: '' }), 's'), 'without an access_token');
  const ok = tokenAnswer(200, { access_token: jwt });
  let token = '';
  verdictOf(
    () => {
      token = expectTokenIssued(ok, 'v3.auth.token', 's');
    },
    { check: 'token', clause: 'v3.auth.token', verdict: 'passed', about: ok.exchange, cells: [] },
  );
  assert.equal(token, jwt);
  const refused = tokenAnswer(401, null);
  verdictOf(() => expectTokenIssued(refused, 'rfc6749.2.3.1.basic', 's'), {
    check: 'token',
    clause: 'rfc6749.2.3.1.basic',
    verdict: 'failed',
    about: refused.exchange,
  });
});

test('the success: token_type Bearer in any case, JSON labelled application/json, no-store and no-cache, numbers as JSON numbers', () => {
  conforms(bearerTypeOutcome(tokenAnswer(200, { token_type: 'bearer' })));
  fails(bearerTypeOutcome(tokenAnswer(200, { token_type: 'mac' })), 'token_type is "mac"');
  const untyped = tokenAnswer(200, {});
  verdictOf(() => expectBearerType(untyped, 'rfc6749.5.1.token-type'), {
    check: 'token',
    clause: 'rfc6749.5.1.token-type',
    verdict: 'failed',
    about: untyped.exchange,
  });
  conforms(tokenJsonOutcome(tokenAnswer(200, {}, { 'content-type': 'application/json; charset=utf-8' })));
  fails(tokenJsonOutcome(tokenAnswer(200, {}, { 'content-type': 'text/plain' })), '"text/plain", not application/json');
  fails(tokenJsonOutcome(tokenAnswer(200, null)), 'not a JSON object');
  conforms(noStoreOutcome(tokenAnswer(200, {}, noStore)));
  conforms(noStoreOutcome(tokenAnswer(200, {}, { 'cache-control': 'no-cache, No-Store', pragma: 'no-cache' })));
  fails(noStoreOutcome(tokenAnswer(200, {}, { pragma: 'no-cache' })), 'Cache-Control is absent');
  fails(noStoreOutcome(tokenAnswer(200, {}, { 'cache-control': 'no-store' })), 'Pragma is absent');
  const cached = tokenAnswer(200, {}, { 'cache-control': 'max-age=60', pragma: 'no-cache' });
  verdictOf(() => expectNoStore(cached, 'rfc6749.5.1.no-store'), {
    check: 'token',
    clause: 'rfc6749.5.1.no-store',
    verdict: 'failed',
    about: cached.exchange,
  });
  conforms(expiresInNumberOutcome(tokenAnswer(200, { expires_in: 300 })));
  conforms(expiresInNumberOutcome(tokenAnswer(200, {})));
  fails(expiresInNumberOutcome(tokenAnswer(200, { expires_in: '300' })), 'not a JSON number');
});

test('scopeStatedOutcome: a token carrying another scope than asked states it (RFC 6749 §3.3)', () => {
  conforms(scopeStatedOutcome(tokenAnswer(200, {}), 'a b', { scope: 'b a' }));
  conforms(scopeStatedOutcome(tokenAnswer(200, { scope: 'a' }), 'a b', { scope: 'a' }));
  conforms(scopeStatedOutcome(tokenAnswer(200, {}), 'a b', {}));
  fails(scopeStatedOutcome(tokenAnswer(200, {}), 'a b', { scope: 'a' }), 'carries the scope "a" where "a b" was asked');
  // A scope stated is the actual scope granted: the one the token carries (in any order).
  conforms(scopeStatedOutcome(tokenAnswer(200, { scope: 'profile email a' }), 'a', { scope: 'a email profile' }));
  fails(scopeStatedOutcome(tokenAnswer(200, { scope: 'a' }), 'a', { scope: 'a admin' }), 'states the scope "a"', 'carries "a admin"');
});

test('the JWT: a JWS or a JWE in compact form (D90), NumericDate claims as numbers', () => {
  const part = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  conforms(jwtFormOutcome(jwt).outcome);
  assert.deepEqual(jwtFormOutcome(jwt).judgement.held, ['jws-compact']);
  // An unsecured JWT has an empty signature.
  conforms(jwtFormOutcome(`${part({ alg: 'none' })}.${part({ sub: 'c' })}.`).outcome);
  const jwe = `${part({ alg: 'dir', enc: 'A256GCM' })}..aXZpdml2.Y2lwaGVy.dGFndGFn`;
  assert.deepEqual(jwtFormOutcome(jwe).judgement.held, ['jwe-compact']);
  fails(jwtFormOutcome('opaque').outcome, 'not a JWT in compact form', '1 part(s)');
  fails(jwtFormOutcome('.b.c').outcome, 'not a JWT in compact form');
  // Three base64url parts of random bytes: the shape of a JWT without its header or claims.
  fails(jwtFormOutcome('q83vEjRWeJA.Zm9vYmFyYmF6.c2lnbmF0dXJl').outcome, '3 part(s), no JSON header');
  fails(jwtFormOutcome(`${part({ alg: 'HS256' })}.Zm9vYmFy.c2ln`).outcome, 'no JSON object of claims');
  const ok = tokenAnswer(200, { access_token: 'opaque' });
  verdictOf(() => expectJwtForm(ok, 'opaque', 'v3.auth.token'), {
    check: 'token',
    clause: 'v3.auth.token',
    verdict: 'failed',
    about: ok.exchange,
  });
  conforms(numericDateOutcome('exp', 1300));
  conforms(numericDateOutcome('exp', undefined));
  fails(numericDateOutcome('iat', '1300'), 'not a number of seconds');
});

test('the life: from the moment of issue (Date, else the clock), by the readings of D25; a backdated iat does not hide an early death', () => {
  const dated = (body: Record<string, unknown>) => tokenAnswer(200, body, { ...noStore, date: new Date(1_000_000 * 1000).toUTCString() });
  const byDate = issueMoment(dated({}), 5, 6, 5);
  assert.deepEqual(byDate, { at: 1_000_000, tolerance: 1, by: 'Date' });
  assert.deepEqual(issueMoment(tokenAnswer(200, {}), 1000, 1002, 5), { at: 1001, tolerance: 6, by: 'clock' });
  const good = dated({ expires_in: 300 });
  const v = verdictOf(() => expectLifetime(good, lifetimeShown(good, 1_000_300, byDate), byDate, 'v3.auth.lifetime'), {
    check: 'token',
    clause: 'v3.auth.lifetime',
    verdict: 'passed',
    about: good.exchange,
  });
  assert.deepEqual(v.reading?.held, ['expires-in-and-exp']);
  // iat backdated 60 s with exp = iat + 300: exp - iat says 300, the token dies 240 s after its issue.
  const early = dated({ expires_in: 300 });
  verdictOf(() => expectLifetime(early, lifetimeShown(early, 1_000_240, byDate), byDate, 'v3.auth.lifetime'), {
    check: 'token',
    clause: 'v3.auth.lifetime',
    verdict: 'failed',
    about: early.exchange,
  });
  const none = dated({});
  assert.deepEqual(lifetimeShown(none, undefined, byDate), { expiresIn: { present: false }, expFromIssue: null, tolerance: 1 });
});

test('an error: 400 (401 only for invalid_client), one of the six codes, the one the case calls for', () => {
  conforms(errorStatusOutcome(tokenAnswer(400, { error: 'invalid_request' }), 'x'));
  conforms(errorStatusOutcome(tokenAnswer(401, { error: 'invalid_client' }), 'x'));
  fails(errorStatusOutcome(tokenAnswer(401, { error: 'invalid_request' }), 'x'), 'expected 400');
  fails(errorStatusOutcome(tokenAnswer(200, { access_token: 'a' }), 'both methods'), 'issued a token to both methods');
  const in200 = tokenAnswer(200, { error: 'invalid_request' });
  verdictOf(() => expectErrorStatus(in200, 'rfc6749.5.2.400', 'x'), {
    check: 'token',
    clause: 'rfc6749.5.2.400',
    verdict: 'failed',
    about: in200.exchange,
  });
  conforms(registeredErrorOutcome(tokenAnswer(400, { error: 'invalid_scope' }), 'x'));
  fails(registeredErrorOutcome(tokenAnswer(400, { error: 'invalid_grant_type' }), 'x'), 'not one of invalid_request');
  const unregistered = tokenAnswer(400, { error: 'bad' });
  verdictOf(() => expectRegisteredError(unregistered, 'rfc6749.5.2.error', 'x'), {
    check: 'token',
    clause: 'rfc6749.5.2.error',
    verdict: 'failed',
    about: unregistered.exchange,
  });
  conforms(errorCodeOutcome(tokenAnswer(400, { error: 'invalid_request' }), 'invalid_request', 'x'));
  fails(errorCodeOutcome(tokenAnswer(400, { error: 'invalid_client' }), 'invalid_request', 'x'), 'expected "invalid_request"');
});

test('the readings of an unknown scope (D57) and of the authorization_code grant (D58) name what held', () => {
  const refused = tokenAnswer(400, { error: 'invalid_scope' });
  const v = verdictOf(() => expectUnknownScopeHandled(refused, unknownScopeShown(refused, 'x.u', null), 'rfc6749.3.3.ignore-scope'), {
    check: 'token',
    clause: 'rfc6749.3.3.ignore-scope',
    verdict: 'passed',
    about: refused.exchange,
  });
  assert.deepEqual(v.reading?.held, ['invalid-scope']);
  const unstated = tokenAnswer(200, { access_token: 'a' });
  verdictOf(
    () =>
      expectUnknownScopeHandled(unstated, unknownScopeShown(unstated, 'x.u', { scope: 'Public.HrCore.Write' }), 'rfc6749.3.3.ignore-scope'),
    {
      check: 'token',
      clause: 'rfc6749.3.3.ignore-scope',
      verdict: 'failed',
      about: unstated.exchange,
    },
  );
  const grant = tokenAnswer(400, { error: 'unauthorized_client' });
  verdictOf(() => expectOtherGrantRefused(grant, 'rfc6749.5.2.unauthorized-client'), {
    check: 'token',
    clause: 'rfc6749.5.2.unauthorized-client',
    verdict: 'passed',
    about: grant.exchange,
  });
  const issued = tokenAnswer(200, { access_token: 'a' });
  verdictOf(() => expectOtherGrantRefused(issued, 'rfc6749.5.2.unauthorized-client'), {
    check: 'token',
    clause: 'rfc6749.5.2.unauthorized-client',
    verdict: 'failed',
    about: issued.exchange,
  });
});

test('claimNotAfterIssueOutcome: iat and nbf at or before the issue (D91); backdated is lawful, after it or in milliseconds is not', () => {
  const moment = { at: 1_000_000, tolerance: 1, by: 'Date' as const };
  conforms(claimNotAfterIssueOutcome('iat', 1_000_000, moment));
  // Azure AD dates nbf five minutes back.
  conforms(claimNotAfterIssueOutcome('nbf', 1_000_000 - 300, moment));
  conforms(claimNotAfterIssueOutcome('iat', 1_000_006, moment));
  conforms(claimNotAfterIssueOutcome('nbf', undefined, moment));
  // A string is numericDateOutcome's to judge.
  conforms(claimNotAfterIssueOutcome('iat', '1000000', moment));
  fails(claimNotAfterIssueOutcome('nbf', 1_000_240, moment), '"nbf" is 1000240, 240 s after', 'does not live 300 s');
  fails(claimNotAfterIssueOutcome('iat', 1_000_000_000, moment), 'in seconds (NumericDate)');
  const answer = tokenAnswer(200, { access_token: jwt });
  verdictOf(() => expectClaimNotAfterIssue(answer, 'nbf', 1_000_240, moment, 'rfc7519.4.1.5.nbf'), {
    check: 'token',
    clause: 'rfc7519.4.1.5.nbf',
    verdict: 'failed',
    about: answer.exchange,
  });
});

test('errorDescriptionOutcome: error_description of %x20-21 / %x23-5B / %x5D-7E only (RFC 6749 §5.2)', () => {
  conforms(errorDescriptionOutcome(tokenAnswer(400, { error: 'invalid_request' }), 'x'));
  conforms(
    errorDescriptionOutcome(tokenAnswer(401, { error: 'invalid_client', error_description: "Client 'x' unknown: see [1] ~ ok!" }), 'x'),
  );
  fails(
    errorDescriptionOutcome(tokenAnswer(401, { error: 'invalid_client', error_description: 'AADSTS7000215: bad\r\nTrace ID: 1' }), 'w'),
    'w: error_description',
    'U+000D',
  );
  fails(errorDescriptionOutcome(tokenAnswer(400, { error: 'invalid_request', error_description: 'grant "x"' }), 'x'), 'U+0022');
  fails(errorDescriptionOutcome(tokenAnswer(400, { error: 'invalid_request', error_description: 'clé inconnue' }), 'x'), 'U+00E9');
  fails(errorDescriptionOutcome(tokenAnswer(400, { error: 'invalid_request', error_description: 42 }), 'x'), 'not a string');
  const answer = tokenAnswer(400, { error: 'invalid_request', error_description: 'a\\b' });
  verdictOf(() => expectErrorDescription(answer, 'rfc6749.5.2.error-description', 'x'), {
    check: 'token',
    clause: 'rfc6749.5.2.error-description',
    verdict: 'failed',
    about: answer.exchange,
  });
});
