/**
 * Employee records: fields, defaults of the access object on create, and (in the persona that checks them)
 * the position an employee names. Document part 2 "Employee" ("When primaryTeamExternalId or
 * permissionGroupExternalIds is omitted ... they take defaults from the system configuration"), part 3
 * (employee row), part 4 rule 3 ("For the employee, an empty array removes all its values").
 */
import { EMPLOYEE_BOUNDS } from './bounds';
import { problem, type Problem } from './errors';
import { BOOLEAN, DATE, STRING, STRING_ARRAY, object, type Schema } from './fields';
import type { HrContext, HrRecordType } from './hr-write';
import { isJsonObject, type JsonObject } from './json';

const TEXT_FIELDS = ['title', 'firstName', 'lastName', 'initials', 'email', 'homePhone', 'workPhone', 'mobilePhone'];

const SCHEMA: Schema = {
  externalId: STRING,
  ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, STRING])),
  loginAccess: BOOLEAN,
  archive: BOOLEAN,
  location: object({ postCode: STRING, state: STRING, countryCode: STRING }),
  position: object({ externalId: STRING, startDate: DATE }),
  access: object({
    primaryTeamExternalId: STRING,
    secondaryTeamExternalIds: STRING_ARRAY,
    permissionGroupExternalIds: STRING_ARRAY,
    products: STRING_ARRAY,
  }),
  ineligibleForPerformanceReview: object({ ineligibleForPerformance: BOOLEAN, ineligibilityReason: STRING }),
  succession: object({ employeeCritical: BOOLEAN }),
};

/** The "system configuration" defaults of this server. */
const DEFAULT_TEAM = 'default-team';
const DEFAULT_PERMISSION_GROUP = 'default-permission-group';

function applyDefaults(fields: JsonObject): void {
  const access = isJsonObject(fields.access) ? fields.access : {};
  access.primaryTeamExternalId ??= DEFAULT_TEAM;
  access.permissionGroupExternalIds ??= [DEFAULT_PERMISSION_GROUP];
  fields.access = access;
}

function checkReferences(body: JsonObject, _externalId: string, ctx: HrContext): Problem[] {
  if (!ctx.choices.hr.checkReferences || !isJsonObject(body.position)) return [];
  const positionId = body.position.externalId;
  if (typeof positionId === 'string' && !ctx.store.positions.has(positionId)) {
    return [problem('position.externalId', `No position with externalId "${positionId}" exists`)];
  }
  return [];
}

export const employeeType: HrRecordType = {
  label: 'employee',
  schema: SCHEMA,
  bounds: EMPLOYEE_BOUNDS,
  requiredOnCreate: [],
  records: (store) => store.employees,
  applyDefaults,
  checkReferences,
};
