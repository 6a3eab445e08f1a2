/**
 * Reading RM v2 response bodies leniently. 000 §1 fixes the resource (`id`, `type`, `attributes`,
 * `relationships`, entries `{id, type}`), but 000 §4 rule 3 says the payload shapes of the
 * operations are "not shown beyond the resource shapes of part 2 and `meta.next_cursor`". So a body
 * may be a JSON:API-like document `{data: resource | resource[] | null, included?, meta?}`, a bare
 * resource, or a bare array of resources. Embedded (included) records may be in a top-level
 * `included` array or inside relationship entries that carry `attributes`. Ids are compared as
 * strings; a relationship value may be an entry, an array of entries, `null`, or wrapped in
 * `{data: ...}`.
 */
import type { EmbeddedCopy, RelationshipView } from '../../src/checks';
import type { Exchange } from '../../src/http/exchange';
import { jsonBody } from '../../src/http/exchange';

export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

export interface Ref {
  id: string;
  type: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idText(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

export function asResource(value: unknown): Resource | null {
  if (!isObject(value)) return null;
  const id = idText(value.id);
  if (id === null) return null;
  return {
    id,
    type: typeof value.type === 'string' ? value.type : '',
    attributes: isObject(value.attributes) ? value.attributes : {},
    relationships: isObject(value.relationships) ? value.relationships : {},
  };
}

const resources = (list: readonly unknown[]): Resource[] => list.map(asResource).filter((r): r is Resource => r !== null);

/** The body when it is a JSON:API-like document (an object with `data`), else null. */
function documentOf(exchange: Exchange): Record<string, unknown> | null {
  const body = jsonBody(exchange);
  return isObject(body) && Object.hasOwn(body, 'data') ? body : null;
}

/** The body's top-level object (a document or a bare resource); {} for arrays and non-JSON. */
function topLevel(exchange: Exchange): Record<string, unknown> {
  const body = jsonBody(exchange);
  return isObject(body) ? body : {};
}

/**
 * The primary resources: `data` of a document (an array, one resource, or none), a bare array of
 * resources, or a bare resource.
 */
export function dataOf(exchange: Exchange): Resource[] {
  const body = jsonBody(exchange);
  if (Array.isArray(body)) return resources(body);
  if (!isObject(body)) return [];
  if (Object.hasOwn(body, 'data')) {
    const data = body.data;
    if (Array.isArray(data)) return resources(data);
    const one = asResource(data);
    return one ? [one] : [];
  }
  const bare = asResource(body);
  return bare ? [bare] : [];
}

/** The one primary resource of a single-resource answer, or null. */
export function singleOf(exchange: Exchange): Resource | null {
  return dataOf(exchange)[0] ?? null;
}

export function idsOf(exchange: Exchange): string[] {
  return dataOf(exchange).map((r) => r.id);
}

/** Relationship entries that carry `attributes`: records embedded in the relationship itself. */
function embeddedIn(record: Resource): Resource[] {
  const out: Resource[] = [];
  for (const value of Object.values(record.relationships)) {
    let inner: unknown = value;
    if (isObject(inner) && Object.hasOwn(inner, 'data') && !Object.hasOwn(inner, 'id')) inner = inner.data;
    for (const entry of Array.isArray(inner) ? inner : [inner]) {
      if (isObject(entry) && isObject(entry.attributes)) {
        const r = asResource(entry);
        if (r) out.push(r);
      }
    }
  }
  return out;
}

/**
 * Every embedded record of an answer, with where it is: the top-level `included` array (absent means
 * none), and the relationship entries that carry `attributes`, in the primary records and (nested) in
 * those embedded records. `copies` holds every copy as written (a record repeated is there twice);
 * `records` each `{type, id}` once, the first copy.
 */
export function embeddedOf(exchange: Exchange): { records: Resource[]; included: Resource[]; inEntries: Resource[]; copies: Resource[] } {
  const doc = documentOf(exchange);
  const top = doc && Array.isArray(doc.included) ? resources(doc.included) : [];
  const seen = new Set<string>();
  const records: Resource[] = [];
  const inEntries: Resource[] = [];
  const copies: Resource[] = [...top];
  const add = (r: Resource): boolean => {
    const key = `${r.type}\u0000${r.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    records.push(r);
    return true;
  };
  top.forEach(add);
  let frontier: Resource[] = [...dataOf(exchange), ...top];
  for (let depth = 0; depth < 4 && frontier.length > 0; depth += 1) {
    const next: Resource[] = [];
    for (const record of frontier)
      for (const inner of embeddedIn(record)) {
        copies.push(inner);
        inEntries.push(inner);
        if (add(inner)) next.push(inner);
      }
    frontier = next;
  }
  return { records, included: top, inEntries, copies };
}

/** Every embedded record of an answer, each once (embeddedOf's `records`). */
export function includedOf(exchange: Exchange): Resource[] {
  return embeddedOf(exchange).records;
}

/** An embedded copy as the include check compares repeats: attributes, and the ids each relationship names (null: links only). */
export function copyOf(resource: Resource): EmbeddedCopy {
  const named = new Map<string, string[] | null>();
  for (const name of Object.keys(resource.relationships)) {
    const linkage = linkageOf(resource, name);
    named.set(name, Array.isArray(linkage) ? linkage.map((r) => r.id) : null);
  }
  return { id: resource.id, type: resource.type, attributes: resource.attributes, named };
}

/** `meta.next_cursor` as a string, or null when absent, null or empty (the walk ends, 000 §4). */
export function nextCursorOf(exchange: Exchange): string | null {
  const meta = topLevel(exchange).meta;
  if (!isObject(meta)) return null;
  const cursor = meta.next_cursor;
  if (typeof cursor === 'number') return String(cursor);
  return typeof cursor === 'string' && cursor !== '' ? cursor : null;
}

/** How the body is laid out, for observations: the document's members, "bare array" or "bare resource". */
export function envelopeKeys(exchange: Exchange): string {
  const body = jsonBody(exchange);
  if (Array.isArray(body)) return 'bare array';
  if (!isObject(body)) return body === undefined ? '(no JSON body)' : typeof body;
  if (!Object.hasOwn(body, 'data') && asResource(body)) return 'bare resource';
  return Object.keys(body).sort().join(', ') || '(none)';
}

function toRef(value: unknown): Ref | null {
  if (!isObject(value)) return null;
  const id = idText(value.id);
  return id === null ? null : { id, type: typeof value.type === 'string' ? value.type : '' };
}

/** A relationship carried without linkage: a JSON:API relationship object with `links` or `meta` but no `data` (D3). */
export const NOT_GIVEN = 'not given';

/**
 * The linkage of a relationship: `undefined` when the resource does not carry the relationship at
 * all; NOT_GIVEN when it carries it without linkage (`{"links": {...}}` or `meta` alone, no `data`:
 * the relationship is named, its records are not, schemas/DECISIONS.md D3); otherwise the (possibly
 * empty) list of `{id, type}` entries. An absent to-one relationship may be `null` or `{data: null}`: no entry.
 */
export function linkageOf(resource: Resource, name: string): Ref[] | typeof NOT_GIVEN | undefined {
  if (!Object.hasOwn(resource.relationships, name)) return undefined;
  let value: unknown = resource.relationships[name];
  if (isObject(value) && !Object.hasOwn(value, 'id')) {
    if (!Object.hasOwn(value, 'data')) return Object.hasOwn(value, 'links') || Object.hasOwn(value, 'meta') ? NOT_GIVEN : [];
    value = value.data;
  }
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map(toRef).filter((r): r is Ref => r !== null);
}

/** A record's relationships as the include check compares them: each carried relationship with the records it names. */
export function relationshipView(resource: Resource): RelationshipView {
  const relationships = new Map<string, Ref[]>();
  const withoutLinkage = new Set<string>();
  for (const name of Object.keys(resource.relationships)) {
    const linkage = linkageOf(resource, name);
    relationships.set(name, Array.isArray(linkage) ? linkage : []);
    if (linkage === NOT_GIVEN) withoutLinkage.add(name);
  }
  return { id: resource.id, relationships, withoutLinkage };
}

/**
 * The entries of a relationship: `undefined` when the resource does not carry the relationship or
 * carries it without linkage (linkageOf: NOT_GIVEN; a caller that must tell the two apart asks
 * linkageOf), otherwise the (possibly empty) list of `{id, type}` entries.
 */
export function relationshipRefs(resource: Resource, name: string): Ref[] | undefined {
  const linkage = linkageOf(resource, name);
  return linkage === NOT_GIVEN ? undefined : linkage;
}

export function attr(resource: Resource, name: string): unknown {
  return resource.attributes[name];
}

/** Whether `text` occurs as a string value anywhere inside `value` (attributes of records whose fields are not shown). */
export function containsText(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value === text;
  if (Array.isArray(value)) return value.some((v) => containsText(v, text));
  if (isObject(value)) return Object.values(value).some((v) => containsText(v, text));
  return false;
}

/** A DateTime attribute's `utc` value (000 §2 DateTime object), or null. */
export function utcOf(resource: Resource, name: string): string | null {
  const value = resource.attributes[name];
  if (isObject(value) && typeof value.utc === 'string') return value.utc;
  return null;
}

/**
 * A date-time as a sortable pair [epoch ms, sub-millisecond digits], so that instants written with
 * microseconds compare exactly. Null when it does not parse.
 */
export function instant(text: string): [number, number] | null {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const frac = /T\d{2}:\d{2}:\d{2}\.(\d+)/.exec(text)?.[1] ?? '';
  const sub = Number(`0.${frac.slice(3) || '0'}`);
  return [ms, sub];
}

/** -1, 0 or 1 as a is before, at or after b; null when either does not parse. */
export function compareInstants(a: string, b: string): number | null {
  const x = instant(a);
  const y = instant(b);
  if (!x || !y) return null;
  if (x[0] !== y[0]) return x[0] < y[0] ? -1 : 1;
  if (x[1] !== y[1]) return x[1] < y[1] ? -1 : 1;
  return 0;
}

/** ISO instant `seconds` after `text` (millisecond precision, rounded up so it stays after). */
export function plusSeconds(text: string, seconds: number): string {
  const x = instant(text);
  if (!x) throw new Error(`not a date-time: ${text}`);
  return new Date(x[0] + seconds * 1000 + (x[1] > 0 ? 1 : 0)).toISOString();
}

export function sameIds(a: Iterable<string>, b: Iterable<string>): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((id) => y.has(id));
}

export function duplicatesIn(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const id of ids) (seen.has(id) ? dup : seen).add(id);
  return [...dup];
}

export function short(ids: Iterable<string>, max = 8): string {
  const list = [...ids];
  return list.length > max ? `${list.slice(0, max).join(', ')}, ... (${list.length})` : list.join(', ') || '(none)';
}

/** How `meta.next_cursor` appears in an answer, for observations: absent, null, "" or a string. */
export function cursorShape(exchange: Exchange): string {
  const meta = topLevel(exchange).meta;
  if (!isObject(meta)) return 'absent (no meta)';
  if (!Object.hasOwn(meta, 'next_cursor')) return 'absent';
  const cursor = meta.next_cursor;
  if (cursor === null) return 'null';
  if (cursor === '') return '""';
  return typeof cursor;
}

/**
 * The same instant as the RFC 3339 date-time `text`, written with the UTC offset `minutes` (e.g. 330
 * for +05:30): the clock time moves, the fraction of a second is kept digit for digit (RFC 3339 §5.6).
 */
export function atOffset(text: string, minutes: number): string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/i.exec(text.trim());
  if (!m?.[1] || !m[3]) throw new Error(`not an RFC 3339 date-time: ${text}`);
  const zone = /^[+-]\d{4}$/.test(m[3]) ? `${m[3].slice(0, 3)}:${m[3].slice(3)}` : m[3].toUpperCase();
  const whole = Date.parse(`${m[1]}${zone}`);
  if (Number.isNaN(whole)) throw new Error(`not an RFC 3339 date-time: ${text}`);
  const clock = new Date(whole + minutes * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(minutes);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${clock}${m[2] ?? ''}${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
