// Lists the single rules of a schema that an invalid value can break, each with where to break it and
// how. Only spots that every valid value passes through unconditionally are visited (properties and
// items of the root, not the inside of oneOf/anyOf/not branches), so the broken keyword always applies
// and ajv always reports it. if/then/else sides are visited with the generator told which side to take.
import fc from 'fast-check';
import { badFormatValues, NUMERIC_FORMATS } from './formats.js';
import { UnsatisfiableError } from './guard.js';
import { canonical, childPointer, deepEqual, hasType, isObject, jsonType, showPointer, type JsonObject } from './json.js';
import { flatten, mergeSchemas, nodeTypes, omit } from './merge.js';
import { codePoints, schemaRegExp } from './primitives.js';
import { conditionKey, NO_PLAN, withBranch, withPresent, withType, type Plan } from './plan.js';
import { MAX_DEPTH, type Generator } from './schema-arbitrary.js';
import type { Schema, SchemaStore } from './schema-store.js';
import type { BreakableRule } from './types.js';

type Mutation = (current: unknown) => unknown;

export interface RulePlan extends BreakableRule {
  /** What the valid value the case starts from must satisfy. */
  plan: Plan;
  /** Pointer of the spot that is replaced (or removed). */
  target: string;
  remove: boolean;
  mutate: fc.Arbitrary<Mutation>;
}

const UNKNOWN_PROPERTY = 'zz_unknown_property';
const BLANK = '   ';

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

function constant(value: unknown): fc.Arbitrary<Mutation> {
  return fc.constant(() => value);
}

/** Whether the declared types (undefined: no `type` keyword) allow values of JSON type `t`; "number" covers integers. */
function allows(declared: string[] | undefined, t: string): boolean {
  return declared === undefined || declared.includes(t) || (t === 'number' && declared.includes('integer'));
}

/** A value of a type the schema does not allow, preferring the confusion a client would make. */
function wrongType(types: string[]): unknown {
  const preferred: Record<string, unknown> = {
    string: 12345,
    number: '12345',
    integer: '12345',
    boolean: 'true',
    object: 'not-an-object',
    array: 'not-an-array',
    null: 0,
  };
  const candidates = [preferred[types[0]], 12345, 'text', true, null, [], {}, 1.5];
  return candidates.find((c) => !hasType(c, types));
}

function outside(values: unknown[], declared: string[] | undefined): unknown {
  const nums = values.filter((v): v is number => typeof v === 'number');
  const candidates = ['zz_not_allowed', 'zz_other', nums.length > 0 ? Math.max(...nums) + 1 : 99999, -99999, true, false, null, {}, []];
  const fresh = candidates.filter((c) => !values.some((v) => deepEqual(v, c)) && (!declared || hasType(c, declared)));
  // Same JSON type as the allowed values where possible, so only enum/const is broken.
  return fresh.find((c) => jsonType(c) === jsonType(values[0])) ?? fresh[0];
}

/** A condition schema in a few words, for rule labels. */
function brief(schema: unknown): string {
  const text = canonical(schema);
  return text.length <= 80 ? text : `${text.slice(0, 77)}...`;
}

export class RuleCollector {
  constructor(
    private readonly store: SchemaStore,
    private readonly generator: Generator,
  ) {}

