/**
 * The shared write rules of the HR core operations (001 §4 "Shared write rules"): one PUT per
 * record type serves create, update and archive, keyed by the caller's externalId.
 *
 * 1. create needs the fields named per record in part 2; update needs externalId plus at least one
 *    other field; archive needs externalId and archive (true) and a record to archive;
 * 2. an omitted field keeps its value, a field sent as null is removed;
 * 3. a collection replaces the stored one (an empty employee array clears it, a null position
 *    collection removes it);
 * 4. a missing required field yields a validation message.
 *
 * Choices where 001 is silent (kept in line with schemas/DECISIONS.md D19-D21): null removes any
 * field but externalId, also one required on create (rule 2 names no exception); archive true on a
 * record that does not exist is 404; archive false on an archived record restores it (001 §3:
 * transitions out of the archived state are not shown); an empty externalId is refused.
 */
import { randomUUID } from 'node:crypto';
import { INVALID_JSON } from '../http-kit';
import { checkFields, type FieldError, type Rules } from './fields';
import { isObject, mergePatch, withoutNulls, type JsonObject } from './json';

export interface RecordKind {
  /** How messages name the record, e.g. "business unit (level 2)". */
  label: string;
  rules: Rules;
  /** Fields required on create besides externalId (001 §2). */
  required: readonly string[];
}

/** Rules a fault of the reference server switches off (each a separate, named defect). */
export interface Relaxed {
  externalId?: boolean;
  /** An update carrying only externalId is accepted. */
  updateWithoutField?: boolean;
  /** An update replaces the stored record instead of keeping omitted fields. */
  replaceOnUpdate?: boolean;
  /** Required-on-create fields no longer checked. */
  required?: readonly string[];
  /** A variant's: a value of another JSON type is taken as sent (001 §2 types a field, no sentence refuses another type; D32). */
  typesTaken?: boolean;
  /** A variant's: an object sent in an update replaces the stored one, its null members left out (D19 object-replaced). */
  objectsReplaced?: boolean;
}

export type Intent = 'create' | 'update' | 'archive';

export interface Planned {
  ok: true;
  intent: Intent;
  externalId: string;
  /** The request body, normalised (dates, boolean strings), with externalId. */
  fields: JsonObject;
  /** The record as it will be stored. */
  next: JsonObject;
  existing: JsonObject | undefined;
}

export type WritePlan = Planned | { ok: false; status: 400 | 404; errors: FieldError[] };

const refused = (errors: FieldError[], status: 400 | 404 = 400): WritePlan => ({ ok: false, status, errors });

export function planWrite(
  kind: RecordKind,
  body: unknown,
  find: (externalId: string) => JsonObject | undefined,
  relaxed: Relaxed = {},
): WritePlan {
  if (body === INVALID_JSON) return refused([{ message: 'The request body is not valid JSON' }]);
  if (!isObject(body)) return refused([{ message: `The request body must be a JSON object (a ${kind.label} record)` }]);
  const checked = checkFields(body, kind.rules);
  const value = checked.value;
  // Taken as sent: every type error but externalId's (the record is keyed by it).
  const errors = relaxed.typesTaken ? checked.errors.filter((e) => e.field === 'externalId') : checked.errors;
  let externalId = value.externalId;
  if (externalId === undefined || externalId === null) {
    if (relaxed.externalId) externalId = `auto-${randomUUID()}`;
    else errors.unshift({ field: 'externalId', message: 'externalId is required' });
  } else if (externalId === '') {
    errors.unshift({ field: 'externalId', message: 'externalId must not be empty' });
  }
  if (errors.length > 0 || typeof externalId !== 'string') return refused(errors);
  const fields: JsonObject = { ...value, externalId };

  const existing = find(externalId);
  const archive = fields.archive === true;
  if (existing === undefined && archive)
    return refused([{ field: 'externalId', message: `There is no ${kind.label} with externalId "${externalId}" to archive` }], 404);
  if (existing === undefined) {
    const missing = [...kind.required].filter((f) => (fields[f] === undefined || fields[f] === null) && !relaxed.required?.includes(f));
    if (missing.length > 0) return refused(missing.map((f) => ({ field: f, message: `${f} is required to create a ${kind.label}` })));
    return { ok: true, intent: 'create', externalId, fields, next: withoutNulls(fields), existing };
  }
  const others = Object.keys(fields).filter((k) => k !== 'externalId');
  if (!archive && others.length === 0 && !relaxed.updateWithoutField) {
    return refused([{ message: `An update of a ${kind.label} needs externalId and at least one other field` }]);
  }
  const replaced =
    relaxed.replaceOnUpdate && !archive ? { ...withoutNulls(fields), ...(isArchived(existing) ? { archive: true } : {}) } : null;
  const merged = relaxed.objectsReplaced ? replaceMembers(existing, fields) : mergePatch(existing, fields);
  return { ok: true, intent: archive ? 'archive' : 'update', externalId, fields, next: replaced ?? merged, existing };
}

/** Each member sent replaces the stored one (a top-level null removes it; an object sent loses its null members). */
function replaceMembers(existing: JsonObject, fields: JsonObject): JsonObject {
  const out: JsonObject = { ...existing };
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) delete out[k];
    else out[k] = isObject(v) ? withoutNulls(v) : v;
  }
  return out;
}

/** True when the stored record is archived. */
export function isArchived(record: JsonObject | undefined): boolean {
  return record?.archive === true;
}
