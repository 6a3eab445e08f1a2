/**
 * PUT /hrcore/employee (001 §2 Employee, §4). Only externalId is required (001 §2 names no other
 * required employee field). On create, an omitted access object, primaryTeamExternalId or
 * permissionGroupExternalIds takes the system defaults (v3-starting-records.json hrDefaults); an update keeps
 * what is stored, and an empty array clears a collection (001 §4 rule 3).
 */
import type { Ctx } from '../../http-kit';
import type { Rules } from '../fields';
import { isObject, type JsonObject } from '../json';
import type { V3StartingRecords } from '../starting-records';
import type { Planned, RecordKind } from '../write-rules';
import type { HrStore } from './store';
import { hrWrite } from './write';

const text = 'string' as const;

export const EMPLOYEE_RULES: Rules = {
  externalId: text,
  title: text,
  firstName: text,
  lastName: text,
  initials: text,
  email: text,
  homePhone: text,
  workPhone: text,
  mobilePhone: text,
  loginAccess: 'boolean',
  archive: 'boolean',
  location: { object: { postCode: text, state: text, countryCode: text } },
  position: { object: { externalId: text, startDate: 'date' } },
  access: {
    object: {
      primaryTeamExternalId: text,
      secondaryTeamExternalIds: 'strings',
      permissionGroupExternalIds: 'strings',
      products: 'strings',
    },
  },
  ineligibleForPerformanceReview: { object: { ineligibleForPerformance: 'boolean', ineligibilityReason: text } },
  succession: { object: { employeeCritical: 'boolean' } },
};

export const EMPLOYEE: RecordKind = { label: 'employee', rules: EMPLOYEE_RULES, required: [] };

/** The record to store on create, with the access defaults of the system configuration. */
export function withAccessDefaults(record: JsonObject, defaults: V3StartingRecords['hrDefaults']): JsonObject {
  const access: JsonObject = isObject(record.access) ? { ...record.access } : {};
  if (access.primaryTeamExternalId === undefined) access.primaryTeamExternalId = defaults.primaryTeamExternalId;
  if (access.permissionGroupExternalIds === undefined) access.permissionGroupExternalIds = [...defaults.permissionGroupExternalIds];
  return { ...record, access };
}

export function employeeHandler(store: HrStore, defaults: V3StartingRecords['hrDefaults']): (ctx: Ctx) => void {
  return (ctx) =>
    hrWrite(ctx, {
      kind: EMPLOYEE,
      find: (id) => store.employeeByExternalId(id),
      prepare: (plan: Planned) => (plan.intent === 'create' ? withAccessDefaults(plan.next, defaults) : plan.next),
      store: (plan, record) => store.putEmployee(store.referenceOf(plan.externalId) ?? null, record),
    });
}
