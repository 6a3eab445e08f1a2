/**
 * The learning validation rules of part 7's table, each under its condition: access-level changes, aggregate id
 * change, fields and content types per access level, costs and currency code, image in temporary storage,
 * circular child activities. Document part 7 item 2, part 3 ("Access-level rules for learning activities"),
 * part 2 ("Orgwide activities may use every field; public and private activities may use only a limited set").
 */
import type { PersonaChoices } from './choices';
import { problem, type Problem } from './errors';
import { isJsonObject, stringItems, type JsonObject } from './json';
import { MESSAGES } from './learning-messages';
import { ACCESS_LEVELS, CHILD_FIELD, COST_FIELDS, EVERY_LEVEL_CONTENT_TYPES, isRestrictedLevel } from './learning-schema';
import type { Activity, V3Store } from './store';

export interface ActivityWrite {
  readonly externalId: string;
  readonly body: JsonObject;
  readonly existing: Activity | undefined;
}

export interface RuleContext {
  readonly store: V3Store;
  readonly choices: PersonaChoices;
}

/** The access level the activity has once the write is applied. */
export function resultingLevel(write: ActivityWrite): string | undefined {
  const sent = write.body.accessLevel;
  if (typeof sent === 'string') return sent;
  const stored = write.existing?.fields.accessLevel;
  return typeof stored === 'string' ? stored : undefined;
}

export function accessLevelProblems(write: ActivityWrite, choices: PersonaChoices): Problem[] {
  const next = write.body.accessLevel;
  const problems: Problem[] = [];
  if (typeof next === 'string' && !choices.learning.allowUnknownAccessLevel && !ACCESS_LEVELS.includes(next)) {
    problems.push(problem('accessLevel', `accessLevel must be one of ${ACCESS_LEVELS.join(', ')}`));
  }
  if (write.existing === undefined || next === undefined) return problems;
  const stored = write.existing.fields.accessLevel;
  if (stored === 'orgwide' && next !== 'orgwide') problems.push(problem('accessLevel', MESSAGES.fromOrgwide));
  else if (typeof stored === 'string' && isRestrictedLevel(stored) && next === 'orgwide') {
    problems.push(problem('accessLevel', MESSAGES.toOrgwide));
  } else if (next === null) problems.push(problem('accessLevel', 'accessLevel cannot be removed'));
  else if (
    !choices.learning.publicPrivateChange &&
    typeof stored === 'string' &&
    typeof next === 'string' &&
    isRestrictedLevel(stored) &&
    isRestrictedLevel(next) &&
    next !== stored
  ) {
    // 001 §3 forbids changes to and from orgwide; §7's list "is not exhaustive", so this one may be refused too
    problems.push(problem('accessLevel', 'Cannot change access level between public and private'));
  }
  return problems;
}

export function aggregateProblems(write: ActivityWrite, ctx: RuleContext): Problem[] {
  const sent = write.body.aggregateId;
  if (sent === undefined) return [];
  if (write.existing !== undefined) {
    return sent === null || String(sent) !== String(write.existing.aggregateId) ? [problem('aggregateId', MESSAGES.aggregateChange)] : [];
  }
  if (sent === null || !ctx.choices.learning.uniqueAggregateIds) return [];
  const taken = [...ctx.store.activities.values()].some((activity) => String(activity.aggregateId) === String(sent));
  return taken ? [problem('aggregateId', `aggregateId "${String(sent)}" belongs to another activity`)] : [];
}

function fieldAllowed(field: string, choices: PersonaChoices): boolean {
  const policy = choices.learning.restrictedLevelFields;
  return policy.kind === 'allow' ? policy.fields.includes(field) : !policy.fields.includes(field);
}

export function fieldLevelProblems(write: ActivityWrite, choices: PersonaChoices): Problem[] {
  if (!isRestrictedLevel(resultingLevel(write))) return [];
  return Object.entries(write.body)
    .filter(([field, value]) => value !== null && !fieldAllowed(field, choices))
    .map(([field]) => problem(field, MESSAGES.fieldForLevel));
}

export function contentProblems(write: ActivityWrite, choices: PersonaChoices): Problem[] {
  const content = write.body.content;
  if (!isJsonObject(content) || typeof content.type !== 'string') return [];
  const type = content.type;
  if (isRestrictedLevel(resultingLevel(write)) && !EVERY_LEVEL_CONTENT_TYPES.includes(type)) {
    return [problem('content.type', MESSAGES.contentTypeForLevel)];
  }
  const known = choices.learning.knownContentTypes;
  return known !== null && !known.includes(type) ? [problem('content.type', `Unknown content type "${type}"`)] : [];
}

export function costProblems(body: JsonObject): Problem[] {
  const costs = body.costs;
  if (!isJsonObject(costs)) return [];
  const costSent = COST_FIELDS.some((field) => costs[field] !== undefined && costs[field] !== null);
  const code = isJsonObject(costs.currency) ? costs.currency.code : undefined;
  const codeSent = typeof code === 'string' && code.trim() !== '';
  if (costSent && !codeSent) return [problem('costs.currency.code', MESSAGES.costWithoutCurrency)];
  if (codeSent && !costSent) return [problem('costs', MESSAGES.currencyWithoutCost)];
  return [];
}

export function imageProblems(body: JsonObject, store: V3Store): Problem[] {
  const image = body.image;
  if (!isJsonObject(image)) return [];
  const key = image.tempKey;
  return typeof key === 'string' && store.imageKeys.has(key) ? [] : [problem('image.tempKey', MESSAGES.imageMissing)];
}

/** True when walking the child activities from `start` leads back to `self`. */
function reachesSelf(self: string, start: readonly string[], store: V3Store): boolean {
  const seen = new Set<string>();
  const pending = [...start];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (id === self) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...stringItems(store.activities.get(id)?.fields[CHILD_FIELD]));
  }
  return false;
}

export function childProblems(write: ActivityWrite, ctx: RuleContext): Problem[] {
  if (!Array.isArray(write.body[CHILD_FIELD])) return [];
  const children = stringItems(write.body[CHILD_FIELD]);
  const problems: Problem[] = [];
  if (ctx.choices.learning.requireKnownChildren) {
    for (const id of children) {
      if (id !== write.externalId && !ctx.store.activities.has(id)) {
        problems.push(problem(CHILD_FIELD, `Child activity "${id}" does not exist`));
      }
    }
  }
  if (reachesSelf(write.externalId, children, ctx.store)) problems.push(problem(CHILD_FIELD, MESSAGES.circularChild));
  return problems;
}
