/**
 * v3 credentials (001 §5): the client-credentials token and the standards 001 §5.1 invokes. A success
 * (RFC 6749 §5.1): 200, JSON labelled application/json, access_token, token_type Bearer, Cache-Control
 * no-store and Pragma no-cache, numbers as JSON numbers, the scope stated where it differs (§3.3), a
 * JWT (RFC 7519 §3: a JWS or a JWE, D90) whose NumericDate claims are numbers, whose iat and nbf lie
 * at or before its issue (D91) and whose life is 300 seconds from its issue (001 §5.3; D25, D59).
 * HTTP basic client authentication (§2.3.1: MUST). Errors (§5.2), each error_description of the
 * characters §5.2 allows: wrong secrets (one the right one starts, one character changed, another
 * case) or an unknown client (D56), the client_id without its secret (D92), a missing or unknown
 * grant_type, the authorization_code grant (D58), credentials sent both ways (§2.3), an unknown scope
 * (§3.3, D57). Every token request is an exchange of
 * its test, and every verdict names it. The refusals of requests without a token, with a malformed or
 * forged token, with a token lacking Public.HrCore.Write, and the acceptance of a token asked for with
 * several scopes, are rules of every operation: specs/hr/catalogue-rules.spec.ts.
 *
 * A token past the lifetime its response states (expires_in, else the JWT's exp - iat) must be
 * refused (001 §5.3 "Tokens live 300 seconds"), 401 or 403 (RFC 6750 §3.1, the bearer-token standard
 * 001 §5.1 names): the test waits that long plus a margin, so it is opt-in (`CONFORMANCE_SLOW=1`, tag
 * @slow) when the wait is long; a short stated life runs at once.
 */
import {
  declares,
  test,
  expectBearerType,
  expectClaimNotAfterIssue,
  expectCredentialsRefused,
  expectErrorDescription,
  expectErrorCode,
  expectErrorStatus,
  expectExpiresInNumber,
  expectJwtForm,
  expectLifetime,
  expectNoStore,
  expectNumericDate,
  expectOtherGrantRefused,
  expectRegisteredError,
  expectScopeStated,
  expectSecretMissingRefused,
  expectSetup,
  expectTokenIssued,
  expectTokenJson,
  expectTokenRefused,
  expectUnknownScopeHandled,
  failSetup,
  issueMoment,
  lifetimeShown,
  unknownScopeShown,
  TOKEN_LIFETIME_S,
  readEnv,
  type ClientAuth,
} from '../kit';
import {
  fixedBearer,
  EMPLOYEE_OP,
  subject,
  observeOutcome,
  configuredHr,
  decodeJwt,
  grantedScopes,
  statedLifetime,
  tokenRequest,
  prepareWrites,
  sendWrite,
} from '../kit/hr';

const LIFETIME_S = TOKEN_LIFETIME_S;

