/**
 * v3 credentials (001 §5): the client-credentials token (RFC 6749 §4.4, §5.1, §5.2), its JWT form
 * (RFC 7519 §3), its 300-second life, and the HR core operations' refusal of requests without a
 * token, with a malformed or forged token, and with a token lacking Public.HrCore.Write.
 *
 * Observed only: a token another tenant's client obtained (only the embedded server has such a
 * client). 001 §5.4 issues credentials "per environment", not per tenant, so no sentence refuses it.
 *
 * Refusals of credentials are 401 or 403 (RFC 6750 §3.1, the bearer-token standard 001 §5.1 names),
 * never another 4xx: a 404 of a route that is not there proves nothing about credentials. Which of
 * the two is observed. PUT /employee/{employeeId}'s path prefix is not shown (001 §4 Gaps): a probe
 * with the suite's valid token and an empty object first shows whether the route is served at the
 * path the row gives (any answer but 404); only when it is not shown is any 4xx taken as the refusal.
 *
 * Several scopes asked space-separated (001 §5.2) must still give a token every HR core operation
 * accepts. A token past the lifetime its response states (expires_in, else the JWT's exp - iat) must
 * be refused (001 §5.3 "Tokens live 300 seconds"): the test waits that long plus a margin, so it is
 * opt-in (`CONFORMANCE_SLOW=1`, tag @slow) when the wait is long; a short stated life runs at once.
 */
import { test } from '../fixtures';
import { fixedBearer } from '../../src/auth/oauth';
import { expectThat } from '../../src/checks';
import { CheckError } from '../../src/checks/check-error';
import { readEnv } from '../../src/config/env';
import { NO_AUTH, type AuthProvider } from '../../src/http/client';
import { EMPLOYEE_OP, EMPLOYEE_REFERENCE_OP, HR_WRITE_OPS, prepareWrites, subject, type HrContext } from '../support/v3-hr';
import { expectAccepted, expectCredentialsRefused, expectRefusal, observeOutcome, statusOf } from '../support/v3';
import {
  HR_WRITE_SCOPE,
  decodeJwt,
  foreignClientToken,
  grantedScopes,
  hasJwtForm,
  invalidTokens,
  sharedNoWriteToken,
  sharedSeveralScopesToken,
  statedLifetime,
  tokenRequest,
} from '../support/v3-token';

const LIFETIME_S = 300;
/** The lifetime accepted as "300 seconds": a server may subtract a few seconds of clock-skew margin. */
const MIN_LIFETIME_S = 290;
const lives300 = (seconds: number): boolean => seconds >= MIN_LIFETIME_S && seconds <= LIFETIME_S;

