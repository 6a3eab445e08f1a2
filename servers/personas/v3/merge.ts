/**
 * Applying a write to a stored record: omitted fields keep their value, null removes, a collection (array)
 * replaces the stored one. Document part 4 shared write rules 2-3; learning update rules ("send only the fields
 * that change; sending a field as null removes its value").
 */
import { isJsonObject, setOwn, type JsonObject } from './json';

/** Deep merge (HR records): nested objects merge field by field, arrays replace, null removes. */
export function mergePatch(target: JsonObject, patch: JsonObject): JsonObject {
  const result = structuredClone(target);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[key];
      continue;
    }
    const current = Object.hasOwn(result, key) ? result[key] : undefined;
    setOwn(result, key, isJsonObject(value) && isJsonObject(current) ? mergePatch(current, value) : structuredClone(value));
  }
  return result;
}

/** Top-level replacement (learning activities): each field sent replaces the stored one whole, null removes. */
export function replaceFields(target: JsonObject, patch: JsonObject): JsonObject {
  const result = structuredClone(target);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else setOwn(result, key, structuredClone(value));
  }
  return result;
}

export function withoutKeys(source: JsonObject, keys: readonly string[]): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(source)) if (!keys.includes(key)) setOwn(result, key, value);
  return result;
}
