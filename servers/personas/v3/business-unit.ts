/**
 * Business unit records, levels 1 to 4: fields, the parent each level 2-4 unit must name, the other level
 * references a unit may carry, and the archive refusal while a lower-level unit references the unit.
 * Document part 2 "Business unit (levels 1 to 4)" (one object for every level; `levelNExternalId` "required when
 * the record is level N+1"), part 3 (business unit rows), part 4 operations table.
 */
import { problem, type Problem } from './errors';
import { BOOLEAN_OR_STRING, STRING, type Schema } from './fields';
import type { HrContext, HrRecordType } from './hr-write';
import type { JsonObject } from './json';
import type { BusinessUnitLevel, HrRecord } from './store';

export const BUSINESS_UNIT_LEVELS: readonly BusinessUnitLevel[] = [1, 2, 3, 4];
/** Levels a unit may name through `levelNExternalId`. */
const REFERENCE_LEVELS: readonly BusinessUnitLevel[] = [1, 2, 3];

function referenceField(level: BusinessUnitLevel): string {
  return `level${level}ExternalId`;
}

const SCHEMA: Schema = {
  externalId: STRING,
  name: STRING,
  archive: BOOLEAN_OR_STRING,
  ...Object.fromEntries(REFERENCE_LEVELS.map((level) => [referenceField(level), STRING])),
};

/**
 * The parent (level above) must exist, and in the persona that refuses it must not be archived; the other level
 * references are checked for existence only in the persona that checks references.
 */
function checkReferences(level: BusinessUnitLevel, body: JsonObject, ctx: HrContext): Problem[] {
  const problems: Problem[] = [];
  for (const named of REFERENCE_LEVELS) {
    const field = referenceField(named);
    const id = body[field];
    const isParent = named === level - 1;
    if (typeof id !== 'string' || id === '' || (!isParent && !ctx.choices.hr.checkReferences)) continue;
    const unit = ctx.store.businessUnits[named].get(id);
    if (unit === undefined) problems.push(problem(field, `No level ${named} business unit with externalId "${id}" exists`));
    else if (isParent && unit.archived && ctx.choices.hr.refuseArchivedParent) {
      problems.push(problem(field, `The level ${named} business unit "${id}" is archived`));
    }
  }
  return problems;
}

/** A unit of any lower level naming this one through `levelNExternalId` (archived ones count per persona). */
function archiveBlocker(level: BusinessUnitLevel, unit: HrRecord, ctx: HrContext): string | null {
  const field = referenceField(level);
  for (const lower of BUSINESS_UNIT_LEVELS.filter((candidate) => candidate > level)) {
    for (const child of ctx.store.businessUnits[lower].values()) {
      const counts = ctx.choices.hr.archiveBlockedBy === 'anyChildren' || !child.archived;
      if (counts && child.fields[field] === unit.externalId) {
        return (
          `The level ${level} business unit "${unit.externalId}" is referenced by the level ${lower} business unit` +
          ` "${child.externalId}" and cannot be archived`
        );
      }
    }
  }
  return null;
}

export function businessUnitType(level: BusinessUnitLevel): HrRecordType {
  const parent = level === 1 ? [] : [referenceField((level - 1) as BusinessUnitLevel)];
  return {
    label: `level ${level} business unit`,
    schema: SCHEMA,
    requiredOnCreate: ['name', ...parent],
    records: (store) => store.businessUnits[level],
    checkReferences: (body, _externalId, ctx) => checkReferences(level, body, ctx),
    archiveBlocker: (unit, ctx) => archiveBlocker(level, unit, ctx),
  };
}
