// Loads schema documents, rewrites every $ref to an absolute URI (so any sub-schema can be used on its
// own), resolves refs, and answers "does this value match this sub-schema" with ajv (used for oneOf
// exclusivity, if/else and unmergeable leftovers).
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { canonical, isObject, unescapePointer, type JsonObject } from './json.js';
import type { SchemaResolver } from './types.js';

export type Schema = JsonObject | boolean;

// ajv-formats is CommonJS; under ESM its default export may arrive wrapped.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats: AddFormats =
  typeof addFormatsModule === 'function'
    ? (addFormatsModule as unknown as AddFormats)
    : (addFormatsModule as unknown as { default: AddFormats }).default;

const SINGLE = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
const LISTS = ['prefixItems', 'allOf', 'anyOf', 'oneOf'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

let inlineCounter = 0;

function stripFragment(uri: string): string {
  const i = uri.indexOf('#');
  return i < 0 ? uri : uri.slice(0, i);
}

export class SchemaStore {
  private readonly resources = new Map<string, JsonObject>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly matchers = new Map<string, ValidateFunction>();
  private readonly inlineIds = new WeakMap<JsonObject, string>();

  constructor(private readonly resolver: SchemaResolver | undefined) {
    addFormats(this.ajv);
  }

  /** The normalized root schema for an inline schema or a schema id. */
  root(schemaOrId: JsonObject | string): JsonObject {
    if (typeof schemaOrId === 'string') {
      const id = stripFragment(schemaOrId);
      const doc = this.load(id, schemaOrId);
      return schemaOrId.includes('#') ? (this.deref(`${String(doc.$id)}${schemaOrId.slice(id.length)}`) as JsonObject) : doc;
    }
    const given = typeof schemaOrId.$id === 'string' ? stripFragment(schemaOrId.$id) : undefined;
    let uri = given ?? this.inlineIds.get(schemaOrId);
    if (!uri) this.inlineIds.set(schemaOrId, (uri = `https://inline.generators.invalid/schema-${++inlineCounter}.json`));
    if (!this.resources.has(uri)) this.register(uri, schemaOrId);
    return this.resources.get(uri) as JsonObject;
  }

  /** Follows an absolute $ref (document URI plus optional JSON-pointer or anchor fragment). */
  deref(ref: string): Schema {
    const doc = this.load(stripFragment(ref), ref);
    const hash = ref.indexOf('#');
    const fragment = hash < 0 ? '' : decodeURIComponent(ref.slice(hash + 1));
    if (fragment === '') return doc;
    if (!fragment.startsWith('/')) {
      const found = findAnchor(doc, fragment);
      if (!found) throw new Error(`$ref ${ref}: no $anchor "${fragment}"`);
      return found;
    }
    let cur: unknown = doc;
    for (const token of fragment.slice(1).split('/').map(unescapePointer)) {
      cur = Array.isArray(cur) ? cur[Number(token)] : isObject(cur) ? cur[token] : undefined;
      if (cur === undefined) throw new Error(`$ref ${ref}: nothing at that pointer`);
    }
    if (typeof cur !== 'boolean' && !isObject(cur)) throw new Error(`$ref ${ref}: not a schema`);
    return cur;
  }

  /** A predicate "value matches schema" (the schema must come from this store, refs absolute). */
  matcher(schema: Schema): (value: unknown) => boolean {
    if (typeof schema === 'boolean') return () => schema;
    const { $id: _id, $schema: _s, $anchor: _a, ...body } = schema;
    const key = canonical(body);
    let fn = this.matchers.get(key);
    if (!fn) {
      fn = this.ajv.compile(body);
      this.matchers.set(key, fn);
    }
    const validate = fn;
    return (value) => validate(value) === true;
  }

  private load(uri: string, wanted: string): JsonObject {
    const known = this.resources.get(uri);
    if (known) return known;
    if (!this.resolver) {
      throw new Error(`cannot resolve ${wanted}: no resolver given (pass GenOptions.resolve)`);
    }
    let doc: unknown;
    try {
      doc = this.resolver(uri);
    } catch (e) {
      throw new Error(`cannot resolve ${wanted}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!isObject(doc)) throw new Error(`cannot resolve ${wanted}: resolver returned no schema object`);
    // A resolver may accept short ids ("rm/candidate.json"); the document's own absolute $id is its base.
    const canonicalUri = typeof doc.$id === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(doc.$id) ? stripFragment(doc.$id) : uri;
    if (!this.resources.has(canonicalUri)) this.register(canonicalUri, doc);
    const normalized = this.resources.get(canonicalUri) as JsonObject;
    this.resources.set(uri, normalized);
    return normalized;
  }

  /** Normalizes a document, records its resources, adds it to ajv, then loads what it references. */
  private register(uri: string, doc: JsonObject): void {
    const refs = new Set<string>();
    const normalized = this.normalize(doc, uri, refs) as JsonObject;
    normalized.$id = uri;
    this.resources.set(uri, normalized);
    this.ajv.addSchema(normalized);
    for (const ref of refs) {
      const target = stripFragment(ref);
      if (!this.resources.has(target)) this.load(target, ref);
    }
  }

  private normalize(schema: unknown, base: string, refs: Set<string>): unknown {
    if (!isObject(schema)) return schema;
    let here = base;
    const out: JsonObject = {};
    if (typeof schema.$id === 'string') here = stripFragment(new URL(schema.$id, base).href);
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$schema') continue;
      if (key === '$ref' && typeof value === 'string') {
        const abs = new URL(value, here).href;
        out.$ref = abs;
        if (stripFragment(abs) !== here) refs.add(abs);
      } else if (key === '$id' && typeof value === 'string') {
        out.$id = here;
      } else if (SINGLE.includes(key)) {
        out[key] = this.normalize(value, here, refs);
      } else if (LISTS.includes(key) && Array.isArray(value)) {
        out[key] = value.map((s) => this.normalize(s, here, refs));
      } else if (MAPS.includes(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, s]) => [k, this.normalize(s, here, refs)]));
      } else {
        out[key] = value;
      }
    }
    if (here !== base) this.resources.set(here, out);
    return out;
  }
}

function findAnchor(schema: unknown, anchor: string): JsonObject | undefined {
  if (Array.isArray(schema)) {
    for (const s of schema) {
      const f = findAnchor(s, anchor);
      if (f) return f;
    }
    return undefined;
  }
  if (!isObject(schema)) return undefined;
  if (schema.$anchor === anchor) return schema;
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'enum' || k === 'const' || k === 'examples' || k === 'default') continue;
    const f = findAnchor(v, anchor);
    if (f) return f;
  }
  return undefined;
}

const stores = new WeakMap<object, SchemaStore>();
const NO_RESOLVER = {};

/**
 * One store per resolver, shared by calls: schemas are treated as immutable, so normalized documents,
 * ajv matchers and the merge caches keyed by their objects are reused.
 */
export function storeFor(resolver: SchemaResolver | undefined): SchemaStore {
  const key = resolver ?? NO_RESOLVER;
  let store = stores.get(key);
  if (!store) stores.set(key, (store = new SchemaStore(resolver)));
  return store;
}
