/**
 * Request bodies generated from the schemas (src/generators), made safe to send to any lawful
 * target: every record carries the run id, and the parts of a valid body whose acceptance the
 * documents do not promise are left out (references to other records that may not exist, values of
 * open lists "not shown" such as content types beyond those named, image keys that may not exist).
 */
import fc from 'fast-check';
import { validArbitrary, invalidArbitrary, type InvalidCase } from '../../src/generators';
import { SCHEMA_BASE } from '../../src/schemas/registry';

export type Json = Record<string, unknown>;

export const schemaId = (path: string): string => `${SCHEMA_BASE}${path}`;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy without null values (nulls mean "remove" in an update, 001 §4 rule 2; a create has nothing to remove). */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  ) as T;
}

/** Removes keys (at any depth) whose name matches `drop`. */
export function withoutKeys<T>(value: T, drop: (key: string) => boolean): T {
  if (Array.isArray(value)) return value.map((v) => withoutKeys(v, drop)) as T;
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !drop(k))
      .map(([k, v]) => [k, withoutKeys(v, drop)]),
  ) as T;
}

/** Valid bodies of a schema, post-processed by `fix` (which must keep them valid). */
export function validBodies(path: string, fix: (body: Json) => Json, overrides: Record<string, unknown> = {}): fc.Arbitrary<Json> {
  return validArbitrary(schemaId(path), { overrides, maxArrayLength: 3 })
    .filter(isRecord)
    .map((b) => fix(structuredClone(b)));
}

/** Bodies breaking exactly one rule of the schema, each labelled with it. */
export function invalidBodies(path: string, overrides: Record<string, unknown> = {}): fc.Arbitrary<InvalidCase> {
  return invalidArbitrary(schemaId(path), { overrides, maxArrayLength: 3 });
}

/** A run-tagged e-mail built around a generated one, keeping its local part (plus signs, dots). */
export function taggedEmail(generated: unknown, runId: string, n: number): string {
  const [local, domain] = typeof generated === 'string' && generated.includes('@') ? generated.split('@') : ['x', 'example.com'];
  return `${local}.${runId}${n}@${domain}`;
}

let counter = 0;
export function nextN(): number {
  counter += 1;
  return counter * 1000 + (process.pid % 1000);
}

/**
 * Puts back, as generated, the top-level field holding JSON pointer `pointer` (or removes it when the
 * generated body has none): sanitising must never repair the rule an invalid case breaks.
 */
export function restoreAt(to: Json, from: unknown, pointer: string): void {
  const key = pointer.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
  if (key === undefined || key === '') return;
  if (isRecord(from) && key in from) to[key] = structuredClone(from[key]);
  else delete to[key];
}

/** The attributes object of a `{data: {attributes}}` body ({} when there is none). */
export function attributesOf(body: unknown): Json {
  return isRecord(body) && isRecord(body.data) && isRecord(body.data.attributes) ? body.data.attributes : {};
}

/** Longest free text a generated must-accept RM value has: 000 gives no length bound, and a target may set one (D50). */
export const PLAIN_TEXT_MAX = 30;

/**
 * Generated free text made plain: letters, digits and single spaces only (each other character
 * becomes a letter), at most PLAIN_TEXT_MAX characters, never blank (`fallback`). A target may escape,
 * strip, trim or bound text the document does not describe (schemas/DECISIONS.md D50); plain text reads
 * back the same under every such reading.
 */
export function plainText(value: unknown, fallback: string): string {
  const text = typeof value === 'string' ? value : '';
  const plain = [...text]
    .map((c) => (/^[A-Za-z0-9 ]$/.test(c) ? c : String.fromCharCode(97 + ((c.codePointAt(0) ?? 0) % 26))))
    .join('')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, PLAIN_TEXT_MAX)
    .trim();
  return plain === '' ? fallback : plain;
}

/** Attribute names whose values are not free text (they have a form of their own). */
const FORMED = new Set(['email', 'start_date', 'end_date', 'phone_number', 'tag_values', 'content', 'filename']);

/** Every free-text string inside `value` (nested objects and arrays too) made plain (plainText). */
function plainStrings(value: unknown, key: string): unknown {
  if (typeof value === 'string') return plainText(value, key.replace(/[^A-Za-z]/g, '') || 'text');
  if (Array.isArray(value)) return value.map((v, i) => plainStrings(v, `${key}${i}`));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, FORMED.has(k) ? v : plainStrings(v, k)]));
}

/**
 * Makes a generated valid RM body valid for the strictest lawful target as well: 000 §2 calls
 * `start_date` and `end_date` "date" (their layout is not shown, 000 §4 rule 4), so they become ISO
 * calendar dates (`YYYY-MM-DD`) with the start not after the end; a phone number becomes digits
 * (a target may normalise or check it); free text (names, skills, school and company names, course,
 * title, locality) becomes plain letters, digits and spaces of a bounded length (plainText: no
 * length bound or character rule is shown, and stored text may be sanitised, D50); tag values carry
 * the run id.
 */
export function strictlyValid(body: Json, runId: string): Json {
  const attrs = attributesOf(body);
  for (const [k, v] of Object.entries(attrs)) if (!FORMED.has(k)) attrs[k] = plainStrings(v, k);
  if ('start_date' in attrs) attrs.start_date = '2011-09-01';
  if ('end_date' in attrs) attrs.end_date = '2015-06-30';
  if (typeof attrs.phone_number === 'string') {
    const digits = [...attrs.phone_number].map((c) => String(c.charCodeAt(0) % 10)).join('');
    attrs.phone_number = `+1555${digits}`.slice(0, 15).padEnd(12, '0');
  }
  const word = (s: unknown, fallback: string): string => (typeof s === 'string' && s.trim() !== '' ? s.trim() : fallback);
  if (Array.isArray(attrs.skills)) attrs.skills = attrs.skills.map((s, i) => word(s, `skill${i}`));
  if (Array.isArray(attrs.tag_values)) {
    attrs.tag_values = attrs.tag_values.map(
      (s, i) =>
        `conformance-${runId}-${
          word(s, `t${i}`)
            .replace(/[^A-Za-z0-9]/g, '')
            .slice(0, 12) || `t${i}`
        }`,
    );
  }
  return body;
}
