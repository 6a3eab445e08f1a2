/**
 * Learning activities, generated (001 §2-§4, §7.2): a model of one activity's life (create, updates,
 * access-level change attempts, aggregate id, archive) checked after every step, and properties:
 * every valid create body answers 201 with {id, aggregateId, url}; a body missing a field a create
 * requires is refused with a validation message, a body meeting a condition of the 001 §7.2 message
 * table is refused with that message; any other broken rule (a wrong type, an unknown value) is not
 * ruled by 001: what the target does is observed.
 *
 * Valid bodies are post-processed to be valid for the strictest lawful server: public and private
 * activities carry only the provider object, owner, accessLevel, title and content of type text
 * with its text (001 §2: "usable at every access level"; the rest of their "limited set" is not
 * listed); every other field only on orgwide activities, with short plain texts, a positive
 * duration, costs of zero or more always with their currency code, a unique code, and no image (an
 * image key may be usable once only). 001 §8 shows no field bounds, so a server may bound what 001
 * only types.
 *
 * The aggregate id is "set at creation, never changed" (001 §2), and its message's condition is
 * "supplied aggregate id differs from the stored one" (001 §7.2): an update carrying the stored id
 * unchanged is accepted (200), whenever in the activity's life it is sent.
 *
 * Not ruled, so observed: a change between public and private (200 or a refusal).
 */
import {
  declares,
  test,
  expectDocumented,
  expectJson,
  expectWriteAccepted,
  expectUnruledReading,
  expectPublicPrivateReading,
  expectAggregateResentReading,
  type InvalidCase,
  checkProperty,
  modelCommands,
  invalidBodies,
  isRecord,
  restoreAt,
  validBodies,
  withoutKeys,
  withoutNulls,
  type Json,
} from '../kit';
import {
  isAccepted,
  expectRefusalWithMessage,
  expectActivityLeftNothing,
  observeOutcome,
  outcomeOf,
  runExternalId,
  runTitle,
  ACCESS_LEVELS,
  MSG,
  activityBody,
  activityOp,
  createdBody,
  expectLearningMessage,
  learningIds,
  otherAggregateId,
  providerField,
  putActivity,
  putCreate,
  type AccessLevel,
  type LearningContext,
  type LearningMessage,
} from '../kit/learning';
import fc from 'fast-check';
import { LEARNING_PROVIDER_FIELD } from '../../contract/terms';

/** The generators' (and the schemas') name of the provider object (contract/terms.ts); the target's name is discovered. */
const SCHEMA_PROVIDER = LEARNING_PROVIDER_FIELD;

interface Model {
  level: AccessLevel;
  archived: boolean;
}

interface Real {
  ctx: LearningContext;
  externalId: string;
  aggregateId: unknown;
  /** Titles sent so far (each update's title is new: unchanged fields may be refused, D70). */
  titles: number;
}

/** A title the activity has not had. */
const nextTitle = (r: Real, what: string): string => runTitle(r.ctx.target, `${what} ${(r.titles += 1)}`);

class Retitle implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.archived;
  async run(_m: Model, r: Real): Promise<void> {
    // A new title each time: "send only the fields that change" (001 §4), so an unchanged one may be refused.
    expectDocumented(await putActivity(r.ctx.client, r.externalId, { title: nextTitle(r, 'retitled') }), activityOp(), '200', {
      schema: false,
    });
  }
  toString = (): string => 'retitle';
}

class ChangeLevel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly to: AccessLevel) {}
  check = (m: Readonly<Model>): boolean => !m.archived && m.level !== this.to;
  async run(m: Model, r: Real): Promise<void> {
    const ex = await putActivity(r.ctx.client, r.externalId, { accessLevel: this.to });
    if (m.level === 'orgwide') expectLearningMessage(ex, MSG.fromOrgwide, 'the activity is orgwide (001 §3)');
    else if (this.to === 'orgwide') expectLearningMessage(ex, MSG.toOrgwide, `the activity is ${m.level} (001 §3)`);
    else {
      // public <-> private: not ruled (001 §3 names only changes to and from orgwide): either reading of D40.
      observeOutcome(r.ctx.observe, `PUT activity update ${m.level} -> ${this.to}`, ex);
      if (expectPublicPrivateReading(ex, 'learning.state.access-levels', m.level, this.to)) m.level = this.to;
    }
  }
  toString = (): string => `accessLevel -> ${this.to}`;
}

