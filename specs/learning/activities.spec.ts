/**
 * Learning activities lifecycle (001 §3, §4: PUT /learning/activities/externalId/{externalId}):
 * create answers 201 with {id, aggregateId, url}, update 200 (also through the path with a trailing
 * slash), null removes a value (answered 200), isArchived true archives with 200, and the four fields
 * required on create. The update body is not shown (001 §4 Gaps): its shape is observed.
 *
 * Learning has no read operation, and the update's body is not shown (001 §4 Gaps: "Response body of
 * learning updates (only the status 200 is given): not shown"), so nothing an update answers is read
 * as the activity. What a null removed is checked where a later request shows it: removed costs make
 * a currency code alone a currency code "without any cost" (001 §7.2). Otherwise it is observed. An
 * update of an archived activity is not ruled ("Transitions out of the archived state: not shown"):
 * observed.
 *
 * Not ruled, so observed only: a provider or owner id other than the registered ones (001 §2 says
 * the ids are issued at registration, not that other ids are refused).
 */
import {
  declares,
  test,
  expectDocumented,
  expectField,
  expectJson,
  expectJsonLabelled,
  expectAggregateIdReading,
  expectCostNulledReading,
  expectIdStringReading,
  expectProviderFieldReading,
  expectUnissuedIdReading,
  expectMessage,
  expectNoServerError,
  expectSomeMessage,
  expectStateShownBy,
  expectStatus,
  bodyShape,
} from '../kit';
import {
  ACCESS_LEVELS,
  ACTIVITY_OP,
  MSG,
  REQUIRED_FIELDS,
  activityBody,
  activityOp,
  createActivity,
  createdBody,
  learningIds,
  providerField,
  putActivity,
  putCreate,
  tryCreate,
  expectRefusalWithMessage,
  expectActivityLeftNothing,
  tryCreateKeyed,
  expectUpdateOrRefusal,
  isAccepted,
  observeOutcome,
  runExternalId,
  runTitle,
} from '../kit/learning';
import { operation } from '../../contract/catalogue';
import { LEARNING_PROVIDER_FIELD } from '../../contract/terms';

const article = (accessLevel: string): string => (accessLevel === 'orgwide' ? 'an' : 'a');
const smoke = (accessLevel: string): string => (accessLevel === 'private' ? ' @smoke' : '');

