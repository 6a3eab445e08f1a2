/**
 * Field types of part 2 and the checks of values sent in a request: JSON types, booleans (and the string form
 * the business unit `archive` accepts), dates, non-negative numbers, unknown fields. null is never a type error:
 * it means "remove" (part 4 rule 2); callers decide whether removal is allowed.
 * Document part 2 (field tables, "Dates are ISO-8601"), part 4 rule 4, part 7 item 1.
 */
import type { PersonaChoices } from './choices';
import { isIsoDate } from './dates';
import { problem, type Problem } from './errors';
import { isJsonObject, setOwn, type JsonObject, type JsonValue } from './json';

export type FieldSpec =
  | { readonly kind: 'string' }
  | { readonly kind: 'number'; readonly nonNegative: boolean }
  | { readonly kind: 'integer' }
  /** A string or an integer (learning aggregateId: "identifier"). */
  | { readonly kind: 'identifier' }
  | { readonly kind: 'boolean'; readonly stringForm: boolean }
  | { readonly kind: 'date' }
  /** open: unknown keys are accepted whatever the persona. */
  | { readonly kind: 'object'; readonly fields: Schema; readonly open: boolean }
  | { readonly kind: 'array'; readonly items: FieldSpec };

export type Schema = Readonly<Record<string, FieldSpec>>;

export const STRING: FieldSpec = { kind: 'string' };
export const NUMBER: FieldSpec = { kind: 'number', nonNegative: false };
export const AMOUNT: FieldSpec = { kind: 'number', nonNegative: true };
export const INTEGER: FieldSpec = { kind: 'integer' };
export const IDENTIFIER: FieldSpec = { kind: 'identifier' };
export const BOOLEAN: FieldSpec = { kind: 'boolean', stringForm: false };
/** Business unit `archive`: "boolean (a string form of true or false also appears in use)". */
export const BOOLEAN_OR_STRING: FieldSpec = { kind: 'boolean', stringForm: true };
export const DATE: FieldSpec = { kind: 'date' };
export const STRING_ARRAY: FieldSpec = { kind: 'array', items: STRING };

export function object(fields: Schema, open = false): FieldSpec {
  return { kind: 'object', fields, open };
}

export function arrayOf(items: FieldSpec): FieldSpec {
  return { kind: 'array', items };
}

export interface ValueRules {
  readonly booleanStrings: boolean;
  readonly strictDates: boolean;
  readonly allowNegative: boolean;
  readonly allowUnknown: boolean;
  /** Jackson's scalar coercion (frameworks persona). */
  readonly coerceScalars: boolean;
}

export function valueRules(choices: PersonaChoices, allowUnknown: boolean): ValueRules {
  return { ...choices.values, allowUnknown };
}

/** true/"true", false/"false", null; undefined for anything else (absent or not a boolean). */
export function readBoolean(value: JsonValue | undefined): boolean | null | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return value === null ? null : undefined;
}

export function checkObject(source: JsonObject, schema: Schema, rules: ValueRules, prefix = '', open = false): Problem[] {
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(source)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (!Object.hasOwn(schema, key)) {
      if (!open && !rules.allowUnknown) problems.push(problem(path, `Unknown field: ${path}`));
      continue;
    }
    problems.push(...checkValue(value, schema[key] as FieldSpec, rules, path));
  }
  return problems;
}

function checkValue(value: JsonValue, spec: FieldSpec, rules: ValueRules, path: string): Problem[] {
  if (value === null) return [];
  const wrong = (what: string): Problem[] => [problem(path, `${path} must be ${what}`)];
  switch (spec.kind) {
    case 'string':
      if (rules.coerceScalars && (typeof value === 'number' || typeof value === 'boolean')) return [];
      return typeof value === 'string' ? [] : wrong('a string');
    case 'number': {
      const n = rules.coerceScalars ? coerceNumber(value) : value;
      if (typeof n !== 'number') return wrong('a number');
      return spec.nonNegative && n < 0 && !rules.allowNegative ? wrong('zero or more') : [];
    }
    case 'integer': {
      const n = rules.coerceScalars ? coerceNumber(value) : value;
      return Number.isInteger(n) || (rules.coerceScalars && typeof n === 'number') ? [] : wrong('an integer');
    }
    case 'identifier':
      return typeof value === 'string' || Number.isInteger(value) ? [] : wrong('a string or an integer');
    case 'boolean':
      if (typeof value === 'boolean') return [];
      if ((value === 'true' || value === 'false') && (spec.stringForm || rules.booleanStrings)) return [];
      if (rules.coerceScalars && coerceBoolean(value) !== undefined) return [];
      return wrong('a boolean');
    case 'date':
      if (typeof value !== 'string') return wrong('a date string');
      return rules.strictDates && !isIsoDate(value) ? wrong('a date in the form YYYY-MM-DD or YYYYMMDD') : [];
    case 'object':
      return isJsonObject(value) ? checkObject(value, spec.fields, rules, path, spec.open) : wrong('an object');
    case 'array':
      if (!Array.isArray(value)) return wrong('an array');
      return value.flatMap((item, index) =>
        item === null ? wrong('an array without null items') : checkValue(item, spec.items, rules, `${path}[${index}]`),
      );
  }
}

const NUMERIC = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** Jackson: a number, or a string that reads as one. */
function coerceNumber(value: JsonValue): JsonValue {
  return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
}

/** Jackson: true/false, their strings in any case, and the integers 1 and 0. */
function coerceBoolean(value: JsonValue): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (value === 1 || value === 0) return value === 1;
  return undefined;
}

export interface Normalise {
  /** Jackson's scalar coercion: the value stored is the one the field's type reads. */
  readonly coerce: boolean;
  /** Fields outside the schema dropped (Jackson's FAIL_ON_UNKNOWN_PROPERTIES = false in Spring Boot). */
  readonly prune: boolean;
}

/** A copy of a body that passed checkObject, with scalars coerced to the field types and unknown fields dropped. */
export function normaliseObject(source: JsonObject, schema: Schema, how: Normalise, open = false): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(source)) {
    const spec = Object.hasOwn(schema, key) ? schema[key] : undefined;
    if (spec === undefined) {
      if (open || !how.prune) setOwn(out, key, value);
      continue;
    }
    setOwn(out, key, normaliseValue(value, spec, how));
  }
  return out;
}

function normaliseValue(value: JsonValue, spec: FieldSpec, how: Normalise): JsonValue {
  if (value === null) return null;
  switch (spec.kind) {
    case 'string':
      return how.coerce && (typeof value === 'number' || typeof value === 'boolean') ? String(value) : value;
    case 'number':
      return how.coerce ? coerceNumber(value) : value;
    case 'integer': {
      const n = how.coerce ? coerceNumber(value) : value;
      // DeserializationFeature.ACCEPT_FLOAT_AS_INT: the fraction is dropped
      return how.coerce && typeof n === 'number' ? Math.trunc(n) : n;
    }
    case 'boolean':
      return how.coerce ? (coerceBoolean(value) ?? value) : value;
    case 'object':
      return isJsonObject(value) ? normaliseObject(value, spec.fields, how, spec.open) : value;
    case 'array':
      return Array.isArray(value) ? value.map((item) => normaliseValue(item, spec.items, how)) : value;
    default:
      return value;
  }
}
