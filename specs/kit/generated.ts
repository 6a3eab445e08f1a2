/**
 * Request bodies generated from the schemas (src/generators), made safe to send to any lawful
 * target: every record carries the run id, and the parts of a valid body whose acceptance the
 * documents do not promise are left out (references to other records that may not exist, values of
 * open lists "not shown" such as content types beyond those named, image keys that may not exist).
 */
import fc from 'fast-check';
import { validArbitrary, invalidArbitrary, type InvalidCase } from '../../src/generators';
import { anyPhoneNumber, LOCAL_PART_MAX, personAt, PLAIN_NAME, plainName, plainPhone } from '../../src/generators/realistic';
import type { TypedKind } from '../../src/checks';
import { SCHEMA_BASE } from '../../contract/schemas/registry';

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

/**
 * A run-tagged e-mail built around a generated one: its local part keeps the generated name (dots,
 * capitals) and +tag, the run id and `n` go into the +tag, and the name is cut so that the local
 * part stays within 64 octets (RFC 5321 §4.5.3.1.1).
 */
export function taggedEmail(generated: unknown, runId: string, n: number): string {
  const text = typeof generated === 'string' && generated.includes('@') ? generated : 'jane.doe@example.com';
  const at = text.lastIndexOf('@');
  const [name = 'x', own] = text.slice(0, at).split('+');
  const tag = own ? `${own}-${runId}-${n}` : `${runId}-${n}`;
  const cut = name.slice(0, Math.max(1, LOCAL_PART_MAX - tag.length - 1)).replace(/\.+$/, '');
  return `${cut}+${tag}${text.slice(at)}`;
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

/** A candidate's names: people's names from the pool (src/generators/realistic.ts), not free text. */
const NAMES = ['first_name', 'last_name'] as const;

/** Every free-text string inside `value` (nested objects and arrays too) made plain (plainText). */
function plainStrings(value: unknown, key: string): unknown {
  if (typeof value === 'string') return plainText(value, key.replace(/[^A-Za-z]/g, '') || 'text');
  if (Array.isArray(value)) return value.map((v, i) => plainStrings(v, `${key}${i}`));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, FORMED.has(k) ? v : plainStrings(v, k)]));
}

/** A number drawn from a generated string (the same string, the same number: a failure replays with its seed). */
export function drawOf(value: unknown): number {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let h = 0;
  for (const c of text) h = (Math.imul(h, 31) + (c.codePointAt(0) ?? 0)) >>> 0;
  return h + text.length;
}

/** E.164: what every phone validator takes. */
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * The values of candidate attributes written as people write them, in a form a target may refuse as
 * validation failed (D65): names that are not plain ASCII letters, a phone number that is not E.164.
 */
export function typedValues(attributes: Json): { kind: TypedKind; value: string }[] {
  const typed: { kind: TypedKind; value: string }[] = [];
  for (const name of NAMES) {
    const value = attributes[name];
    if (typeof value === 'string' && !PLAIN_NAME.test(value)) typed.push({ kind: 'name', value });
  }
  const phone = attributes.phone_number;
  if (typeof phone === 'string' && !E164.test(phone) && plainPhone(phone) !== phone) typed.push({ kind: 'phone', value: phone });
  return typed;
}

/** Candidate attributes with their typed values in plain form: names in ASCII letters (the pool's plain forms), the number in E.164. */
export function withPlainValues(attributes: Json): Json {
  const out: Json = { ...attributes };
  for (const name of NAMES) if (typeof out[name] === 'string') out[name] = plainName(out[name]);
  if (typeof out.phone_number === 'string') out.phone_number = plainPhone(out.phone_number);
  return out;
}

/** The body with its typed values in plain form (withPlainValues), or null when it has none (typedValues). */
export function withPlainNames(body: Json): Json | null {
  if (typedValues(attributesOf(body)).length === 0) return null;
  const copy = structuredClone(body);
  if (isRecord(copy.data)) copy.data.attributes = withPlainValues(attributesOf(copy));
  return copy;
}

/**
 * Makes a generated valid RM body valid for the strictest lawful target as well: 000 §2 calls
 * `start_date` and `end_date` "date" (their layout is not shown, 000 §4 rule 4), so they become ISO
 * calendar dates (`YYYY-MM-DD`) with the start not after the end; a phone number becomes a real
 * number of some country's plan, in E.164 or as people type it (src/generators/realistic.ts); first
 * and last names become names as people have them (José, O'Brien, 李: a target may refuse their
 * characters with 422, D65, and the caller then sends withPlainNames); other free text (skills,
 * school and company names, course, title, locality) becomes plain letters, digits and spaces of a
 * bounded length (plainText: no length bound or character rule is shown, D50); tag values carry the
 * run id.
 */
export function strictlyValid(body: Json, runId: string): Json {
  const attrs = attributesOf(body);
  for (const [k, v] of Object.entries(attrs))
    if (!FORMED.has(k) && !(NAMES as readonly string[]).includes(k)) attrs[k] = plainStrings(v, k);
  for (const name of NAMES) {
    if (attrs[name] === undefined || attrs[name] === null) continue;
    const who = personAt(drawOf(attrs[name]));
    attrs[name] = name === 'first_name' ? who.first : who.last;
  }
  if ('start_date' in attrs) attrs.start_date = '2011-09-01';
  if ('end_date' in attrs) attrs.end_date = '2015-06-30';
  if (typeof attrs.phone_number === 'string') attrs.phone_number = anyPhoneNumber(drawOf(attrs.phone_number)).e164;
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
