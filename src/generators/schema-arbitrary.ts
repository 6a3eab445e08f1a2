// Compiles a JSON Schema (draft 2020-12, the subset the project uses) to a fast-check arbitrary of
// values that validate against it.
import fc from 'fast-check';
import { guardedFilter, UnsatisfiableError } from './guard.js';
import { canonical, childPointer, isObject, showPointer, type JsonObject } from './json.js';
import { flatten, mergeSchemas, nodeTypes, obviouslyEmpty, omit } from './merge.js';
import { numberArbitrary, schemaRegExp, stringArbitrary } from './primitives.js';
import { getSchema } from '../../contract/schemas/registry.js';
import { conditionKey, NO_PLAN, planPrefixes, planSignature, prefixes, type Plan } from './plan.js';
import { storeFor, type SchemaStore, type Schema } from './schema-store.js';
import type { GenOptions } from './types.js';

type Arb = fc.Arbitrary<unknown>;

/** Beyond this nesting depth optional properties are left out and arrays kept minimal (recursive schemas). */
export const MAX_DEPTH = 8;

interface Settings {
  maxArrayLength: number;
  optionalProbability: number;
  overrides: Record<string, unknown>;
  extraProperties: boolean;
}

/** Keywords the generator builds values for (flatten has already removed $ref and annotations). */
const HANDLED = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
]);

const hoistedNodes = new WeakMap<JsonObject, JsonObject>();

/** Marks an optional property left out. */
const ABSENT = Symbol('absent');

const anyScalar: Arb = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 10 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
);

export class Generator {
  private readonly cache = new Map<string, WeakMap<object, Arb | UnsatisfiableError>>();
  private readonly overridden: Set<string>;

  constructor(
    readonly store: SchemaStore,
    private readonly settings: Settings,
  ) {
    this.overridden = prefixes(Object.keys(settings.overrides));
  }

  /** Arbitrary for the instance at `ptr` described by `schema`. */
  compile(schema: Schema, ptr: string, plan: Plan, depth = 0): Arb {
    if (Object.hasOwn(this.settings.overrides, ptr)) return fc.constant(this.settings.overrides[ptr]);
    return this.compileNode(flatten(schema, this.store), ptr, plan, depth);
  }

  /**
   * Cached by node object (flatten/merge/omit are memoized, so equal work gives the same object),
   * spot, depth and the part of the plan that concerns this spot. Failures are cached too.
   */
  private compileNode(node: JsonObject, ptr: string, plan: Plan, depth: number): Arb {
    const key = `${ptr}\n${depth}\n${planSignature(plan, ptr)}`;
    let byNode = this.cache.get(key);
    if (!byNode) this.cache.set(key, (byNode = new WeakMap()));
    let hit = byNode.get(node);
    if (!hit) {
      try {
        hit = this.buildNode(node, ptr, plan, depth);
      } catch (e) {
        if (!(e instanceof UnsatisfiableError)) throw e;
        hit = e;
      }
      byNode.set(node, hit);
    }
    if (hit instanceof UnsatisfiableError) throw hit;
    return hit;
  }

  private needsInside(plan: Plan, ptr: string): boolean {
    return [...plan.present, ...Object.keys(this.settings.overrides)].some((p) => p.startsWith(`${ptr}/`));
  }

  private mustExist(plan: Plan, ptr: string): boolean {
    return this.overridden.has(ptr) || planPrefixes(plan).present.has(ptr);
  }

