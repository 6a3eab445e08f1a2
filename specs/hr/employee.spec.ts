/** HR core employee (001 §4: PUT /hrcore/employee; create, update, archive keyed by externalId). */
import { test } from '../fixtures';
import { expectDocumented } from '../../src/checks';
import { NO_AUTH } from '../../src/http/client';
import { runExternalId } from '../support/v3';

test.describe('employee', () => {
  test('PUT /hrcore/employee creates an employee: 2xx @smoke', async ({ hr, target, covers, observe }) => {
    const op = covers('hr.employee.put', '2xx');
    const externalId = runExternalId(target, 'emp');
    const ex = await hr.send({ method: 'PUT', path: op.path, body: { externalId, firstName: 'Conformance', lastName: target.run.runId, email: `${externalId}@example.com` }, operationId: op.id });
    expectDocumented(ex, op, '2xx', { schema: false });
    observe('status', 'PUT /hrcore/employee (create)', String(ex.response?.status));
  });

  test('PUT /hrcore/employee without a token is refused: 4xx @smoke', async ({ hr, target, covers }) => {
    const op = covers('hr.employee.put', '4xx');
    const ex = await hr.send({ method: 'PUT', path: op.path, body: { externalId: runExternalId(target, 'emp'), firstName: 'NoToken' }, auth: NO_AUTH, operationId: op.id });
    expectDocumented(ex, op, '4xx', { statusCheck: 'auth-enforced', schema: false });
  });
});
