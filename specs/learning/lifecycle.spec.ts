/**
 * Learning activities, generated (001 §2-§4, §7.2): a model of one activity's life (create, updates,
 * access-level change attempts, aggregate id, archive) checked after every step, and properties:
 * every valid create body answers 201 with {id, aggregateId, url}; every body breaking one rule is
 * refused with a message and leaves nothing behind (a later valid create of the same id is a create).
 */
import fc from 'fast-check';
import { test } from '../fixtures';
import { operation } from '../../src/catalogue';
import { expectDocumented, expectThat } from '../../src/checks';
import { LEARNING_PROVIDER_FIELD } from '../../src/schemas/names';
import { checkProperty, modelCommands } from '../support/property';
import { invalidBodies, isRecord, restoreAt, validBodies, withoutKeys, withoutNulls, type Json } from '../support/generated';
import { runExternalId, runTitle, expectRefusalWithMessage } from '../support/v3';
import { ACCESS_LEVELS, activityBody, archiveIfCreated, createdBody, expectLearningMessage, learningIds, otherAggregateId, putActivity, type AccessLevel, type LearningContext } from '../support/v3-learning';

const SEED_72 = '001 §7.2';
const MESSAGE = {
  fromOrgwide: 'Cannot change access level from org-wide',
  toOrgwide: 'Cannot change access level to org-wide',
  aggregate: 'Cannot change Aggregate ID for an existing activity',
};

interface Model {
  level: AccessLevel;
  archived: boolean;
}

interface Real {
  ctx: LearningContext;
  externalId: string;
  aggregateId: unknown;
}

const op = () => operation('learning.activities.put');

class Retitle implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.archived;
  async run(_m: Model, r: Real): Promise<void> {
    expectDocumented(await putActivity(r.ctx.learning, r.externalId, { title: runTitle(r.ctx.target, 'retitled') }), op(), '200', { schema: false });
  }
  toString = (): string => 'retitle';
}

class ChangeLevel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly to: AccessLevel) {}
  check = (m: Readonly<Model>): boolean => !m.archived && m.level !== this.to;
  async run(m: Model, r: Real): Promise<void> {
    const ex = await putActivity(r.ctx.learning, r.externalId, { accessLevel: this.to });
    if (m.level === 'orgwide') expectLearningMessage(ex, MESSAGE.fromOrgwide, SEED_72, `the activity is orgwide (001 §3)`);
    else if (this.to === 'orgwide') expectLearningMessage(ex, MESSAGE.toOrgwide, SEED_72, `the activity is ${m.level} (001 §3)`);
    else {
      expectDocumented(ex, op(), '200', { statusCheck: 'access-level', schema: false });
      m.level = this.to;
    }
  }
  toString = (): string => `accessLevel -> ${this.to}`;
}

class SameAggregate implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.archived;
  async run(_m: Model, r: Real): Promise<void> {
    expectDocumented(await putActivity(r.ctx.learning, r.externalId, { aggregateId: r.aggregateId }), op(), '200', { schema: false });
  }
  toString = (): string => 'same aggregateId';
}

class OtherAggregate implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.archived;
  async run(_m: Model, r: Real): Promise<void> {
    expectLearningMessage(await putActivity(r.ctx.learning, r.externalId, { aggregateId: otherAggregateId(r.aggregateId) }), MESSAGE.aggregate, SEED_72);
  }
  toString = (): string => 'other aggregateId';
}