test.describe('tokens', () => {
  test('the token endpoint issues a bearer JWT for the configured client and scope, living 300 seconds @smoke', async ({
    target,
    observe,
  }) => {
    const hr = configuredHr(target);
    const before = Date.now() / 1000;
    const res = await tokenRequest(hr, target, hr.scope);
    const after = Date.now() / 1000;
    observe('token', 'token endpoint status (valid client)', String(res.status));
    const token = expectTokenIssued(res, 'v3.auth.token', hr.scope);
    // RFC 6749 §5.1: JSON labelled application/json, token_type, the no-store headers (MUST), numbers as JSON numbers.
    expectTokenJson(res, 'rfc6749.5.1.json');
    observe('token', 'token_type', JSON.stringify(res.body?.token_type));
    expectBearerType(res, 'rfc6749.5.1.token-type');
    expectNoStore(res, 'rfc6749.5.1.no-store');
    expectExpiresInNumber(res, 'rfc6749.5.1.numbers');
    // RFC 6749 §4.4.3 "A refresh token SHOULD NOT be included": a SHOULD, observed.
    observe('token', 'refresh_token (RFC 6749 §4.4.3: SHOULD NOT)', res.body?.refresh_token === undefined ? 'absent' : 'included');
    const granted = grantedScopes(res);
    observe('token', 'granted scope', granted ? granted.join(' ') : '(not stated)');

    // "(JWT)": the compact form, three base64url parts; its NumericDate claims, when present, are numbers.
    expectJwtForm(res, token, 'rfc7519.3.claims-json');
    const jwt = decodeJwt(token);
    observe(
      'token',
      'access_token format',
      jwt ? `JWT, alg ${String(jwt.header.alg)}` : 'three base64url parts whose header or payload is not a JSON object',
    );
    const payload = jwt?.payload ?? null;
    expectNumericDate(res, 'exp', payload?.exp, 'rfc7519.4.1.4.number');
    expectNumericDate(res, 'nbf', payload?.nbf, 'rfc7519.4.1.5.number');
    expectNumericDate(res, 'iat', payload?.iat, 'rfc7519.4.1.6.number');
    expectScopeStated(res, 'rfc6749.3.3.scope-stated', hr.scope, payload);

    // The life: from the moment of issue by the server's own clock (its Date), else ours within a skew (D59);
    // expires_in and exp, whichever are present, say 300 (D25). A backdated iat does not move the moment.
    const skew = target.embedded ? 5 : 30;
    const moment = issueMoment(res, before, after, skew);
    // iat names when the JWT was issued, nbf when it may first be used: neither after the issue (backdated is lawful, D91).
    expectClaimNotAfterIssue(res, 'iat', payload?.iat, moment, 'rfc7519.4.1.6.iat');
    expectClaimNotAfterIssue(res, 'nbf', payload?.nbf, moment, 'rfc7519.4.1.5.nbf');
    const shown = lifetimeShown(res, payload?.exp, moment);
    observe('token', 'expires_in', shown.expiresIn.present ? JSON.stringify(shown.expiresIn.value) : '(absent)');
    if (typeof payload?.exp === 'number' && typeof payload.iat === 'number')
      observe('token', 'JWT iat', `${Math.round(moment.at - payload.iat)} s before the issue (by ${moment.by})`);
    expectLifetime(res, shown, moment, 'v3.auth.lifetime');
  });

  test('the token endpoint authenticates the client by HTTP basic as well (RFC 6749 §2.3.1: MUST support it)', async ({
    target,
    observe,
  }) => {
    const hr = configuredHr(target);
    const res = await tokenRequest(hr, target, hr.scope, undefined, 'basic');
    observe('token', 'token endpoint status (client authenticated by HTTP basic)', String(res.status));
    expectTokenIssued(res, 'rfc6749.2.3.1.basic', hr.scope);
  });

  test('the token endpoint issues no token to a wrong client secret or an unknown client, by the form or by HTTP basic', async ({
    target,
    observe,
  }) => {
    const hr = configuredHr(target);
    // Wrong secrets of several kinds: one that starts with the right one, the right one with its last character changed, and
    // the right one in another case (a secret is compared byte for byte; a case-insensitive column takes it).
    const last = hr.clientSecret.slice(-1);
    const wrong = [
      { what: 'a wrong client secret', secret: `${hr.clientSecret}-wrong` },
      { what: 'the client secret with its last character changed', secret: `${hr.clientSecret.slice(0, -1)}${last === 'x' ? 'y' : 'x'}` },
      ...(hr.clientSecret.toUpperCase() !== hr.clientSecret
        ? [{ what: 'the client secret in capitals', secret: hr.clientSecret.toUpperCase() }]
        : hr.clientSecret.toLowerCase() !== hr.clientSecret
          ? [{ what: 'the client secret in small letters', secret: hr.clientSecret.toLowerCase() }]
          : []),
    ];
    const cases: { what: string; client: { clientId: string; clientSecret: string }; how: ClientAuth }[] = [];
    for (const how of ['post', 'basic'] as const) {
      cases.push(...wrong.map(({ what, secret }) => ({ what, client: { clientId: hr.clientId, clientSecret: secret }, how })), {
        what: 'an unknown client',
        client: { clientId: `conformance-unknown-${target.run.runId}`, clientSecret: 'not-a-secret' },
        how,
      });
    }
    for (const { what, client, how } of cases) {
      const res = await tokenRequest(hr, target, hr.scope, client, how);
      observe(
        'token',
        `token endpoint answer (${what}, ${how === 'basic' ? 'HTTP basic' : 'form fields'})`,
        `${res.status} ${String(res.body?.error)}`,
      );
      // RFC 6749 §5.2: invalid_client, 400 or 401 by the form (D56), 401 with a Basic challenge by HTTP basic.
      expectTokenRefused(res, how, what);
      expectErrorDescription(res, 'rfc6749.5.2.error-description', what);
    }

    // The client_id without its client_secret: no client authentication (invalid_client), or a required parameter missing (D92).
    const bare = await tokenRequest(hr, target, hr.scope, undefined, 'post', { withoutSecret: true });
    observe('token', 'token endpoint answer (the client_id without its client_secret)', `${bare.status} ${String(bare.body?.error)}`);
    expectSecretMissingRefused(bare);
    expectErrorDescription(bare, 'rfc6749.5.2.error-description', 'the client_id without its client_secret');
  });

  test('the token endpoint refuses what the client credentials grant does not allow, each with the error RFC 6749 §5.2 gives', async ({
    target,
    observe,
  }) => {
    const hr = configuredHr(target);
    const cases = [
      {
        what: 'a request without grant_type',
        more: { form: { grant_type: null } },
        status: 'rfc6749.4.4.2.grant-type',
        code: { error: 'invalid_request', clause: 'rfc6749.5.2.invalid-request' },
      },
      {
        what: 'an unknown grant_type',
        more: { form: { grant_type: 'urn:conformance:grant-type:none' } },
        status: 'rfc6749.5.2.400',
        code: { error: 'unsupported_grant_type', clause: 'rfc6749.5.2.unsupported-grant-type' },
      },
      {
        what: 'the client credentials sent both by HTTP basic and in the form (RFC 6749 §2.3: MUST NOT)',
        more: { bothMethods: true },
        status: 'rfc6749.5.2.invalid-request',
        code: { error: 'invalid_request', clause: 'rfc6749.5.2.invalid-request' },
      },
      {
        what: 'the authorization_code grant with a code never issued',
        more: {
          form: {
            grant_type: 'authorization_code',
            code: `conformance-never-issued-${target.run.runId}`,
            redirect_uri: 'https://conformance.invalid/cb',
            scope: null,
          },
        },
        status: 'rfc6749.5.2.400',
        code: null,
      },
    ] as const;
    for (const { what, more, status, code } of cases) {
      const res = await tokenRequest(hr, target, hr.scope, undefined, hr.tokenAuth, more);
      observe('token', `token endpoint answer (${what})`, `${res.status} ${String(res.body?.error)}`);
      expectErrorStatus(res, status, what);
      expectTokenJson(res, 'rfc6749.5.2.json');
      expectRegisteredError(res, 'rfc6749.5.2.error', what);
      expectErrorDescription(res, 'rfc6749.5.2.error-description', what);
      if (code) expectErrorCode(res, code.error, code.clause, what);
      else expectOtherGrantRefused(res, 'rfc6749.5.2.unauthorized-client');
    }
  });

  test('a scope the token endpoint does not know is refused (invalid_scope), ignored with the scope stated, or granted (RFC 6749 §3.3)', async ({
    target,
    observe,
  }) => {
    const hr = configuredHr(target);
    const unknown = `conformance.unknown-scope.${target.run.runId}`.replace(/[^\x21\x23-\x5B\x5D-\x7E]/g, '-');
    const res = await tokenRequest(hr, target, `${hr.scope} ${unknown}`);
    const token = typeof res.body?.access_token === 'string' ? res.body.access_token : null;
    const payload = token ? (decodeJwt(token)?.payload ?? null) : null;
    observe('token', 'token endpoint answer (an unknown scope)', `${res.status} ${String(res.body?.error ?? res.body?.scope ?? '')}`);
    expectUnknownScopeHandled(res, unknownScopeShown(res, unknown, payload), 'rfc6749.3.3.ignore-scope');
    expectErrorDescription(res, 'rfc6749.5.2.error-description', 'an unknown scope');
  });
});

