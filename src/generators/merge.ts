// Flattens a schema node: follows $ref and folds allOf into one schema object. What cannot be merged
// exactly (a second oneOf, two different patterns, ...) is kept under `allOf` as a leftover that the
// generator enforces by filtering.
import { deepEqual, isObject, type JsonObject } from './json.js';
import type { Schema, SchemaStore } from './schema-store.js';

/** Keywords that only annotate: dropped when merging. */
const ANNOTATIONS = new Set([
  '$id',
  '$schema',
  '$anchor',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
]);
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas'];
const SUBSCHEMAS = ['items', 'unevaluatedItems', 'contains', 'propertyNames'];

const cache = new WeakMap<object, JsonObject>();
const ANYTHING: JsonObject = {};
const NOTHING: JsonObject = { not: {} };

/** The node with $ref followed and allOf folded in (memoized per node object). */
export function flatten(schema: Schema, store: SchemaStore, depth = 0): JsonObject {
  if (schema === true) return ANYTHING;
  if (schema === false) return NOTHING;
  const hit = cache.get(schema);
  if (hit) return hit;
  if (depth > 50) throw new Error('schema $ref/allOf chain too deep (a cycle?)');
  const { $ref, allOf, ...rest } = schema;
  let out: JsonObject = {};
  for (const [k, v] of Object.entries(rest)) {
    if (!ANNOTATIONS.has(k) && !k.startsWith('x-')) out[k] = v;
  }
  const parts: Schema[] = [];
  if (typeof $ref === 'string') parts.push(store.deref($ref));
  if (Array.isArray(allOf)) parts.push(...(allOf as Schema[]));
  for (const part of parts) out = mergeSchemas(out, flatten(part, store, depth + 1));
  cache.set(schema, out);
  return out;
}

function typeList(t: unknown): string[] {
  return Array.isArray(t) ? t.map(String) : [String(t)];
}

function intersectTypes(a: unknown, b: unknown): string[] {
  const la = typeList(a);
  const lb = typeList(b);
  const out = new Set<string>();
  for (const t of la) {
    if (lb.includes(t)) out.add(t);
    else if (t === 'integer' && lb.includes('number')) out.add('integer');
    else if (t === 'number' && lb.includes('integer')) out.add('integer');
  }
  return [...out];
}

function both(a: unknown, b: unknown): Schema {
  return { allOf: [a as Schema, b as Schema] };
}

const merged = new WeakMap<JsonObject, WeakMap<JsonObject, JsonObject>>();

/**
 * Merge two flattened schema objects into one that means (approximately) "both". Memoized, so the
 * same inputs give the same object (the generator caches by object identity).
 */
export function mergeSchemas(a: JsonObject, b: JsonObject): JsonObject {
  let byB = merged.get(a);
  if (!byB) merged.set(a, (byB = new WeakMap()));
  let out = byB.get(b);
  if (!out) byB.set(b, (out = mergeUncached(a, b)));
  return out;
}

