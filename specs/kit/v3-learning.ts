/**
 * Learning Activities v3 helpers (001 §2 Learning activity, §4: PUT
 * /learning/activities/externalId/{externalId}): the provider field's name (discovered: 001 §2
 * hides it), request bodies, run-tagged activities that archive themselves at the end of the test
 * (isArchived true), and the created body.
 */
import type { Api } from './api';
import { randomUUID } from 'node:crypto';
import { test } from './fixtures';
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';
import { expectDocumented, expectMessage, expectRefused, expectSetup, failSetup, type ClauseOf } from '../../src/checks';
import { declaredReading } from '../../src/readings';
import { LEARNING_PROVIDER_FIELD_NAME, PROVIDER_FIELD_NAMES } from '../../src/readings/entries/v3-learning';
import type { Target } from '../../src/config/target';
import { pathOf, type ApiClient } from '../../src/http/client';
import { jsonBody, type Exchange } from '../../src/http/exchange';
import { LEARNING_MESSAGES, LEARNING_PROVIDER_FIELD } from '../../contract/terms';
import { isAccepted, isRefused, observeOutcome, runExternalId, runTitle, statusOf } from './v3';

export const ACTIVITY_OP = 'learning.activities.put';
export type AccessLevel = 'orgwide' | 'public' | 'private';
export const ACCESS_LEVELS: readonly AccessLevel[] = ['orgwide', 'public', 'private'];
/** Public and private: the levels with a limited field set (001 §2). */
export const LIMITED_LEVELS: readonly AccessLevel[] = ['public', 'private'];
/** The fields a create requires (001 §4 Operations: "create: the service, owner, accessLevel, title required"); LEARNING_PROVIDER_FIELD stands for the discovered name. */
export type RequiredField = typeof LEARNING_PROVIDER_FIELD | 'owner' | 'accessLevel' | 'title';
export const REQUIRED_FIELDS: readonly RequiredField[] = [LEARNING_PROVIDER_FIELD, 'owner', 'accessLevel', 'title'];

/** The learning validation messages of 001 §7.2 (their words in contract/terms.ts), with their clause ids. */
export const MSG = {
  fromOrgwide: { text: LEARNING_MESSAGES.fromOrgwide, clause: 'learning.msg.from-orgwide' },
  toOrgwide: { text: LEARNING_MESSAGES.toOrgwide, clause: 'learning.msg.to-orgwide' },
  aggregate: { text: LEARNING_MESSAGES.aggregateId, clause: 'learning.msg.aggregate-id' },
  circular: { text: LEARNING_MESSAGES.circular, clause: 'learning.msg.circular' },
  costNeedsCurrency: { text: LEARNING_MESSAGES.costWithoutCurrency, clause: 'learning.msg.cost-needs-currency' },
  currencyNeedsCost: { text: LEARNING_MESSAGES.currencyWithoutCost, clause: 'learning.msg.currency-needs-cost' },
  contentType: { text: LEARNING_MESSAGES.contentType, clause: 'learning.msg.content-type' },
  fieldLevel: { text: LEARNING_MESSAGES.fieldForAccessLevel, clause: 'learning.msg.field-access-level' },
  image: { text: LEARNING_MESSAGES.image, clause: 'learning.msg.image' },
} as const satisfies Record<string, { text: string; clause: ClauseOf<'validation-message'> & ClauseOf<'validation'> }>;

export type LearningMessage = (typeof MSG)[keyof typeof MSG];

export type Body = Record<string, unknown>;

/** What the helpers work with: the test's `api` fixture (one API's client, the target, the clean-up, the observer). */
export type LearningContext = Api;

export function activityOp(): OperationSpec {
  return operation(ACTIVITY_OP);
}

/** The provider and owner ids issued at registration; skips the test with a reason when unknown. */
export function learningIds(target: Target): { providerId: number; ownerId: number } {
  const hr = target.v3;
  const providerId = hr?.learningProviderId ?? null;
  const ownerId = hr?.learningOwnerId ?? null;
  test.skip(
    providerId === null || ownerId === null,
    'LEARNING_PROVIDER_ID and LEARNING_OWNER_ID are not set: an activity cannot be created (001 §2: both are issued at registration)',
  );
  return { providerId: providerId ?? 0, ownerId: ownerId ?? 0 };
}