test.describe('tokens', () => {
  test('the token endpoint issues a bearer JWT for the configured client and scope, living 300 seconds @smoke', async ({
    target,
    observe,
  }) => {
    const hr = target.hr;
    test.skip(!hr, 'HR core v3 not configured');
    if (!hr) return;
    const before = Math.floor(Date.now() / 1000);
    const res = await tokenRequest(hr, target, hr.scope);
    const after = Math.ceil(Date.now() / 1000);
    observe('token', 'token endpoint status (valid client)', String(res.status));
    const token = res.body?.access_token;
    expectThat(
      res.status === 200 && typeof token === 'string' && token !== '',
      'token',
      `the token endpoint answered ${res.status} to the configured client with scope "${hr.scope}" without an access_token (RFC 6749 §5.1); ` +
        `body: ${res.text.slice(0, 300)}`,
      'v3.auth.token',
    );
    const tokenType = res.body?.token_type;
    observe('token', 'token_type', JSON.stringify(tokenType));
    expectThat(
      typeof tokenType === 'string' && tokenType.toLowerCase() === 'bearer',
      'token',
      `token_type is ${JSON.stringify(tokenType)}, expected "Bearer" in any case (RFC 6749 §5.1, §7.1)`,
      'v3.auth.token',
    );
    const granted = grantedScopes(res);
    observe('token', 'granted scope', granted ? granted.join(' ') : '(not stated)');

    // "(JWT)": the compact form, three base64url parts. No claim is required beyond those read below.
    expectThat(
      hasJwtForm(token),
      'token',
      'the access token is not a JWT in compact form (three base64url parts separated by dots, RFC 7519 §3)',
      'v3.auth.token',
    );
    const jwt = decodeJwt(token);
    observe(
      'token',
      'access_token format',
      jwt ? `JWT, alg ${String(jwt.header.alg)}` : 'three base64url parts whose header or payload is not a JSON object',
    );

    // Lifetime: expires_in is RECOMMENDED (RFC 6749 §5.1), exp OPTIONAL (RFC 7519 §4.1.4); whichever is
    // present must say 300 seconds. When neither is, 001 §5.3 itself documents the lifetime.
    const expiresIn = res.body?.expires_in;
    observe('token', 'expires_in', expiresIn === undefined ? '(absent)' : JSON.stringify(expiresIn));
    if (expiresIn !== undefined) {
      const seconds =
        typeof expiresIn === 'number' ? expiresIn : typeof expiresIn === 'string' && /^\d+$/.test(expiresIn) ? Number(expiresIn) : NaN;
      expectThat(
        lives300(seconds),
        'token',
        `expires_in is ${JSON.stringify(expiresIn)}, expected ${LIFETIME_S} seconds (${MIN_LIFETIME_S} to ${LIFETIME_S} tolerated)`,
        'v3.auth.lifetime',
      );
    }
    const exp = jwt?.payload.exp;
    const iat = jwt?.payload.iat;
    if (typeof exp === 'number' && typeof iat === 'number') {
      expectThat(
        lives300(exp - iat),
        'token',
        `the JWT lives exp - iat = ${exp - iat} seconds, expected ${LIFETIME_S} (${MIN_LIFETIME_S} to ${LIFETIME_S} tolerated)`,
        'v3.auth.lifetime',
      );
    } else if (typeof exp === 'number') {
      // No iat: compare with this machine's clock, allowing for the round trip and some clock skew.
      const skew = target.embedded ? 5 : 30;
      expectThat(
        exp >= before + MIN_LIFETIME_S - skew && exp <= after + LIFETIME_S + skew,
        'token',
        `the JWT's exp is ${exp - before} seconds after the request, expected ${LIFETIME_S} (no iat claim; ${skew} s of clock skew allowed)`,
        'v3.auth.lifetime',
      );
      observe('token', 'JWT iat claim', 'absent');
    } else {
      observe('token', 'JWT exp claim', jwt ? 'absent' : 'unreadable');
    }
    if (expiresIn === undefined && typeof exp !== 'number') {
      observe('untestable', 'token lifetime', 'neither expires_in nor a JWT exp claim states it: 001 §5.3 documents 300 seconds');
    }
  });

  test('the token endpoint issues no token to a wrong client secret or an unknown client', async ({ target, observe }) => {
    const hr = target.hr;
    test.skip(!hr, 'HR core v3 not configured');
    if (!hr) return;
    const cases = [
      { what: 'a wrong client secret', client: { clientId: hr.clientId, clientSecret: `${hr.clientSecret}-wrong` } },
      { what: 'an unknown client', client: { clientId: `conformance-unknown-${target.run.runId}`, clientSecret: 'not-a-secret' } },
    ];
    for (const { what, client } of cases) {
      const res = await tokenRequest(hr, target, hr.scope, client);
      observe('token', `token endpoint status (${what})`, String(res.status));
      const issued = res.status === 200 && typeof res.body?.access_token === 'string' && res.body.access_token !== '';
      // RFC 6749 §5.2: an error response (400, or 401 for invalid_client); the exact status is observed.
      expectThat(
        !issued && res.status >= 400 && res.status < 500,
        'auth-enforced',
        `the token endpoint answered ${res.status}${issued ? ' with an access_token' : ''} to ${what}`,
        'v3.auth.token',
      );
    }
  });
});

/**
 * Whether PUT /employee/{employeeId} is served at `path` (001 §4 Gaps: its prefix is not shown): the
 * suite's valid token and an empty object, which sets nothing, answered by anything but a 404.
 */
async function referenceRouteShown(ctx: HrContext, path: string): Promise<boolean> {
  const ex = await ctx.hr.send({ method: 'PUT', path, body: {}, operationId: EMPLOYEE_REFERENCE_OP });
  observeOutcome(ctx.observe, subject(EMPLOYEE_REFERENCE_OP, 'empty object with a valid token (route probe)'), ex);
  const shown = (ex.response?.status ?? 404) !== 404;
  if (!shown) {
    test.info().annotations.push({
      type: 'note',
      description:
        `PUT ${path} with a valid token answered ${statusOf(ex)}: the route is not shown at this path (001 §4 Gaps), ` +
        'so any 4xx is taken as the refusal',
    });
  }
  return shown;
}

