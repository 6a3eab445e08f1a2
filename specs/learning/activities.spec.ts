/** Learning activities (001 §4: PUT /learning/activities/externalId/{externalId}). */
import { test } from '../fixtures';
import { expectDocumented } from '../../src/checks';
import { pathFor } from '../../src/http/client';
import { LEARNING_PROVIDER_FIELD } from '../../src/schemas/names';
import { runExternalId } from '../support/v3';

test.describe('learning activities', () => {
  test('PUT creates an activity: 201 with {id, aggregateId, url} @smoke', async ({ learning, target, covers }) => {
    const op = covers('learning.activities.put', '201');
    const hr = target.hr;
    test.skip(!hr?.learningProviderId || !hr.learningOwnerId, 'LEARNING_PROVIDER_ID and LEARNING_OWNER_ID are not set');
    const externalId = runExternalId(target, 'act');
    const ex = await learning.send({
      method: 'PUT',
      path: pathFor(op.path, { externalId }),
      body: { [LEARNING_PROVIDER_FIELD]: { id: hr?.learningProviderId }, owner: { id: hr?.learningOwnerId }, accessLevel: 'private', title: `Conformance ${target.run.runId}` },
      operationId: op.id,
    });
    expectDocumented(ex, op, '201');
  });
});
