/**
 * Learning activities lifecycle (001 §3, §4: PUT /learning/activities/externalId/{externalId}):
 * create answers 201 with {id, aggregateId, url}, update 200 (also through the path with a trailing
 * slash), null removes a value, isArchived true archives with 200, and the four fields required on
 * create. The update body is not shown (001 §4 Gaps): its shape is observed.
 */
import { test } from '../fixtures';
import { expectDocumented, expectThat } from '../../src/checks';
import { bodyShape } from '../../src/reporting/observations';
import { LEARNING_PROVIDER_FIELD } from '../../src/schemas/names';
import { ACCESS_LEVELS, ACTIVITY_OP, activityBody, archiveActivityAtEnd, createActivity, createdBody, learningIds, putActivity, tryCreate, type Activity } from '../support/v3-learning';
import { expectRefusalWithMessage, is2xx, observeOutcome, runExternalId, runTitle } from '../support/v3';

test.describe('learning activities', () => {
  for (const accessLevel of ACCESS_LEVELS) {
    test(`PUT creates a ${accessLevel} activity: 201 with {id integer, aggregateId, url string}${accessLevel === 'private' ? ' @smoke' : ''}`, async ({ learning, target, cleanup, covers, observe }) => {
      const op = covers(ACTIVITY_OP, '201');
      const externalId = runExternalId(target, 'act');
      // description only on orgwide: public and private may use "a limited set" of fields, not listed (001 §2).
      const ex = await putActivity(learning, externalId, activityBody(target, accessLevel, accessLevel === 'orgwide' ? { description: runTitle(target, 'description') } : {}));
      const activity: Activity = { externalId, accessLevel, created: createdBody(ex), archived: false };
      if (is2xx(ex)) archiveActivityAtEnd({ learning, target, cleanup, observe }, activity);
      observeOutcome(observe, `PUT activity create (${accessLevel})`, ex);
      expectDocumented(ex, op, '201');
      const { id, aggregateId, url } = activity.created;
      const seed = '001 §4 Operations: 201 with body {id integer, aggregateId identifier, url string}';
      expectThat(typeof id === 'number' && Number.isInteger(id), 'schema', `id is ${JSON.stringify(id)}, expected an integer`, seed);
      expectThat(aggregateId !== undefined && aggregateId !== null && aggregateId !== '', 'schema', `aggregateId is ${JSON.stringify(aggregateId)}, expected an identifier`, seed);
      expectThat(typeof url === 'string', 'schema', `url is ${JSON.stringify(url)}, expected a string`, seed);
      observe('response-shape', 'learning create: aggregateId', typeof aggregateId);
    });
  }

  test('PUT updates an activity: 200, also through the path with a trailing slash @smoke', async ({ learning, target, cleanup, covers, observe }) => {
    const op = covers(ACTIVITY_OP, '200');
    const activity = await createActivity({ learning, target, cleanup, observe }, 'private');

    const updated = await putActivity(learning, activity.externalId, { title: runTitle(target, 'private activity renamed') });
    observeOutcome(observe, 'PUT activity update', updated);
    observe('response-shape', 'learning update body', bodyShape(updated.response?.text ?? ''));
    expectDocumented(updated, op, '200', { schema: false });

    const slashed = await putActivity(learning, activity.externalId, { title: runTitle(target, 'private activity renamed again') }, true);
    observeOutcome(observe, 'PUT activity update (path ending with a slash)', slashed);
    expectDocumented(slashed, op, '200', { schema: false });
  });

  test('PUT with a field sent as null removes its value: 200', async ({ learning, target, cleanup, covers, observe }) => {
    const op = covers(ACTIVITY_OP, '200');
    const activity = await createActivity({ learning, target, cleanup, observe }, 'orgwide', { description: runTitle(target, 'description'), duration: { duration: 30, durationPeriod: 'minutes' } });
    const ex = await putActivity(learning, activity.externalId, { description: null, duration: null });
    observeOutcome(observe, 'PUT activity update with fields sent as null', ex);
    expectDocumented(ex, op, '200', { schema: false });
  });

  test('PUT with isArchived true archives the activity: 200 @smoke', async ({ learning, target, cleanup, covers, observe }) => {
    const op = covers(ACTIVITY_OP, '200');
    const activity = await createActivity({ learning, target, cleanup, observe }, 'public');
    const ex = await putActivity(learning, activity.externalId, { isArchived: true });
    if (is2xx(ex)) activity.archived = true;
    observeOutcome(observe, 'PUT activity archive', ex);
    observe('response-shape', 'learning archive body', bodyShape(ex.response?.text ?? ''));
    expectDocumented(ex, op, '200', { schema: false });
  });

  for (const field of [LEARNING_PROVIDER_FIELD, 'owner', 'accessLevel', 'title']) {
    test(`PUT create without ${field} is refused with a validation message`, async ({ learning, target, cleanup, covers, observe }) => {
      covers(ACTIVITY_OP, '4xx');
      const ex = await tryCreate({ learning, target, cleanup, observe }, 'private', {}, [field]);
      observeOutcome(observe, `PUT activity create without ${field}`, ex);
      expectRefusalWithMessage(ex, 'validation', '001 §4 Operations: create requires the service, owner, accessLevel, title; §7.1', `${field} is required on create`);
    });
  }

  for (const field of [LEARNING_PROVIDER_FIELD, 'owner'] as const) {
    test(`PUT create with a ${field} id that was never issued is refused with a validation message`, async ({ learning, target, cleanup, covers, observe }) => {
      covers(ACTIVITY_OP, '4xx');
      const { providerId, ownerId } = learningIds(target);
      // An id far from the registered one; 001 §2: both ids are issued to the integrator at registration.
      const unissued = (field === 'owner' ? ownerId : providerId) + 987_654_321;
      const ex = await tryCreate({ learning, target, cleanup, observe }, 'private', { [field]: { id: unissued } });
      observeOutcome(observe, `PUT activity create with an unissued ${field} id`, ex);
      expectRefusalWithMessage(ex, 'validation', `001 §2 Learning activity: ${field === 'owner' ? 'owner' : 'the service'} id issued at registration`, `${field}.id ${unissued} was not issued to this integrator`);
    });
  }
});