  private buildNode(node: JsonObject, ptr: string, plan: Plan, depth: number): Arb {
    const where = showPointer(ptr);
    if (obviouslyEmpty(node, this.store)) throw new UnsatisfiableError(`contradictory constraints at ${where}`);
    const unhandled = Object.keys(node).filter((k) => !HANDLED.has(k) || (k === 'unevaluatedProperties' && typeof node[k] !== 'boolean'));
    if (unhandled.length > 0) {
      // Keywords without a generator of their own (dependentSchemas, maxContains, ...) hold by filtering.
      const fits = this.store.matcher(node);
      return guardedFilter(this.compileNode(omit(node, unhandled), ptr, plan, depth), fits, `${unhandled.join(', ')} at ${where}`);
    }
    // Structural keywords first, so that the plan's if/then/else choices are honoured everywhere.
    if (node.if !== undefined) return this.conditional(node, ptr, plan, depth);
    if (Array.isArray(node.oneOf)) return this.alternatives(node, 'oneOf', ptr, plan, depth);
    if (Array.isArray(node.anyOf)) return this.alternatives(node, 'anyOf', ptr, plan, depth);
    if (Array.isArray(node.allOf)) {
      const leftovers = node.allOf as JsonObject[];
      // A leftover conditional or alternative now has its slot free: generate it structurally.
      const i = leftovers.findIndex((l) => l.if !== undefined || l.oneOf !== undefined || l.anyOf !== undefined);
      if (i >= 0) {
        let next = hoistedNodes.get(node);
        if (!next) {
          const hoisted = mergeSchemas(omit(node, ['allOf']), leftovers[i]);
          const rest = [...((hoisted.allOf as JsonObject[] | undefined) ?? []), ...leftovers.filter((_, j) => j !== i)];
          next = rest.length > 0 ? { ...hoisted, allOf: rest } : omit(hoisted, ['allOf']);
          hoistedNodes.set(node, next);
        }
        return this.compileNode(next, ptr, plan, depth);
      }
      const checks = leftovers.map((s) => this.store.matcher(s));
      const arb = this.compileNode(omit(node, ['allOf']), ptr, plan, depth);
      return guardedFilter(arb, (v) => checks.every((c) => c(v)), `allOf at ${where}`);
    }
    if (node.not !== undefined) {
      const bad = this.store.matcher(node.not as Schema);
      return guardedFilter(this.compileNode(omit(node, ['not']), ptr, plan, depth), (v) => !bad(v), `not at ${where}`);
    }
    if (node.const !== undefined) {
      if (!this.store.matcher(node)(node.const)) throw new UnsatisfiableError(`const at ${where} contradicts the other keywords`);
      return fc.constant(node.const);
    }
    if (Array.isArray(node.enum)) {
      const fits = this.store.matcher(node);
      const values = node.enum.filter((v) => fits(v));
      if (values.length === 0) throw new UnsatisfiableError(`no enum value at ${where} fits the other keywords`);
      return fc.constantFrom(...values);
    }
    let types = nodeTypes(node);
    // When the plan needs something inside this spot, only a container will do.
    if (this.needsInside(plan, ptr)) types = (types ?? ['object', 'array']).filter((t) => t === 'object' || t === 'array');
    const wanted = plan.types.get(ptr);
    if (wanted) types = (types ?? [wanted]).filter((t) => t === wanted || (t === 'number' && wanted === 'integer'));
    if (!types) return anyScalar;
    const arbs = types.filter((t) => !(t === 'integer' && types.includes('number'))).map((t) => this.typed(t, node, ptr, plan, depth));
    if (arbs.length === 0)
      throw new UnsatisfiableError(`no type allowed at ${where}${types.length === 0 ? ' (or none that can hold the planned parts)' : ''}`);
    return arbs.length === 1 ? arbs[0] : fc.oneof(...arbs);
  }