class Archive implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.archived;
  async run(m: Model, r: Real): Promise<void> {
    expectDocumented(await putActivity(r.ctx.learning, r.externalId, { isArchived: true }), op(), '200', { schema: false });
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

/** Makes a generated create body sendable: registered ids, and only values the document names where lists are open. */
function sendable(body: Json, target: LearningContext['target'], keepPath = ''): Json {
  const { providerId, ownerId } = learningIds(target);
  const out = withoutKeys(withoutNulls(body), (k) => k === 'aggregateId' || k === 'isArchived');
  // Values below the broken rule's spot stay as generated; the spot itself is restored at the end.
  const untouched = (path: string): boolean => keepPath === '' || !path.startsWith(keepPath);
  if (isRecord(out[LEARNING_PROVIDER_FIELD]) && untouched(`/${LEARNING_PROVIDER_FIELD}`)) out[LEARNING_PROVIDER_FIELD] = { id: providerId };
  if (isRecord(out.owner) && untouched('/owner')) out.owner = { id: ownerId };
  if (untouched('/image') && 'image' in out) {
    if (target.hr?.learningImageTempKey) out.image = { tempKey: target.hr.learningImageTempKey };
    else delete out.image; // 001 §4 Gaps: the image upload that makes a key is not shown.
  }
  if (isRecord(out.content) && untouched('/content')) out.content.type = out.accessLevel === 'orgwide' ? 'scormcourse' : 'text';
  if (isRecord(out.duration) && untouched('/duration/durationPeriod')) out.duration.durationPeriod = 'minutes';
  if (isRecord(out.costs) && isRecord(out.costs.currency) && typeof out.costs.currency.code === 'string' && untouched('/costs/currency/code')) out.costs.currency.code = 'AUD';
  if (typeof out.code === 'string' && untouched('/code')) out.code = runExternalId(target, 'code'); // meant to be unique (001 §2)
  if (typeof out.title === 'string' && untouched('/title')) out.title = runTitle(target, out.title.slice(0, 20));
  if (keepPath !== '') restoreAt(out, body, keepPath);
  return out;
}

test.describe('learning activities, generated @property @stateful', () => {
  test('an activity follows the model of its life: updates, access-level rules, aggregate id, archive', async ({ learning, target, covers, cleanup, observe }) => {
    covers('learning.activities.put', '201', '200', '4xx');
    const ctx: LearningContext = { learning, target, cleanup, observe };
    await checkProperty({
      name: 'learning activity lifecycle model',
      target,
      numRuns: Math.min(target.run.numRuns, 15),
      arbitrary: fc.tuple(fc.constantFrom(...ACCESS_LEVELS), modelCommands(commands, 8)),
      predicate: async ([level, cmds]) => {
        const externalId = runExternalId(target, 'model');
        const created = await putActivity(learning, externalId, activityBody(target, level));
        archiveIfCreated(ctx, created, externalId, level);
        expectDocumented(created, op(), '201');
        const real: Real = { ctx, externalId, aggregateId: createdBody(created).aggregateId };
        await fc.asyncModelRun(() => ({ model: { level, archived: false }, real }), cmds);
      },
    });
  });

  test('PUT creates an activity from every valid create body: 201 with {id, aggregateId, url}', async ({ learning, target, covers, cleanup, observe }) => {
    covers('learning.activities.put', '201');
    const ctx: LearningContext = { learning, target, cleanup, observe };
    learningIds(target);
    await checkProperty({
      name: 'learning valid create bodies',
      target,
      arbitrary: validBodies('learning/activity-create.json', (b) => sendable(b, target)),
      predicate: async (body) => {
        const externalId = runExternalId(target, 'gen');
        const ex = await putActivity(learning, externalId, body);
        archiveIfCreated(ctx, ex, externalId, body.accessLevel as AccessLevel);
        expectDocumented(ex, op(), '201');
      },
    });
  });

  test('PUT refuses every create body breaking one rule, with a message, and creates nothing', async ({ learning, target, covers, cleanup, observe }) => {
    covers('learning.activities.put', '4xx');
    const ctx: LearningContext = { learning, target, cleanup, observe };
    learningIds(target);
    await checkProperty({
      name: 'learning invalid create bodies',
      target,
      arbitrary: invalidBodies('learning/activity-create.json').filter((c) => isRecord(c.value)),
      predicate: async (invalid) => {
        const externalId = runExternalId(target, 'bad');
        const body = sendable(invalid.value as Json, target, invalid.instancePath + (invalid.missingProperty ? `/${invalid.missingProperty}` : ''));
        const ex = await putActivity(learning, externalId, body);
        archiveIfCreated(ctx, ex, externalId, 'private');
        expectRefusalWithMessage(ex, 'validation', '001 §7.1', invalid.rule);
        const retry = await putActivity(learning, externalId, activityBody(target, 'private'));
        archiveIfCreated(ctx, retry, externalId, 'private');
        expectThat(retry.response?.status === 201, 'no-trace', `after a refused create (${invalid.rule}), a valid create of the same externalId answered ${retry.response?.status ?? 'nothing'}, not 201: the refused write left a record`, '001 §7.1');
      },
    });
  });
});