/** Sends one fresh valid write of `opId` per credential; each must be refused by `check` (null: observed only). */
async function expectRefusedFor(
  ctx: HrContext,
  opId: string,
  credentials: { what: string; auth: AuthProvider }[],
  check: 'auth-enforced' | 'scope' | null,
): Promise<void> {
  const writes = await prepareWrites(ctx, opId);
  if (writes.note) test.info().annotations.push({ type: 'note', description: writes.note });
  let routeShown: boolean | null = opId === EMPLOYEE_REFERENCE_OP ? null : true;
  for (const { what, auth } of credentials) {
    const write = writes.next();
    if (routeShown === null && check !== null) routeShown = await referenceRouteShown(ctx, write.path);
    const ex = await ctx.hr.send({ method: 'PUT', path: write.path, body: write.body, auth, operationId: opId });
    write.onAccepted(ex);
    observeOutcome(ctx.observe, subject(opId, `with ${what}`), ex);
    const why = `sent with ${what}`;
    if (check === null) continue;
    if (routeShown !== true) {
      // The route is not shown at this path (001 §4 Gaps): a 404 may mean this target serves it elsewhere.
      if (check === 'scope') expectRefusal(ex, 'scope', 'v3.auth.scope', why);
      else expectRefusal(ex, 'auth-enforced', 'v3.auth.token', why);
    } else if (check === 'scope') {
      expectCredentialsRefused(ex, 'scope', 'v3.auth.scope', why);
    } else {
      expectCredentialsRefused(ex, 'auth-enforced', 'v3.auth.token', why);
    }
  }
}

for (const opId of HR_WRITE_OPS) {
  const refusal = opId === EMPLOYEE_REFERENCE_OP ? '401 or 403 where the route is shown' : '401 or 403';
  test.describe(`${opId} credentials`, () => {
    test(`${opId}: no token, a malformed token and forged tokens are refused (${refusal}) @smoke`, async ({
      hr,
      hrTokens,
      target,
      cleanup,
      observe,
      covers,
    }) => {
      covers(opId, '4xx');
      const real = await hrTokens.token();
      const credentials = [
        { what: 'no token', auth: NO_AUTH },
        ...invalidTokens(real).map(({ what, token }) => ({ what, auth: fixedBearer(token) })),
      ];
      await expectRefusedFor({ hr, target, cleanup, observe }, opId, credentials, 'auth-enforced');
    });

    test(`${opId}: a token issued to another tenant's client is observed`, async ({ hr, target, cleanup, observe }) => {
      const token = await foreignClientToken(target);
      await expectRefusedFor(
        { hr, target, cleanup, observe },
        opId,
        [{ what: "a token of another tenant's client", auth: fixedBearer(token) }],
        null,
      );
    });

    test(`${opId}: a token without ${HR_WRITE_SCOPE} is refused (${refusal})`, async ({ hr, target, cleanup, observe, covers }) => {
      covers(opId, '4xx');
      if (!target.hr) return;
      const noWrite = await sharedNoWriteToken(target.hr, target);
      if (noWrite.kind === 'none') {
        // Lawful: the client cannot obtain such a token at all, so the rule holds vacuously.
        observe('token', `token without ${HR_WRITE_SCOPE}`, `${noWrite.reason} (${noWrite.attempts.join('; ')})`);
        test.info().annotations.push({ type: 'note', description: `scope rule holds vacuously: ${noWrite.reason}` });
        return;
      }
      observe(
        'token',
        `token without ${HR_WRITE_SCOPE}`,
        `issued for scope "${noWrite.scope}"${noWrite.granted ? `, granting "${noWrite.granted.join(' ')}"` : ''}`,
      );
      await expectRefusedFor(
        { hr, target, cleanup, observe },
        opId,
        [{ what: `a token for "${noWrite.scope}" only`, auth: fixedBearer(noWrite.token) }],
        'scope',
      );
    });

    test(`${opId}: a token asked for with several space-separated scopes, ${HR_WRITE_SCOPE} among them, is accepted`, async ({
      hr,
      target,
      cleanup,
      observe,
      covers,
    }) => {
      if (!target.hr) return;
      const several = await sharedSeveralScopesToken(target.hr, target);
      if (several.kind === 'refused') {
        // RFC 6749 §5.2 lets a token endpoint refuse a scope it does not know (invalid_scope): observed.
        observe('token', `token for several scopes "${several.scope}"`, `refused: HTTP ${several.status} ${several.error}`);
        const description = `the token endpoint refused "${several.scope}" (HTTP ${several.status} ${several.error})`;
        test.info().annotations.push({ type: 'note', description });
        return;
      }
      const granted = several.granted ? `granted "${several.granted.join(' ')}"` : 'granted scope not stated';
      observe('token', `token for several scopes "${several.scope}"`, granted);
      const ctx = { hr, target, cleanup, observe };
      const auth = fixedBearer(several.token);
      const why = `the token was asked for with the scopes "${several.scope}" (space-separated, ${HR_WRITE_SCOPE} among them)`;
      if (opId === EMPLOYEE_REFERENCE_OP) {
        // A real write would change an employee the suite did not create: an empty object (it sets nothing)
        // may be refused for its payload (not shown, 001 §4 Gaps), never for the token's scope.
        const writes = await prepareWrites(ctx, opId);
        const ex = await hr.send({ method: 'PUT', path: writes.next().path, body: {}, auth, operationId: opId });
        observeOutcome(observe, subject(opId, 'empty object with a token for several scopes'), ex);
        const status = ex.response?.status ?? 0;
        expectThat(status !== 401 && status !== 403, 'scope', `PUT ${opId} answered ${statusOf(ex)}: ${why}`, 'v3.auth.scope');
        return;
      }
      covers(opId, '2xx');
      const write = (await prepareWrites(ctx, opId)).next();
      const ex = await hr.send({ method: 'PUT', path: write.path, body: write.body, auth, operationId: opId });
      write.onAccepted(ex);
      observeOutcome(observe, subject(opId, 'create with a token for several scopes'), ex);
      expectAccepted(ex, 'scope', 'v3.auth.scope', why);
    });
  });
}

