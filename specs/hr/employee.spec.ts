/**
 * HR core employee (001 §2 Employee, §3, §4: PUT /hrcore/employee serves create, update and archive,
 * keyed by externalId). An employee made with its names only is then given, update by update, each
 * field 001 §2 lists that it did not have: every such update carries externalId plus another field
 * (001 §4 rule 1), every value has the type 001 §2 gives, and no field of the object types is said
 * to need another (a position without startDate, an ineligibility without its reason). So each is
 * accepted (any 2xx, 001 §4 Gaps); what the target answers is observed.
 *
 * Only records the test created are referenced: the teams and permission groups behind the access
 * ids cannot be made through this API, so the access object is left to the catalogue rules.
 */
import {
  declares,
  test,
  type Exchange,
  expectNoServerError,
  expectSomeMessage,
  PEOPLE,
  nextPerson,
  personalEmail,
  phoneNumber,
  plainPerson,
} from '../kit';
import {
  createEmployee,
  createPosition,
  hrPut,
  subject,
  EMPLOYEE_OP,
  expectAccepted,
  observeOutcome,
  type HrRecord,
  archiveIfCreated,
  isRefused,
  runExternalId,
} from '../kit/hr';
import { operation } from '../../contract/catalogue';

test.describe('employee', () => {
  test(
    'PUT /hrcore/employee gives an employee made with its names only every other documented field, one update each: 2xx',
    declares('hr.employee.put 2xx', 'hr.position.put 2xx'),
    async ({ api, hr, observe }) => {
      const op = operation(EMPLOYEE_OP);
      const ctx = api;
      const position = await createPosition(ctx);
      const employee: HrRecord = await createEmployee(ctx, { email: undefined });
      const update = async (fields: Record<string, unknown>, intent: string): Promise<Exchange> => {
        const ex = await hrPut(hr, op.id, { externalId: employee.externalId, ...fields });
        observeOutcome(observe, subject(op, intent), ex);
        return ex;
      };
      const updates: { fields: Record<string, unknown>; intent: string }[] = [
        {
          fields: { email: personalEmail(plainPerson(nextPerson()), employee.externalId) },
          intent: 'update setting email on an employee without one',
        },
        {
          fields: { mobilePhone: phoneNumber('AU', 4, 'mobile').e164, homePhone: phoneNumber('AU', 5, 'fixed').e164 },
          intent: 'update setting phone numbers',
        },
        { fields: { loginAccess: false }, intent: 'update with loginAccess false on an employee never given login access' },
        { fields: { firstName: plainPerson(nextPerson()).first, archive: false }, intent: 'update with archive false on a live employee' },
        { fields: { succession: { employeeCritical: true } }, intent: 'update setting succession on an employee without it' },
        {
          fields: { ineligibleForPerformanceReview: { ineligibleForPerformance: true } },
          intent: 'update with ineligibleForPerformance true and no ineligibilityReason',
        },
        { fields: { position: { externalId: position.externalId } }, intent: 'update with a position object without startDate' },
        { fields: { location: { postCode: '2000', state: 'NSW' } }, intent: 'update with a location without countryCode' },
        { fields: { loginAccess: true }, intent: 'update with loginAccess true' },
      ];
      for (const { fields, intent } of updates) {
        const ex = await update(fields, intent);
        expectAccepted(ex, 'hr.op.employee', `${intent}: every field is one 001 §2 lists, with its type, and none requires another`);
      }

      // "PUT with archive true and externalId | record exists | archived" (001 §3): whatever the employee carries.
      const archived = await update({ archive: true }, 'archive of an employee with login access');
      expectAccepted(archived, 'hr.state.employee-archive', `employee ${employee.externalId} exists (it has login access)`);
      employee.archived = true;
    },
  );

  test(
    "PUT /hrcore/employee with names as people have them (José, O'Brien, Nguyễn, 李, ...): taken or refused with a message, never a server error",
    declares('hr.employee.put'),
    async ({ api, hr, observe }) => {
      // 001 §2 "title, firstName, lastName, initials | string" and no character rule: a target may refuse some (D64, D65's
      // reading for HR core); a refusal is a failed validation, which returns a validation message (001 §7.1). No read shows them.
      const op = operation(EMPLOYEE_OP);
      for (const [i, who] of PEOPLE.entries()) {
        const externalId = runExternalId(api.target, 'emp-name');
        const body = {
          externalId,
          firstName: who.first,
          lastName: who.last,
          initials: `${[...who.first][0] ?? ''}${[...who.last][0] ?? ''}`,
          email: personalEmail(who, externalId),
          mobilePhone: phoneNumber(who.country, i, 'mobile').typed,
        };
        const ex = await hrPut(hr, op.id, body);
        archiveIfCreated(api, ex, op.id, externalId);
        expectNoServerError(ex, 'hr.employee.names');
        observeOutcome(observe, subject(op, 'create with names as people have them'), ex);
        if (!isRefused(ex)) continue;
        observe('other', 'HR core employee names refused', `${who.first} ${who.last}`);
        expectSomeMessage(ex, 'v3.error.validation', ['firstName', 'lastName']);
      }
    },
  );
});
