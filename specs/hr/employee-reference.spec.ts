/**
 * PUT /employee/{employeeId} (001 §4 Operations): sets the caller's own externalId on an employee
 * record created automatically at offer acceptance, addressed by its platform reference id. Its
 * status, exact path prefix and payload are not shown (001 §4 Gaps): the payload sent is the one the
 * row names (externalId), success is any 2xx, a refusal any 4xx, each observed.
 */
import { test } from '../fixtures';
import { expectDocumented } from '../../src/checks';
import { EMPLOYEE_REFERENCE_OP, employeeReferencePut, subject } from '../support/v3-hr';
import { expectRefusal, observeOutcome, runExternalId } from '../support/v3';

test.describe('employee by reference id', () => {
  test('PUT /employee/{employeeId} sets a run-tagged externalId on the referenced employee: 2xx @destructive', async ({ hr, target, cleanup, covers, observe }) => {
    const op = covers(EMPLOYEE_REFERENCE_OP, '2xx');
    const referenceId = target.hr?.employeeReferenceId ?? null;
    test.skip(!referenceId, 'HR_EMPLOYEE_REFERENCE_ID is not set: no employee created at offer acceptance is known');
    test.skip(!target.run.allowDestructive, 'the write changes an employee the suite did not create: set CONFORMANCE_ALLOW_DESTRUCTIVE=1 to allow it');
    if (!referenceId) return;
    const externalId = runExternalId(target, 'emp-ref');
    const ex = await employeeReferencePut(hr, referenceId, { externalId });
    cleanup.leftover(`employee with reference id ${referenceId} now carries externalId ${externalId} (its previous externalId cannot be known: no read operation)`);
    observeOutcome(observe, subject(op, 'set externalId'), ex);
    expectDocumented(ex, op, '2xx', { schema: false });
  });

  test('PUT /employee/{employeeId} with an unknown reference id is refused (4xx)', async ({ hr, target, covers, observe }) => {
    const op = covers(EMPLOYEE_REFERENCE_OP, '4xx');
    const ex = await employeeReferencePut(hr, `conformance-unknown-${runExternalId(target, 'ref')}`, { externalId: runExternalId(target, 'emp-ref') });
    observeOutcome(observe, subject(op, 'unknown reference id'), ex);
    expectRefusal(ex, 'status', '001 §4 Operations', 'no employee record has this reference id, so there is nothing to set the externalId on (the status is not shown: any 4xx)');
  });
});
