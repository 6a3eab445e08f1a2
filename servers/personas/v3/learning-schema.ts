/**
 * The learning activity's fields: types, the provider key (shown as "the service" in the document), the
 * child-activity field this server names, access levels and content types.
 * Document part 2 "Learning activity" and "Gaps" ("including the child-activity field: not shown").
 */
import type { PersonaChoices } from './choices';
import { AMOUNT, BOOLEAN, IDENTIFIER, INTEGER, STRING, STRING_ARRAY, object, type Schema } from './fields';
import { setOwn, type JsonObject } from './json';
import { CHILD_FIELD } from './seed';

export { CHILD_FIELD } from './seed';

export const PROVIDER_FIELD = 'provider';
/** Alias the lenient persona also accepts for the provider object. */
export const SERVICE_ALIAS = 'service';
export const ACCESS_LEVELS: readonly string[] = ['orgwide', 'public', 'private'];
export const RESTRICTED_LEVELS: readonly string[] = ['public', 'private'];
/** "`text` and `weblink` usable at every access level". */
export const EVERY_LEVEL_CONTENT_TYPES: readonly string[] = ['text', 'weblink'];
export const COST_FIELDS: readonly string[] = ['attendenceCost', 'cancellationCost', 'otherCost'];
export const REQUIRED_ON_CREATE: readonly string[] = [PROVIDER_FIELD, 'owner', 'accessLevel', 'title'];

/** Top-level fields; the top level is open (unknown fields are judged by the access-level rule instead). */
export const LEARNING_SCHEMA: Schema = {
  [PROVIDER_FIELD]: object({ id: INTEGER }),
  owner: object({ id: INTEGER }),
  accessLevel: STRING,
  title: STRING,
  description: STRING,
  code: STRING,
  /** Open: the field carrying a weblink's address is not named in the document. */
  content: object({ type: STRING, text: STRING }, true),
  duration: object({ duration: AMOUNT, durationPeriod: STRING }),
  costs: object({ currency: object({ code: STRING }), attendenceCost: AMOUNT, cancellationCost: AMOUNT, otherCost: AMOUNT }),
  image: object({ tempKey: STRING }),
  isArchived: BOOLEAN,
  aggregateId: IDENTIFIER,
  [CHILD_FIELD]: STRING_ARRAY,
};

/**
 * The body with the provider object under `provider`, also when sent as `service` (lenient persona); in the alternate
 * persona the object's key is `service` alone, and a `provider` sent is an unknown field (dropped).
 */
export function normaliseProvider(body: JsonObject, choices: PersonaChoices): JsonObject {
  if (choices.learning.providerField === 'service') {
    const result: JsonObject = {};
    for (const [key, value] of Object.entries(body)) {
      if (key === SERVICE_ALIAS) setOwn(result, PROVIDER_FIELD, value);
      else if (key !== PROVIDER_FIELD) setOwn(result, key, value);
    }
    return result;
  }
  if (!choices.learning.acceptServiceAlias || !Object.hasOwn(body, SERVICE_ALIAS)) return body;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(body)) {
    if (key !== SERVICE_ALIAS) setOwn(result, key, value);
  }
  const service = body[SERVICE_ALIAS];
  if (!Object.hasOwn(body, PROVIDER_FIELD) && service !== undefined) setOwn(result, PROVIDER_FIELD, service);
  return result;
}

export function isRestrictedLevel(level: string | undefined): boolean {
  return level !== undefined && RESTRICTED_LEVELS.includes(level);
}