export const PROVIDER_FIELD_SKIP = "001 §2 hides the provider field's name; set LEARNING_PROVIDER_FIELD";

/** The reading of learning.provider.field a statement declares (D26): the name it stands for, or null. */
export function declaredProviderField(): string | null {
  const declared = declaredReading(LEARNING_PROVIDER_FIELD_NAME.id);
  return declared === null ? null : (PROVIDER_FIELD_NAMES[declared] ?? null);
}

/**
 * The names tried for the provider field, in order: the LEARNING_PROVIDER_FIELD variable if set; else
 * the name a statement declares (learning.provider.field, D26), alone; else the lawful names (the
 * suite's own, contract/terms.ts, first).
 */
export function providerFieldCandidates(): string[] {
  const configured = (process.env.LEARNING_PROVIDER_FIELD ?? '').trim();
  if (configured !== '') return [configured];
  const declared = declaredProviderField();
  if (declared !== null) return [declared];
  return [...new Set([LEARNING_PROVIDER_FIELD, ...Object.values(PROVIDER_FIELD_NAMES)])];
}

/** The discovered name, per target of the worker (a fault run's worker moves between reference servers). */
const discoveries = new WeakMap<Target, Promise<string | null>>();

async function discover(ctx: LearningContext): Promise<string | null> {
  const { providerId, ownerId } = learningIds(ctx.target);
  for (const field of providerFieldCandidates()) {
    const externalId = runExternalId(ctx.target, 'probe');
    const body = {
      [field]: { id: providerId },
      owner: { id: ownerId },
      accessLevel: 'orgwide',
      title: runTitle(ctx.target, 'orgwide activity (provider field probe)'),
    };
    const ex = await putCreate(ctx, externalId, body, 'orgwide');
    ctx.observe('other', `learning provider field probe "${field}"`, statusOf(ex));
    if (isAccepted(ex)) {
      ctx.observe('other', 'learning provider field name', field);
      return field;
    }
  }
  ctx.observe('other', 'learning provider field name', `none of ${providerFieldCandidates().join(', ')} was accepted`);
  return null;
}

/**
 * The name of the learning activity's provider object (001 §2 calls the row "the service" and
 * gives no property name): the first of `providerFieldCandidates()` with which a valid orgwide
 * create is accepted, found once per worker. Any 2xx counts as accepted here, so that a create
 * answered 200 instead of 201 is failed by the tests that check the status, not skipped. Skips
 * the test when no name works.
 */
export async function providerField(ctx: LearningContext): Promise<string> {
  learningIds(ctx.target);
  let discovery = discoveries.get(ctx.target);
  if (!discovery) {
    discovery = discover(ctx).catch((error: unknown) => {
      discoveries.delete(ctx.target);
      throw error;
    });
    discoveries.set(ctx.target, discovery);
  }
  const field = await discovery;
  const declared = declaredProviderField();
  // A name the statement declares that no create takes is the target's failure, not a reason to skip (D26).
  if (field === null && declared !== null)
    failSetup(
      'learning.provider',
      `the statement declares the provider field "${declared}" (learning.provider.field), but a valid create with it was not taken`,
    );
  test.skip(field === null, PROVIDER_FIELD_SKIP);
  return field ?? '';
}

/** A create body with the four required fields (001 §4 Operations) plus `extra`. */
export function activityBody(target: Target, field: string, accessLevel: AccessLevel, extra: Body = {}): Body {
  const { providerId, ownerId } = learningIds(target);
  return { [field]: { id: providerId }, owner: { id: ownerId }, accessLevel, title: runTitle(target, `${accessLevel} activity`), ...extra };
}

/**
 * A PUT of the activity `externalId`. `trailingSlash` sends the path the catalogue gives with a
 * slash after it ("The update path may end with a slash", 001 §4): a path no catalogue template
 * spells, so that one request is built from the operation's path by hand.
 */
