/**
 * Learning credentials (001 §5): "Scope required for learning operations: not shown." says the
 * learning operations need a scope, so an OAuth bearer token; which scope is not said, so only the
 * token itself is checked: no token, a malformed or forged token are refused with 401 or 403
 * (RFC 6750 §3.1); which one is observed. A token another tenant's client obtained is observed only
 * (001 §5.4 issues credentials "per environment", not per tenant).
 */
import { test } from '../fixtures';
import { fixedBearer } from '../../src/auth/oauth';
import { NO_AUTH, type AuthProvider } from '../../src/http/client';
import { ACTIVITY_OP, activityBody, activityPath, archiveIfCreated, providerField } from '../support/v3-learning';
import { expectCredentialsRefused, observeOutcome, runExternalId } from '../support/v3';
import { foreignClientToken, invalidTokens } from '../support/v3-token';

test.describe('learning credentials', () => {
  test('PUT activity with no token, a malformed token or forged tokens is refused (401 or 403) @smoke', async ({
    learning,
    hrTokens,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    covers(ACTIVITY_OP, '4xx');
    const ctx = { learning, target, cleanup, observe };
    const field = await providerField(ctx);
    const real = await hrTokens.token();
    const credentials: { what: string; auth: AuthProvider }[] = [
      { what: 'no token', auth: NO_AUTH },
      ...invalidTokens(real).map(({ what, token }) => ({ what, auth: fixedBearer(token) })),
    ];
    for (const { what, auth } of credentials) {
      const externalId = runExternalId(target, 'act');
      const body = activityBody(target, field, 'private');
      const ex = await learning.send({ method: 'PUT', path: activityPath(externalId), body, auth, operationId: ACTIVITY_OP });
      archiveIfCreated(ctx, ex, externalId, 'private');
      observeOutcome(observe, `PUT activity create with ${what}`, ex);
      expectCredentialsRefused(ex, 'auth-enforced', 'learning.auth.scope', `sent with ${what}`);
    }
  });

  test("PUT activity with a token issued to another tenant's client is observed", async ({ learning, target, cleanup, observe }) => {
    const ctx = { learning, target, cleanup, observe };
    const token = await foreignClientToken(target);
    const field = await providerField(ctx);
    const externalId = runExternalId(target, 'act');
    const body = activityBody(target, field, 'private');
    const ex = await learning.send({
      method: 'PUT',
      path: activityPath(externalId),
      body,
      auth: fixedBearer(token),
      operationId: ACTIVITY_OP,
    });
    archiveIfCreated(ctx, ex, externalId, 'private');
    observeOutcome(observe, "PUT activity create with a token of another tenant's client", ex);
  });
});