/**
 * The aggregate id sent back (SameAggregate) or another one (OtherAggregate), on an orgwide activity:
 * orgwide ones "may use every field" (001 §2), while whether aggregateId is in the "limited set" of
 * public and private activities is not shown (a refusal there could name the field instead).
 */
class SameAggregate implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.archived && m.level === 'orgwide';
  async run(_m: Model, r: Real): Promise<void> {
    const ex = await putActivity(r.ctx.client, r.externalId, {
      aggregateId: r.aggregateId,
      title: nextTitle(r, 'same aggregateId'),
    });
    observeOutcome(r.ctx.observe, 'PUT activity update with the stored aggregateId', ex);
    // 001 §7.2: the message's condition is "supplied aggregate id differs from the stored one"; 001 §2: "never changed";
    // 001 §4 "send only the fields that change" lets the unchanged field be refused (D70): accepted, or refused otherwise.
    expectAggregateResentReading(ex, MSG.aggregate.clause);
    if (isAccepted(ex)) expectDocumented(ex, activityOp(), '200', { schema: false });
  }
  toString = (): string => 'same aggregateId';
}

class OtherAggregate implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.archived && m.level === 'orgwide';
  async run(_m: Model, r: Real): Promise<void> {
    expectLearningMessage(await putActivity(r.ctx.client, r.externalId, { aggregateId: otherAggregateId(r.aggregateId) }), MSG.aggregate);
  }
  toString = (): string => 'other aggregateId';
}

class Archive implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.archived;
  async run(m: Model, r: Real): Promise<void> {
    const ex = await putActivity(r.ctx.client, r.externalId, { isArchived: true });
    expectWriteAccepted(ex, 'learning.state.archive', 'PUT with isArchived true on an activity that exists');
    expectDocumented(ex, activityOp(), '200', { schema: false });
    m.archived = true;
  }
  toString = (): string => 'archive';
}

const commands = [
  fc.constant(new Retitle()),
  fc.constantFrom(...ACCESS_LEVELS).map((to) => new ChangeLevel(to)),
  fc.constant(new SameAggregate()),
  fc.constant(new OtherAggregate()),
  fc.constant(new Archive()),
];

/** The fields public and private activities carry here: those every lawful "limited set" must allow (001 §2). */
const LIMITED_SET = new Set([SCHEMA_PROVIDER, 'owner', 'accessLevel', 'title', 'content']);
const COSTS = ['attendenceCost', 'cancellationCost', 'otherCost'] as const;

/** A non-negative number with at most two decimals, capped (001 §2 gives no range: stay where every server is). */
const sane = (value: unknown, fallback: number): number =>
  typeof value === 'number' ? Math.round(Math.min(Math.abs(value), 100_000) * 100) / 100 : fallback;

/** A short plain text from a generated string: its letters, digits and spaces, at most 20, never blank. */
const plain = (value: unknown, fallback: string): string => {
  const text =
    typeof value === 'string'
      ? value
          .replace(/[^A-Za-z0-9 ]/g, '')
          .trim()
          .slice(0, 20)
      : '';
  return text === '' ? fallback : text;
};

/**
 * Makes a generated create body sendable and valid for the strictest lawful server (see the header);
 * the provider object is renamed to `field`. `keepPath` is the spot of an invalid case's broken rule:
 * the top-level field holding it is restored as generated, so sanitising never repairs the rule.
 * Values are conservative (001 §8: "field length bounds: not shown"): short plain texts, a positive
 * duration in minutes, costs of zero or more with their currency code, content of type text with its
 * text (a bare weblink or other type may lack fields 001 does not name: specs/learning/access-levels.spec.ts).
 */
