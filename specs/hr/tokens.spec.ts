/**
 * v3 credentials (001 §5): the client-credentials token (scope, 300-second life), and the HR core
 * operations' refusal of requests without a token, with a malformed or forged token, with a token of
 * another client, and with a token lacking Public.HrCore.Write.
 *
 * The refusal statuses are not shown (001 §7.4): any 4xx is lawful (401 and 403 alike), the exact
 * status is observed.
 */
import { test } from '../fixtures';
import { fixedBearer } from '../../src/auth/oauth';
import { expectThat } from '../../src/checks';
import { NO_AUTH, type AuthProvider } from '../../src/http/client';
import { validateAgainst } from '../../src/schemas/registry';
import { HR_WRITE_OPS, prepareWrites, subject } from '../support/v3-hr';
import { expectRefusal, observeOutcome } from '../support/v3';
import { HR_WRITE_SCOPE, decodeJwt, foreignClientToken, grantedScopes, invalidTokens, sharedNoWriteToken, tokenRequest } from '../support/v3-token';

const LIFETIME_S = 300;
const TOKEN_RESPONSE_SCHEMA = 'https://schemas.conformance.test/hr/token-response.json';

test.describe('tokens', () => {
  test('the token endpoint issues a bearer token for the configured client and scope, living 300 seconds @smoke', async ({ target, observe }) => {
    const hr = target.hr;
    test.skip(!hr, 'HR core v3 not configured');
    if (!hr) return;
    const before = Math.floor(Date.now() / 1000);
    const res = await tokenRequest(hr, target, hr.scope);
    const after = Math.ceil(Date.now() / 1000);
    observe('token', 'token endpoint status (valid client)', String(res.status));
    const token = res.body?.access_token;
    expectThat(res.status === 200 && typeof token === 'string' && token !== '', 'token', `the token endpoint answered ${res.status} to the configured client with scope "${hr.scope}" without an access_token; body: ${res.text.slice(0, 300)}`, '001 §5.1');
    const result = validateAgainst(TOKEN_RESPONSE_SCHEMA, res.body);
    expectThat(result.valid, 'token', `the token response does not match token-response.json: ${result.errors.slice(0, 5).join('; ')}`, '001 §5.1');
    expectThat(typeof res.body?.token_type === 'string' && /^bearer$/i.test(res.body.token_type), 'token', `token_type is ${JSON.stringify(res.body?.token_type)}, expected "Bearer"`, '001 §5.1');
    observe('token', 'token_type', String(res.body?.token_type));
    expectThat(res.body?.expires_in === LIFETIME_S, 'token', `expires_in is ${JSON.stringify(res.body?.expires_in)}, expected ${LIFETIME_S} (tokens live 300 seconds)`, '001 §5.3, §8');
    const granted = grantedScopes(res);
    observe('token', 'granted scope', granted ? granted.join(' ') : '(not stated)');
    if (granted) expectThat(granted.includes(HR_WRITE_SCOPE) || !hr.scope.split(/\s+/).includes(HR_WRITE_SCOPE), 'token', `asked for "${hr.scope}", the token response grants "${granted.join(' ')}" without ${HR_WRITE_SCOPE}`, '001 §5.2');
    const jwt = decodeJwt(token);
    if (!jwt) {
      observe('token', 'access_token format', 'opaque (not a JWT): exp cannot be read');
      return;
    }
    observe('token', 'access_token format', `JWT, alg ${String(jwt.header.alg)}`);
    const { exp, iat } = jwt.payload;
    expectThat(typeof exp === 'number', 'token', `the JWT has no numeric exp claim (exp: ${JSON.stringify(exp)})`, '001 §5.3');
    if (typeof iat === 'number') {
      expectThat(exp - iat === LIFETIME_S, 'token', `the JWT lives exp - iat = ${exp - iat} seconds, expected ${LIFETIME_S}`, '001 §5.3, §8');
    } else {
      // No iat: compare with this machine's clock, allowing for the round trip and some clock skew.
      const skew = target.embedded ? 5 : 30;
      expectThat(exp >= before + LIFETIME_S - skew && exp <= after + LIFETIME_S + skew, 'token', `the JWT's exp is ${exp - before} seconds after the request, expected ${LIFETIME_S} (no iat claim)`, '001 §5.3, §8');
      observe('token', 'JWT iat claim', 'absent');
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
      expectThat(!issued && res.status < 500, 'auth-enforced', `the token endpoint answered ${res.status}${issued ? ' with an access_token' : ''} to ${what}`, '001 §5.1, §5.4');
    }
  });
});

/** Sends one fresh valid write of `opId` per credential; each must be refused. */
async function expectRefusedFor(
  ctx: Parameters<typeof prepareWrites>[0],
  opId: string,
  credentials: { what: string; auth: AuthProvider }[],
  check: 'auth-enforced' | 'scope',
  seed: string,
): Promise<void> {
  const writes = await prepareWrites(ctx, opId);
  if (writes.note) test.info().annotations.push({ type: 'note', description: writes.note });
  for (const { what, auth } of credentials) {
    const write = writes.next();
    const ex = await ctx.hr.send({ method: 'PUT', path: write.path, body: write.body, auth, operationId: opId });
    write.onAccepted(ex);
    observeOutcome(ctx.observe, subject(opId, `with ${what}`), ex);
    expectRefusal(ex, check, seed, `sent with ${what}`);
  }
}

for (const opId of HR_WRITE_OPS) {
  test.describe(`${opId} credentials`, () => {
    test(`${opId}: no token, a malformed token and forged tokens are refused (4xx) @smoke`, async ({ hr, hrTokens, target, cleanup, observe, covers }) => {
      covers(opId, '4xx');
      const real = await hrTokens.token();
      const credentials = [{ what: 'no token', auth: NO_AUTH }, ...invalidTokens(real).map(({ what, token }) => ({ what, auth: fixedBearer(token) }))];
      await expectRefusedFor({ hr, target, cleanup, observe }, opId, credentials, 'auth-enforced', '001 §5.1');
    });

    test(`${opId}: a token issued to another client is refused (4xx)`, async ({ hr, target, cleanup, observe, covers }) => {
      covers(opId, '4xx');
      const token = await foreignClientToken(target);
      await expectRefusedFor({ hr, target, cleanup, observe }, opId, [{ what: 'a token of another client', auth: fixedBearer(token) }], 'auth-enforced', '001 §5.1, §5.4');
    });

    test(`${opId}: a token without ${HR_WRITE_SCOPE} is refused (4xx)`, async ({ hr, target, cleanup, observe, covers }) => {
      covers(opId, '4xx');
      if (!target.hr) return;
      const noWrite = await sharedNoWriteToken(target.hr, target);
      if (noWrite.kind === 'none') {
        // Lawful: the client cannot obtain such a token at all, so the rule holds vacuously.
        observe('token', `token without ${HR_WRITE_SCOPE}`, `${noWrite.reason} (${noWrite.attempts.join('; ')})`);
        test.info().annotations.push({ type: 'note', description: `scope rule holds vacuously: ${noWrite.reason}` });
        return;
      }
      observe('token', `token without ${HR_WRITE_SCOPE}`, `issued for scope "${noWrite.scope}"${noWrite.granted ? `, granting "${noWrite.granted.join(' ')}"` : ''}`);
      await expectRefusedFor({ hr, target, cleanup, observe }, opId, [{ what: `a token for "${noWrite.scope}" only`, auth: fixedBearer(noWrite.token) }], 'scope', '001 §5.2');
    });
  });
}
