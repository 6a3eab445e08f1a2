// Invalid values: a valid value with exactly one rule broken at one spot, labelled with that rule.
import fc from 'fast-check';
import { UnsatisfiableError } from './guard.js';
import { getAt, setAt } from './json.js';
import { NO_PLAN } from './plan.js';
import { RuleCollector, type RulePlan } from './rules.js';
import { setUp } from './schema-arbitrary.js';
import type { BreakableRule, GenOptions, InvalidCase, InvalidOptions } from './types.js';

function prepare(schemaOrId: Record<string, unknown> | string, opts: GenOptions, wanted?: ReadonlySet<string>) {
  const { store, root, generator } = setUp(schemaOrId, opts);
  const overridden = Object.keys(opts.overrides ?? {});
  const seen = new Set<string>();
  const rules: { plan: RulePlan; valid: fc.Arbitrary<unknown> }[] = [];
  for (const plan of new RuleCollector(store, generator).collect(root, '', NO_PLAN, true, 0)) {
    // A fixed (overridden) value has no inside to break.
    if (seen.has(plan.rule) || overridden.some((o) => plan.target.startsWith(`${o}/`))) continue;
    if (wanted && !wanted.has(plan.rule)) continue;
    try {
      rules.push({ plan, valid: generator.compile(root, '', plan.plan) });
      seen.add(plan.rule);
    } catch (e) {
      // The valid value this rule needs (e.g. an optional part forced present) cannot be made.
      if (!(e instanceof UnsatisfiableError)) throw e;
    }
  }
  return rules;
}

function label(r: RulePlan): BreakableRule {
  const out: BreakableRule = { rule: r.rule, keyword: r.keyword, instancePath: r.instancePath };
  if (r.missingProperty !== undefined) out.missingProperty = r.missingProperty;
  return out;
}

/** The single rules an invalid value can break, in schema order. */
export function breakableRules(schemaOrId: Record<string, unknown> | string, opts: GenOptions = {}): BreakableRule[] {
  return prepare(schemaOrId, opts).map((r) => label(r.plan));
}

function caseArbitrary({ plan, valid }: { plan: RulePlan; valid: fc.Arbitrary<unknown> }): fc.Arbitrary<InvalidCase> {
  return fc.tuple(valid, plan.mutate).map(
    ([value, mutate]): InvalidCase => ({
      ...label(plan),
      value: plan.remove ? setAt(value, plan.target, undefined, true) : setAt(value, plan.target, mutate(getAt(value, plan.target))),
    }),
  );
}

/** One arbitrary per breakable rule (for exhaustive tests and per-rule reports). */
export function invalidArbitrariesByRule(
  schemaOrId: Record<string, unknown> | string,
  opts: GenOptions = {},
): { rule: BreakableRule; arbitrary: fc.Arbitrary<InvalidCase> }[] {
  return prepare(schemaOrId, opts).map((r) => ({ rule: label(r.plan), arbitrary: caseArbitrary(r) }));
}

/** Arbitrary of invalid values, each breaking exactly one rule (picked uniformly among breakableRules). */
export function invalidArbitrary(schemaOrId: Record<string, unknown> | string, opts: InvalidOptions = {}): fc.Arbitrary<InvalidCase> {
  const wanted = opts.rules ? new Set(opts.rules) : undefined;
  const rules = prepare(schemaOrId, opts, wanted);
  const unknown = [...(wanted ?? [])].filter((w) => !rules.some((r) => r.plan.rule === w));
  if (unknown.length > 0) throw new Error(`unknown or unbreakable rule(s): ${unknown.join('; ')}`);
  if (rules.length === 0) throw new Error('the schema has no rule that can be broken');
  const cases = rules.map(caseArbitrary);
  return cases.length === 1 ? cases[0] : fc.integer({ min: 0, max: cases.length - 1 }).chain((i) => cases[i]);
}
