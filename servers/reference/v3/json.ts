/** JSON values as the v3 handlers store them, and the merge rules of 001 §4 (shared write rules 2 and 3). */

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy without the null members: what a create stores (a null sent on create stores nothing). */
export function withoutNulls(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null) continue;
    out[key] = isObject(v) ? withoutNulls(v) : structuredClone(v);
  }
  return out;
}

/**
 * Applies an update to a stored record (001 §4 rules 2-3; learning update rules): an omitted member
 * keeps its value, a member sent as null is removed, an object merges member by member, and any
 * other value (arrays included: a collection replaces the stored one, an empty array clears it)
 * replaces the stored value.
 */
export function mergePatch(stored: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = structuredClone(stored);
  for (const [key, v] of Object.entries(patch)) {
    if (v === null) {
      delete out[key];
    } else if (isObject(v)) {
      const current = out[key];
      out[key] = isObject(current) ? mergePatch(current, v) : withoutNulls(v);
    } else {
      out[key] = structuredClone(v);
    }
  }
  return out;
}

/** The member at a dotted path, e.g. "costs.currency.code"; undefined when absent. */
export function at(value: JsonObject, path: string): Json | undefined {
  let current: Json | undefined = value;
  for (const part of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[part];
  }
  return current;
}

/** True when some member at any depth is null. */
export function hasNull(value: Json): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.some(hasNull);
  if (isObject(value)) return Object.values(value).some(hasNull);
  return false;
}