function sendable(body: Json, ctx: LearningContext, field: string, keepPath = ''): Json {
  const { providerId, ownerId } = learningIds(ctx.target);
  const out: Json = withoutKeys(withoutNulls(body), (k) => k === 'aggregateId' || k === 'isArchived' || k === 'image');
  const limited = out.accessLevel !== 'orgwide';
  if (limited) for (const key of Object.keys(out)) if (!LIMITED_SET.has(key)) delete out[key];
  if (isRecord(out[SCHEMA_PROVIDER])) out[SCHEMA_PROVIDER] = { id: providerId };
  if (isRecord(out.owner)) out.owner = { id: ownerId };
  if (typeof out.title === 'string') out.title = runTitle(ctx.target, plain(out.title, 'activity'));
  if (isRecord(out.content)) out.content = { type: 'text', text: plain(out.content.text, 'Text content') };
  if (typeof out.description === 'string') out.description = plain(out.description, 'Description');
  if (typeof out.code === 'string') out.code = runExternalId(ctx.target, 'code'); // meant to be unique (001 §2)
  if (isRecord(out.duration))
    out.duration = { duration: Math.max(1, Math.min(sane(out.duration.duration, 30), 600)), durationPeriod: 'minutes' };
  if (isRecord(out.costs)) {
    // 001 §7.2: a cost needs a currency code, a currency code needs a cost.
    const costs: Json = { currency: { code: 'AUD' } };
    for (const cost of COSTS) if (typeof out.costs[cost] === 'number') costs[cost] = sane(out.costs[cost], 0);
    // At least one cost above 0: whether a cost of 0 is a cost is not said (D46).
    if (!COSTS.some((c) => typeof costs[c] === 'number' && (costs[c] as number) > 0)) costs.attendenceCost = 10;
    out.costs = costs;
  }
  if (keepPath !== '') restoreAt(out, body, keepPath);
  if (SCHEMA_PROVIDER in out && field !== SCHEMA_PROVIDER) {
    out[field] = out[SCHEMA_PROVIDER];
    delete out[SCHEMA_PROVIDER];
  }
  return out;
}

/** What 001 requires of a body breaking `invalid`'s rule, and the level it is sent at. */
type Ruling =
  | { kind: 'missing'; field: string }
  | { kind: 'message'; message: LearningMessage; accessLevel: AccessLevel }
  | { kind: 'unruled' };

function ruling(invalid: InvalidCase): Ruling {
  const { keyword, instancePath, missingProperty } = invalid;
  // 001 §4 Operations: "create: the service, owner, accessLevel, title required".
  if (keyword === 'required' && instancePath === '' && missingProperty) return { kind: 'missing', field: missingProperty };
  // 001 §7.2: "a cost field (attendenceCost, cancellationCost, otherCost) is sent without currency.code".
  const costWithoutCode =
    (instancePath === '/costs' && missingProperty === 'currency') || (instancePath === '/costs/currency' && missingProperty === 'code');
  if (keyword === 'required' && costWithoutCode) {
    return { kind: 'message', message: MSG.costNeedsCurrency, accessLevel: 'orgwide' };
  }
  // 001 §7.2: "public or private activity uses a content type other than text or weblink".
  if (keyword === 'enum' && instancePath === '/content/type') return { kind: 'message', message: MSG.contentType, accessLevel: 'private' };
  return { kind: 'unruled' };
}

/** The invalid case's body, steered where a §7.2 condition is meant (a named content type, an orgwide activity for costs). */
function invalidBody(invalid: InvalidCase, rule: Ruling): Json {
  const value = structuredClone(invalid.value) as Json;
  if (rule.kind !== 'message') return value;
  value.accessLevel = rule.accessLevel;
  if (rule.message === MSG.contentType) value.content = { type: 'scormcourse' };
  if (rule.message === MSG.costNeedsCurrency && isRecord(value.costs)) {
    // Above 0: sent without currency.code, a cost of 0 may be no cost at all (D46), and the row's condition in doubt.
    for (const cost of COSTS) if (typeof value.costs[cost] === 'number') value.costs[cost] = Math.max(1, sane(value.costs[cost], 0));
    if (isRecord(value.costs.currency)) value.costs.currency = {};
  }
  return value;
}