  collect(schema: Schema, ptr: string, plan: Plan, required: boolean, depth: number): RulePlan[] {
    if (depth > MAX_DEPTH) return [];
    const node = flatten(schema, this.store);
    const rules = [...this.own(node, ptr, plan, required)];
    const declared = nodeTypes(node);
    if (isObject(node.properties) && allows(declared, 'object')) {
      const req = Array.isArray(node.required) ? node.required : [];
      for (const [k, s] of Object.entries(node.properties)) {
        const child = childPointer(ptr, k);
        rules.push(...this.collect(s as Schema, child, withPresent(plan, child), req.includes(k), depth + 1));
      }
    }
    if (allows(declared, 'array') && node.maxItems !== 0) {
      const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as Schema[]) : [];
      prefix.forEach((s, i) => {
        const child = childPointer(ptr, i);
        rules.push(...this.collect(s, child, withPresent(plan, child), false, depth + 1));
      });
      const items = node.items;
      if ((isObject(items) || items === true) && (num(node.maxItems) ?? Infinity) > prefix.length) {
        const child = childPointer(ptr, prefix.length);
        rules.push(...this.collect(items, child, withPresent(plan, child), false, depth + 1));
      }
    }
    if (node.if !== undefined) rules.push(...this.conditional(node, ptr, plan, required, depth, rules));
    return rules;
  }

  /** Rules that hold only on one side of if/then/else: the generator is told to take that side. */
  private conditional(node: JsonObject, ptr: string, plan: Plan, required: boolean, depth: number, baseRules: RulePlan[]): RulePlan[] {
    const base = omit(node, ['if', 'then', 'else']);
    const cond = flatten(node.if as Schema, this.store);
    // Breaking a property the condition looks at could flip the condition: leave those alone.
    const looked = [
      ...Object.keys(isObject(cond.properties) ? cond.properties : {}),
      ...(Array.isArray(cond.required) ? cond.required.map(String) : []),
    ].map((k) => childPointer(ptr, k));
    const seen = new Set(baseRules.map((r) => r.rule));
    const out: RulePlan[] = [];
    for (const side of ['then', 'else'] as const) {
      if (node[side] === undefined) continue;
      const branch = flatten(node[side] as Schema, this.store);
      const merged = side === 'then' ? mergeSchemas(mergeSchemas(base, cond), branch) : mergeSchemas(base, branch);
      const suffix = ` (${side === 'then' ? 'when' : 'unless'} ${showPointer(ptr)} matches ${brief(node.if)})`;
      const sidePlan = withBranch(plan, conditionKey(ptr, node.if), side);
      // Skip a side that cannot occur together with the choices already made (e.g. two type consts).
      if (!this.possible(merged, ptr, sidePlan)) continue;
      for (const r of this.collect(merged, ptr, sidePlan, required, depth)) {
        if (seen.has(r.rule) || r.target === ptr || looked.some((l) => r.target === l || r.target.startsWith(`${l}/`))) continue;
        out.push({ ...r, rule: r.rule + suffix });
      }
    }
    return out;
  }

  private possible(node: JsonObject, ptr: string, plan: Plan): boolean {
    try {
      this.generator.compile(node, ptr, plan);
      return true;
    } catch (e) {
      if (e instanceof UnsatisfiableError) return false;
      throw e;
    }
  }

  /** Rules of the node's own keywords (not of its children). */
  private own(node: JsonObject, ptr: string, plan: Plan, required: boolean): RulePlan[] {
    const where = showPointer(ptr);
    const declared = node.type === undefined ? undefined : nodeTypes(node);
    const rules: RulePlan[] = [];
    const add = (rule: string, keyword: string, mutate: fc.Arbitrary<Mutation>, p = plan) =>
      rules.push({ rule, keyword, instancePath: ptr, target: ptr, remove: false, mutate, plan: p });

    if (declared) {
      const wrong = wrongType(declared);
      if (wrong !== undefined)
        add(
          `wrong type at ${where}: ${jsonType(wrong) === 'integer' ? 'number' : jsonType(wrong)} instead of ${declared.join(' or ')}`,
          'type',
          constant(wrong),
        );
    }
    const notInEnum = Array.isArray(node.enum) ? outside(node.enum, declared) : undefined;
    if (notInEnum !== undefined) add(`value outside enum at ${where}`, 'enum', constant(notInEnum));
    const notConst = node.const !== undefined ? outside([node.const], declared) : undefined;
    if (notConst !== undefined) add(`value other than const at ${where}`, 'const', constant(notConst));
    for (const kw of ['oneOf', 'anyOf'] as const) {
      if (!Array.isArray(node[kw])) continue;
      const none = this.matchingNone(node, kw);
      if (none !== undefined) add(`value matching none of the ${kw} alternatives at ${where}`, kw, constant(none));
    }
    if (Array.isArray(node.enum) || node.const !== undefined) return rules;
    if (allows(declared, 'string')) rules.push(...this.stringRules(node, ptr, plan, required));
    if (allows(declared, 'number')) rules.push(...this.numberRules(node, ptr, plan));
    if (allows(declared, 'object')) rules.push(...this.objectRules(node, ptr, plan));
    if (allows(declared, 'array')) rules.push(...this.arrayRules(node, ptr, plan));
    return rules;
  }

  /** A value no alternative accepts, preferably one the rest of the node accepts. */
  private matchingNone(node: JsonObject, kw: 'oneOf' | 'anyOf'): unknown {
    const branches = (node[kw] as Schema[]).map((b) => this.store.matcher(b));
    const rest = this.store.matcher(omit(node, [kw, 'allOf', 'if', 'then', 'else']));
    const candidates = [12345, 'zz_none_of_these', true, null, {}, [], 1.5, '', { zz: 1 }, [null]];
    const none = candidates.filter((c) => !branches.some((b) => b(c)));
    return none.find(rest) ?? none[0];
  }

  private stringRules(node: JsonObject, ptr: string, plan: Plan, required: boolean): RulePlan[] {
    const where = showPointer(ptr);
    const minL = num(node.minLength) ?? 0;
    const maxL = num(node.maxLength);
    const re = typeof node.pattern === 'string' ? schemaRegExp(node.pattern) : undefined;
    const format = typeof node.format === 'string' && !(node.format in NUMERIC_FORMATS) ? node.format : undefined;
    const lengthOk = (s: string) => codePoints(s) >= minL && (maxL === undefined || codePoints(s) <= maxL);
    const rules: RulePlan[] = [];
    const add = (rule: string, keyword: string, mutate: fc.Arbitrary<Mutation>) =>
      rules.push({ rule, keyword, instancePath: ptr, target: ptr, remove: false, mutate, plan });
    const name = required ? `required name ${where}` : `value at ${where}`;

    if (minL >= 1) add(`blank ${name} (empty string, minLength ${minL})`, 'minLength', constant(''));
    if (minL >= 2) {
      add(
        `string shorter than minLength ${minL} at ${where}`,
        'minLength',
        fc.constant((cur: unknown) =>
          [...(typeof cur === 'string' ? cur : '')]
            .slice(0, minL - 1)
            .join('')
            .padEnd(minL - 1, 'x'),
        ),
      );
    }
    if (maxL !== undefined && maxL < 10_000) {
      add(
        `string longer than maxLength ${maxL} at ${where}`,
        'maxLength',
        fc.constant((cur: unknown) => {
          const s = typeof cur === 'string' ? cur : '';
          return s + 'x'.repeat(Math.max(1, maxL + 1 - codePoints(s)));
        }),
      );
    }
    if (re) {
      const whitespace = !re.test(BLANK) && lengthOk(BLANK);
      if (whitespace) add(`whitespace-only ${name} (pattern ${String(node.pattern)})`, 'pattern', constant(BLANK));
      const candidates = ['', ' ', '!', '~', '#?!', '0', 'a', 'A', 'zz', '12345', 'a b', '-', '_', 'zzzzzzzzzz', 'Zz-9 !'];
      const failing = candidates.filter((s) => !re.test(s) && s !== BLANK);
      const value = failing.find(lengthOk) ?? failing[0];
      if (value !== undefined) add(`string not matching pattern ${String(node.pattern)} at ${where}`, 'pattern', constant(value));
    }
    if (format) {
      const bad = badFormatValues(format);
      const value = bad.find((s) => lengthOk(s) && (!re || re.test(s))) ?? bad[0];
      if (value !== undefined) add(`bad ${format} format at ${where}`, 'format', constant(value));
    }
    return rules;
  }

  private numberRules(node: JsonObject, ptr: string, plan: Plan): RulePlan[] {
    const where = showPointer(ptr);
    const types = nodeTypes(node);
    const whole = types !== undefined && types.includes('integer') && !types.includes('number');
    const rules: RulePlan[] = [];
    const add = (rule: string, keyword: string, value: unknown) =>
      rules.push({ rule, keyword, instancePath: ptr, target: ptr, remove: false, mutate: constant(value), plan });
    const min = num(node.minimum);
    const xmin = num(node.exclusiveMinimum);
    const max = num(node.maximum);
    const xmax = num(node.exclusiveMaximum);
    const m = num(node.multipleOf);
    if (min !== undefined) add(`value below minimum ${min} at ${where}`, 'minimum', whole ? Math.ceil(min) - 1 : min - 1);
    if (xmin !== undefined && (!whole || Number.isInteger(xmin)))
      add(`value not above exclusiveMinimum ${xmin} at ${where}`, 'exclusiveMinimum', xmin);
    if (max !== undefined) add(`value above maximum ${max} at ${where}`, 'maximum', whole ? Math.floor(max) + 1 : max + 1);
    if (xmax !== undefined && (!whole || Number.isInteger(xmax)))
      add(`value not below exclusiveMaximum ${xmax} at ${where}`, 'exclusiveMaximum', xmax);
    if (m !== undefined && !(whole && m === 1)) {
      const lo = Math.max(min ?? -Infinity, xmin ?? -Infinity);
      const start = Number.isFinite(lo) ? Math.ceil(lo / m) * m : 0;
      add(`value not a multiple of ${m} at ${where}`, 'multipleOf', whole ? start + 1 : start + m / 2);
    }
    return rules;
  }

  private objectRules(node: JsonObject, ptr: string, plan: Plan): RulePlan[] {
    const where = showPointer(ptr);
    const required = Array.isArray(node.required) ? node.required.map(String) : [];
    const props = isObject(node.properties) ? node.properties : {};
    const rules: RulePlan[] = required.map((k) => ({
      rule: `required property ${childPointer(ptr, k)} removed`,
      keyword: 'required',
      instancePath: ptr,
      missingProperty: k,
      target: childPointer(ptr, k),
      remove: true,
      mutate: constant(undefined),
      plan: withPresent(plan, childPointer(ptr, k)),
    }));
    const add = (rule: string, keyword: string, mutate: Mutation) =>
      rules.push({
        rule,
        keyword,
        instancePath: ptr,
        target: ptr,
        remove: false,
        mutate: fc.constant(mutate),
        plan: withType(plan, ptr, 'object'),
      });
    const patterns = isObject(node.patternProperties) ? Object.keys(node.patternProperties).map(schemaRegExp) : [];
    const unknownOk = !(UNKNOWN_PROPERTY in props) && !patterns.some((re) => re.test(UNKNOWN_PROPERTY));
    const closedBy =
      node.additionalProperties === false
        ? 'additionalProperties'
        : node.unevaluatedProperties === false
          ? 'unevaluatedProperties'
          : undefined;
    if (closedBy && unknownOk) {
      add(`unknown property ${childPointer(ptr, UNKNOWN_PROPERTY)} added`, closedBy, (cur) => ({
        ...(isObject(cur) ? cur : {}),
        [UNKNOWN_PROPERTY]: 'x',
      }));
    }
    const minP = num(node.minProperties);
    if (minP !== undefined && minP >= 1 && required.length <= minP - 1) {
      add(`fewer than minProperties ${minP} at ${where}`, 'minProperties', (cur) => {
        const o = isObject(cur) ? cur : {};
        const keys = [...required, ...Object.keys(o).filter((k) => !required.includes(k))].slice(0, minP - 1);
        return Object.fromEntries(keys.map((k) => [k, o[k]]));
      });
    }
    return rules;
  }

  private arrayRules(node: JsonObject, ptr: string, plan: Plan): RulePlan[] {
    const where = showPointer(ptr);
    const minI = num(node.minItems) ?? 0;
    const maxI = num(node.maxItems);
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
    const rules: RulePlan[] = [];
    const add = (rule: string, keyword: string, mutate: fc.Arbitrary<Mutation>, p = withType(plan, ptr, 'array')) =>
      rules.push({ rule, keyword, instancePath: ptr, target: ptr, remove: false, mutate, plan: p });
    if (minI >= 1) {
      add(
        `array shorter than minItems ${minI} at ${where}`,
        'minItems',
        fc.constant((cur) => (Array.isArray(cur) ? cur.slice(0, minI - 1) : [])),
      );
    }
    if (maxI !== undefined && maxI < 50 && prefix.length === 0) {
      try {
        const el = this.generator.compile((node.items ?? true) as Schema, childPointer(ptr, '-'), NO_PLAN, 1);
        const n = maxI + 1;
        const long =
          node.uniqueItems === true
            ? fc.uniqueArray(el, { minLength: n, maxLength: n, selector: canonical })
            : fc.array(el, { minLength: n, maxLength: n });
        add(
          `array longer than maxItems ${maxI} at ${where}`,
          'maxItems',
          long.map((a) => () => a),
        );
      } catch (e) {
        if (!(e instanceof UnsatisfiableError)) throw e;
      }
    }
    if (node.uniqueItems === true && (maxI === undefined || maxI >= 2)) {
      const first = childPointer(ptr, 0);
      add(
        `duplicate items at ${where}`,
        'uniqueItems',
        fc.constant((cur) => (Array.isArray(cur) ? [cur[0], cur[0], ...cur.slice(2)] : cur)),
        withPresent(plan, first),
      );
    }
    return rules;
  }
}
