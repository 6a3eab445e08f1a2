/**
 * PUT /learning/activities/externalId/{externalId} (001 §4; the path may end with a slash): create
 * (201 {id, aggregateId, url}), update (200, only the fields that change, null removes), archive
 * (isArchived true, 200). The update answer is not shown (001 §4 Gaps): this server answers
 * {id, aggregateId, url} like the create (variants: no body, the whole activity).
 */
import { randomUUID } from 'node:crypto';
import { EMBEDDED } from '../../../../src/identity/embedded';
import { LEARNING_PROVIDER_FIELD } from '../../../../src/terms';
import { INVALID_JSON, send, type Ctx } from '../../http-kit';
import { on } from '../../switches';
import { hasNull, isObject, type JsonObject } from '../json';
import { json, refuse } from '../respond';
import type { V3StartingRecords } from '../starting-records';
import { checkActivity, type StoredActivity } from './rules';

export interface Activity extends StoredActivity {
  id: number;
  externalId: string;
  url: string;
}

export class LearningStore {
  readonly activities = new Map<string, Activity>();
  readonly imageKeys: ReadonlySet<string>;
  private nextId: number;

  constructor(private readonly records: V3StartingRecords['learning']) {
    this.imageKeys = new Set(records.imageTempKeys);
    this.nextId = records.firstActivityId;
    for (const a of records.activities) {
      const data: JsonObject = {
        [LEARNING_PROVIDER_FIELD]: { id: EMBEDDED.v3.learningProviderId },
        owner: { id: EMBEDDED.v3.learningOwnerId },
        ...a.record,
      };
      this.create(a.externalId, a.aggregateId, data);
    }
  }

  create(externalId: string, aggregateId: string, data: JsonObject): Activity {
    const id = this.nextId++;
    const activity: Activity = { id, externalId, aggregateId, url: `${this.records.activityUrlBase}${id}`, data };
    this.activities.set(externalId, activity);
    return activity;
  }

  snapshot(): Array<Record<string, unknown>> {
    return [...this.activities.values()].map((a) => ({
      externalId: a.externalId,
      id: a.id,
      aggregateId: a.aggregateId,
      isArchived: a.data.isArchived === true,
      ...a.data,
    }));
  }
}

const summary = (a: Activity): JsonObject => ({ id: a.id, aggregateId: a.aggregateId, url: a.url });

export function activityHandler(store: LearningStore): (ctx: Ctx) => void {
  return (ctx) => {
    const b = ctx.behaviour;
    if (ctx.path.endsWith('/') && on(b, 'learning.update.trailing-slash-404')) return json(ctx, 404, { message: 'Not Found' });
    const externalId = ctx.params.externalId ?? '';
    if (ctx.body === INVALID_JSON) return refuse(ctx, 'learning', [{ message: 'The request body is not valid JSON' }]);
    if (!isObject(ctx.body)) return refuse(ctx, 'learning', [{ message: 'The request body must be a JSON object (a learning activity)' }]);
    const body = ctx.body;
    const stored = store.activities.get(externalId) ?? null;
    if (stored && on(b, 'learning.null-field-500') && hasNull(body))
      throw new TypeError("Cannot read properties of null (reading 'length')");

    const { errors, next } = checkActivity({
      stored,
      body,
      providerId: EMBEDDED.v3.learningProviderId,
      ownerId: EMBEDDED.v3.learningOwnerId,
      imageExists: (k) => store.imageKeys.has(k),
      behaviour: b,
    });
    if (errors.length > 0) return refuse(ctx, 'learning', errors);

    if (!stored) {
      const given = body.aggregateId;
      const created = store.create(externalId, typeof given === 'string' || typeof given === 'number' ? String(given) : randomUUID(), next);
      const answer: Record<string, unknown> = summary(created);
      if (on(b, 'learning.create.no-aggregate-id')) delete answer.aggregateId;
      if (on(b, 'learning.create.id-as-string')) answer.id = String(created.id);
      return json(ctx, on(b, 'learning.create.status-200') ? 200 : 201, answer);
    }
    stored.data = next;
    if (body.isArchived === true && on(b, 'learning.archive.status-204')) return send(ctx, 204);
    const status = on(b, 'learning.update.status-201') ? 201 : 200;
    if (on(b, 'learning.variant.update-empty-body')) return send(ctx, status);
    if (on(b, 'learning.variant.update-full-activity')) return json(ctx, status, { ...summary(stored), externalId, ...stored.data });
    json(ctx, status, summary(stored));
  };
}
