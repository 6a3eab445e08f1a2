/**
 * PUT /learning/activities/externalId/{externalId} (001 §4; the path may end with a slash): create
 * (201 {id, aggregateId, url}), update (200, only the fields that change, null removes), archive
 * (isArchived true, 200). The update answer is not shown (001 §4 Gaps): this server answers
 * {id, aggregateId, url} like the create (variants: no body, the whole activity).
 */
import { randomUUID } from 'node:crypto';
import { EMBEDDED } from '../../../../contract/identity/embedded';
import { LEARNING_MESSAGES, LEARNING_PROVIDER_FIELD } from '../../../../contract/terms';
import { INVALID_JSON, send, type Ctx } from '../../http-kit';
import type { Behaviour } from '../../behaviour';
import { on } from '../../switches';
import { at, hasNull, isObject, type JsonObject } from '../json';
import { json, refuse } from '../respond';
import type { V3StartingRecords } from '../starting-records';
import type { FieldError } from '../fields';
import { PUBLIC_PRIVATE_MESSAGE } from './messages';
import { checkActivity, REQUIRED_ON_CREATE, type StoredActivity } from './rules';

export interface Activity extends StoredActivity {
  id: number;
  externalId: string;
  url: string;
}

export class LearningStore {
  readonly activities = new Map<string, Activity>();
  readonly imageKeys: ReadonlySet<string>;
  /** Image keys writes have used (only the learning.image.reused-key-500 fault reads it). */
  readonly usedImageKeys = new Set<string>();
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

/** The body of a create (and of this server's updates): an integer aggregate id under the variant that issues them (D27). */
const summary = (a: Activity, b?: Behaviour): JsonObject => ({
  id: a.id,
  aggregateId: b && on(b, 'learning.variant.aggregate-id-integer') && /^\d+$/.test(a.aggregateId) ? Number(a.aggregateId) : a.aggregateId,
  url: a.url,
});

/** The faults that refuse without any message (the readings of D39, D40, D48 want a validation message with a refusal). */
function bareRefusal(b: Behaviour, body: JsonObject, errors: readonly FieldError[]): boolean {
  if (on(b, 'learning.ids.unissued-refused-bare') && errors.some((e) => /is not the id issued at registration/.test(e.message)))
    return true;
  if (on(b, 'learning.access.public-private-refused-bare') && errors.some((e) => e.message === PUBLIC_PRIVATE_MESSAGE)) return true;
  const nulls = isObject(body.costs) && Object.values(body.costs).some((v) => v === null);
  return on(b, 'learning.costs.nulled-refused-bare') && nulls && errors.some((e) => e.message === LEARNING_MESSAGES.currencyWithoutCost);
}

/** The errors as the variant that calls the provider object "service" words them (D26). */
function asService(b: Behaviour, errors: FieldError[]): FieldError[] {
  if (!on(b, 'learning.variant.provider-field-service')) return errors;
  const say = (text: string): string => text.replace(new RegExp(`\\b${LEARNING_PROVIDER_FIELD}\\b`, 'g'), 'service');
  return errors.map((e) => ({ ...(e.field === undefined ? {} : { field: say(e.field) }), message: say(e.message) }));
}

/** A JSON body written without a Content-Type header. */
function sendUnlabelled(ctx: Ctx, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  ctx.res.writeHead(status, { 'content-length': Buffer.byteLength(text) });
  ctx.res.end(text);
}

/** Under the variant that calls the provider object "service" (D26): "service" read as the provider, "provider" as no field of its own. */
function providerAsService(b: Behaviour, body: JsonObject): JsonObject {
  if (!on(b, 'learning.variant.provider-field-service')) return body;
  const { [LEARNING_PROVIDER_FIELD]: _provider, service, ...rest } = body;
  return service === undefined ? rest : { ...rest, [LEARNING_PROVIDER_FIELD]: service };
}

export function activityHandler(store: LearningStore): (ctx: Ctx) => void {
  return (ctx) => {
    const b = ctx.behaviour;
    if (ctx.path.endsWith('/') && on(b, 'learning.update.trailing-slash-404')) return json(ctx, 404, { message: 'Not Found' });
    const externalId = ctx.params.externalId ?? '';
    if (ctx.body === INVALID_JSON) return refuse(ctx, 'learning', [{ message: 'The request body is not valid JSON' }]);
    if (!isObject(ctx.body)) return refuse(ctx, 'learning', [{ message: 'The request body must be a JSON object (a learning activity)' }]);
    const body = providerAsService(b, ctx.body);
    let stored = store.activities.get(externalId) ?? null;
    // The fault takes a body carrying every create field for a create, whatever is stored.
    if (stored && on(b, 'learning.put.full-body-recreates') && REQUIRED_ON_CREATE.every((f) => body[f] !== undefined && body[f] !== null))
      stored = null;
    // The fault routes the path with a trailing slash to the create.
    if (ctx.path.endsWith('/') && on(b, 'learning.update.trailing-slash-creates')) stored = null;
    if (stored && on(b, 'learning.null-field-500') && hasNull(body))
      throw new TypeError("Cannot read properties of null (reading 'length')");
    blindCrashes(ctx, store, stored, body, externalId);

    const { errors, next } = checkActivity({
      stored,
      body,
      providerId: EMBEDDED.v3.learningProviderId,
      ownerId: EMBEDDED.v3.learningOwnerId,
      imageExists: (k) => store.imageKeys.has(k),
      behaviour: b,
    });
    if (errors.length > 0) {
      if (bareRefusal(b, body, errors)) return send(ctx, 400);
      // The fault stores a refused create all the same (the refusal is still answered).
      if (!stored && on(b, 'learning.refused-create-stored')) store.create(externalId, randomUUID(), next);
      // The fault stores the access level before the rules refuse it.
      if (stored && on(b, 'learning.access.refused-change-stored') && typeof body.accessLevel === 'string')
        stored.data = { ...stored.data, accessLevel: body.accessLevel };
      // The fault stores the costs of an update before the cost rules refuse it.
      if (stored && on(b, 'learning.costs.refused-update-stored') && isObject(body.costs) && isObject(next.costs))
        stored.data = { ...stored.data, costs: next.costs };
      return refuse(ctx, 'learning', asService(b, errors));
    }
    const imageKey = isObject(body.image) && typeof body.image.tempKey === 'string' ? body.image.tempKey : null;
    if (imageKey !== null) store.usedImageKeys.add(imageKey);

    if (!stored) {
      const given = body.aggregateId;
      const issued = on(b, 'learning.variant.aggregate-id-integer') ? String(store.activities.size + 7_000_001) : randomUUID();
      const created = store.create(externalId, typeof given === 'string' || typeof given === 'number' ? String(given) : issued, next);
      const answer: Record<string, unknown> = summary(created, b);
      if (on(b, 'learning.create.no-aggregate-id')) delete answer.aggregateId;
      if (on(b, 'learning.create.id-as-string')) answer.id = String(created.id);
      if (on(b, 'learning.create.url-missing-for-private') && next.accessLevel === 'private') delete answer.url;
      const mediaType = on(b, 'learning.create.body-labelled-html')
        ? 'text/html'
        : on(b, 'learning.variant.create-hal-json')
          ? 'application/hal+json'
          : 'application/json';
      // Written without a Content-Type (D47 unlabelled).
      if (on(b, 'learning.variant.create-unlabelled')) return sendUnlabelled(ctx, on(b, 'learning.create.status-200') ? 200 : 201, answer);
      return json(ctx, on(b, 'learning.create.status-200') ? 200 : 201, answer, {}, mediaType);
    }
    stored.data = next;
    // The fault issues a new aggregate id whenever one is sent, even the stored one.
    if (body.aggregateId !== undefined && on(b, 'learning.aggregate-id.reissued-when-resent')) stored.aggregateId = randomUUID();
    if (body.isArchived === true && on(b, 'learning.archive.status-204')) return send(ctx, 204);
    const status = on(b, 'learning.update.status-201') ? 201 : 200;
    if (on(b, 'learning.variant.update-empty-body')) return send(ctx, status);
    if (on(b, 'learning.variant.update-full-activity')) return json(ctx, status, { ...summary(stored, b), externalId, ...stored.data });
    if (on(b, 'learning.variant.update-detail')) return json(ctx, status, { ...summary(stored, b), detail: 'updated' });
    json(ctx, status, summary(stored, b));
  };
}

/** The crashes of the blind-written learning faults: each throws on a request 001 lets succeed (or refuses with a message). */
function blindCrashes(ctx: Ctx, store: LearningStore, stored: Activity | null, body: JsonObject, externalId: string): void {
  const b = ctx.behaviour;
  const crash = (what: string): never => {
    throw new TypeError(`Cannot read properties of undefined (reading '${what}')`);
  };
  // The fault takes an all-digit key for the internal id and finds no activity under it.
  if (on(b, 'learning.keyed.digits-500') && /^\d+$/.test(externalId)) crash('aggregateId');
  if (
    on(b, 'learning.description.set-on-update-500') &&
    stored &&
    typeof body.description === 'string' &&
    stored.data.description === undefined
  )
    crash('replace');
  const duration = at(body, 'duration.duration');
  if (on(b, 'learning.duration.fraction-500') && typeof duration === 'number' && !Number.isInteger(duration))
    throw new RangeError(`The number ${duration} cannot be converted to a BigInt because it is not an integer`);
  if (on(b, 'learning.costs.decimal-500') && isObject(body.costs)) {
    // Costs are kept as BigInt minor units, converted from the number sent: a fraction throws.
    for (const field of ['attendenceCost', 'cancellationCost', 'otherCost']) {
      const cost = body.costs[field];
      if (typeof cost === 'number') BigInt(cost);
    }
  }
  const key = at(body, 'image.tempKey');
  if (on(b, 'learning.image.reused-key-500') && typeof key === 'string' && store.usedImageKeys.has(key)) crash('bytes');
  if (on(b, 'learning.is-archived-false-500') && stored && body.isArchived === false && stored.data.isArchived !== true)
    crash('archivedAt');
}