test.describe('learning activities, generated @property @stateful', () => {
  test(
    'an activity follows the model of its life: updates, access-level rules, aggregate id, archive',
    declares('learning.activities.put 200', 'learning.activities.put 201', 'learning.activities.put 4xx'),
    async ({ api, target }) => {
      const ctx: LearningContext = api;
      const field = await providerField(ctx);
      await checkProperty({
        name: 'learning activity lifecycle model',
        target,
        numRuns: Math.min(target.run.numRuns, 15),
        arbitrary: fc.tuple(fc.constantFrom(...ACCESS_LEVELS), modelCommands(commands, 8)),
        predicate: async ([level, cmds]) => {
          const externalId = runExternalId(target, 'model');
          const created = await putCreate(ctx, externalId, activityBody(target, field, level), level);
          expectDocumented(created, activityOp(), '201');
          const real: Real = { ctx, externalId, aggregateId: createdBody(created).aggregateId, titles: 0 };
          await fc.asyncModelRun(() => ({ model: { level, archived: false }, real }), cmds);
        },
      });
    },
  );

  test(
    'PUT creates an activity from every valid create body: 201 with {id, aggregateId, url}',
    declares('learning.activities.put 201'),
    async ({ api, target }) => {
      const ctx: LearningContext = api;
      const field = await providerField(ctx);
      await checkProperty({
        name: 'learning valid create bodies',
        target,
        arbitrary: validBodies('learning/activity-create.json', (b) => sendable(b, ctx, field)),
        predicate: async (body) => {
          const externalId = runExternalId(target, 'gen');
          const ex = await putCreate(ctx, externalId, body, body.accessLevel as AccessLevel);
          expectDocumented(ex, activityOp(), '201');
          expectJson(ex, 'v3.json-bodies');
        },
      });
    },
  );

  test(
    'PUT refuses a create body missing a required field, or meeting a condition of the message table, and observes other broken rules',
    declares('learning.activities.put 4xx'),
    async ({ api, target, observe }) => {
      const ctx: LearningContext = api;
      const field = await providerField(ctx);
      await checkProperty({
        name: 'learning invalid create bodies',
        target,
        arbitrary: invalidBodies('learning/activity-create.json').filter((c) => isRecord(c.value)),
        predicate: async (invalid) => {
          const externalId = runExternalId(target, 'bad');
          const rule = ruling(invalid);
          const body = sendable(
            invalidBody(invalid, rule),
            ctx,
            field,
            invalid.instancePath + (invalid.missingProperty ? `/${invalid.missingProperty}` : ''),
          );
          const ex = await putCreate(ctx, externalId, body, (body.accessLevel as AccessLevel | undefined) ?? 'private');
          if (rule.kind === 'missing') {
            const missing = rule.field === SCHEMA_PROVIDER ? field : rule.field;
            expectRefusalWithMessage(ex, 'learning.op.put', 'v3.error.validation', [missing], invalid.rule);
          } else if (rule.kind === 'message') {
            expectLearningMessage(ex, rule.message, invalid.rule);
          } else {
            const spot = invalid.instancePath === '' ? '(root)' : invalid.instancePath;
            observe('status', `PUT activity create breaking a rule 001 does not rule (${invalid.keyword} at ${spot})`, outcomeOf(ex));
            // Taken, or refused; a server error is neither (D32).
            const names = invalid.instancePath.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
            const fields = (invalid.missingProperty ? [...names, invalid.missingProperty] : names).map((f) =>
              f === SCHEMA_PROVIDER ? field : f,
            );
            expectUnruledReading(ex, 'v3.error.validation', fields, invalid.rule);
            return;
          }
          // The refused create left no activity (D69): a title alone to its id is a create without its other required fields.
          await expectActivityLeftNothing(
            ctx,
            externalId,
            ex,
            rule.kind === 'missing' ? 'learning.op.put' : rule.message.clause,
            invalid.rule,
          );
        },
      });
    },
  );
});
