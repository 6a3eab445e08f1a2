/**
 * The operation catalogue: every operation of part 4 of both documents, under the agreed ids, with
 * schema references that exist, seed references, and the statuses the conformance matrix is built from.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogue, catalogueFile, operation, operationsOf } from '../../src/catalogue/index';
import { schemaIds } from '../../src/schemas/registry';

const RM_IDS: Record<string, string> = {
  'rm.candidates.list': 'GET /candidates',
  'rm.candidates.create': 'POST /candidates',
  'rm.candidates.get': 'GET /candidates/{candidateId}',
  'rm.candidates.update': 'PATCH /candidates/{candidateId}',
  'rm.candidate-events.list': 'GET /candidates/{candidateId}/events',
  'rm.candidate-messages.list': 'GET /candidates/{candidateId}/messages',
  'rm.candidate-tags.list': 'GET /candidates/{candidateId}/tags',
  'rm.candidate-tags.create': 'POST /candidates/{candidateId}/tags',
  'rm.candidate-tags.delete': 'DELETE /candidates/{candidateId}/tags/{tagId}',
  'rm.candidate-files.create': 'POST /candidates/{candidateId}/candidate_files',
  'rm.ats-candidates.anonymise': 'DELETE /ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId}',
  'rm.educations.list': 'GET /candidates/{candidateId}/educations',
  'rm.educations.create': 'POST /candidates/{candidateId}/educations',
  'rm.educations.get': 'GET /candidates/{candidateId}/educations/{educationId}',
  'rm.employments.list': 'GET /candidates/{candidateId}/employments',
  'rm.employments.create': 'POST /candidates/{candidateId}/employments',
  'rm.employments.get': 'GET /candidates/{candidateId}/employments/{employmentId}',
  'rm.job-alert-subscriptions.list': 'GET /candidates/{candidateId}/job_alert_subscriptions',
  'rm.job-application-events.list': 'GET /job_applications/{jobApplicationId}/events',
  'rm.recruitment-events.get': 'GET /recruitment_events/{recruitmentEventId}',
  'rm.recruitment-events.upcoming': 'GET /recruitment_events/upcoming',
  'rm.recruitment-events.past': 'GET /recruitment_events/past',
  'rm.recruitment-events.in-progress': 'GET /recruitment_events/in_progress',
  'rm.recruitment-events.archived': 'GET /recruitment_events/archived',
  'rm.jobs.list': 'GET /jobs',
  'rm.jobs.get': 'GET /jobs/{jobId}',
  'rm.lists.list': 'GET /lists',
  'rm.list-candidates.add': 'PUT /lists/{listId}/candidates/{candidateId}',
  'rm.list-candidates.remove': 'DELETE /lists/{listId}/candidates/{candidateId}',
};
const V3_IDS: Record<string, string> = {
  'hr.employee.put': 'PUT /hrcore/employee',
  'hr.business-unit-level1.put': 'PUT /hrcore/business-unit/level1',
  'hr.business-unit-level2.put': 'PUT /hrcore/business-unit/level2',
  'hr.business-unit-level3.put': 'PUT /hrcore/business-unit/level3',
  'hr.business-unit-level4.put': 'PUT /hrcore/business-unit/level4',
  'hr.position.put': 'PUT /hrcore/position',
  'hr.employee-reference.put': 'PUT /employee/{employeeId}',
  'learning.activities.put': 'PUT /learning/activities/externalId/{externalId}',
};

const statuses = (id: string): string[] =>
  operation(id)
    .responses.map((r) => r.status)
    .sort();

void test('RM has exactly the 29 operations of 000 §4, under the agreed ids', () => {
  assert.equal(operationsOf('rm').length, 29);
  assert.deepEqual(
    operationsOf('rm')
      .map((op) => op.id)
      .sort(),
    Object.keys(RM_IDS).sort(),
  );
});

void test('every agreed id exists with its method and path', () => {
  for (const [id, route] of Object.entries({ ...RM_IDS, ...V3_IDS })) {
    const op = operation(id);
    assert.equal(`${op.method} ${op.path}`, route, id);
    assert.equal(op.api, id.split('.')[0]);
  }
  assert.equal(operationsOf('hr').length, 7);
  assert.equal(operationsOf('learning').length, 1);
  assert.equal(catalogue().length, 37);
});

void test('no duplicate method + path, and ids are unique', () => {
  const routes = catalogue().map((op) => `${op.api} ${op.method} ${op.path}`);
  assert.equal(new Set(routes).size, routes.length);
  assert.equal(new Set(catalogue().map((op) => op.id)).size, catalogue().length);
});

void test('every request and response schema id exists in the registry', () => {
  const known = new Set(schemaIds());
  for (const op of catalogue()) {
    if (op.requestBody) assert.ok(known.has(op.requestBody.schema), `${op.id} request ${op.requestBody.schema}`);
    for (const r of op.responses) if (r.schema) assert.ok(known.has(r.schema), `${op.id} ${r.status} ${r.schema}`);
  }
});

void test('every operation, parameter, filter, body and response names its seed section', () => {
  for (const op of catalogue()) {
    const seedOf = op.api === 'rm' ? /^000 §/ : /^001 §/;
    const refs = [
      op.section,
      ...op.pathParams.map((p) => p.section),
      ...op.query.map((p) => p.section),
      ...op.filters.map((f) => f.section),
      ...op.responses.map((r) => r.section),
      ...(op.requestBody ? [op.requestBody.section] : []),
    ];
    for (const ref of refs) assert.match(ref, seedOf, op.id);
  }
});

void test('path parameters are exactly the placeholders of the path', () => {
  for (const op of catalogue()) {
    const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    assert.deepEqual(
      op.pathParams.map((p) => p.name),
      placeholders,
      op.id,
    );
  }
});

void test('auth and content types per API', () => {
  for (const op of operationsOf('rm')) {
    assert.equal(op.auth, 'hmacBasic');
    if (op.requestBody) assert.equal(op.requestBody.contentType, 'application/vnd.api+json');
  }
  for (const op of [...operationsOf('hr'), ...operationsOf('learning')]) {
    assert.equal(op.auth, 'oauthBearer');
    assert.equal(op.requestBody?.contentType, 'application/json');
  }
});

void test('RM statuses: the row, plus 401 everywhere, 404 for addressed records, 400 for the filter cap', () => {
  for (const op of operationsOf('rm')) {
    assert.ok(statuses(op.id).includes('401'), `${op.id} lacks 401 (000 §5.4)`);
    if (op.pathParams.length > 0) assert.ok(statuses(op.id).includes('404'), `${op.id} lacks 404 (000 §7)`);
    const success = op.responses.filter((r) => r.status.startsWith('2'));
    assert.ok(success.length > 0, `${op.id} has no success status`);
  }
  assert.deepEqual(statuses('rm.candidates.list'), ['200', '400', '401']);
  assert.deepEqual(statuses('rm.candidates.create'), ['201', '401', '422']);
  assert.deepEqual(statuses('rm.candidates.update'), ['200', '401', '404', '422']);
  assert.deepEqual(statuses('rm.candidate-files.create'), ['201', '401', '404', '422']);
  assert.deepEqual(statuses('rm.ats-candidates.anonymise'), ['202', '401', '404']);
  assert.deepEqual(statuses('rm.educations.create'), ['200', '201', '401', '404', '422']);
  assert.deepEqual(statuses('rm.employments.create'), ['200', '201', '401', '404', '422']);
  assert.deepEqual(statuses('rm.jobs.get'), ['200', '401', '404']);
  assert.deepEqual(statuses('rm.recruitment-events.upcoming'), ['200', '401']);
  assert.deepEqual(statuses('rm.list-candidates.add'), ['200', '201', '401', '404']);
  assert.deepEqual(statuses('rm.list-candidates.remove'), ['204', '401', '404']);
});

void test('v3 statuses: classes for HR core, 201/200/4xx for learning', () => {
  for (const op of operationsOf('hr')) assert.deepEqual(statuses(op.id), ['2xx', '4xx']);
  assert.deepEqual(statuses('learning.activities.put'), ['200', '201', '4xx']);
  const created = operation('learning.activities.put').responses.find((r) => r.status === '201');
  assert.equal(created?.schema, 'https://schemas.conformance.test/learning/activity-created.json');
});

void test('include values and filters follow the tables of 000 §4', () => {
  assert.equal(operation('rm.candidates.list').include.length, 26);
  assert.deepEqual(operation('rm.candidates.get').include, operation('rm.candidates.list').include);
  assert.deepEqual(operation('rm.candidate-messages.list').include, ['from', 'to', 'conversation']);
  assert.deepEqual(operation('rm.jobs.list').include, ['categories']);
  assert.equal(operation('rm.candidates.list').filters.length, 8);
  assert.deepEqual(
    operation('rm.candidate-events.list').filters.map((f) => f.name),
    ['filter[kind]', 'filter[created_at][gte]', 'filter[created_at][lte]'],
  );
  assert.deepEqual(
    operation('rm.jobs.list').filters.map((f) => f.name),
    ['filter[q][eq]'],
  );
  assert.deepEqual(
    operation('rm.candidates.list').query.map((q) => q.name),
    ['page', 'per_page', 'cursor', 'include', 'filter'],
  );
  assert.deepEqual(operation('rm.candidate-tags.list').query, []);
});

void test('the circular-reference message is declared untestable', () => {
  const untestable = operation('learning.activities.put').untestable ?? [];
  assert.ok(untestable.some((u) => /circular reference/i.test(u.what)));
});

void test('unknown ids throw naming the id; what is returned is frozen', () => {
  assert.throws(() => operation('rm.nope.get'), /rm\.nope\.get/);
  const op = operation('rm.candidates.list');
  assert.ok(Object.isFrozen(op) && Object.isFrozen(op.responses) && Object.isFrozen(op.responses[0]));
  assert.ok(Object.isFrozen(catalogue()) && Object.isFrozen(catalogueFile('hr').operations));
  assert.equal(catalogueFile('rm').seedFile, '000_6053abef4cebe6dd.txt');
  assert.equal(catalogueFile('learning').seedFile, '001_a9e2e7eab7c908bd.txt');
});
