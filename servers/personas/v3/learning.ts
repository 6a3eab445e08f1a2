/**
 * PUT /learning/activities/externalId/{externalId}: create (201 with {id, aggregateId, url}), update (200),
 * archive (isArchived true, 200), after the learning rules.
 * Document part 4 operations table and "Learning update rules", part 3 (learning activity row), part 7.
 */
import { randomUUID } from 'node:crypto';
import { LEARNING_BOUNDS, boundProblems } from './bounds';
import { microTimestamp, problem, refuse } from './errors';
import { checkObject, normaliseObject, readBoolean, valueRules } from './fields';
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

/** The whole activity as a Spring controller returns the saved entity (frameworks persona's update body). */
function representation(activity: Activity, ctx: LearningContext): JsonObject {
  return {
    ...summary(activity, ctx),
    externalId: activity.externalId,
    ...activity.fields,
    isArchived: activity.archived,
    createdAt: activity.createdAt ?? null,
    updatedAt: activity.updatedAt ?? null,
  };
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
  if (typeProblems.length > 0) return refuse(choices, choices.http.validationStatus, typeProblems);
  const write = normalised(body, ctx);
  const bounds = choices.values.bounds ? boundProblems(write, LEARNING_BOUNDS) : [];
  const problems = [...activityProblems({ externalId, body: write, existing }, ctx), ...bounds];
  if (problems.length > 0) return refuse(choices, choices.http.validationStatus, problems);
  useImage(write, ctx);
  return existing === undefined ? create(externalId, write, ctx) : update(existing, write, ctx);
}

/** Frameworks persona: scalars coerced as Jackson reads them; fields outside the schema dropped (content stays open). */
function normalised(body: JsonObject, ctx: LearningContext): JsonObject {
  const how = { coerce: ctx.choices.values.coerceScalars, prune: ctx.choices.learning.dropUnknownFields };
  if (!how.coerce && !how.prune) return body;
  const out = normaliseObject(body, LEARNING_SCHEMA, how, !how.prune);
  return out;
}

/** The aggregateId of a new activity: as sent, else issued (a UUID, or an integer in the alternate persona). */
function aggregateIdFor(sent: JsonValue | undefined, ctx: LearningContext): string | number {
  const integer = ctx.choices.learning.aggregateIds === 'integer';
  if (sent === undefined || sent === null) return integer ? ctx.store.nextAggregateId++ : randomUUID();
  return integer && typeof sent === 'number' ? sent : String(sent);
}

function create(externalId: string, body: JsonObject, ctx: LearningContext): Reply {
  const sentAggregate = body.aggregateId;
  const activity: Activity = {
    externalId,
    id: ctx.store.nextActivityId++,
    aggregateId: aggregateIdFor(sentAggregate, ctx),
    fields: mergePatch({}, withoutKeys(body, STATE_FIELDS)),
    archived: readBoolean(body.isArchived) === true,
    ...(ctx.choices.http.springExtras ? { createdAt: microTimestamp(), updatedAt: microTimestamp() } : {}),
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
    ...(ctx.choices.http.springExtras ? { updatedAt: microTimestamp() } : {}),
  };
  ctx.store.activities.set(existing.externalId, activity);
  const style = ctx.choices.learning.updateBody;
  if (style === 'empty') return { status: 200 };
  return { status: 200, body: style === 'json' ? summary(activity, ctx) : representation(activity, ctx) };
}
