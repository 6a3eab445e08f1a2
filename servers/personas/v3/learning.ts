/**
 * PUT /learning/activities/externalId/{externalId}: create (201 with {id, aggregateId, url}), update (200),
 * archive (isArchived true, 200), after the learning rules.
 * Document part 4 operations table and "Learning update rules", part 3 (learning activity row), part 7.
 */
import { randomUUID } from 'node:crypto';
import { problem, refuse } from './errors';
import { checkObject, readBoolean, valueRules } from './fields';
import { isJsonObject, type JsonObject, type JsonValue } from './json';
import { activityProblems } from './learning-checks';
import type { RuleContext } from './learning-rules';
import { LEARNING_SCHEMA, normaliseProvider } from './learning-schema';
import { mergePatch, replaceFields, withoutKeys } from './merge';
import type { Reply } from './reply';
import type { Activity } from './store';

export interface LearningContext extends RuleContext {
  /** The address of an activity, returned as `url`. */
  readonly activityUrl: (id: number) => string;
}

const STATE_FIELDS = ['isArchived', 'aggregateId'];

function summary(activity: Activity, ctx: LearningContext): JsonObject {
  return { id: activity.id, aggregateId: activity.aggregateId, url: ctx.activityUrl(activity.id) };
}

function useImage(body: JsonObject, ctx: LearningContext): void {
  const key = isJsonObject(body.image) ? body.image.tempKey : undefined;
  if (ctx.choices.learning.consumeImageKey && typeof key === 'string') ctx.store.imageKeys.delete(key);
}

export function putLearningActivity(externalId: string, raw: JsonValue, ctx: LearningContext): Reply {
  const { choices, store } = ctx;
  if (!isJsonObject(raw)) return refuse(choices, 400, [problem('', 'The request body must be a JSON object')]);
  const body = normaliseProvider(raw, choices);
  const existing = store.activities.get(externalId);
  if (existing === undefined && readBoolean(body.isArchived) === true && choices.lifecycle.archiveMissing === 'refuse') {
    return refuse(choices, 404, [problem('externalId', `No activity with externalId "${externalId}" exists to archive`)]);
  }
  const typeProblems = checkObject(body, LEARNING_SCHEMA, valueRules(choices, choices.learning.allowUnknownNestedFields), '', true);
  const problems = typeProblems.length > 0 ? typeProblems : activityProblems({ externalId, body, existing }, ctx);
  if (problems.length > 0) return refuse(choices, 400, problems);
  useImage(body, ctx);
  return existing === undefined ? create(externalId, body, ctx) : update(existing, body, ctx);
}

function create(externalId: string, body: JsonObject, ctx: LearningContext): Reply {
  const sentAggregate = body.aggregateId;
  const activity: Activity = {
    externalId,
    id: ctx.store.nextActivityId++,
    aggregateId: sentAggregate === undefined || sentAggregate === null ? randomUUID() : String(sentAggregate),
    fields: mergePatch({}, withoutKeys(body, STATE_FIELDS)),
    archived: readBoolean(body.isArchived) === true,
  };
  ctx.store.activities.set(externalId, activity);
  const reply = summary(activity, ctx);
  return { status: 201, body: reply, headers: ctx.choices.learning.locationHeader ? { Location: String(reply.url) } : {} };
}

function update(existing: Activity, body: JsonObject, ctx: LearningContext): Reply {
  const archive = readBoolean(body.isArchived);
  const activity: Activity = {
    ...existing,
    fields: replaceFields(existing.fields, withoutKeys(body, STATE_FIELDS)),
    archived: archive === undefined ? existing.archived : archive === true,
  };
  ctx.store.activities.set(existing.externalId, activity);
  return ctx.choices.learning.updateBody === 'empty' ? { status: 200 } : { status: 200, body: summary(activity, ctx) };
}
