/** One HR core PUT (001 §4): the shared write rules, the record's own rules, storing, answering. */
import type { Ctx } from '../../http-kit';
import type { FieldError } from '../fields';
import { on } from '../../switches';
import { hasNull, isObject, type JsonObject } from '../json';
import { hrWritten, refuse } from '../respond';
import { planWrite, type Planned, type RecordKind, type Relaxed } from '../write-rules';

export interface WriteSpec {
  kind: RecordKind;
  find(externalId: string): JsonObject | undefined;
  /** Record-specific rules a fault switches off (the shared ones are set here). */
  relaxed?: Pick<Relaxed, 'required'>;
  /** The record's own rules, after the shared ones. */
  check?(plan: Planned): FieldError[];
  /** The record to store (e.g. with defaults filled in on create). */
  prepare?(plan: Planned): JsonObject;
  store(plan: Planned, record: JsonObject): void;
}

export function hrWrite(ctx: Ctx, spec: WriteSpec): void {
  if (on(ctx.behaviour, 'hr.write.null-field-500') && isObject(ctx.body) && hasNull(ctx.body)) {
    throw new TypeError("Cannot read properties of null (reading 'trim')");
  }
  const relaxed: Relaxed = {
    ...spec.relaxed,
    externalId: on(ctx.behaviour, 'hr.write.externalid-not-required'),
    updateWithoutField: on(ctx.behaviour, 'hr.write.update-only-externalid-accepted'),
    replaceOnUpdate: on(ctx.behaviour, 'hr.write.update-replaces-record'),
  };
  const plan = planWrite(spec.kind, ctx.body, (id) => spec.find(id), relaxed);
  if (!plan.ok) return refuse(ctx, 'hr', plan.errors, plan.status === 404);
  const errors = spec.check?.(plan) ?? [];
  if (errors.length > 0) return refuse(ctx, 'hr', errors);
  spec.store(plan, spec.prepare?.(plan) ?? plan.next);
  hrWritten(ctx, plan.intent, plan.externalId);
}
