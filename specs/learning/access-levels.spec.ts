/**
 * Learning access levels (001 §2 content and code, §3 access-level rules): text and weblink content
 * usable at every access level, other types (scormcourse) at orgwide, code at orgwide. The refusals
 * and their messages are in validation-messages.spec.ts. A content type whose own fields 001 does
 * not name (weblink, scormcourse) is sent bare: it may be refused for what it lacks, never with a
 * message whose condition is the access level.
 *
 * Not ruled, so either passes: a change between public and private (001 §3 and §7.2 rule only
 * changes to and from orgwide), taken (200) or refused with a validation message (D40); an update
 * that sends the activity's own access level (not a change; but 001 §4 tells the caller to "send only
 * the fields that change"), "update 200" or a refusal.
 */
import { declares, test, expectDocumented, expectUsableAtLevel, expectNotRefusedForLevel, expectPublicPrivateReading } from '../kit';
import {
  activityOp,
  isAccepted,
  MSG,
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
} from '../kit/learning';
import { operation } from '../../contract/catalogue';

/** The 001 §7.2 messages whose condition is the access level. */
const LEVEL_MESSAGES = [MSG.contentType.text, MSG.fieldLevel.text];

test.describe('learning access levels', () => {
  for (const accessLevel of ACCESS_LEVELS) {
    test(
      `${accessLevel === 'orgwide' ? 'an' : 'a'} ${accessLevel} activity accepts content type text (201); a bare weblink is not refused for the access level`,
      declares('learning.activities.put 201'),
      async ({ api, target, observe }) => {
        const op = operation(ACTIVITY_OP);
        const ctx = api;
        const text = await tryCreate(ctx, accessLevel, { content: { type: 'text', text: runTitle(target, 'text content') } });
        observeOutcome(observe, `PUT activity create ${accessLevel} with content type text`, text);
        expectUsableAtLevel(
          text,
          'learning.content',
          `content type text, with its text, is usable at every access level, ${accessLevel} included`,
        );
        expectDocumented(text, op, '201');

        // The weblink's own fields are not shown (001 §2 names only text, "used with type text"): a bare weblink
        // may be refused for what it lacks, never for the access level.
        const weblink = await tryCreate(ctx, accessLevel, { content: { type: 'weblink' } });
        observeOutcome(observe, `PUT activity create ${accessLevel} with a bare content type weblink`, weblink);
        expectNotRefusedForLevel(
          weblink,
          'learning.content',
          LEVEL_MESSAGES,
          `content type weblink is usable at every access level, ${accessLevel} included`,
        );
        if (isAccepted(weblink)) expectDocumented(weblink, op, '201');
      },
    );
  }

  test(
    'an orgwide activity is not refused content type scormcourse for the access level (201, or a refusal for its unnamed fields)',
    declares('learning.activities.put 201'),
    async ({ learning, target, cleanup, observe }) => {
      const op = operation(ACTIVITY_OP);
      const ex = await tryCreate({ api: 'learning', client: learning, target, cleanup, observe }, 'orgwide', {
        content: { type: 'scormcourse' },
      });
      observeOutcome(observe, 'PUT activity create orgwide with a bare content type scormcourse', ex);
      // Its own fields are not shown either: a refusal for what it lacks is lawful, one for the access level is not.
      expectNotRefusedForLevel(ex, 'learning.content', LEVEL_MESSAGES, 'other content types such as scormcourse are usable at orgwide');
      if (isAccepted(ex)) expectDocumented(ex, op, '201');
    },
  );

  test(
    'an orgwide activity accepts the orgwide-only field code (201)',
    declares('learning.activities.put 201'),
    async ({ learning, target, cleanup, observe }) => {
      const op = operation(ACTIVITY_OP);
      const ex = await tryCreate({ api: 'learning', client: learning, target, cleanup, observe }, 'orgwide', {
        code: runExternalId(target, 'code'),
      });
      observeOutcome(observe, 'PUT activity create orgwide with code', ex);
      expectUsableAtLevel(ex, 'learning.code', 'code applies to orgwide activities');
      expectDocumented(ex, op, '201');
    },
  );

  for (const accessLevel of ACCESS_LEVELS) {
    test(
      `an update of ${accessLevel === 'orgwide' ? 'an' : 'a'} ${accessLevel} activity that sends its own access level is observed (200 or a refusal)`,
      declares('learning.activities.put 200'),
      async ({ learning, target, cleanup, observe }) => {
        const activity = await createActivity({ api: 'learning', client: learning, target, cleanup, observe }, accessLevel);
        const ex = await putActivity(learning, activity.externalId, {
          accessLevel,
          title: runTitle(target, `${accessLevel} activity, same level`),
        });
        observeOutcome(observe, `PUT activity update ${accessLevel} -> ${accessLevel}`, ex);
        expectUpdateOrRefusal(ex);
      },
    );
  }

  test(
    'a change between public and private is taken (200) or refused with a message (001 §3 names only changes to and from orgwide; D40)',
    declares('learning.activities.put 200'),
    async ({ api, learning, observe }) => {
      const ctx = api;
      const pairs: [AccessLevel, AccessLevel][] = [
        ['public', 'private'],
        ['private', 'public'],
      ];
      for (const [from, to] of pairs) {
        const activity = await createActivity(ctx, from);
        const ex = await putActivity(learning, activity.externalId, { accessLevel: to });
        observeOutcome(observe, `PUT activity update ${from} -> ${to}`, ex);
        // 200, or refused with a validation message (D40); taken, it is "update 200" (001 §4).
        if (expectPublicPrivateReading(ex, 'learning.state.access-levels', from, to))
          expectDocumented(ex, activityOp(), '200', { schema: false });
      }
    },
  );
});