/** Seconds past the stated lifetime before the token is used again: servers may allow a little clock skew. */
const expiryMargin = (lifetime: number): number => Math.max(2, Math.ceil(lifetime / 10));
/** The longest wait that runs without CONFORMANCE_SLOW=1. */
const FAST_WAIT_S = 20;

test.describe('token lifetime', () => {
  test(
    `a token is refused after its stated lifetime (a wait over ${FAST_WAIT_S} s runs only with CONFORMANCE_SLOW=1) @slow`,
    declares(EMPLOYEE_OP),
    async ({ api, target, observe }) => {
      const hrTarget = configuredHr(target);
      const askedAt = Date.now();
      const res = await tokenRequest(hrTarget, target, hrTarget.scope);
      const token = res.body?.access_token;
      if (res.status !== 200 || typeof token !== 'string' || token === '') {
        failSetup('v3.auth.token', `the token endpoint gave no token to the configured client (HTTP ${res.status})`);
      }
      const stated = statedLifetime(res) ?? { seconds: LIFETIME_S, source: '001 §5.3 (the response states none)' };
      const wait = stated.seconds + expiryMargin(stated.seconds);
      observe('token', 'lifetime read by the expiry test', `${stated.seconds} s (${stated.source})`);
      const slow = readEnv().CONFORMANCE_SLOW === '1';
      test.skip(
        wait > FAST_WAIT_S && !slow,
        `waits ${wait} s for the token to expire (it states ${stated.seconds} s, ${stated.source}): set CONFORMANCE_SLOW=1 to run it`,
      );
      test.setTimeout((wait + 60) * 1000);

      const ctx = api;
      const writes = await prepareWrites(ctx, EMPLOYEE_OP);
      const auth = fixedBearer(token);
      const before = await sendWrite(ctx, EMPLOYEE_OP, writes.next(), { auth });
      expectSetup(before, 'v3.auth.token', "a write with a token just issued is this test's precondition");

      const remaining = askedAt + wait * 1000 - Date.now();
      if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
      const after = await sendWrite(ctx, EMPLOYEE_OP, writes.next(), { auth });
      const elapsed = Math.round((Date.now() - askedAt) / 1000);
      observeOutcome(observe, subject(EMPLOYEE_OP, 'with a token past its stated lifetime'), after);
      expectCredentialsRefused(after, 'v3.auth.lifetime', {
        why: `the token was used ${elapsed} s after it was asked for; it states a life of ${stated.seconds} s (${stated.source})`,
      });
    },
  );
});
