// Compound documents (part 4 "Allowed include values"): related records embedded in a top-level `included` array,
// following dotted paths; each record appears once and never repeats a record of the primary data.
import { type Json, type Rec, linksOf } from './model';
import { type JsonObject, type SerialCtx, resource } from './serialise';

/** Include names that differ from the relationship they follow. */
const INCLUDE_ALIAS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  candidates: { job_alert_subscriptions: 'job_alert_subscription' },
  job_template_fields: { options: 'job_template_field_options' },
};

interface Node {
  rec: Rec;
  type: string;
}

export function includedRecords(primary: Rec[], paths: readonly string[], ctx: SerialCtx): Json[] {
  const seen = new Set(primary.map((r) => `${r.type}:${r.id}`));
  const out: JsonObject[] = [];
  for (const path of paths) {
    let frontier: Node[] = primary.map((rec) => ({ rec, type: rec.type }));
    for (const segment of path.split('.')) {
      const next = new Map<string, Node>();
      for (const node of frontier) {
        const relName = INCLUDE_ALIAS[node.rec.type]?.[segment] ?? segment;
        for (const l of linksOf(node.rec.rels[relName])) {
          const rec = ctx.store.get(l.type, l.id);
          if (rec === undefined) continue;
          const key = `${l.type}:${l.id}`;
          next.set(key, { rec, type: l.type });
          if (!seen.has(key)) {
            seen.add(key);
            out.push(resource(rec, ctx, l.type));
          }
        }
      }
      frontier = [...next.values()];
    }
  }
  return out;
}

/** Top-level members beside data, included and meta: JSON:API `links` and `jsonapi` (frameworks persona). */
export interface DocExtras {
  links?: JsonObject;
  jsonapi?: boolean;
}

/** A top-level document: data, then `included` when an include was asked for, then meta (and links, jsonapi). */
export function compound(
  data: Json,
  included: Json[] | null,
  meta: JsonObject | null,
  emptyIncluded: boolean,
  extras: DocExtras = {},
): JsonObject {
  const doc: JsonObject = { data };
  if (included !== null && (included.length > 0 || emptyIncluded)) doc.included = included;
  if (meta !== null && (Object.keys(meta).length > 0 || !extras.jsonapi)) doc.meta = meta;
  if (extras.links) doc.links = extras.links;
  if (extras.jsonapi) doc.jsonapi = { version: '1.0' };
  return doc;
}
