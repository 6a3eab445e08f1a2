/**
 * Business unit records, levels 1 to 4: fields, the parent each level 2-4 unit names, and the archive refusal
 * while a lower-level unit references the unit.
 * Document part 2 "Business unit (levels 1 to 4)", part 3 (business unit rows), part 4 operations table.
 */
import { problem, type Problem } from './errors';
import { BOOLEAN_OR_STRING, STRING, type Schema } from './fields';
import type { HrContext, HrRecordType } from './hr-write';
import type { JsonObject } from './json';
import type { BusinessUnitLevel, HrRecord } from './store';

export const BUSINESS_UNIT_LEVELS: readonly BusinessUnitLevel[] = [1, 2, 3, 4];

function parentFieldOf(level: BusinessUnitLevel): string | null {
  return level === 1 ? null : `level${level - 1}ExternalId`;
}

function lowerLevel(level: BusinessUnitLevel): BusinessUnitLevel | null {
  return level === 4 ? null : ((level + 1) as BusinessUnitLevel);
}

export function businessUnitType(level: BusinessUnitLevel): HrRecordType {
  const parentField = parentFieldOf(level);
  const schema: Schema = {
    externalId: STRING, name: STRING, archive: BOOLEAN_OR_STRING, ...(parentField === null ? {} : { [parentField]: STRING }),
  };
  const label = `level ${level} business unit`;
  return {
    label,
    schema,
    requiredOnCreate: parentField === null ? ['name'] : ['name', parentField],
    records: (store) => store.businessUnits[level],
    checkReferences(body: JsonObject, _externalId: string, ctx: HrContext): Problem[] {
      if (parentField === null || level === 1) return [];
      const parentId = body[parentField];
      if (typeof parentId !== 'string' || parentId === '') return [];
      const parent = ctx.store.businessUnits[(level - 1) as BusinessUnitLevel].get(parentId);
      if (parent === undefined) {
        return [problem(parentField, `No level ${level - 1} business unit with externalId "${parentId}" exists`)];
      }
      if (parent.archived && ctx.choices.hr.refuseArchivedParent) {
        return [problem(parentField, `The level ${level - 1} business unit "${parentId}" is archived`)];
      }
      return [];
    },
    archiveBlocker(unit: HrRecord, ctx: HrContext): string | null {
      const lower = lowerLevel(level);
      if (lower === null) return null;
      const referenceField = `level${level}ExternalId`;
      for (const child of ctx.store.businessUnits[lower].values()) {
        const counts = ctx.choices.hr.archiveBlockedBy === 'anyChildren' || !child.archived;
        if (counts && child.fields[referenceField] === unit.externalId) {
          return `The ${label} "${unit.externalId}" is referenced by the level ${lower} business unit "${child.externalId}"`
            + ' and cannot be archived';
        }
      }
      return null;
    },
  };
}