/** Seconds past the stated lifetime before the token is used again: servers may allow a little clock skew. */
const expiryMargin = (lifetime: number): number => Math.max(2, Math.ceil(lifetime / 10));
/** The longest wait that runs without CONFORMANCE_SLOW=1. */
const FAST_WAIT_S = 20;

test.describe('token lifetime', () => {
  test(`a token is refused after its stated lifetime (a wait over ${FAST_WAIT_S} s runs only with CONFORMANCE_SLOW=1) @slow`, async ({
    hr,
    target,
    cleanup,
    observe,
  }) => {
    const hrTarget = target.hr;
    test.skip(!hrTarget, 'HR core v3 not configured');
    if (!hrTarget) return;
    const askedAt = Date.now();
    const res = await tokenRequest(hrTarget, target, hrTarget.scope);
    const token = res.body?.access_token;
    if (res.status !== 200 || typeof token !== 'string' || token === '') {
      throw new CheckError('setup', 'v3.auth.token', `the token endpoint gave no token to the configured client (HTTP ${res.status})`);
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

    const ctx = { hr, target, cleanup, observe };
    const writes = await prepareWrites(ctx, EMPLOYEE_OP);
    const auth = fixedBearer(token);
    const fresh = writes.next();
    const before = await hr.send({ method: 'PUT', path: fresh.path, body: fresh.body, auth, operationId: EMPLOYEE_OP });
    fresh.onAccepted(before);
    expectAccepted(before, 'setup', 'v3.auth.token', "a write with a token just issued is this test's precondition");

    const remaining = askedAt + wait * 1000 - Date.now();
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    const late = writes.next();
    const after = await hr.send({ method: 'PUT', path: late.path, body: late.body, auth, operationId: EMPLOYEE_OP });
    late.onAccepted(after);
    const elapsed = Math.round((Date.now() - askedAt) / 1000);
    observeOutcome(observe, subject(EMPLOYEE_OP, 'with a token past its stated lifetime'), after);
    expectCredentialsRefused(
      after,
      'auth-enforced',
      'v3.auth.lifetime',
      `the token was used ${elapsed} s after it was asked for; it states a life of ${stated.seconds} s (${stated.source})`,
    );
  });
});
