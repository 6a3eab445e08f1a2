/**
 * PUT /employee/{employeeId} (001 §4): sets the caller's own externalId on an employee record the
 * platform created at offer acceptance; {employeeId} is the platform's reference id. The payload is
 * not shown (001 §4 Gaps); this server takes an employee object whose externalId is required, and
 * applies any other employee fields as an update. An unknown reference id is 404 and an externalId
 * that already belongs to another employee is refused (choices: 001 shows no status for this
 * operation).
 */
import { INVALID_JSON, type Ctx } from '../../http-kit';
import { checkFields } from '../fields';
import { isObject, mergePatch } from '../json';
import { hrWritten, refuse } from '../respond';
import { on } from '../../switches';
import { EMPLOYEE_RULES } from './employee';
import type { HrStore } from './store';

export function employeeReferenceHandler(store: HrStore): (ctx: Ctx) => void {
  return (ctx) => {
    const referenceId = ctx.params.employeeId ?? '';
    const record = store.employees.get(referenceId);
    const body = ctx.body;
    if (!record) return refuse(ctx, 'hr', [{ message: `There is no employee with the reference id "${referenceId}"` }], true);
    // The fault finds offer-acceptance records by their externalId, which they do not have yet.
    if (on(ctx.behaviour, 'hr.employee.reference-without-externalid-404') && typeof record.externalId !== 'string')
      return refuse(ctx, 'hr', [{ message: `There is no employee with the reference id "${referenceId}"` }], true);
    if (body === INVALID_JSON) return refuse(ctx, 'hr', [{ message: 'The request body is not valid JSON' }]);
    if (!isObject(body)) return refuse(ctx, 'hr', [{ message: 'The request body must be a JSON object carrying externalId' }]);
    const { errors, value } = checkFields(body, EMPLOYEE_RULES);
    if (errors.length > 0) return refuse(ctx, 'hr', errors);
    const externalId = value.externalId;
    if (typeof externalId !== 'string' || externalId === '')
      return refuse(ctx, 'hr', [{ field: 'externalId', message: 'externalId is required' }]);
    const owner = store.referenceOf(externalId);
    if (owner !== undefined && owner !== referenceId) {
      return refuse(ctx, 'hr', [{ field: 'externalId', message: `externalId "${externalId}" already belongs to another employee` }]);
    }
    store.putEmployee(referenceId, mergePatch(record, value));
    hrWritten(ctx, 'update', externalId, { employeeId: referenceId });
  };
}
