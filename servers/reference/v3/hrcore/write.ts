/** One HR core PUT (001 §4): the shared write rules, the record's own rules, storing, answering. */
import type { Ctx } from '../../http-kit';
import { dateMembers, type FieldError } from '../fields';
import { on } from '../../switches';
import { hasNull, isObject, withoutNulls, type Json, type JsonObject } from '../json';
import { isDeepStrictEqual } from 'node:util';
import { hrWritten, json, refuse } from '../respond';
import { planWrite, type Planned, type RecordKind, type Relaxed } from '../write-rules';

export interface WriteSpec {
  kind: RecordKind;
  find(externalId: string): JsonObject | undefined;
  /** Record-specific rules a fault switches off (the shared ones are set here). */
  relaxed?: Pick<Relaxed, 'required' | 'externalId'>;
  /** The record's own rules, after the shared ones. */
  check?(plan: Planned): FieldError[];
  /** The record to store (e.g. with defaults filled in on create). */
  prepare?(plan: Planned): JsonObject;
  /** A fault's: a create refused for a missing required field is stored all the same. */
  keepRefused?: boolean;
  /** Answers a refusal its own way (a fault's); true when it did. */
  answerRefusal?(errors: readonly FieldError[]): boolean;
  store(plan: Planned, record: JsonObject): void;
}

export function hrWrite(ctx: Ctx, spec: WriteSpec): void {
  if (on(ctx.behaviour, 'hr.write.null-field-500') && isObject(ctx.body) && hasNull(ctx.body)) {
    throw new TypeError("Cannot read properties of null (reading 'trim')");
  }
  const relaxed: Relaxed = {
    ...spec.relaxed,
    externalId: spec.relaxed?.externalId === true || on(ctx.behaviour, 'hr.write.externalid-not-required'),
    updateWithoutField: on(ctx.behaviour, 'hr.write.update-only-externalid-accepted'),
    replaceOnUpdate: on(ctx.behaviour, 'hr.write.update-replaces-record'),
    typesTaken: on(ctx.behaviour, 'hr.variant.types-taken'),
    objectsReplaced: on(ctx.behaviour, 'hr.variant.objects-replaced'),
  };
  if (on(ctx.behaviour, 'hr.write.numeric-reference-id-500') && isObject(ctx.body) && numericReference(ctx.body)) {
    throw new TypeError('value.trim is not a function');
  }
  const dateErrors = isObject(ctx.body) ? narrowDates(ctx, dateMembers(ctx.body, spec.kind.rules)) : [];
  if (dateErrors.length > 0) return refuse(ctx, 'hr', dateErrors);
  const plan = planWrite(spec.kind, ctx.body, (id) => spec.find(id), relaxed);
  // The fault crashes where it should refuse a value of another JSON type.
  if (!plan.ok && on(ctx.behaviour, 'hr.write.type-error-500') && plan.errors.some((e) => / must be (a |an |true)/.test(e.message)))
    throw new TypeError(`${plan.errors[0]?.field ?? 'value'}.trim is not a function`);
  if (!plan.ok) {
    if (plan.status === 400 && spec.keepRefused) keepRefused(ctx.body, spec, plan.errors);
    if (plan.status === 400 && spec.answerRefusal?.(plan.errors)) return;
    return refuse(ctx, 'hr', plan.errors, plan.status === 404);
  }
  const others = Object.entries(plan.fields).filter(([k]) => k !== 'externalId');
  if (plan.intent === 'update' && on(ctx.behaviour, 'hr.write.null-only-update-refused') && others.every(([, v]) => v === null)) {
    return refuse(ctx, 'hr', [{ message: `An update of a ${spec.kind.label} needs externalId and at least one other field` }]);
  }
  const errors = spec.check?.(plan) ?? [];
  if (errors.length > 0) {
    if (spec.answerRefusal?.(errors)) return;
    return refuse(ctx, 'hr', errors);
  }
  const record = spec.prepare?.(plan) ?? plan.next;
  // The variant says so when an update changes nothing.
  const unchanged = plan.intent === 'update' && plan.existing !== undefined && isDeepStrictEqual(record, plan.existing);
  spec.store(plan, record);
  if (unchanged && on(ctx.behaviour, 'hr.variant.unchanged-update-already'))
    return json(ctx, 200, { message: `The ${spec.kind.label} ${plan.externalId} is already up to date; nothing changed` });
  hrWritten(ctx, plan.intent, plan.externalId);
}

/** The faults that store a create refused for a missing required field (the refusal is still answered). */
function keepRefused(body: unknown, spec: WriteSpec, errors: readonly FieldError[]): void {
  if (!isObject(body) || typeof body.externalId !== 'string' || body.externalId === '' || spec.find(body.externalId)) return;
  if (!errors.some((e) => / is required to create /.test(e.message))) return;
  const record = withoutNulls(body);
  spec.store({ ok: true, intent: 'create', externalId: body.externalId, fields: record, next: record, existing: undefined }, record);
}

/** True when some ...ExternalId member (a reference to another record) holds a number. */
function numericReference(value: Json): boolean {
  if (Array.isArray(value)) return value.some(numericReference);
  if (!isObject(value)) return false;
  return Object.entries(value).some(([k, v]) => (/.ExternalId$/.test(k) && typeof v === 'number') || numericReference(v));
}

/** Date forms refused under the date faults (001 §2 allows both forms and a time part). */
function narrowDates(ctx: Ctx, dates: Array<{ field: string; value: string }>): FieldError[] {
  const basic = on(ctx.behaviour, 'hr.dates.basic-format-refused');
  const timed = on(ctx.behaviour, 'hr.dates.time-part-refused');
  return dates
    .filter((d) => (basic && /^\d{8}/.test(d.value)) || (timed && /^[\d-]{8,10}[T ]/.test(d.value)))
    .map((d) => ({ field: d.field, message: `${d.field} must be a date in the form YYYY-MM-DD` }));
}
