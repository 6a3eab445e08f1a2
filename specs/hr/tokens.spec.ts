/**
 * v3 credentials (001 §5): the client-credentials token (RFC 6749 §4.4, §5.1, §5.2), its JWT form
 * (RFC 7519 §3), its 300-second life, and the HR core operations' refusal of requests without a
 * token, with a malformed or forged token, and with a token lacking Public.HrCore.Write.
 *
 * Observed only: a token another tenant's client obtained (only the embedded server has such a
 * client). 001 §5.4 issues credentials "per environment", not per tenant, so no sentence refuses it.
 *
 * Refusals of credentials are 401 or 403 (RFC 6750 §3.1, the bearer-token standard 001 §5.1 names);
 * which one is observed. The one exception is PUT /employee/{employeeId}, whose path prefix is not
 * shown (001 §4 Gaps): there any 4xx is a refusal (a 404 may mean this target's prefix differs).
 */
import { test } from '../fixtures';
import { fixedBearer } from '../../src/auth/oauth';
import { expectThat } from '../../src/checks';
import { NO_AUTH, type AuthProvider } from '../../src/http/client';
import { EMPLOYEE_REFERENCE_OP, HR_WRITE_OPS, prepareWrites, subject } from '../support/v3-hr';
import { expectCredentialsRefused, expectRefusal, observeOutcome } from '../support/v3';
import {
  HR_WRITE_SCOPE,
  decodeJwt,
  foreignClientToken,
  grantedScopes,
  hasJwtForm,
  invalidTokens,
  sharedNoWriteToken,
  tokenRequest,
} from '../support/v3-token';

const LIFETIME_S = 300;
/** The lifetime accepted as "300 seconds": a server may subtract a few seconds of clock-skew margin. */
const MIN_LIFETIME_S = 290;
const lives300 = (seconds: number): boolean => seconds >= MIN_LIFETIME_S && seconds <= LIFETIME_S;

test.describe('tokens', () => {
  test('the token endpoint issues a bearer JWT for the configured client and scope, living 300 seconds @smoke', async ({ target, observe }) => {
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
    observe('token', 'access_token format', jwt ? `JWT, alg ${String(jwt.header.alg)}` : 'three base64url parts whose header or payload is not a JSON object');

    // Lifetime: expires_in is RECOMMENDED (RFC 6749 §5.1), exp OPTIONAL (RFC 7519 §4.1.4); whichever is
    // present must say 300 seconds. When neither is, 001 §5.3 itself documents the lifetime.
    const expiresIn = res.body?.expires_in;
    observe('token', 'expires_in', expiresIn === undefined ? '(absent)' : JSON.stringify(expiresIn));
    if (expiresIn !== undefined) {
      const seconds = typeof expiresIn === 'number' ? expiresIn : typeof expiresIn === 'string' && /^\d+$/.test(expiresIn) ? Number(expiresIn) : NaN;
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

/** Sends one fresh valid write of `opId` per credential; each must be refused by `check` (null: observed only). */
async function expectRefusedFor(
  ctx: Parameters<typeof prepareWrites>[0],
  opId: string,
  credentials: { what: string; auth: AuthProvider }[],
  check: 'auth-enforced' | 'scope' | null,
): Promise<void> {
  const writes = await prepareWrites(ctx, opId);
  if (writes.note) test.info().annotations.push({ type: 'note', description: writes.note });
  for (const { what, auth } of credentials) {
    const write = writes.next();
    const ex = await ctx.hr.send({ method: 'PUT', path: write.path, body: write.body, auth, operationId: opId });
    write.onAccepted(ex);
    observeOutcome(ctx.observe, subject(opId, `with ${what}`), ex);
    const why = `sent with ${what}`;
    if (check === null) continue;
    if (opId === EMPLOYEE_REFERENCE_OP) {
      // The path prefix is not shown (001 §4 Gaps): a 404 may mean this target serves it elsewhere.
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
  const refusal = opId === EMPLOYEE_REFERENCE_OP ? '4xx' : '401 or 403';
  test.describe(`${opId} credentials`, () => {
    test(
      `${opId}: no token, a malformed token and forged tokens are refused (${refusal}) @smoke`,
      async ({ hr, hrTokens, target, cleanup, observe, covers }) => {
        covers(opId, '4xx');
        const real = await hrTokens.token();
        const credentials = [{ what: 'no token', auth: NO_AUTH }, ...invalidTokens(real).map(({ what, token }) => ({ what, auth: fixedBearer(token) }))];
        await expectRefusedFor({ hr, target, cleanup, observe }, opId, credentials, 'auth-enforced');
      },
    );

    test(`${opId}: a token issued to another tenant's client is observed`, async ({ hr, target, cleanup, observe }) => {
      const token = await foreignClientToken(target);
      await expectRefusedFor({ hr, target, cleanup, observe }, opId, [{ what: "a token of another tenant's client", auth: fixedBearer(token) }], null);
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
  });
}
