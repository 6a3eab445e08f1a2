/**
 * Learning Activities v3 helpers (001 §2 Learning activity, §4: PUT
 * /learning/activities/externalId/{externalId}): request bodies, run-tagged activities that archive
 * themselves at the end of the test (isArchived true), and the created body.
 */
import { randomUUID } from 'node:crypto';
import { test } from '../fixtures';
import { operation } from '../../src/catalogue';
import { expectMessage, expectNoServerError, expectStatus } from '../../src/checks';
import type { Target } from '../../src/config/target';
import { pathFor, type ApiClient } from '../../src/http/client';
import { jsonBody, type Exchange } from '../../src/http/exchange';
import type { Cleanup } from '../../src/runner/cleanup';
import { LEARNING_PROVIDER_FIELD } from '../../src/schemas/names';
import { is2xx, observeOutcome, runExternalId, runTitle, statusOf, type Observe } from './v3';

export const ACTIVITY_OP = 'learning.activities.put';
export type AccessLevel = 'orgwide' | 'public' | 'private';
export const ACCESS_LEVELS: readonly AccessLevel[] = ['orgwide', 'public', 'private'];
/** Public and private: the levels with a limited field set (001 §2). */
export const LIMITED_LEVELS: readonly AccessLevel[] = ['public', 'private'];

export type Body = Record<string, unknown>;

export interface LearningContext {
  learning: ApiClient;
  target: Target;
  cleanup: Cleanup;
  observe: Observe;
}

/** The provider and owner ids issued at registration; skips the test with a reason when unknown. */
export function learningIds(target: Target): { providerId: number; ownerId: number } {
  const hr = target.hr;
  const providerId = hr?.learningProviderId ?? null;
  const ownerId = hr?.learningOwnerId ?? null;
  test.skip(providerId === null || ownerId === null, 'LEARNING_PROVIDER_ID and LEARNING_OWNER_ID are not set: an activity cannot be created (001 §2: both are issued at registration)');
  return { providerId: providerId ?? 0, ownerId: ownerId ?? 0 };
}

/** A create body with the four required fields (001 §4 Operations) plus `extra`. */
export function activityBody(target: Target, accessLevel: AccessLevel, extra: Body = {}): Body {
  const { providerId, ownerId } = learningIds(target);
  return { [LEARNING_PROVIDER_FIELD]: { id: providerId }, owner: { id: ownerId }, accessLevel, title: runTitle(target, `${accessLevel} activity`), ...extra };
}

export function activityPath(externalId: string, trailingSlash = false): string {
  return pathFor(operation(ACTIVITY_OP).path, { externalId }) + (trailingSlash ? '/' : '');
}

export async function putActivity(learning: ApiClient, externalId: string, body: unknown, trailingSlash = false): Promise<Exchange> {
  return learning.send({ method: 'PUT', path: activityPath(externalId, trailingSlash), body, operationId: ACTIVITY_OP });
}

/** The documented create body (001 §4: {id integer, aggregateId identifier, url string}), as far as present. */
export interface CreatedBody {
  id?: unknown;
  aggregateId?: unknown;
  url?: unknown;
}

export function createdBody(exchange: Exchange): CreatedBody {
  const body = jsonBody(exchange);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as CreatedBody) : {};
}

export interface Activity {
  externalId: string;
  accessLevel: AccessLevel;
  created: CreatedBody;
  archived: boolean;
}

/** Registers the archive (isArchived true, 001 §3) of an activity at the end of the test. */
export function archiveActivityAtEnd(ctx: LearningContext, activity: Activity): void {
  ctx.cleanup.add(`learning activity ${activity.externalId}`, async () => {
    if (activity.archived) return;
    const ex = await putActivity(ctx.learning, activity.externalId, { isArchived: true });
    if (!is2xx(ex)) throw new Error(`archive answered ${statusOf(ex)}`);
    activity.archived = true;
  });
}

/** Registers the archive of an activity that a create the test expected to be refused made anyway. */
export function archiveIfCreated(ctx: LearningContext, ex: Exchange, externalId: string, accessLevel: AccessLevel): void {
  if (is2xx(ex)) archiveActivityAtEnd(ctx, { externalId, accessLevel, created: createdBody(ex), archived: false });
}

/** Creates an activity as a precondition of a test ('setup': any 2xx) and registers its archive. */
export async function createActivity(ctx: LearningContext, accessLevel: AccessLevel, extra: Body = {}): Promise<Activity> {
  const externalId = runExternalId(ctx.target, 'act');
  const ex = await putActivity(ctx.learning, externalId, activityBody(ctx.target, accessLevel, extra));
  expectNoServerError(ex, { check: 'setup', seed: '001 §4 Operations' });
  expectStatus(ex, '2xx', { check: 'setup', seed: '001 §4 Operations', why: `creating a ${accessLevel} activity is this test's precondition` });
  observeOutcome(ctx.observe, `PUT activity create (${accessLevel})`, ex);
  const activity: Activity = { externalId, accessLevel, created: createdBody(ex), archived: false };
  archiveActivityAtEnd(ctx, activity);
  return activity;
}

/** A create of a fresh activity that the test expects to be refused; archived at the end if it was not. */
export async function tryCreate(ctx: LearningContext, accessLevel: AccessLevel, extra: Body = {}, omit: readonly string[] = []): Promise<Exchange> {
  const externalId = runExternalId(ctx.target, 'act');
  const body = activityBody(ctx.target, accessLevel, extra);
  for (const field of omit) delete body[field];
  const ex = await putActivity(ctx.learning, externalId, body);
  archiveIfCreated(ctx, ex, externalId, accessLevel);
  return ex;
}

/**
 * A documented learning validation message (001 §7.2): a 4xx ('validation') whose body carries
 * the text word for word ('validation-message'). The body's shape is not shown: the text is found
 * anywhere in it.
 */
export function expectLearningMessage(exchange: Exchange, message: string, seed: string, why?: string): void {
  expectNoServerError(exchange, { seed });
  expectStatus(exchange, '4xx', { check: 'validation', seed, ...(why ? { why } : {}) });
  expectMessage(exchange, message, { seed });
}

/** An aggregate id of the same form as `stored` but another value. */
export function otherAggregateId(stored: unknown): unknown {
  if (typeof stored === 'number') return stored + 1;
  if (typeof stored === 'string') {
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(stored)) {
      let other = randomUUID();
      while (other === stored) other = randomUUID();
      return stored === stored.toUpperCase() ? other.toUpperCase() : other;
    }
    if (/^\d+$/.test(stored)) return String(BigInt(stored) + 1n);
    return `${stored}x`;
  }
  return randomUUID();
}
