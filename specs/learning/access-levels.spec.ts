/**
 * Learning access levels (001 §2 content and code, §3 access-level rules): text and weblink content
 * usable at every access level, other types (scormcourse) at orgwide, code at orgwide. The refusals
 * and their messages are in validation-messages.spec.ts.
 *
 * Not ruled, so observed (a refusal or "update 200" both pass): a change between public and private
 * (001 §3 and §7.2 rule only changes to and from orgwide), and an update that sends the activity's
 * own access level (not a change; but 001 §4 tells the caller to "send only the fields that change").
 */
import {
  test,
  expectDocumented,
  expectUsableAtLevel,
  ACCESS_LEVELS,
  ACTIVITY_OP,
  createActivity,
  expectUpdateOrRefusal,
  putActivity,
  tryCreate,
  type AccessLevel,
  observeOutcome,
  runExternalId,
  runTitle,
} from '../kit';

test.describe('learning access levels', () => {
  for (const accessLevel of ACCESS_LEVELS) {
    test(`${accessLevel === 'orgwide' ? 'an' : 'a'} ${accessLevel} activity accepts content types text and weblink (201)`, async ({
      api,
      target,
      covers,
      observe,
    }) => {
      const op = covers(ACTIVITY_OP, '201');
      const ctx = api;
      for (const content of [{ type: 'text', text: runTitle(target, 'text content') }, { type: 'weblink' }]) {
        const ex = await tryCreate(ctx, accessLevel, { content });
        observeOutcome(observe, `PUT activity create ${accessLevel} with content type ${content.type}`, ex);
        expectUsableAtLevel(
          ex,
          'learning.content',
          `content type ${content.type} is usable at every access level, ${accessLevel} included`,
        );
        expectDocumented(ex, op, '201');
      }
    });
  }

  test('an orgwide activity accepts content type scormcourse (201)', async ({ learning, target, cleanup, covers, observe }) => {
    const op = covers(ACTIVITY_OP, '201');
    const ex = await tryCreate({ api: 'learning', client: learning, target, cleanup, observe }, 'orgwide', {
      content: { type: 'scormcourse' },
    });
    observeOutcome(observe, 'PUT activity create orgwide with content type scormcourse', ex);
    expectUsableAtLevel(ex, 'learning.content', 'other content types such as scormcourse are usable at orgwide');
    expectDocumented(ex, op, '201');
  });

  test('an orgwide activity accepts the orgwide-only field code (201)', async ({ learning, target, cleanup, covers, observe }) => {
    const op = covers(ACTIVITY_OP, '201');
    const ex = await tryCreate({ api: 'learning', client: learning, target, cleanup, observe }, 'orgwide', {
      code: runExternalId(target, 'code'),
    });
    observeOutcome(observe, 'PUT activity create orgwide with code', ex);
    expectUsableAtLevel(ex, 'learning.code', 'code applies to orgwide activities');
    expectDocumented(ex, op, '201');
  });

  for (const accessLevel of ACCESS_LEVELS) {
    test(`an update of ${accessLevel === 'orgwide' ? 'an' : 'a'} ${accessLevel} activity that sends its own access level is observed (200 or a refusal)`, async ({
      learning,
      target,
      cleanup,
      observe,
    }) => {
      const activity = await createActivity({ api: 'learning', client: learning, target, cleanup, observe }, accessLevel);
      const ex = await putActivity(learning, activity.externalId, {
        accessLevel,
        title: runTitle(target, `${accessLevel} activity, same level`),
      });
      observeOutcome(observe, `PUT activity update ${accessLevel} -> ${accessLevel}`, ex);
      expectUpdateOrRefusal(ex);
    });
  }

  test('a change between public and private is observed (200 or a refusal: 001 §3 names only changes to and from orgwide)', async ({
    api,
    learning,
    observe,
  }) => {
    const ctx = api;
    const pairs: [AccessLevel, AccessLevel][] = [
      ['public', 'private'],
      ['private', 'public'],
    ];
    for (const [from, to] of pairs) {
      const activity = await createActivity(ctx, from);
      const ex = await putActivity(learning, activity.externalId, { accessLevel: to });
      observeOutcome(observe, `PUT activity update ${from} -> ${to}`, ex);
      expectUpdateOrRefusal(ex);
    }
  });
});
