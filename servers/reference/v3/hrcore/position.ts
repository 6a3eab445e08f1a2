/**
 * PUT /hrcore/position (001 §2 Position, §4). name is required on create; businessUnit,
 * supplementary and genericList are stored as sent (001 does not say the referenced records must
 * exist); genericList sent as an array replaces the stored list and null removes it (001 §4 rule 3).
 */
import type { Ctx } from '../../http-kit';
import type { FieldError, Rule, Rules } from '../fields';
import { at, isObject } from '../json';
import { on } from '../../switches';
import type { Planned, RecordKind } from '../write-rules';
import type { HrStore } from './store';
import { hrWrite } from './write';

const text = 'string' as const;
const numbered = (prefix: string, count: number, rule: Rule): Rules =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i + 1}`, rule]));

export const POSITION_RULES: Rules = {
  externalId: text,
  name: text,
  ...Object.fromEntries(
    [
      'parentPosition',
      'role',
      'site',
      'costCentre',
      'payScale',
      'agreement',
      'workType',
      'jobType',
      'agreementType',
      'agreementClassification',
      'jobSector',
      'positionType',
    ].map((f) => [`${f}ExternalId`, text]),
  ),
  fte: 'number',
  baseHours: 'number',
  critical: 'boolean',
  funded: 'boolean',
  vacant: 'boolean',
  archive: 'boolean',
  vacantDate: 'date',
  businessUnit: { object: { level1ExternalId: text, level2ExternalId: text, level3ExternalId: text, level4ExternalId: text } },
  supplementary: {
    object: { ...numbered('textField', 10, text), ...numbered('boolField', 5, 'boolean'), ...numbered('dateField', 10, 'date') },
  },
  genericList: { list: { genericListTypeExternalId: text, genericListValueExternalId: text } },
};

export const POSITION: RecordKind = { label: 'position', rules: POSITION_RULES, required: ['name'] };

/** The crashes and refusals of the blind-written position faults (`raw` is the body as sent, before dates are normalised). */
function positionErrors(ctx: Ctx, store: HrStore, plan: Planned, raw: unknown): FieldError[] {
  const b = ctx.behaviour;
  const f = plan.fields;
  const crash = (what: string): never => {
    throw new TypeError(`Cannot read properties of undefined (reading '${what}')`);
  };
  if (on(b, 'hr.position.update-of-bare-position-500') && plan.intent === 'update' && plan.existing?.businessUnit === undefined)
    crash('level1ExternalId');
  const parent = f.parentPositionExternalId;
  if (on(b, 'hr.position.unknown-parent-500') && typeof parent === 'string' && !store.positions.has(parent))
    crash('parentPositionExternalId');
  if (on(b, 'hr.position.fractional-fte-500') && typeof f.fte === 'number' && !Number.isInteger(f.fte))
    throw new RangeError(`The number ${f.fte} cannot be converted to a BigInt because it is not an integer`);
  if (on(b, 'hr.position.vacant-without-date-500') && f.vacant === true && plan.next.vacantDate === undefined) crash('toISOString');
  if (on(b, 'hr.position.vacant-date-basic-500') && isObject(raw) && typeof raw.vacantDate === 'string' && /^\d{8}/.test(raw.vacantDate))
    throw new RangeError('Invalid time value');
  const unit = f.businessUnit;
  if (
    on(b, 'hr.position.partial-business-unit-500') &&
    isObject(unit) &&
    [1, 2, 3, 4].some((l) => typeof unit[`level${l}ExternalId`] !== 'string')
  )
    crash('trim');
  if (on(b, 'hr.position.text-field-10-500') && at(f, 'supplementary.textField10') !== undefined)
    throw new RangeError('Index 9 out of range for the 9 mapped text fields');
  if (
    on(b, 'hr.position.generic-list-item-without-value-500') &&
    Array.isArray(f.genericList) &&
    f.genericList.some((item) => isObject(item) && typeof item.genericListValueExternalId !== 'string')
  )
    crash('genericListValueExternalId');
  if (on(b, 'hr.position.generic-list-null-refused') && plan.intent === 'update' && f.genericList === null)
    return [{ field: 'genericList', message: 'genericList must be an array' }];
  const unitRequired =
    on(b, 'hr.position.business-unit-required') ||
    on(b, 'hr.position.business-unit-required-in-body') ||
    on(b, 'hr.position.refused-in-envelope') ||
    on(b, 'hr.position.refused-200-code');
  if (unitRequired && plan.intent === 'create' && (f.businessUnit === undefined || f.businessUnit === null))
    return [{ field: 'businessUnit', message: 'businessUnit is required to create a position' }];
  if (on(b, 'hr.position.archive-needs-name') && plan.intent === 'archive' && f.name === undefined)
    return [{ field: 'name', message: 'name is required to create a position' }];
  return [];
}

export function positionHandler(store: HrStore): (ctx: Ctx) => void {
  return (ctx) => {
    const b = ctx.behaviour;
    let body = ctx.body;
    // The fault keys a position without externalId by its name.
    if (on(b, 'hr.position.externalid-from-name') && isObject(body) && body.externalId === undefined && typeof body.name === 'string')
      body = { ...body, externalId: body.name };
    const relaxed: string[] = on(b, 'hr.position.create-without-name-accepted') ? ['name'] : [];
    // The fault tests `'name' in body`, so a null passes.
    if (on(b, 'hr.position.null-name-accepted') && isObject(body) && body.name === null) relaxed.push('name');
    const raw = body;
    hrWrite(
      { ...ctx, body },
      {
        kind: POSITION,
        find: (id) => store.positions.get(id),
        relaxed: { required: relaxed },
        keepRefused: on(ctx.behaviour, 'hr.position.refused-create-stored'),
        check: (plan) => positionErrors(ctx, store, plan, raw),
        store: (plan, record) => store.positions.set(plan.externalId, record),
      },
    );
  };
}
