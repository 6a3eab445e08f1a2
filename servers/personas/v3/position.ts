/**
 * Position records: fields (references, numbers, booleans, vacantDate, businessUnit, supplementary, genericList)
 * and, in the persona that checks them, the business units and parent position a position names.
 * Document part 2 "Position", part 3 (position row), part 4 rule 3 ("for the position, null removes the
 * collection").
 */
import { POSITION_BOUNDS } from './bounds';
import { problem, type Problem } from './errors';
import { AMOUNT, BOOLEAN, DATE, STRING, arrayOf, object, type FieldSpec, type Schema } from './fields';
import type { HrContext, HrRecordType } from './hr-write';
import type { JsonObject } from './json';
import type { BusinessUnitLevel } from './store';

const REFERENCE_FIELDS = [
  'parentPositionExternalId',
  'roleExternalId',
  'siteExternalId',
  'costCentreExternalId',
  'payScaleExternalId',
  'agreementExternalId',
  'workTypeExternalId',
  'jobTypeExternalId',
  'agreementTypeExternalId',
  'agreementClassificationExternalId',
  'jobSectorExternalId',
  'positionTypeExternalId',
];

function numbered(prefix: string, count: number, spec: FieldSpec, suffix = ''): Record<string, FieldSpec> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index + 1}${suffix}`, spec]));
}

const SCHEMA: Schema = {
  externalId: STRING,
  name: STRING,
  ...Object.fromEntries(REFERENCE_FIELDS.map((field) => [field, STRING])),
  fte: AMOUNT,
  baseHours: AMOUNT,
  critical: BOOLEAN,
  funded: BOOLEAN,
  vacant: BOOLEAN,
  archive: BOOLEAN,
  vacantDate: DATE,
  businessUnit: object(numbered('level', 4, STRING, 'ExternalId')),
  supplementary: object({
    ...numbered('textField', 10, STRING),
    ...numbered('boolField', 5, BOOLEAN),
    ...numbered('dateField', 10, DATE),
  }),
  genericList: arrayOf(object({ genericListTypeExternalId: STRING, genericListValueExternalId: STRING })),
};

function checkReferences(body: JsonObject, externalId: string, ctx: HrContext): Problem[] {
  if (!ctx.choices.hr.checkReferences) return [];
  const problems: Problem[] = [];
  const units = body.businessUnit;
  if (typeof units === 'object' && units !== null && !Array.isArray(units)) {
    for (const level of [1, 2, 3, 4] as const satisfies readonly BusinessUnitLevel[]) {
      const id = units[`level${level}ExternalId`];
      if (typeof id === 'string' && !ctx.store.businessUnits[level].has(id)) {
        problems.push(problem(`businessUnit.level${level}ExternalId`, `No level ${level} business unit with externalId "${id}" exists`));
      }
    }
  }
  const parent = body.parentPositionExternalId;
  if (typeof parent === 'string' && (parent === externalId || !ctx.store.positions.has(parent))) {
    problems.push(problem('parentPositionExternalId', `No other position with externalId "${parent}" exists`));
  }
  return problems;
}

export const positionType: HrRecordType = {
  label: 'position',
  schema: SCHEMA,
  bounds: POSITION_BOUNDS,
  requiredOnCreate: ['name'],
  records: (store) => store.positions,
  checkReferences,
};
