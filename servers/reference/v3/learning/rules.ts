/**
 * The rules of a learning activity write (001 §2 Learning activity, §3, §4, §7.2), as one pure
 * function from (stored activity, request body) to validation errors.
 *
 * Decisions where 001 leaves room:
 * - Orgwide-only fields (001 §2: "public and private activities may use only a limited set";
 *   `code` "applies only to orgwide activities"): only `code`. Costs, image, duration, description
 *   and content (text/weblink) are allowed at every level, since 001 names no other field as
 *   orgwide-only and the cost messages of §7.2 must stay reachable on any activity.
 * - Content types: `text` and `weblink` at every level; any other type (e.g. `scormcourse`) only at
 *   orgwide (001 §2 content).
 * - The cost rules look at the activity as it will be stored (stored costs merged with the update),
 *   so an update may send a new cost alone when a currency is already stored.
 * - null removes any field (001 §4; schemas/DECISIONS.md D28) except accessLevel: without it the
 *   access-level rules of 001 §3 could not hold. A null accessLevel on an orgwide activity is a
 *   change "from org-wide"; on a public or private one it is refused.
 * - currency.code is an ISO 4217 code (three capital letters; 001 §2 "currency code").
 * - The provider and owner ids must be the ones issued at registration (identity.json); 001 §2 does
 *   not say other ids are refused, and the variant learning.variant.unissued-ids-accepted takes them.
 * - A change between public and private is allowed (001 §3 names only changes to and from
 *   orgwide); the variant learning.variant.public-private-refused refuses it with a message.
 * - image.tempKey is checked when sent (the stored image is no longer in temporary storage).
 * - Type errors are answered alone; otherwise every broken rule is reported at once.
 */
import type { Behaviour } from '../../behaviour';
import { LEARNING_PROVIDER_FIELD } from '../../../../contract/terms';
import { checkFields, type FieldError, type Rules } from '../fields';
import { on } from '../../switches';
import { at, isObject, mergePatch, withoutNulls, type Json, type JsonObject } from '../json';
import { COST_MESSAGE_WITH_TYPO, learningMessage, PUBLIC_PRIVATE_MESSAGE, type MessageKey } from './messages';