function mergeUncached(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = { ...a };
  const leftovers: JsonObject[] = Array.isArray(a.allOf) ? [...(a.allOf as JsonObject[])] : [];
  delete out.allOf;
  const conditional = b.if !== undefined && a.if !== undefined;
  for (const [k, bv] of Object.entries(b)) {
    if (k === 'allOf') {
      leftovers.push(...(bv as JsonObject[]));
      continue;
    }
    if (conditional && (k === 'if' || k === 'then' || k === 'else')) continue;
    if (!(k in out)) {
      out[k] = bv;
      continue;
    }
    const av = out[k];
    if (k === 'type') out.type = intersectTypes(av, bv);
    else if (k === 'required') out.required = [...new Set([...(av as string[]), ...(bv as string[])])];
    else if (k === 'enum') out.enum = (av as unknown[]).filter((x) => (bv as unknown[]).some((y) => deepEqual(x, y)));
    else if (LOWER.includes(k)) out[k] = Math.max(Number(av), Number(bv));
    else if (UPPER.includes(k)) out[k] = Math.min(Number(av), Number(bv));
    else if (k === 'uniqueItems') out.uniqueItems = av === true || bv === true;
    else if (SCHEMA_MAPS.includes(k) && isObject(av) && isObject(bv)) {
      const m: JsonObject = { ...av };
      for (const [p, s] of Object.entries(bv)) m[p] = p in m ? both(m[p], s) : s;
      out[k] = m;
    } else if (k === 'dependentRequired' && isObject(av) && isObject(bv)) {
      const m: JsonObject = { ...av };
      for (const [p, l] of Object.entries(bv)) {
        m[p] = [...new Set([...((m[p] as string[] | undefined) ?? []), ...(l as string[])])];
      }
      out[k] = m;
    } else if (k === 'additionalProperties' || k === 'unevaluatedProperties') {
      out[k] = av === false || bv === false ? false : both(av, bv);
    } else if (SUBSCHEMAS.includes(k)) out[k] = both(av, bv);
    else if (k === 'not') out.not = { anyOf: [av, bv] };
    else if (k === 'prefixItems' && Array.isArray(av) && Array.isArray(bv)) {
      const n = Math.max(av.length, bv.length);
      out.prefixItems = Array.from({ length: n }, (_, i) => (i < av.length && i < bv.length ? both(av[i], bv[i]) : (av[i] ?? bv[i])));
    } else if (!deepEqual(av, bv)) leftovers.push({ [k]: bv });
  }
  if (conditional) leftovers.push(pick(b, ['if', 'then', 'else']));
  // Contradictory constants show up as an empty enum, which the generator rejects at once.
  if (out.const !== undefined && b.const !== undefined && !deepEqual(a.const ?? b.const, b.const)) out.enum = [];
  if (out.const !== undefined && Array.isArray(out.enum)) out.enum = out.enum.filter((v) => deepEqual(v, out.const));
  if (leftovers.length > 0) out.allOf = leftovers;
  return out;
}

function pick(o: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}

const omitted = new WeakMap<JsonObject, Map<string, JsonObject>>();

/** A copy of a schema object without the given keywords (memoized like mergeSchemas). */
export function omit(o: JsonObject, keys: string[]): JsonObject {
  let byKeys = omitted.get(o);
  if (!byKeys) omitted.set(o, (byKeys = new Map()));
  const k = keys.join('\n');
  let out = byKeys.get(k);
  if (!out) byKeys.set(k, (out = Object.fromEntries(Object.entries(o).filter(([key]) => !keys.includes(key)))));
  return out;
}

/** Declared types of a node, or the types its keywords imply, or undefined when anything goes. */
export function nodeTypes(node: JsonObject): string[] | undefined {
  if (node.type !== undefined) return typeList(node.type);
  const implied: string[] = [];
  const has = (...ks: string[]) => ks.some((k) => k in node);
  if (
    has(
      'properties',
      'required',
      'additionalProperties',
      'patternProperties',
      'minProperties',
      'maxProperties',
      'dependentRequired',
      'unevaluatedProperties',
      'propertyNames',
    )
  )
    implied.push('object');
  if (has('items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains')) implied.push('array');
  if (has('minLength', 'maxLength', 'pattern', 'format')) implied.push('string');
  if (has('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) implied.push('number');
  return implied.length > 0 ? implied : undefined;
}

/**
 * Whether a flattened node obviously admits no value: an empty enum or type list on the node or on
 * one of its required properties. Cheap, so that contradictory if/then combinations are cut early.
 */
export function obviouslyEmpty(node: JsonObject, store: SchemaStore): boolean {
  const empty = (n: JsonObject) => (Array.isArray(n.enum) && n.enum.length === 0) || (Array.isArray(n.type) && n.type.length === 0);
  if (empty(node)) return true;
  const props = isObject(node.properties) ? node.properties : {};
  const required = Array.isArray(node.required) ? node.required.map(String) : [];
  return required.some((k) => k in props && empty(flatten(props[k] as Schema, store)));
}
