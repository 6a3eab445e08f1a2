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
  test,
  createEmployee,
  createPosition,
  hrPut,
  subject,
  EMPLOYEE_OP,
  expectAccepted,
  observeOutcome,
  type Exchange,
  type HrRecord,
} from '../kit';

test.describe('employee', () => {
  test('PUT /hrcore/employee gives an employee made with its names only every other documented field, one update each: 2xx', async ({
    api,
    hr,
    covers,
    observe,
  }) => {
    const op = covers(EMPLOYEE_OP, '2xx');
    const ctx = api;
    const position = await createPosition(ctx);
    const employee: HrRecord = await createEmployee(ctx, { email: undefined });
    const update = async (fields: Record<string, unknown>, intent: string): Promise<Exchange> => {
      const ex = await hrPut(hr, op.id, { externalId: employee.externalId, ...fields });
      observeOutcome(observe, subject(op, intent), ex);
      return ex;
    };
    const updates: { fields: Record<string, unknown>; intent: string }[] = [
      { fields: { email: `${employee.externalId}@example.com` }, intent: 'update setting email on an employee without one' },
      { fields: { mobilePhone: '+61 400 000 001', homePhone: '+61 2 5550 0101' }, intent: 'update setting phone numbers' },
      { fields: { loginAccess: false }, intent: 'update with loginAccess false on an employee never given login access' },
      { fields: { firstName: 'Still', archive: false }, intent: 'update with archive false on a live employee' },
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
  });
});
