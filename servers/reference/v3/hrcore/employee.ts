/**
 * PUT /hrcore/employee (001 §2 Employee, §4). Only externalId is required (001 §2 names no other
 * required employee field). On create, an omitted access object, primaryTeamExternalId or
 * permissionGroupExternalIds takes the system defaults (v3-starting-records.json hrDefaults); an update keeps
 * what is stored, and an empty array clears a collection (001 §4 rule 3).
 */
import type { Behaviour } from '../../behaviour';
import type { Ctx } from '../../http-kit';
import type { FieldError, Rules } from '../fields';
import { at, isObject, type Json, type JsonObject } from '../json';
import type { V3StartingRecords } from '../starting-records';
import { refuse } from '../respond';
import { on } from '../../switches';
import { isArchived, type Planned, type RecordKind } from '../write-rules';
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

/** The crashes of the employee faults: each throws what the defective code would, on a request 001 lets succeed. */
function crashes(b: Behaviour, plan: Planned): void {
  const f = plan.fields;
  const stored = plan.existing ?? {};
  const crash = (what: string): never => {
    throw new TypeError(`Cannot read properties of undefined (reading '${what}')`);
  };
  if (
    on(b, 'hr.employee.first-name-without-last-500') &&
    plan.intent === 'update' &&
    typeof f.firstName === 'string' &&
    f.lastName === undefined
  )
    crash('trim');
  if (on(b, 'hr.employee.email-set-500') && plan.intent === 'update' && typeof f.email === 'string' && typeof stored.email !== 'string')
    crash('toLowerCase');
  const phones = [f.homePhone, f.workPhone, f.mobilePhone];
  if (on(b, 'hr.employee.phone-plus-500') && phones.some((p) => typeof p === 'string' && p.startsWith('+'))) {
    throw new SyntaxError(`Cannot convert ${String(phones.find((p) => typeof p === 'string' && p.startsWith('+')))} to a BigInt`);
  }
  if (on(b, 'hr.employee.login-false-500') && f.loginAccess === false && stored.loginAccess !== true) crash('userId');
  if (on(b, 'hr.employee.archive-false-500') && f.archive === false && !isArchived(plan.existing)) crash('archivedAt');
  if (on(b, 'hr.employee.location-without-country-500') && isObject(f.location) && typeof f.location.countryCode !== 'string')
    crash('toUpperCase');
  if (on(b, 'hr.employee.position-without-start-500') && isObject(f.position) && typeof f.position.startDate !== 'string') crash('split');
  const access = isObject(f.access) ? f.access : null;
  if (
    on(b, 'hr.employee.secondary-teams-without-primary-500') &&
    access &&
    Array.isArray(access.secondaryTeamExternalIds) &&
    typeof access.primaryTeamExternalId !== 'string'
  )
    crash('teamId');
  if (
    on(b, 'hr.employee.ineligible-without-reason-500') &&
    at(f, 'ineligibleForPerformanceReview.ineligibleForPerformance') === true &&
    typeof at(f, 'ineligibleForPerformanceReview.ineligibilityReason') !== 'string'
  )
    crash('length');
  if (on(b, 'hr.employee.succession-on-update-500') && plan.intent === 'update' && isObject(f.succession) && !isObject(stored.succession))
    crash('employeeCritical');
  if (on(b, 'hr.employee.create-without-access-500') && plan.intent === 'create' && f.access === undefined) crash('primaryTeamExternalId');
  const name = NAMES.map((k) => f[k]).find((v) => typeof v === 'string' && /[^\u0020-\u007e]/u.test(v));
  if (on(b, 'hr.employee.names-non-ascii-500') && typeof name === 'string')
    throw new Error(`Incorrect string value: '${name}' for column 'first_name' at row 1`);
}

/** The employee's names (001 §2 "title, firstName, lastName, initials | string"). */
const NAMES = ['title', 'firstName', 'lastName', 'initials'] as const;

/** Under hr.variant.names-latin1-only: a field error per name with a character outside Latin-1 or an apostrophe. */
function nameErrors(b: Behaviour, plan: Planned): FieldError[] {
  if (!on(b, 'hr.variant.names-latin1-only')) return [];
  return NAMES.flatMap((field) => {
    const value = plan.fields[field];
    return typeof value === 'string' && /[^\u0020-\u00ff]|['\u2019]/u.test(value)
      ? [{ field, message: `${field} may hold only Latin-1 letters, spaces and hyphens` }]
      : [];
  });
}

/** True when `value` holds an empty array at any depth. */
const hasEmptyArray = (value: Json): boolean =>
  Array.isArray(value) ? value.length === 0 : isObject(value) ? Object.values(value).some(hasEmptyArray) : false;

function employeeErrors(b: Behaviour, plan: Planned): FieldError[] {
  crashes(b, plan);
  const names = nameErrors(b, plan);
  if (names.length > 0) return names;
  if (on(b, 'hr.employee.archive-with-login-refused') && plan.intent === 'archive' && plan.existing?.loginAccess === true)
    return [{ field: 'archive', message: 'An employee with login access cannot be archived: revoke login access first' }];
  if (on(b, 'hr.employee.empty-array-refused') && plan.intent === 'update' && hasEmptyArray(plan.fields))
    return [{ message: 'A collection must hold at least one value' }];
  // The fault reads rule 3's empty array as the only way to clear an employee collection, and refuses null there.
  const access = plan.fields.access;
  if (on(b, 'hr.employee.collection-null-refused') && isObject(access) && access.secondaryTeamExternalIds === null)
    return [
      {
        field: 'access.secondaryTeamExternalIds',
        message: 'access.secondaryTeamExternalIds must be an array: send [] to remove its values',
      },
    ];
  return [];
}

export function employeeHandler(store: HrStore, defaults: V3StartingRecords['hrDefaults']): (ctx: Ctx) => void {
  return (ctx) => {
    const b = ctx.behaviour;
    const body = ctx.body;
    // The fault only looks employees up: it never creates one.
    if (on(b, 'hr.employee.create-refused-404') && isObject(body) && typeof body.externalId === 'string' && body.externalId !== '') {
      if (!store.employeeByExternalId(body.externalId))
        return refuse(ctx, 'hr', [{ field: 'externalId', message: `There is no employee with externalId "${body.externalId}"` }], true);
    }
    hrWrite(
      { ...ctx, body },
      {
        kind: EMPLOYEE,
        find: (id) => store.employeeByExternalId(id),
        check: (plan) => employeeErrors(b, plan),
        prepare: (plan: Planned) => (plan.intent === 'create' ? withAccessDefaults(plan.next, defaults) : plan.next),
        store: (plan, record) => store.putEmployee(store.referenceOf(plan.externalId) ?? null, record),
      },
    );
  };
}