export async function putActivity(learning: ApiClient, externalId: string, body: unknown, trailingSlash = false): Promise<Exchange> {
  if (!trailingSlash) return learning.call(ACTIVITY_OP, { params: { externalId }, body });
  const op = learning.operation(ACTIVITY_OP);
  return learning.send({ method: op.method, path: `${pathOf(op, { externalId })}/`, body, operationId: op.id });
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
  /** The create's exchange (whose answer `created` is). */
  createdBy: Exchange;
  archived: boolean;
}

/** Registers the archive (isArchived true, 001 §3) of an activity at the end of the test. */
export function archiveActivityAtEnd(ctx: LearningContext, activity: Activity): void {
  ctx.cleanup.add(
    `learning activity ${activity.externalId}`,
    async () => {
      if (activity.archived) return;
      const ex = await putActivity(ctx.client, activity.externalId, { isArchived: true });
      if (!isAccepted(ex)) throw new Error(`archive answered ${statusOf(ex)}`);
      activity.archived = true;
    },
    'learning activity',
  );
}

/** Registers the archive of an activity that a create the test expected to be refused made anyway. */
export function archiveIfCreated(ctx: LearningContext, ex: Exchange, externalId: string, accessLevel: AccessLevel): void {
  if (isAccepted(ex)) archiveActivityAtEnd(ctx, { externalId, accessLevel, created: createdBody(ex), createdBy: ex, archived: false });
}

/** A PUT creating the activity `externalId` from `body`, archived at the end if the target made it. */
export async function putCreate(ctx: LearningContext, externalId: string, body: Body, accessLevel: AccessLevel): Promise<Exchange> {
  const ex = await putActivity(ctx.client, externalId, body);
  archiveIfCreated(ctx, ex, externalId, accessLevel);
  return ex;
}

/** A create of a fresh run-tagged activity (`putCreate`), its body `activityBody` without the required fields in `omit`; with its externalId. */
export async function tryCreateKeyed(
  ctx: LearningContext,
  accessLevel: AccessLevel,
  extra: Body,
  omit: readonly RequiredField[] = [],
): Promise<{ externalId: string; ex: Exchange }> {
  const field = await providerField(ctx);
  const externalId = runExternalId(ctx.target, 'act');
  const body = activityBody(ctx.target, field, accessLevel, extra);
  for (const name of omit) delete body[name === LEARNING_PROVIDER_FIELD ? field : name];
  return { externalId, ex: await putCreate(ctx, externalId, body, accessLevel) };
}

/** Creates an activity as a precondition of a test ('setup': any 2xx) and registers its archive. */
export async function createActivity(ctx: LearningContext, accessLevel: AccessLevel, extra: Body = {}): Promise<Activity> {
  const { externalId, ex } = await tryCreateKeyed(ctx, accessLevel, extra);
  observeOutcome(ctx.observe, `PUT activity create (${accessLevel})`, ex);
  expectSetup(ex, 'learning.op.put', `creating a ${accessLevel} activity is this test's precondition`);
  return { externalId, accessLevel, created: createdBody(ex), createdBy: ex, archived: false };
}

/** A create of a fresh activity; archived at the end if the target made it. `omit` leaves required fields out. */
export async function tryCreate(
  ctx: LearningContext,
  accessLevel: AccessLevel,
  extra: Body = {},
  omit: readonly RequiredField[] = [],
): Promise<Exchange> {
  return (await tryCreateKeyed(ctx, accessLevel, extra, omit)).ex;
}

/**
 * A documented learning validation message (001 §7.2): a 4xx ('validation') whose body carries
 * the text word for word ('validation-message'). The body's shape is not shown: the text is found
 * anywhere in it.
 */
export function expectLearningMessage(exchange: Exchange, message: LearningMessage, why?: string): void {
  expectRefused(exchange, message.clause, why);
  expectMessage(exchange, message.text, message.clause);
}

/**
 * An update whose outcome 001 does not rule (a public <-> private change, an unchanged field sent
 * against "send only the fields that change"): a refusal (any 4xx) or an accepted update, which
 * then answers 200 ("update 200", 001 §4 Operations). Returns true when the update was accepted.
 */
export function expectUpdateOrRefusal(exchange: Exchange): boolean {
  if (isRefused(exchange)) return false;
  expectDocumented(exchange, activityOp(), '200', { schema: false });
  return true;
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
