/**
 * Variants of how a document is written on the wire, applied just before it is sent (the handlers and
 * include walks keep the one internal form): candidate ids as JSON integers (rm.variant.integer-ids,
 * D2), and relationships as bare pairs instead of `{data: ...}` (rm.variant.relationships-bare-pairs, D3).
 */
import type { RmEnv } from './env';
import type { Document } from './model';
import { on } from '../switches';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `id` member made of digits only (the candidate ids) as a number, anywhere in `value`. */
function integerIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(integerIds);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === 'id' && typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : integerIds(v)]),
  );
}

/** A resource (and, inside relationship entries, the records embedded there) with `{data: x}` relationships written as x. */
function barePairs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(barePairs);
  if (!isObject(value)) return value;
  if (!isObject(value.relationships)) return value;
  const relationships = Object.fromEntries(
    Object.entries(value.relationships).map(([name, rel]) => [
      name,
      barePairs(isObject(rel) && Object.hasOwn(rel, 'data') ? rel.data : rel),
    ]),
  );
  return { ...value, relationships };
}

/** The document as the wire variants write it (the document itself when none is on). */
export function onTheWire(env: RmEnv, doc: Document): Document {
  let out: unknown = doc;
  if (on(env.behaviour, 'rm.variant.relationships-bare-pairs')) {
    const d = out as Document;
    out = { ...d, data: barePairs(d.data), ...(d.included ? { included: barePairs(d.included) } : {}) };
  }
  if (on(env.behaviour, 'rm.variant.integer-ids')) out = integerIds(out);
  return out as Document;
}
