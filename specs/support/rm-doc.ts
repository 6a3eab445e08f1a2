/**
 * Reading RM v2 response documents (000 §1 resource-object layout) leniently: the document fixes
 * `id`, `type`, `attributes`, `relationships` of each resource, and entries `{id, type}`, but not
 * the envelope beyond `data` (000 §4 rule 3). Ids are compared as strings; a relationship value may
 * be an entry, an array of entries, or wrapped in `{data: ...}`.
 */
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

function topLevel(exchange: Exchange): Record<string, unknown> {
  const body = jsonBody(exchange);
  return isObject(body) ? body : {};
}

/** The primary resources: `data` as an array, or the single resource of `data`. */
export function dataOf(exchange: Exchange): Resource[] {
  const data = topLevel(exchange).data;
  const list = Array.isArray(data) ? data : data === undefined || data === null ? [] : [data];
  return list.map(asResource).filter((r): r is Resource => r !== null);
}

/** The one primary resource of a single-resource answer, or null. */
export function singleOf(exchange: Exchange): Resource | null {
  return dataOf(exchange)[0] ?? null;
}

export function idsOf(exchange: Exchange): string[] {
  return dataOf(exchange).map((r) => r.id);
}

/** Resources in `included` (absent means none). */
export function includedOf(exchange: Exchange): Resource[] {
  const included = topLevel(exchange).included;
  return Array.isArray(included) ? included.map(asResource).filter((r): r is Resource => r !== null) : [];
}

/** `meta.next_cursor` as a string, or null when absent, null or empty (the walk ends, 000 §4). */
export function nextCursorOf(exchange: Exchange): string | null {
  const meta = topLevel(exchange).meta;
  if (!isObject(meta)) return null;
  const cursor = meta.next_cursor;
  if (typeof cursor === 'number') return String(cursor);
  return typeof cursor === 'string' && cursor !== '' ? cursor : null;
}

/** Sorted top-level keys of the body, for observations of the envelope. */
export function envelopeKeys(exchange: Exchange): string {
  return Object.keys(topLevel(exchange)).sort().join(', ') || '(none)';
}

function toRef(value: unknown): Ref | null {
  if (!isObject(value)) return null;
  const id = idText(value.id);
  return id === null ? null : { id, type: typeof value.type === 'string' ? value.type : '' };
}

/**
 * The entries of a relationship: `undefined` when the resource does not carry the relationship at
 * all, otherwise the (possibly empty) list of `{id, type}` entries.
 */
export function relationshipRefs(resource: Resource, name: string): Ref[] | undefined {
  if (!Object.hasOwn(resource.relationships, name)) return undefined;
  let value: unknown = resource.relationships[name];
  if (isObject(value) && Object.hasOwn(value, 'data') && !Object.hasOwn(value, 'id')) value = value.data;
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map(toRef).filter((r): r is Ref => r !== null);
}

export function attr(resource: Resource, name: string): unknown {
  return resource.attributes[name];
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
