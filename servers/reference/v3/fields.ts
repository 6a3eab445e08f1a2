/**
 * Field rules of the v3 records (001 §2 tables) and the one walk that checks a request body against
 * them: documented members must have their documented type (null is always allowed: it removes the
 * member), undocumented members pass untouched (001 §2 Gaps: further fields are not shown). The
 * walk also normalises what the document lets vary: dates to YYYY-MM-DD, "true"/"false" to booleans
 * where a string form is in use.
 */
import { normalizeDate } from './dates';
import { isObject, type Json, type JsonObject } from './json';

export type Rule =
  | 'string'
  | 'boolean'
  /** A boolean, or its string form "true" / "false" (001 §2 Business unit: archive). */
  | 'booleanish'
  | 'number'
  | 'integer'
  /** An identifier: a string or an integer (001 §2 Learning activity: aggregateId). */
  | 'identifier'
  | 'date'
  /** An array of strings. */
  | 'strings'
  | { readonly object: Rules }
  | { readonly list: Rules };

export interface Rules {
  readonly [field: string]: Rule;
}

export interface FieldError {
  field?: string;
  message: string;
}

export interface Checked {
  errors: FieldError[];
  /** The body with dates and boolean strings normalised. */
  value: JsonObject;
}

export function checkFields(body: JsonObject, rules: Rules, prefix = ''): Checked {
  const errors: FieldError[] = [];
  const value: JsonObject = {};
  for (const [key, raw] of Object.entries(body)) {
    const rule = rules[key];
    const field = `${prefix}${key}`;
    if (rule === undefined || raw === null) {
      value[key] = raw;
      continue;
    }
    const result = checkValue(raw, rule, field);
    errors.push(...result.errors);
    value[key] = result.value;
  }
  return { errors, value };
}

function checkValue(raw: Json, rule: Rule, field: string): { errors: FieldError[]; value: Json } {
  const fail = (what: string): { errors: FieldError[]; value: Json } => ({
    errors: [{ field, message: `${field} must be ${what}` }],
    value: raw,
  });
  if (typeof rule === 'object') {
    if ('object' in rule) {
      if (!isObject(raw)) return fail('an object');
      return checkFields(raw, rule.object, `${field}.`);
    }
    if (!Array.isArray(raw)) return fail('an array of objects');
    const errors: FieldError[] = [];
    const items: Json[] = raw.map((item, i) => {
      if (!isObject(item)) {
        errors.push({ field: `${field}[${i}]`, message: `${field}[${i}] must be an object` });
        return item;
      }
      const inner = checkFields(item, rule.list, `${field}[${i}].`);
      errors.push(...inner.errors);
      return inner.value;
    });
    return { errors, value: items };
  }
  switch (rule) {
    case 'string':
      return typeof raw === 'string' ? ok(raw) : fail('a string');
    case 'boolean':
      return typeof raw === 'boolean' ? ok(raw) : fail('true or false');
    case 'booleanish':
      if (typeof raw === 'boolean') return ok(raw);
      if (raw === 'true' || raw === 'false') return ok(raw === 'true');
      return fail('true or false');
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? ok(raw) : fail('a number');
    case 'integer':
      return typeof raw === 'number' && Number.isInteger(raw) ? ok(raw) : fail('an integer');
    case 'identifier':
      return (typeof raw === 'string' && raw !== '') || (typeof raw === 'number' && Number.isInteger(raw))
        ? ok(raw)
        : fail('an identifier (a string or an integer)');
    case 'date': {
      const date = typeof raw === 'string' ? normalizeDate(raw) : null;
      return date === null ? fail('a date (YYYY-MM-DD or YYYYMMDD)') : ok(date);
    }
    case 'strings':
      return Array.isArray(raw) && raw.every((s) => typeof s === 'string') ? ok(raw) : fail('an array of strings');
  }
}

function ok(value: Json): { errors: FieldError[]; value: Json } {
  return { errors: [], value };
}

/** The date members of `body` that `rules` names, at any depth (for the faults that judge date forms on their own). */
export function dateMembers(body: JsonObject, rules: Rules, prefix = ''): Array<{ field: string; value: string }> {
  const found: Array<{ field: string; value: string }> = [];
  for (const [key, raw] of Object.entries(body)) {
    const rule = rules[key];
    const field = `${prefix}${key}`;
    if (rule === 'date' && typeof raw === 'string') found.push({ field, value: raw });
    else if (typeof rule === 'object' && 'object' in rule && isObject(raw)) found.push(...dateMembers(raw, rule.object, `${field}.`));
    else if (typeof rule === 'object' && 'list' in rule && Array.isArray(raw))
      raw.forEach((item, i) => {
        if (isObject(item)) found.push(...dateMembers(item, rule.list, `${field}[${i}].`));
      });
  }
  return found;
}
