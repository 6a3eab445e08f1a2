/**
 * PUT /hrcore/position (001 §2 Position, §4). name is required on create; businessUnit,
 * supplementary and genericList are stored as sent (001 does not say the referenced records must
 * exist); genericList sent as an array replaces the stored list and null removes it (001 §4 rule 3).
 */
import type { Ctx } from '../../http-kit';
import type { Rule, Rules } from '../fields';
import { on } from '../../switches';
import type { RecordKind } from '../write-rules';
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

export function positionHandler(store: HrStore): (ctx: Ctx) => void {
  return (ctx) =>
    hrWrite(ctx, {
      kind: POSITION,
      find: (id) => store.positions.get(id),
      relaxed: { required: on(ctx.behaviour, 'hr.position.create-without-name-accepted') ? ['name'] : [] },
      store: (plan, record) => store.positions.set(plan.externalId, record),
    });
}
