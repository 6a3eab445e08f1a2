/**
 * Learning credentials (001 §5): the learning operation takes the v3 bearer token (its scope is not
 * shown, 001 §5.5, so only the token itself is checked): no token, a malformed or forged token, and
 * a token of another client are refused. The refusal status is not shown (001 §7.4): any 4xx,
 * observed.
 */
import { test } from '../fixtures';
import { fixedBearer } from '../../src/auth/oauth';
import { NO_AUTH, type AuthProvider } from '../../src/http/client';
import { ACTIVITY_OP, activityBody, activityPath, archiveIfCreated } from '../support/v3-learning';
import { expectRefusal, observeOutcome, runExternalId } from '../support/v3';
import { foreignClientToken, invalidTokens } from '../support/v3-token';

test.describe('learning credentials', () => {
  test('PUT activity with no token, a malformed token or forged tokens is refused (4xx) @smoke', async ({ learning, hrTokens, target, cleanup, covers, observe }) => {
    covers(ACTIVITY_OP, '4xx');
    const real = await hrTokens.token();
    const credentials: { what: string; auth: AuthProvider }[] = [{ what: 'no token', auth: NO_AUTH }, ...invalidTokens(real).map(({ what, token }) => ({ what, auth: fixedBearer(token) }))];
    for (const { what, auth } of credentials) {
      const externalId = runExternalId(target, 'act');
      const ex = await learning.send({ method: 'PUT', path: activityPath(externalId), body: activityBody(target, 'private'), auth, operationId: ACTIVITY_OP });
      archiveIfCreated({ learning, target, cleanup, observe }, ex, externalId, 'private');
      observeOutcome(observe, `PUT activity create with ${what}`, ex);
      expectRefusal(ex, 'auth-enforced', '001 §5.1, §5.5', `sent with ${what}`);
    }
  });

  test('PUT activity with a token issued to another client is refused (4xx)', async ({ learning, target, cleanup, covers, observe }) => {
    covers(ACTIVITY_OP, '4xx');
    const token = await foreignClientToken(target);
    const externalId = runExternalId(target, 'act');
    const ex = await learning.send({ method: 'PUT', path: activityPath(externalId), body: activityBody(target, 'private'), auth: fixedBearer(token), operationId: ACTIVITY_OP });
    archiveIfCreated({ learning, target, cleanup, observe }, ex, externalId, 'private');
    observeOutcome(observe, 'PUT activity create with a token of another client', ex);
    expectRefusal(ex, 'auth-enforced', '001 §5.1, §5.4', 'the token was issued to another client');
  });
});