  private typed(type: string, node: JsonObject, ptr: string, plan: Plan, depth: number): Arb {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return numberArbitrary(node, true, ptr);
      case 'number':
        return numberArbitrary(node, false, ptr);
      case 'string':
        return stringArbitrary(node, ptr);
      case 'object':
        return this.object(node, ptr, plan, depth);
      case 'array':
        return this.array(node, ptr, plan, depth);
      default:
        throw new Error(`unknown type "${type}" at ${showPointer(ptr)}`);
    }
  }

  /** if/then/else: generate either a value meeting `if` and `then`, or one failing `if` and meeting `else`. */
  private conditional(node: JsonObject, ptr: string, plan: Plan, depth: number): Arb {
    const base = omit(node, ['if', 'then', 'else']);
    const cond = node.if as Schema;
    const holds = this.store.matcher(cond);
    const choice = plan.branch.get(conditionKey(ptr, cond));
    const options: Arb[] = [];
    const attempt = (build: () => Arb) => {
      try {
        options.push(build());
      } catch (e) {
        if (!(e instanceof UnsatisfiableError)) throw e;
      }
    };
    const where = showPointer(ptr);
    if (choice !== 'else') {
      attempt(() => {
        const merged = mergeSchemas(mergeSchemas(base, flatten(cond, this.store)), flatten((node.then ?? true) as Schema, this.store));
        return this.compileNode(merged, ptr, plan, depth);
      });
    }
    if (choice !== 'then') {
      attempt(() => {
        const merged = mergeSchemas(base, flatten((node.else ?? true) as Schema, this.store));
        return guardedFilter(this.compileNode(merged, ptr, plan, depth), (v) => !holds(v), `if/else at ${where}`);
      });
    }
    if (options.length === 0) throw new UnsatisfiableError(`neither side of if/then/else at ${where} can be generated`);
    return options.length === 1 ? options[0] : fc.oneof(...options);
  }

  /** oneOf/anyOf: pick a branch; for oneOf drop values that another branch also accepts. */
  private alternatives(node: JsonObject, kw: 'oneOf' | 'anyOf', ptr: string, plan: Plan, depth: number): Arb {
    const base = omit(node, [kw]);
    const branches = node[kw] as Schema[];
    const matchers = branches.map((b) => this.store.matcher(b));
    const options: Arb[] = [];
    branches.forEach((branch, i) => {
      try {
        const arb = this.compileNode(mergeSchemas(base, flatten(branch, this.store)), ptr, plan, depth);
        // The merged branch already meets branch i; oneOf must also fail every other branch.
        const exclusive = (v: unknown) => matchers.every((m, j) => j === i || !m(v));
        options.push(kw === 'oneOf' ? guardedFilter(arb, exclusive, `oneOf branch ${i} at ${showPointer(ptr)}`) : arb);
      } catch (e) {
        if (!(e instanceof UnsatisfiableError)) throw e;
      }
    });
    if (options.length === 0) throw new UnsatisfiableError(`no ${kw} branch at ${showPointer(ptr)} can be generated`);
    return options.length === 1 ? options[0] : fc.oneof(...options);
  }

  private object(node: JsonObject, ptr: string, plan: Plan, depth: number): Arb {
    const props = isObject(node.properties) ? node.properties : {};
    const patterns = isObject(node.patternProperties)
      ? Object.entries(node.patternProperties).map(([p, s]) => ({ re: schemaRegExp(p), schema: s as Schema }))
      : [];
    const required = Array.isArray(node.required) ? node.required.map(String) : [];
    const depReq = isObject(node.dependentRequired) ? (node.dependentRequired as Record<string, string[]>) : {};
    const additional = node.additionalProperties;
    const closed = additional === false || node.unevaluatedProperties === false;
    const keys = [...new Set([...Object.keys(props), ...required, ...Object.values(depReq).flat()])];
    const schemaFor = (k: string): Schema => {
      const parts: Schema[] = [];
      if (k in props) parts.push(props[k] as Schema);
      for (const p of patterns) if (p.re.test(k)) parts.push(p.schema);
      if (parts.length === 0) parts.push(isObject(additional) || typeof additional === 'boolean' ? additional : true);
      return parts.length === 1 ? parts[0] : { allOf: parts };
    };
    const mandatory = keys.filter((k) => required.includes(k) || this.mustExist(plan, childPointer(ptr, k)));
    const optional = depth >= MAX_DEPTH ? [] : keys.filter((k) => !mandatory.includes(k));
    const values = new Map<string, Arb>();
    for (const k of [...mandatory, ...optional]) values.set(k, this.compile(schemaFor(k), childPointer(ptr, k), plan, depth + 1));

    const minP = typeof node.minProperties === 'number' ? node.minProperties : 0;
    const maxP = typeof node.maxProperties === 'number' ? node.maxProperties : Infinity;
    const fixPresence = (flags: boolean[]): string[] => {
      const on = new Set([...mandatory, ...optional.filter((_, i) => flags[i])]);
      for (const k of optional) if (on.size > maxP && on.has(k)) on.delete(k);
      for (const k of optional) if (on.size < minP) on.add(k);
      // dependentRequired: a present key pulls in its dependants (repeat until nothing changes).
      for (let before = -1; before !== on.size; ) {
        before = on.size;
        for (const [k, deps] of Object.entries(depReq)) if (on.has(k)) deps.forEach((d) => on.add(d));
      }
      return keys.filter((k) => on.has(k));
    };
    const p = Math.round(this.settings.optionalProbability * 100);
    const flag = fc.oneof({ weight: p, arbitrary: fc.constant(true) }, { weight: 100 - p, arbitrary: fc.constant(false) });
    const extraName = this.extraNameChooser(props, patterns);
    const extraValue = isObject(additional) ? this.compile(additional, childPointer(ptr, '*'), plan, depth + 1) : anyScalar;
    const canExtend = !closed && extraName !== undefined;
    const wantExtra = canExtend && this.settings.extraProperties ? fc.nat(3).map((n) => n === 0) : fc.constant(false);

    const simple = minP === 0 && maxP === Infinity && Object.keys(depReq).length === 0;
    if (simple) {
      // Fast path (no chain): each optional key is its value or ABSENT.
      const entries = keys.map((k) => {
        const v = values.get(k) as Arb;
        if (mandatory.includes(k)) return v;
        return optional.includes(k)
          ? fc.oneof({ weight: p, arbitrary: v }, { weight: 100 - p, arbitrary: fc.constant(ABSENT) })
          : fc.constant(ABSENT);
      });
      const extraArb =
        canExtend && this.settings.extraProperties
          ? fc.tuple(wantExtra, extraValue)
          : fc.constant([false, undefined] as [boolean, unknown]);
      return fc.tuple(fc.tuple(...entries), extraArb).map(([vs, [extra, ev]]) => {
        const o: JsonObject = {};
        keys.forEach((k, i) => {
          if (vs[i] !== ABSENT) o[k] = vs[i];
        });
        if (extra) o[(extraName as (i: number) => string)(0)] = ev;
        return o;
      });
    }
    return fc.tuple(fc.tuple(...optional.map(() => flag)), wantExtra).chain(([flags, extra]) => {
      const present = fixPresence(flags);
      const model: Record<string, Arb> = {};
      for (const k of present) model[k] = values.get(k) as Arb;
      // Extra properties: one on request, plus whatever minProperties still needs.
      const extras = Math.max(extra ? 1 : 0, canExtend ? minP - present.length : 0);
      for (let i = 0; i < extras; i++) model[(extraName as (i: number) => string)(i)] = extraValue;
      return fc.record(model, { noNullPrototype: true });
    });
  }

  /** Names for properties the schema leaves unconstrained, or undefined if no such name is found. */
  private extraNameChooser(props: JsonObject, patterns: { re: RegExp }[]): ((i: number) => string) | undefined {
    const free = (n: string) => !(n in props) && !patterns.some((p) => p.re.test(n));
    const name = (i: number) => (i === 0 ? 'zz_extra' : `zz_extra_${i}`);
    return free(name(0)) && free(name(1)) ? name : undefined;
  }

  private array(node: JsonObject, ptr: string, plan: Plan, depth: number): Arb {
    const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as Schema[]) : [];
    const items = (node.items ?? true) as Schema;
    let minI = typeof node.minItems === 'number' ? node.minItems : 0;
    let maxI = typeof node.maxItems === 'number' ? node.maxItems : Infinity;
    if (items === false) maxI = Math.min(maxI, prefix.length);
    const forced = Array.from({ length: prefix.length + 1 }, (_, i) => i).filter((i) => this.mustExist(plan, childPointer(ptr, i)));
    if (forced.length > 0) minI = Math.max(minI, Math.max(...forced) + 1);
    if (depth >= MAX_DEPTH) maxI = Math.min(maxI, minI);
    const cap = Math.max(minI, Math.min(maxI, this.settings.maxArrayLength));
    const unique = node.uniqueItems === true;
    const where = showPointer(ptr);

    let arb: fc.Arbitrary<unknown[]>;
    if (prefix.length === 0 && forced.length === 0) {
      const el = this.compile(items, childPointer(ptr, '-'), plan, depth + 1);
      arb = unique
        ? fc.uniqueArray(el, { minLength: minI, maxLength: cap, selector: canonical })
        : fc.array(el, { minLength: minI, maxLength: cap });
    } else {
      // Compiled once, outside the chain: a compile per generated value would be slow.
      const els = Array.from(
        { length: cap },
        (_, i): Arb =>
          i < prefix.length
            ? this.compile(prefix[i], childPointer(ptr, i), plan, depth + 1)
            : this.compile(items, childPointer(ptr, i === prefix.length ? i : '-'), plan, depth + 1),
      );
      arb = fc.integer({ min: minI, max: cap }).chain((n) => fc.tuple(...els.slice(0, n)));
      if (unique) arb = guardedFilter(arb, (a) => new Set(a.map(canonical)).size === a.length, `uniqueItems at ${where}`);
    }
    if (node.contains !== undefined) {
      const has = this.store.matcher(node.contains as Schema);
      const witness = this.compile(
        mergeSchemas(flatten(items, this.store), flatten(node.contains as Schema, this.store)),
        childPointer(ptr, '-'),
        plan,
        depth + 1,
      );
      const whole = this.store.matcher(node);
      arb = fc.tuple(arb, witness).map(([a, w]) => (a.some(has) ? a : a.length < maxI ? [w, ...a] : [w, ...a.slice(1)]));
      arb = guardedFilter(arb, whole, `contains at ${where}`);
    }
    return arb;
  }
}

export function resolveSettings(opts: GenOptions): Settings {
  const p = opts.optionalProbability ?? 0.5;
  if (p < 0 || p > 1) throw new RangeError('optionalProbability must be between 0 and 1');
  return {
    maxArrayLength: opts.maxArrayLength ?? 3,
    optionalProbability: p,
    overrides: opts.overrides ?? {},
    extraProperties: opts.extraProperties ?? false,
  };
}

/** Store, generator and normalized root schema for one public call. */
export function setUp(schemaOrId: Record<string, unknown> | string, opts: GenOptions) {
  const store = storeFor(opts.resolve ?? getSchema);
  const root = store.root(schemaOrId);
  return { store, root, generator: new Generator(store, resolveSettings(opts)) };
}

/** Arbitrary of values valid against the schema (an inline schema object or a schema id). */
export function validArbitrary(schemaOrId: Record<string, unknown> | string, opts: GenOptions = {}): fc.Arbitrary<unknown> {
  const { root, generator } = setUp(schemaOrId, opts);
  return generator.compile(root, '', NO_PLAN);
}
