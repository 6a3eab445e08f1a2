// Resource objects (part 1: "every resource has id, type, attributes and, where related records exist, relationships.
// Each relationship entry is a pair {id, type}") and part 2's attribute tables, with DateTime objects.
import type { Choices } from './choices';
import { dateTimeObject } from './datetime';
import { type AttrValue, type Json, type Rec, type Rel, SHOWN_TYPES, Stamp, T, strAttr } from './model';
import type { Store } from './store';

export interface SerialCtx {
  choices: Choices;
  baseUrl: string;
  now: number;
  store: Store;
  /** every segment of every include path of the request (JSON:API style: those relationships are "loaded") */
  loaded?: ReadonlySet<string>;
}

/**
 * JSON:API style: candidate relationships a serializer would lazy-load, with the sub-collection that lists them. They
 * carry `links.related`, and drop their linkage only when nothing is related and they were not included (where related
 * records exist, part 1's "Each relationship entry is a pair {id, type}" keeps the pairs).
 */
const LAZY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [T.candidate]: { educations: 'educations', employments: 'employments', events: 'events', taggings: 'tags' },
};

/** Types with a GET operation of their own: JSON:API style gives them `links.self`. */
const SELF_PATHS: Readonly<Record<string, string>> = {
  [T.candidate]: 'candidates',
  [T.job]: 'jobs',
  [T.recruitmentEvent]: 'recruitment_events',
};

export type JsonObject = { [key: string]: Json };

/** An id as written: the string, or (alternate persona) a JSON integer where it is all digits; UUIDs stay strings. */
export function idJson(id: string, choices: Choices): Json {
  return choices.idType === 'integer' && /^[1-9]\d{0,14}$/.test(id) ? Number(id) : id;
}

export function resource(rec: Rec, ctx: SerialCtx, typeOverride?: string): JsonObject {
  const out: JsonObject = { id: idJson(rec.id, ctx.choices), type: typeOverride ?? rec.type, attributes: attributes(rec, ctx) };
  const rels = ctx.choices.relationshipStyle === 'jsonapi' ? jsonapiRelationships(rec, ctx) : relationships(rec.rels, ctx.choices);
  if (rels !== null) out.relationships = rels;
  const selfPath = SELF_PATHS[rec.type];
  if (ctx.choices.jsonapiExtras && selfPath !== undefined) out.links = { self: `${ctx.baseUrl}/${selfPath}/${rec.id}` };
  return out;
}

/** JSON:API relationship objects: `{data: [...]}`, `{data: {...}}`, `{data: null}`; lazy ones with `links.related`. */
function jsonapiRelationships(rec: Rec, ctx: SerialCtx): JsonObject | null {
  const out: JsonObject = {};
  const lazy = LAZY[rec.type] ?? {};
  for (const [name, rel] of Object.entries(rec.rels)) {
    const pair = (l: { id: string; type: string }): Json => ({ id: idJson(l.id, ctx.choices), type: l.type });
    const data: Json = rel === null ? null : Array.isArray(rel) ? rel.map(pair) : pair(rel);
    const sub = lazy[name];
    if (sub === undefined) {
      out[name] = { data };
      continue;
    }
    const links = { related: `${ctx.baseUrl}/candidates/${rec.id}/${sub}` };
    const empty = Array.isArray(data) ? data.length === 0 : data === null;
    out[name] = empty && !(ctx.loaded?.has(name) ?? false) ? { links } : { links, data };
  }
  return Object.keys(out).length > 0 ? out : null;
}

function relationships(rels: Record<string, Rel>, choices: Choices): JsonObject | null {
  const out: JsonObject = {};
  for (const [name, rel] of Object.entries(rels)) {
    if (rel === null) {
      if (choices.absentToOne === 'null') out[name] = null;
    } else if (Array.isArray(rel)) {
      out[name] = rel.map((l) => ({ id: idJson(l.id, choices), type: l.type }));
    } else {
      out[name] = { id: idJson(rel.id, choices), type: rel.type };
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

function attributes(rec: Rec, ctx: SerialCtx): JsonObject {
  if (!SHOWN_TYPES.has(rec.type) && !ctx.choices.unshownAttributes) return {};
  const source: Record<string, AttrValue> = { ...rec.attrs, ...computed(rec, ctx) };
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === null) {
      if (ctx.choices.unknownAttribute === 'null') out[key] = null;
      continue;
    }
    out[key] = toJson(value, ctx);
  }
  return out;
}

function toJson(value: AttrValue, ctx: SerialCtx): Json {
  if (value instanceof Stamp) return dateTimeObject(value, ctx.now, ctx.choices);
  if (Array.isArray(value)) return value.map((v) => toJson(v, ctx));
  if (value !== null && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = toJson(v, ctx);
    return out;
  }
  return value;
}

/** Candidate attributes derived from other facts: name, tags (from taggings) and links. */
function computed(rec: Rec, ctx: SerialCtx): Record<string, AttrValue> {
  if (rec.type !== T.candidate) return {};
  const first = strAttr(rec, 'first_name');
  const last = strAttr(rec, 'last_name');
  const name = [first, last].filter((p): p is string => p !== null && p !== '').join(' ');
  const email = strAttr(rec, 'email');
  const phone = strAttr(rec, 'phone_number');
  const links: Record<string, AttrValue> = { self: { url: `${ctx.baseUrl}/candidates/${rec.id}` } };
  if (email !== null) links.mail_to = { url: `mailto:${email}` };
  if (phone !== null) links.tel = { url: `tel:${phone.replace(/\s+/g, '')}` };
  if (rec.hidden.linkedin !== undefined) links.linkedin = { url: rec.hidden.linkedin };
  const tags = ctx.store
    .related(rec, 'taggings')
    .map((t) => strAttr(t, 'name'))
    .filter((n): n is string => n !== null);
  return { name: name === '' ? null : name, tags, links };
}