export const ACCESS_LEVELS = ['orgwide', 'public', 'private'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
/** Content types usable at every access level (001 §2); any other only at orgwide. */
export const OPEN_CONTENT_TYPES: readonly string[] = ['text', 'weblink'];
/** Fields only orgwide activities may carry (see the decision above). */
export const ORGWIDE_ONLY_FIELDS: readonly string[] = ['code'];
export const COST_FIELDS = ['attendenceCost', 'cancellationCost', 'otherCost'] as const;
export const REQUIRED_ON_CREATE: readonly string[] = [LEARNING_PROVIDER_FIELD, 'owner', 'accessLevel', 'title'];

const text = 'string' as const;
const idObject = { object: { id: 'integer' } } as const;

export const ACTIVITY_RULES: Rules = {
  [LEARNING_PROVIDER_FIELD]: idObject,
  owner: idObject,
  accessLevel: text,
  title: text,
  description: text,
  code: text,
  content: { object: { type: text, text } },
  duration: { object: { duration: 'number', durationPeriod: text } },
  costs: { object: { currency: { object: { code: text } }, attendenceCost: 'number', cancellationCost: 'number', otherCost: 'number' } },
  image: { object: { tempKey: text } },
  isArchived: 'boolean',
  aggregateId: 'identifier',
};

export interface StoredActivity {
  aggregateId: string;
  data: JsonObject;
}

export interface ActivityWrite {
  stored: StoredActivity | null;
  body: JsonObject;
  providerId: number;
  ownerId: number;
  imageExists(tempKey: string): boolean;
  behaviour: Behaviour;
}

export interface ActivityCheck {
  errors: FieldError[];
  /** The activity as it will be stored (without aggregateId, which is kept apart). */
  next: JsonObject;
}

const isLevel = (value: Json | undefined): value is AccessLevel =>
  typeof value === 'string' && (ACCESS_LEVELS as readonly string[]).includes(value);

export function checkActivity(w: ActivityWrite): ActivityCheck {
  const b = w.behaviour;
  const say = (key: MessageKey, field?: string): FieldError => ({ ...(field ? { field } : {}), message: learningMessage(b, key) });
  const { errors: typeErrors, value: body } = checkFields(blindCoerced(b, w.body), ACTIVITY_RULES);
  const { aggregateId: _aggregateId, ...sent } = body;
  // The nested-null fault drops the nulls inside objects before merging (top-level nulls still remove).
  const patch = on(b, 'learning.update.nested-null-ignored')
    ? Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, isObject(v) ? withoutNulls(v) : v]))
    : sent;
  const next = w.stored
    ? mergePatch(w.stored.data, on(b, 'learning.update.null-ignored') ? withoutNulls(patch) : patch)
    : withoutNulls(patch);
  if (typeErrors.length > 0 && on(b, 'learning.type-error-500'))
    throw new TypeError(`${typeErrors[0]?.field ?? 'value'}.trim is not a function`);
  if (typeErrors.length > 0) return { errors: typeErrors, next };
  const errors: FieldError[] = [];

  // Required on create; not removable afterwards (001 §4).
  for (const field of REQUIRED_ON_CREATE) {
    if (w.stored === null && (body[field] === undefined || body[field] === null)) {
      if (field === 'title' && on(b, 'learning.create.required-not-checked')) continue;
      if (field === 'title' && on(b, 'learning.title.required-for-orgwide-only') && body.accessLevel !== 'orgwide') continue;
      if (field === 'owner' && on(b, 'learning.owner.defaults-to-provider') && isObject(next[LEARNING_PROVIDER_FIELD])) {
        next.owner = structuredClone(next[LEARNING_PROVIDER_FIELD]);
        continue;
      }
      if (field === 'accessLevel' && on(b, 'learning.access-level.defaults-to-private') && body.accessLevel === undefined) {
        next.accessLevel = 'private';
        continue;
      }
      errors.push({ field, message: `${field} is required to create an activity` });
    }
  }
  // The fault re-runs the create rule for title on every update.
  if (w.stored && body.title === undefined && on(b, 'learning.update.requires-title'))
    errors.push({ field: 'title', message: 'title is required' });
  const checkId = (field: string, registered: number, relaxed: boolean): void => {
    const id = at(body, `${field}.id`);
    if (isObject(body[field]) && id === undefined) errors.push({ field: `${field}.id`, message: `${field}.id is required` });
    else if (typeof id === 'number' && id !== registered && !relaxed)
      errors.push({ field: `${field}.id`, message: `${field}.id ${id} is not the id issued at registration` });
  };
  const anyId = on(b, 'learning.variant.unissued-ids-accepted');
  checkId(LEARNING_PROVIDER_FIELD, w.providerId, anyId);
  checkId('owner', w.ownerId, anyId);
  if (body.accessLevel !== undefined && body.accessLevel !== null && !isLevel(body.accessLevel)) {
    errors.push({ field: 'accessLevel', message: `accessLevel must be one of ${ACCESS_LEVELS.join(', ')}` });
  }

  // Access level changes (001 §3, §7.2); a refused change leaves the stored level in force.
  const storedLevel = w.stored ? w.stored.data.accessLevel : undefined;
  let level = isLevel(next.accessLevel) ? next.accessLevel : null;
  // The fault skips the access-level rules on an archive.
  const archiving = body.isArchived === true && on(b, 'learning.access.change-on-archive-allowed');
  if (w.stored && body.accessLevel !== undefined && body.accessLevel !== storedLevel && !archiving) {
    let refusedChange = true;
    if (storedLevel === 'orgwide') {
      if (on(b, 'learning.access.from-orgwide-allowed') && body.accessLevel !== null) refusedChange = false;
      else if (on(b, 'learning.access.orgwide-to-public-allowed') && body.accessLevel === 'public') refusedChange = false;
      else errors.push(say('fromOrgwide', 'accessLevel'));
    } else if (body.accessLevel === 'orgwide') {
      if (on(b, 'learning.access.to-orgwide-allowed')) refusedChange = false;
      else if (on(b, 'learning.access.public-to-orgwide-allowed') && storedLevel === 'public') refusedChange = false;
      else errors.push(say('toOrgwide', 'accessLevel'));
    } else if (body.accessLevel === null) {
      errors.push({ field: 'accessLevel', message: 'accessLevel cannot be removed from an activity' });
    } else if (
      (on(b, 'learning.variant.public-private-refused') || on(b, 'learning.access.public-private-refused-bare')) &&
      isLevel(storedLevel) &&
      isLevel(body.accessLevel)
    ) {
      errors.push({ field: 'accessLevel', message: PUBLIC_PRIVATE_MESSAGE });
    } else {
      refusedChange = false;
    }
    if (refusedChange) level = isLevel(storedLevel) ? storedLevel : null;
  }

  // Aggregate id (001 §2: set at creation, never changed). The variant refuses it sent unchanged: "send only the fields that change" (001 §4).
  const unchangedAggregate = w.stored !== null && body.aggregateId !== undefined && String(body.aggregateId) === w.stored.aggregateId;
  if (unchangedAggregate && on(b, 'learning.variant.unchanged-aggregate-id-refused'))
    errors.push({ field: 'aggregateId', message: 'aggregateId is set at creation and does not change: send only the fields that change' });
  if (
    w.stored &&
    body.aggregateId !== undefined &&
    // The fault refuses any aggregateId sent, the stored one too.
    (String(body.aggregateId) !== w.stored.aggregateId || on(b, 'learning.aggregate-id.resent-refused')) &&
    !on(b, 'learning.aggregate-id-change-allowed') &&
    !(body.isArchived === true && on(b, 'learning.aggregate-id.unchecked-on-archive'))
  ) {
    errors.push(say('aggregateId', 'aggregateId'));
  }

  // Costs and currency (001 §7.2).
  const costs = isObject(next.costs) ? next.costs : {};
  const costSupplied = COST_FIELDS.some((f) => typeof costs[f] === 'number');
  const code = at(costs, 'currency.code');
  const currencySupplied = typeof code === 'string' && code !== '';
  if (currencySupplied && !/^[A-Z]{3}$/.test(code))
    errors.push({ field: 'costs.currency.code', message: `costs.currency.code "${code}" is not an ISO 4217 currency code` });
  const costRules = w.stored === null || !on(b, 'learning.costs.rule-skipped-on-update');
  // The only-attendence fault looks at attendenceCost alone; the zero-is-no-cost variant tests costs for truth (D46).
  const costForCurrencyRule = on(b, 'learning.costs.only-attendence-checked') ? typeof costs.attendenceCost === 'number' : costSupplied;
  const costForCostRule = on(b, 'learning.variant.zero-is-no-cost') ? COST_FIELDS.some((f) => Boolean(costs[f])) : costSupplied;
  // The fault takes a currency object for a currency code.
  const currencyForCostRule = currencySupplied || (on(b, 'learning.costs.currency-object-taken') && isObject(costs.currency));
  if (costRules && costForCurrencyRule && !currencyForCostRule && !on(b, 'learning.costs.cost-without-currency-accepted')) {
    if (w.stored && on(b, 'learning.msg.cost-typo-on-update'))
      errors.push({ field: 'costs.currency.code', message: COST_MESSAGE_WITH_TYPO });
    else errors.push(say('costWithoutCurrency', 'costs.currency.code'));
  }
  // The variant judges an update sending nothing but nulls in costs by what it sends: no currency code, so no refusal (D48 cost-removed).
  const onlyNulls = w.stored !== null && isObject(body.costs) && Object.values(body.costs).every((v) => v === null);
  const nullsTaken = onlyNulls && on(b, 'learning.variant.cost-null-taken');
  if (costRules && currencySupplied && !costForCostRule && !on(b, 'learning.costs.currency-without-cost-accepted') && !nullsTaken)
    errors.push(say('currencyWithoutCost', 'costs'));

  // The fault runs the orgwide-only check at every access level.
  if (level === 'orgwide' && on(b, 'learning.code.refused-on-orgwide'))
    for (const field of ORGWIDE_ONLY_FIELDS) if (next[field] !== undefined) errors.push(say('fieldForAccessLevel', field));
  // What public and private activities may use (001 §2).
  if (level === 'public' || level === 'private') {
    const type = at(next, 'content.type');
    const open = on(b, 'learning.content.weblink-orgwide-only') ? ['text'] : OPEN_CONTENT_TYPES;
    const contentChecked = !(w.stored && on(b, 'learning.content.type-checked-on-create-only'));
    if (typeof type === 'string' && !open.includes(type) && contentChecked && !on(b, 'learning.content.scormcourse-on-private-accepted'))
      errors.push(say('contentType', 'content.type'));
    if (on(b, 'learning.limited-set.code-500') && ORGWIDE_ONLY_FIELDS.some((f) => next[f] !== undefined))
      throw new TypeError("Cannot read properties of undefined (reading 'code')");
    if (!on(b, 'learning.field.code-on-public-accepted') && !(w.stored && on(b, 'learning.code.unchecked-on-update'))) {
      for (const field of ORGWIDE_ONLY_FIELDS) if (next[field] !== undefined) errors.push(say('fieldForAccessLevel', field));
    }
    // The fault lists isArchived among the orgwide-only fields, for private activities.
    if (level === 'private' && body.isArchived === true && on(b, 'learning.archive.private-refused'))
      errors.push(say('fieldForAccessLevel', 'isArchived'));
  }

  // Image key in temporary storage (001 §7.2).
  if (isObject(body.image)) {
    const key = body.image.tempKey;
    const imageChecked = !(w.stored && on(b, 'learning.image.checked-on-create-only'));
    if (key === undefined || key === null) errors.push({ field: 'image.tempKey', message: 'image.tempKey is required' });
    else if (typeof key === 'string' && !w.imageExists(key) && imageChecked && !on(b, 'learning.image.unknown-key-accepted'))
      errors.push(say('image', 'image.tempKey'));
  }
  return { errors, next };
}

/** The body as the lawful variant reads it: a numeric string provider id taken for the integer (Jackson's default coercion). */
function blindCoerced(b: Behaviour, body: JsonObject): JsonObject {
  const provider = body[LEARNING_PROVIDER_FIELD];
  if (!on(b, 'learning.variant.provider-id-string-coerced') || !isObject(provider) || typeof provider.id !== 'string') return body;
  if (!/^\d+$/.test(provider.id)) return body;
  return { ...body, [LEARNING_PROVIDER_FIELD]: { ...provider, id: Number(provider.id) } };
}