test.describe('learning activities', () => {
  for (const accessLevel of ACCESS_LEVELS) {
    test(
      `PUT creates ${article(accessLevel)} ${accessLevel} activity: 201 with {id integer, aggregateId, url string}${smoke(accessLevel)}`,
      declares('learning.activities.put 201'),
      async ({ api, target, observe }) => {
        const op = operation(ACTIVITY_OP);
        const ctx = api;
        const field = await providerField(ctx);
        const externalId = runExternalId(target, 'act');
        // description only on orgwide: public and private may use "a limited set" of fields, not listed (001 §2).
        const ex = await putCreate(
          ctx,
          externalId,
          activityBody(target, field, accessLevel, accessLevel === 'orgwide' ? { description: runTitle(target, 'description') } : {}),
          accessLevel,
        );
        observeOutcome(observe, `PUT activity create (${accessLevel})`, ex);
        expectDocumented(ex, op, '201');
        // The provider object's name: one of the lawful names, the declared one under a statement (D26).
        expectProviderFieldReading(ex, field, 'learning.provider');
        // The 201 body is one the document describes: it must be there, and JSON (001 §4 "All bodies are JSON").
        expectJson(ex, 'v3.json-bodies');
        // "All bodies are JSON." (001 §4): where the body says what it is, it says JSON (RFC 8259 §11, RFC 6839 §3.1).
        expectJsonLabelled(ex, 'v3.json-bodies');
        const { id, aggregateId, url } = createdBody(ex);
        expectField(ex, 'id', id, 'integer', 'learning.op.put');
        // A string or an integer (D27).
        expectAggregateIdReading(ex, aggregateId, 'learning.op.put');
        expectField(ex, 'url', url, 'string', 'learning.op.put');
        observe('response-shape', 'learning create: aggregateId', typeof aggregateId);
      },
    );
  }

  test(
    'PUT updates an activity: 200, also through the path with a trailing slash @smoke',
    declares('learning.activities.put 200'),
    async ({ api, learning, target, observe }) => {
      const op = operation(ACTIVITY_OP);
      const activity = await createActivity(api, 'private');

      const updated = await putActivity(learning, activity.externalId, { title: runTitle(target, 'private activity renamed') });
      observeOutcome(observe, 'PUT activity update', updated);
      observe('response-shape', 'learning update body', bodyShape(updated.response?.text ?? ''));
      expectDocumented(updated, op, '200', { schema: false });

      const slashed = await putActivity(learning, activity.externalId, { title: runTitle(target, 'private activity renamed again') }, true);
      observeOutcome(observe, 'PUT activity update (path ending with a slash)', slashed);
      expectDocumented(slashed, op, '200', { schema: false });
    },
  );

  test(
    'PUT with fields sent as null removes their values: 200, and removed costs are gone where a later update shows it',
    declares('learning.activities.put 200', 'learning.activities.put 4xx'),
    async ({ api, learning, target, observe }) => {
      const op = operation(ACTIVITY_OP);
      const activity = await createActivity(api, 'orgwide', {
        description: runTitle(target, 'description'),
        duration: { duration: 30, durationPeriod: 'minutes' },
        costs: { currency: { code: 'AUD' }, attendenceCost: 25 },
      });
      const ex = await putActivity(learning, activity.externalId, { description: null, duration: null });
      observeOutcome(observe, 'PUT activity update with fields sent as null', ex);
      expectDocumented(ex, op, '200', { schema: false });
      // The update's body is not shown (001 §4 Gaps): whatever it carries is not read as the activity.
      observe('response-shape', 'learning update with fields sent as null', bodyShape(ex.response?.text ?? ''));

      // The costs sent as null are gone: a currency code alone is then a currency code "without any cost" (001 §7.2).
      const removed = await putActivity(learning, activity.externalId, { costs: null });
      observeOutcome(observe, 'PUT activity update with costs sent as null', removed);
      expectDocumented(removed, op, '200', { schema: false });
      const currencyOnly = await putActivity(learning, activity.externalId, { costs: { currency: { code: 'AUD' } } });
      observeOutcome(observe, 'PUT activity update with a currency alone after the costs were removed', currencyOnly);
      const why = 'the costs were sent as null, so they are removed and this currency code comes without any cost';
      // The update that removed the costs claimed success: a failure is about it, then the update that shows the costs kept.
      expectStateShownBy(removed, currencyOnly, '4xx', 'learning.rule.update', why);
      expectMessage(currencyOnly, MSG.currencyNeedsCost.text, MSG.currencyNeedsCost.clause);
    },
  );

  test(
    'PUT with a cost sent as null inside costs removes that cost: a currency code alone is then refused where a later update shows it',
    declares('learning.activities.put 4xx'),
    async ({ api, learning, observe }) => {
      const activity = await createActivity(api, 'orgwide', { costs: { currency: { code: 'AUD' }, attendenceCost: 25 } });
      // "sending a field as null removes its value" (001 §4): attendenceCost is a field of costs (001 §2). Whether the
      // currency code left alone is refused here is not said (the fields sent carry no currency): observed.
      const nulled = await putActivity(learning, activity.externalId, { costs: { attendenceCost: null } });
      observeOutcome(observe, 'PUT activity update with costs.attendenceCost sent as null (its only cost)', nulled);
      // Taken (the cost removed), or refused for the currency code it leaves without a cost (D48).
      if (!expectCostNulledReading(nulled, 'learning.rule.update')) return;
      const currencyOnly = await putActivity(learning, activity.externalId, { costs: { currency: { code: 'AUD' } } });
      observeOutcome(observe, 'PUT activity update with a currency alone after its only cost was sent as null', currencyOnly);
      const why = 'attendenceCost, the only cost, was sent as null, so it is removed and this currency code comes without any cost';
      expectStateShownBy(nulled, currencyOnly, '4xx', 'learning.rule.update', why);
      expectMessage(currencyOnly, MSG.currencyNeedsCost.text, MSG.currencyNeedsCost.clause);
    },
  );

  test(
    'PUT with the whole create body to an existing externalId updates that activity: 200 (or a refusal), never a second create',
    declares('learning.activities.put 200'),
    async ({ api, learning, target, observe }) => {
      const field = await providerField(api);
      const activity = await createActivity(api, 'private');
      const body = activityBody(target, field, 'private', { title: runTitle(target, 'private activity, whole body sent again') });
      const ex = await putActivity(learning, activity.externalId, body);
      observeOutcome(observe, 'PUT activity with the whole create body to an existing externalId', ex);
      // Keyed by the caller's own external id (001 §1): the activity exists, so this PUT is its update, "update 200"
      // (001 §4); unchanged fields sent against "send only the fields that change" may be refused.
      expectUpdateOrRefusal(ex);
    },
  );

  test(
    'PUT is answered without a server error for documented field forms: a digits-only externalId, a fractional duration, description and isArchived false on update, a title of another type',
    declares('learning.activities.put 200'),
    async ({ api, learning, target, observe }) => {
      const ctx = api;
      const field = await providerField(ctx);
      // Accepted or refused (001 §8: field bounds not shown; the ways of reading another JSON type are not said): a
      // server error is neither.
      const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const keyed = await putCreate(ctx, digits, activityBody(target, field, 'private'), 'private');
      observeOutcome(observe, 'PUT activity create keyed by a digits-only externalId', keyed);
      expectNoServerError(keyed, 'v3.learning.keyed');

      const fraction = await tryCreate(ctx, 'orgwide', { duration: { duration: 1.5, durationPeriod: 'minutes' } });
      observeOutcome(observe, 'PUT activity create with a fractional duration', fraction);
      expectNoServerError(fraction, 'learning.duration');

      const typed = await tryCreate(ctx, 'private', { title: 123 });
      observeOutcome(observe, 'PUT activity create with a number for title', typed);
      expectNoServerError(typed, 'v3.error.validation');

      const activity = await createActivity(ctx, 'orgwide');
      const described = await putActivity(learning, activity.externalId, { description: runTitle(target, 'description set later') });
      observeOutcome(observe, 'PUT activity update setting description on an orgwide activity without one', described);
      expectNoServerError(described, 'learning.description');
      // "Orgwide activities may use every field" (001 §2), and an update sends the fields that change (001 §4).
      expectDocumented(described, activityOp(), '200', { schema: false });

      const live = await putActivity(learning, activity.externalId, { isArchived: false });
      observeOutcome(observe, 'PUT activity update with isArchived false on a live activity', live);
      expectNoServerError(live, 'learning.isArchived');
    },
  );

  test(
    'PUT creates orgwide activities whose title and description are written as people write them: 201, or refused with a validation message',
    declares('learning.activities.put 201'),
    async ({ api, observe }) => {
      // 001 §2 "title | string; required on create", "description | string": no character rule, no length bound (001 §8),
      // and nothing reads them back (no read operation). Taken (201, "create ... 201") or refused as failed validation, which
      // returns a validation message (001 §7.1); never a server error (D64).
      const op = operation(ACTIVITY_OP);
      const texts: readonly [string, string][] = [
        ['Sécurité incendie : évacuation et premiers secours', 'Procédures d’évacuation, extincteurs & premiers gestes.'],
        ['消防安全培训', '了解灭火器的使用方法和疏散路线。'],
        ["Manager's guide to feedback & coaching", 'Give feedback that lands: <b>listen</b>, ask, agree on next steps.'],
        ['Ergonomie am Arbeitsplatz – Grundlagen', 'Rücken, Nacken, Bildschirm: 20 Minuten für Büroarbeitsplätze.'],
        ['Ασφάλεια στην εργασία', 'Βασικές αρχές υγείας και ασφάλειας για όλους.'],
      ];
      for (const [title, description] of texts) {
        const ex = await tryCreate(api, 'orgwide', { title, description });
        expectNoServerError(ex, 'learning.title');
        observeOutcome(observe, 'PUT activity create with a title and description as people write them', ex);
        if (isAccepted(ex)) {
          expectDocumented(ex, op, '201');
          continue;
        }
        observe('other', 'learning titles refused', title);
        expectSomeMessage(ex, 'v3.error.validation', ['title', 'description']);
      }
    },
  );

  test(
    'PUT with isArchived true archives the activity: 200 @smoke',
    declares('learning.activities.put 200'),
    async ({ api, learning, target, observe }) => {
      const activity = await createActivity(api, 'public');
      const ex = await putActivity(learning, activity.externalId, { isArchived: true });
      if (isAccepted(ex)) activity.archived = true;
      observeOutcome(observe, 'PUT activity archive', ex);
      observe('response-shape', 'learning archive body', bodyShape(ex.response?.text ?? ''));
      expectNoServerError(ex, 'learning.state.archive');
      expectStatus(ex, 200, { clause: 'learning.state.archive', why: 'PUT with isArchived true on an activity that exists' });

      // What an update of an archived activity does is not said (001 §3): observed. Archive it again in case it came back.
      const later = await putActivity(learning, activity.externalId, { title: runTitle(target, 'archived activity renamed') });
      observeOutcome(observe, 'PUT activity update of an archived activity', later);
      if (isAccepted(later)) {
        activity.archived = false;
        const again = await putActivity(learning, activity.externalId, { isArchived: true });
        observeOutcome(observe, 'PUT activity archive after an update of an archived activity', again);
        if (isAccepted(again)) activity.archived = true;
      }
    },
  );

  for (const field of REQUIRED_FIELDS) {
    const label = field === LEARNING_PROVIDER_FIELD ? 'the provider object (001 §2 "the service")' : field;
    test(
      `PUT create without ${label} is refused with a validation message`,
      declares('learning.activities.put 4xx'),
      async ({ api, observe }) => {
        const { externalId, ex } = await tryCreateKeyed(api, 'private', {}, [field]);
        observeOutcome(observe, `PUT activity create without ${field}`, ex);
        // The message names the field as this target spells it (the provider object's name is discovered, 001 §2 hides it).
        const named = field === LEARNING_PROVIDER_FIELD ? await providerField(api) : field;
        expectRefusalWithMessage(ex, 'learning.op.put', 'v3.error.validation', [named], `${field} is required on create`);
        // The refused create left no activity (D69): a title alone to its id is a create without its other required fields.
        await expectActivityLeftNothing(api, externalId, ex, 'learning.op.put', `${field} is required on create`);
      },
    );
  }

  test(
    'PUT create with a provider or owner id other than the registered ones, or the provider id as a numeric string, is taken or refused',
    declares('learning.activities.put'),
    async ({ api, target, observe }) => {
      const ctx = api;
      const field = await providerField(ctx);
      const { providerId, ownerId } = learningIds(target);
      for (const [name, key, registered, clause] of [
        [LEARNING_PROVIDER_FIELD, field, providerId, 'learning.provider'],
        ['owner', 'owner', ownerId, 'learning.owner'],
      ] as const) {
        // 001 §2: the ids are "issued to the integrator at registration"; that other ids are refused is not said (D39).
        const ex = await tryCreate(ctx, 'private', { [key]: { id: registered + 987_654_321 } });
        observeOutcome(observe, `PUT activity create with a ${name} id other than the registered one`, ex);
        expectUnissuedIdReading(ex, clause, key);
      }
      // "id integer" (001 §2): how a numeric string is read is not said (D45): coerced, or refused.
      const numeric = await tryCreate(ctx, 'private', { [field]: { id: String(providerId) } });
      observeOutcome(observe, 'PUT activity create with the provider id as a numeric string', numeric);
      expectIdStringReading(numeric, 'learning.provider', field);
    },
  );
});
