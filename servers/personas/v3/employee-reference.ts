/**
 * PUT /employee/{employeeId}: sets the caller's own externalId on an employee created automatically at offer
 * acceptance, found by its platform reference id; afterwards the employee is written through /hrcore/employee.
 * Document part 4 operations table ("used to set the caller's own externalId on an employee record created
 * automatically at offer acceptance") and gaps ("Exact path prefix and payload ... not shown").
 */
import { problem, refuse, refuseValidation } from './errors';
import { hrSuccess, type HrContext } from './hr-write';
import { isJsonObject, type JsonValue } from './json';
import { mergePatch } from './merge';
import type { Reply } from './reply';

export function setEmployeeExternalId(referenceId: string, body: JsonValue, ctx: HrContext): Reply {
  const { choices, store } = ctx;
  if (!isJsonObject(body)) return refuse(choices, 400, [problem('', 'The request body must be a JSON object')]);
  const externalId = body.externalId;
  if (typeof externalId !== 'string' || externalId.trim() === '') {
    return refuseValidation(choices, 400, [problem('externalId', 'externalId is required (a non-empty string)')]);
  }
  const auto = store.autoEmployees.get(referenceId);
  if (auto === undefined) {
    return refuse(choices, 404, [problem('employeeId', `No employee with reference id "${referenceId}" exists`)]);
  }
  const extra = Object.keys(body).filter((key) => key !== 'externalId');
  if (choices.hr.unknownFields === 'refuse' && extra.length > 0) {
    return refuseValidation(
      choices,
      400,
      extra.map((key) => problem(key, `Unknown field: ${key}`)),
    );
  }
  const previous = auto.externalId === null ? undefined : store.employees.get(auto.externalId);
  const holder = store.employees.get(externalId);
  if (!choices.hr.allowRekey) {
    if (auto.externalId !== null && auto.externalId !== externalId) {
      return refuseValidation(choices, 409, [problem('externalId', `The employee already has the externalId "${auto.externalId}"`)]);
    }
    if (holder !== undefined && holder !== previous) {
      return refuseValidation(choices, 409, [problem('externalId', `Another employee has the externalId "${externalId}"`)]);
    }
  }
  if (auto.externalId !== null) store.employees.delete(auto.externalId);
  const base = previous ?? { externalId, fields: structuredClone(auto.fields), archived: false };
  const adopted = holder !== undefined && holder !== previous ? { ...holder, fields: mergePatch(base.fields, holder.fields) } : base;
  store.employees.set(externalId, { ...adopted, externalId });
  for (const other of store.autoEmployees.values()) if (other !== auto && other.externalId === externalId) other.externalId = null;
  auto.externalId = externalId;
  return hrSuccess(choices, false, { employeeId: referenceId, externalId, status: 'updated' });
}
