/**
 * What makes a body a validation message (001 §7.1, §4 rule 4; D68, the readings of
 * v3.validation.message): for each framework a refusal of its own shape that names the field (or
 * carries a 001 §7.2 message, or states the rule) conforms, and the same framework's generic envelope,
 * which says only that something failed, does not. The verdict names the readings that held.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectSomeMessage, someMessageOutcome } from '../../src/checks/registry/validation-message';
import { bodyText, mentionsField, statesRule } from '../../src/readings/body-text';
import { answered, conforms, exchange, fails, judged } from './checks-kit';

const PATH = '/hrcore/position';
const refusal = (status: number, body: unknown, api: 'hr' | 'learning' = 'hr') =>
  answered({
    api,
    operationId: api === 'hr' ? 'hr.position.put' : 'learning.activities.put',
    method: 'PUT',
    path: api === 'hr' ? PATH : '/learning/activities/externalId/a-1',
    status,
    body,
  });

/** The request path the exchange helper records (the body's `path` member names it). */
const ROUTE = `/v2${PATH}`;

const FRAMEWORKS: Record<string, { conforming: unknown; generic: unknown; status?: number }> = {
  'Spring Boot': {
    conforming: {
      timestamp: '2025-01-01T00:00:00.000+00:00',
      status: 400,
      error: 'Bad Request',
      message: "Validation failed for object='positionRequest'. Error count: 1",
      errors: [{ objectName: 'positionRequest', field: 'name', rejectedValue: null, defaultMessage: 'must not be null', code: 'NotNull' }],
      path: ROUTE,
    },
    generic: { timestamp: '2025-01-01T00:00:00.000+00:00', status: 400, error: 'Bad Request', path: ROUTE },
  },
  'Django REST framework': {
    conforming: { name: ['This field is required.'] },
    generic: { detail: 'Bad Request' },
  },
  'ASP.NET Core problem details': {
    conforming: {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { Name: ['The Name field is required.'] },
      traceId: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
    },
    generic: {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'Bad Request',
      status: 400,
      traceId: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
    },
  },
  Laravel: {
    status: 422,
    conforming: { message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } },
    generic: { message: 'The given data was invalid.', errors: {} },
  },
  'express-validator': {
    conforming: { errors: [{ type: 'field', value: '', msg: 'Invalid value', path: 'name', location: 'body' }] },
    generic: { errors: [{ type: 'field', value: '', msg: 'Invalid value', location: 'body' }] },
  },
  FastAPI: {
    status: 422,
    conforming: { detail: [{ type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: { externalId: 'p-1', fte: 1 } }] },
    generic: { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: { externalId: 'p-1', fte: 1 } }] },
  },
};

for (const [framework, { conforming, generic, status = 400 }] of Object.entries(FRAMEWORKS)) {
  test(`someMessageOutcome, ${framework}: its error naming the field conforms; its generic envelope does not`, () => {
    const good = someMessageOutcome(refusal(status, conforming), ['name']);
    conforms(good.outcome);
    assert.ok(good.judgement.held.includes('names-field'), `${framework}: ${good.judgement.held.join(', ')}`);
    const bad = someMessageOutcome(refusal(status, generic), ['name']);
    fails(bad.outcome, 'refused without a validation message about name', 'none of the lawful readings of v3.validation.message');
    assert.deepEqual(bad.judgement.held, []);
  });
}

test('someMessageOutcome: a 001 §7.2 message word for word; a sentence stating the rule; a gateway page or a status line is none', () => {
  const cost = 'If cost is supplied then currency code also needs to be supplied';
  const documented = someMessageOutcome(refusal(400, { errors: [{ code: 'COST' }], message: cost }, 'learning'), []);
  conforms(documented.outcome);
  assert.ok(documented.judgement.held.includes('documented-message'));
  const rule = someMessageOutcome(refusal(400, { message: 'No fields to update' }), ['externalId']);
  conforms(rule.outcome);
  assert.deepEqual(rule.judgement.held, ['states-rule']);
  const nginx =
    '<html><head><title>400 Bad Request</title></head><body><center><h1>400 Bad Request</h1></center><hr><center>nginx</center></body></html>';
  fails(someMessageOutcome(refusal(400, nginx), ['name']).outcome, 'none of the lawful readings');
  fails(someMessageOutcome(refusal(400, '400 Bad Request'), ['name']).outcome, 'none of the lawful readings');
  fails(someMessageOutcome(refusal(409, { status: 409, error: 'Conflict' }), ['archive']).outcome, 'about archive');
});

test('expectSomeMessage: the verdict names the readings that held; a generic envelope fails validation-message', () => {
  const ok = exchange({ api: 'hr', operationId: 'hr.position.put', method: 'PUT', path: PATH, status: 400, body: { name: ['required'] } });
  const passed = judged(() => expectSomeMessage(ok, 'hr.rule.message', ['name']));
  assert.equal(passed.thrown, null);
  const verdict = passed.verdicts.find((v) => v.check === 'validation-message');
  assert.deepEqual(verdict?.reading, { entry: 'v3.validation.message', held: ['names-field'], declared: null });
  const generic = exchange({
    api: 'hr',
    operationId: 'hr.position.put',
    method: 'PUT',
    path: PATH,
    status: 400,
    body: { error: 'Bad Request' },
  });
  const failed = judged(() => expectSomeMessage(generic, 'hr.rule.message', ['name']));
  assert.ok(failed.thrown);
  assert.equal(failed.verdicts.at(-1)?.verdict, 'failed');
  assert.equal(failed.verdicts.at(-1)?.check, 'validation-message');
});

test('bodyText, mentionsField, statesRule: the pieces the readings are made of', () => {
  assert.deepEqual(bodyText(JSON.stringify({ path: ROUTE, instance: ROUTE, type: 'about:blank', traceId: 'x', message: 'm' }), ROUTE), {
    texts: ['m'],
    keys: [],
  });
  assert.deepEqual(bodyText(JSON.stringify({ errors: { externalId: ['x y'] }, title: ['a b'] }), ROUTE).keys, ['externalId', 'title']);
  assert.ok(mentionsField('employee.externalId: must not be blank', 'externalId'));
  assert.ok(mentionsField('The external id field is required.', 'externalId'));
  assert.ok(mentionsField('level1_external_id is required', 'level1ExternalId'));
  assert.ok(!mentionsField('level1ExternalId is required', 'externalId'));
  assert.ok(!mentionsField('names are required', 'name'));
  assert.ok(statesRule('A position needs a name'));
  assert.ok(!statesRule('Length Required'));
  assert.ok(!statesRule('This field is required.'));
  assert.ok(!statesRule('One or more validation errors occurred.'));
});
