/**
 * Learning access levels (001 §2 content, §3 access-level rules): text and weblink content usable at
 * every access level, other types (scormcourse) at orgwide; an update that sends the activity's own
 * access level alters nothing and is accepted. The refusals and their messages are in
 * validation-messages.spec.ts.
 */
import { test } from '../fixtures';
import { expectStatus } from '../../src/checks';
import { ACCESS_LEVELS, ACTIVITY_OP, createActivity, putActivity, tryCreate, type AccessLevel } from '../support/v3-learning';
import { expectAccepted, observeOutcome, runExternalId, runTitle } from '../support/v3';

test.describe('learning access levels', () => {
  for (const accessLevel of ACCESS_LEVELS) {
    test(`a ${accessLevel} activity accepts content types text and weblink (201)`, async ({ learning, target, cleanup, covers, observe }) => {
      covers(ACTIVITY_OP, '201');
      const ctx = { learning, target, cleanup, observe };
      for (const content of [{ type: 'text', text: runTitle(target, 'text content') }, { type: 'weblink' }]) {
        const ex = await tryCreate(ctx, accessLevel, { content });
        observeOutcome(observe, `PUT activity create ${accessLevel} with content type ${content.type}`, ex);
        expectAccepted(ex, '001 §2 content.type: text and weblink usable at every access level', `${content.type} at ${accessLevel}`, 'access-level');
        expectStatus(ex, 201, { seed: '001 §4 Operations: create 201' });
      }
    });
  }

  test('an orgwide activity accepts content type scormcourse (201)', async ({ learning, target, cleanup, covers, observe }) => {
    covers(ACTIVITY_OP, '201');
    const ex = await tryCreate({ learning, target, cleanup, observe }, 'orgwide', { content: { type: 'scormcourse' } });
    observeOutcome(observe, 'PUT activity create orgwide with content type scormcourse', ex);
    expectAccepted(ex, '001 §2 content.type: other types such as scormcourse only at orgwide', 'scormcourse at orgwide', 'access-level');
    expectStatus(ex, 201, { seed: '001 §4 Operations: create 201' });
  });

  test('an orgwide activity accepts the orgwide-only field code (201)', async ({ learning, target, cleanup, covers, observe }) => {
    covers(ACTIVITY_OP, '201');
    const ex = await tryCreate({ learning, target, cleanup, observe }, 'orgwide', { code: runExternalId(target, 'code') });
    observeOutcome(observe, 'PUT activity create orgwide with code', ex);
    expectAccepted(ex, '001 §2 code: applies to orgwide activities; orgwide activities may use every field', 'code at orgwide', 'access-level');
    expectStatus(ex, 201, { seed: '001 §4 Operations: create 201' });
  });

  for (const accessLevel of ACCESS_LEVELS) {
    test(`an update of a ${accessLevel} activity that sends its own access level alters nothing: 200`, async ({ learning, target, cleanup, covers, observe }) => {
      covers(ACTIVITY_OP, '200');
      const activity = await createActivity({ learning, target, cleanup, observe }, accessLevel);
      const ex = await putActivity(learning, activity.externalId, { accessLevel, title: runTitle(target, `${accessLevel} activity, same level`) });
      observeOutcome(observe, `PUT activity update ${accessLevel} -> ${accessLevel}`, ex);
      expectAccepted(ex, '001 §7.2: the refusal is for an access level that is "altered"; 001 §3', `${accessLevel} stays ${accessLevel}`, 'access-level');
      expectStatus(ex, 200, { seed: '001 §4 Operations: update 200' });
    });
  }

  test('a change between public and private is observed (001 §3 names only changes to and from orgwide)', async ({ learning, target, cleanup, observe }) => {
    const ctx = { learning, target, cleanup, observe };
    const pairs: [AccessLevel, AccessLevel][] = [['public', 'private'], ['private', 'public']];
    for (const [from, to] of pairs) {
      const activity = await createActivity(ctx, from);
      const ex = await putActivity(learning, activity.externalId, { accessLevel: to });
      observeOutcome(observe, `PUT activity update ${from} -> ${to}`, ex);
    }
  });
});
