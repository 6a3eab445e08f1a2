/**
 * HR core employee (001 §2 Employee, §3, §4: PUT /hrcore/employee serves create, update and
 * archive, keyed by externalId). Success statuses and bodies are not shown (001 §4 Gaps): any 2xx
 * with any body passes and the exact status is observed. HR core has no read operation, so what a
 * null or an empty array removed cannot be observed: only that the write is accepted.
 */
import { test } from '../fixtures';
import { expectDocumented } from '../../src/checks';
import { createEmployee, createPosition, employeeFields, hrPut, EMPLOYEE_OP, subject, archiveIfCreated } from '../support/v3-hr';
import { expectAccepted, expectRefusalWithMessage, observeOutcome, runExternalId } from '../support/v3';

test.describe('employee', () => {
  test('PUT /hrcore/employee creates, updates and archives an employee: 2xx each @smoke', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(EMPLOYEE_OP, '2xx');
    const externalId = runExternalId(target, 'emp');
    const created = await hrPut(hr, op.id, {
      externalId,
      ...employeeFields(target, externalId),
      initials: 'C',
      workPhone: '+61 2 5550 0100',
      location: { postCode: '2000', state: 'NSW', countryCode: 'AU' },
    });
    archiveIfCreated({ hr, target, cleanup, observe }, created, op.id, externalId);
    observeOutcome(observe, subject(op, 'create'), created);
    expectDocumented(created, op, '2xx', { schema: false });

    const updated = await hrPut(hr, op.id, { externalId, firstName: 'Updated' });
    observeOutcome(observe, subject(op, 'update'), updated);
    expectDocumented(updated, op, '2xx', { schema: false });

    const archived = await hrPut(hr, op.id, { externalId, archive: true });
    observeOutcome(observe, subject(op, 'archive'), archived);
    expectDocumented(archived, op, '2xx', { schema: false });
  });

  test('PUT /hrcore/employee without externalId is refused with a validation message', async ({ hr, target, covers, observe }) => {
    const op = covers(EMPLOYEE_OP, '4xx');
    const externalId = runExternalId(target, 'emp');
    const ex = await hrPut(hr, op.id, employeeFields(target, externalId));
    observeOutcome(observe, subject(op, 'create without externalId'), ex);
    expectRefusalWithMessage(ex, 'validation', 'hr.employee.externalId', 'hr.rule.message', 'externalId is required in every request');
  });

  test('PUT /hrcore/employee update with only externalId is refused with a validation message', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(EMPLOYEE_OP, '4xx');
    const employee = await createEmployee({ hr, target, cleanup, observe });
    const ex = await hrPut(hr, op.id, { externalId: employee.externalId });
    observeOutcome(observe, subject(op, 'update with only externalId'), ex);
    expectRefusalWithMessage(
      ex,
      'validation',
      'hr.rule.required',
      'hr.rule.message',
      'an update needs externalId plus at least one other field',
    );
  });

  test('PUT /hrcore/employee accepts an empty secondaryTeamExternalIds (clears) and fields sent as null (removes): 2xx', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(EMPLOYEE_OP, '2xx');
    const employee = await createEmployee(
      { hr, target, cleanup, observe },
      {
        mobilePhone: '+61 400 000 000',
        homePhone: '+61 2 5550 0199',
        ineligibleForPerformanceReview: { ineligibleForPerformance: true, ineligibilityReason: 'Conformance test record' },
        succession: { employeeCritical: false },
      },
    );
    const cleared = await hrPut(hr, op.id, { externalId: employee.externalId, access: { secondaryTeamExternalIds: [] } });
    observeOutcome(observe, subject(op, 'update with access.secondaryTeamExternalIds []'), cleared);
    expectAccepted(cleared, 'status', 'hr.rule.collections', 'for the employee, an empty array removes all its values');

    const removed = await hrPut(hr, op.id, { externalId: employee.externalId, mobilePhone: null, homePhone: null });
    observeOutcome(observe, subject(op, 'update with fields sent as null'), removed);
    expectAccepted(removed, 'status', 'hr.rule.omitted-kept', 'a field sent as null is removed');
  });

  test('PUT /hrcore/employee accepts position.startDate as YYYY-MM-DD, YYYYMMDD and with a time part: 2xx', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(EMPLOYEE_OP, '2xx');
    const ctx = { hr, target, cleanup, observe };
    const position = await createPosition(ctx);
    const employee = await createEmployee(ctx);
    for (const startDate of ['2024-03-01', '20240402', '2024-05-03T09:30:00']) {
      const ex = await hrPut(hr, op.id, { externalId: employee.externalId, position: { externalId: position.externalId, startDate } });
      observeOutcome(observe, subject(op, `update with position.startDate ${startDate}`), ex);
      expectAccepted(ex, 'status', 'v3.dates', 'dates are YYYY-MM-DD or YYYYMMDD; a time part is ignored');
    }
  });
});
