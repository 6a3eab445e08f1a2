/**
 * The checks of an answer: transport, no-server-error, status (and the status judgement every
 * status check shares), json-body, schema, validation-message, and the documented composite.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operation } from '../../contract/catalogue';
import { expectDocumented, expectStatus } from '../../src/checks';
import { expectJson, expectJsonLabelled, jsonLabelOutcome, jsonOutcome } from '../../src/checks/registry/json-body';
import { expectNoServerError, serverErrorOutcome } from '../../src/checks/registry/no-server-error';
import {
  aggregateIdOutcome,
  expectAggregateIdReading,
  expectField,
  expectResourceShown,
  expectResourceType,
  expectSchema,
  fieldOutcome,
  resourceShownOutcome,
  resourceTypeOutcome,
  schemaOutcome,
} from '../../src/checks/registry/schema';
import notFound from '../../src/checks/registry/not-found';
import status, {
  enforceAnswer,
  enforceDocumentedStatus,
  enforceStatus,
  expectAnswerStatus,
  expectedCells,
  operationOf,
  rowClause,
  statusMatches,
  statusOutcome,
} from '../../src/checks/registry/status';
import { answerOutcome, expectResponse, missingAnswer } from '../../src/checks/registry/transport';
import {
  expectMessage,
  expectAggregateResentReading,
  expectZeroCostReading,
  aggregateResentOutcome,
  zeroCostOutcome,
  expectSomeMessage,
  messageOutcome,
  someMessageOutcome,
} from '../../src/checks/registry/validation-message';
import { answered, conforms, exchange, fails, judged, verdictOf } from './checks-kit';

const CANDIDATE = { data: { id: 'c1', type: 'candidates', attributes: { email: 'a@example.com' }, relationships: {} } };

test('missingAnswer / expectResponse: only a missing answer is recorded, as transport, failing the cells expected', () => {
  assert.equal(missingAnswer(exchange()), null);
  assert.match(missingAnswer(exchange({ status: null })) ?? '', /got no response: time-out/);
  conforms(answerOutcome(exchange({ status: 503 })));
  fails(answerOutcome(exchange({ status: null })), 'got no response');
  const ok = judged(() => expectResponse(exchange(), 'rm.op.candidates.list'));
  assert.deepEqual(ok.verdicts, []);
  const none = exchange({ status: null });
  verdictOf(() => expectResponse(none, 'rm.op.candidates.list', { expectedCells: ['200'] }), {
    check: 'transport',
    clause: 'rm.op.candidates.list',
    verdict: 'failed',
    about: none,
    cells: ['200'],
  });
});

test('serverErrorOutcome / expectNoServerError', () => {
  conforms(serverErrorOutcome(answered({ status: 404 })));
  fails(serverErrorOutcome(answered({ status: 502, body: 'Bad Gateway' })), 'a server error', 'Bad Gateway');
  const crashed = exchange({ status: 500 });
  verdictOf(() => expectNoServerError(crashed, 'rm.op.candidates.list'), {
    check: 'no-server-error',
    clause: 'rm.op.candidates.list',
    verdict: 'failed',
    about: crashed,
    cells: [],
    judgesStatus: false,
  });
});

test('statusMatches, expectedCells and statusOutcome', () => {
  assert.equal(statusMatches(204, '2xx'), true);
  assert.equal(statusMatches(404, [401, 403]), false);
  assert.deepEqual(expectedCells([200, 201]), ['200', '201']);
  assert.deepEqual(expectedCells('4xx'), ['4xx']);
  conforms(statusOutcome(answered({ status: 201 }), [200, 201]));
  fails(statusOutcome(answered({ status: 422, body: '{"e":1}' }), 201, 'a valid body'), 'expected 201 (a valid body)', '{"e":1}');
});

test('enforceStatus: one status verdict under the check, speaking for the cells it expected (those matched on a pass)', () => {
  const ex = exchange({ operationId: 'rm.educations.create', method: 'POST', status: 201 });
  verdictOf(() => enforceStatus(status, 'rm.op.educations.create', ex, [200, 201]), {
    check: 'status',
    clause: 'rm.op.educations.create',
    verdict: 'passed',
    about: ex,
    cells: ['201'],
    judgesStatus: true,
  });
  const crashed = exchange({ status: 503 });
  verdictOf(() => enforceStatus(status, 'rm.op.candidates.list', crashed, 200, { serverErrorApart: true }), {
    check: 'no-server-error',
    clause: 'rm.op.candidates.list',
    verdict: 'failed',
    about: crashed,
    cells: ['200'],
  });
  const listed = exchange({ status: 200 });
  verdictOf(() => expectAnswerStatus(listed, 200, 'rm.op.candidates.list'), {
    check: 'status',
    clause: 'rm.op.candidates.list',
    verdict: 'passed',
    about: listed,
    cells: ['200'],
    judgesStatus: true,
  });
  verdictOf(() => expectStatus(crashed, 200, { clause: 'rm.op.candidates.list' }), {
    check: 'no-server-error',
    clause: 'rm.op.candidates.list',
    verdict: 'failed',
    about: crashed,
  });
});

test("enforceAnswer: no 5xx, then the check's own predicate; enforceDocumentedStatus cites the row", () => {
  const ex = exchange({ operationId: 'rm.candidates.get', status: 200 });
  const { verdicts } = judged(() => enforceAnswer(notFound, 'rm.error.404', ex, 404, (e) => statusOutcome(e, 404)));
  assert.deepEqual(
    verdicts.map((v) => [v.check, v.verdict]),
    [
      ['no-server-error', 'passed'],
      ['not-found', 'failed'],
    ],
  );
  assert.equal(operationOf(ex).id, 'rm.candidates.get');
  assert.throws(() => operationOf(exchange({ operationId: null })), /names no catalogue operation/);
  assert.equal(rowClause(notFound, ex, '404'), 'rm.op.candidates.get');
  assert.throws(() => rowClause(notFound, ex, '409'), /documents no status 409/);
  const created = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 200 });
  verdictOf(() => enforceDocumentedStatus(status, created, ['201']), {
    check: 'status',
    clause: 'rm.op.candidates.create',
    verdict: 'failed',
    about: created,
    cells: ['201'],
    judgesStatus: true,
  });
});

test('expectDocumented: status by the status check, or by setup for a discovery read; then the schema', () => {
  const op = operation('rm.candidates.get');
  const good = exchange({ operationId: op.id, path: '/candidates/c1', body: CANDIDATE });
  verdictOf(() => expectDocumented(good, op, '200'), { check: 'schema', clause: 'rm.op.candidates.get', verdict: 'passed', about: good });
  const refused = exchange({ operationId: 'rm.lists.list', path: '/lists', status: 403 });
  verdictOf(() => expectDocumented(refused, operation('rm.lists.list'), '200', { asSetup: true }), {
    check: 'setup',
    clause: 'rm.op.lists.list',
    verdict: 'failed',
    about: refused,
    cells: ['200'],
  });
});

test('jsonOutcome / expectJson', () => {
  conforms(jsonOutcome(answered({ body: { a: 1 } })));
  fails(jsonOutcome(answered({ body: '<html>' })), 'the body is not JSON', '<html>');
  const html = exchange({ body: '<html>' });
  verdictOf(() => expectJson(html, 'rm.op.candidates.list'), {
    check: 'json-body',
    clause: 'rm.op.candidates.list',
    verdict: 'failed',
    about: html,
  });
});

test("schemaOutcome / expectSchema: the failure cites the broken keyword's clause", () => {
  const id = 'https://schemas.conformance.test/rm/candidate-document.json';
  const good = exchange({ operationId: 'rm.candidates.get', body: CANDIDATE });
  conforms(schemaOutcome(good, id, CANDIDATE).outcome);
  const broken = { data: { ...CANDIDATE.data, id: 42, type: 7 } };
  const bad = exchange({ operationId: 'rm.candidates.get', body: broken });
  const judgedBad = schemaOutcome(bad, id, broken);
  fails(judgedBad.outcome, 'body does not match rm/candidate-document.json');
  assert.ok(judgedBad.clause, 'a broken keyword names its clause');
  const v = verdictOf(() => expectSchema(bad, id, 'rm.op.candidates.get'), {
    check: 'schema',
    clause: judgedBad.clause ?? '',
    verdict: 'failed',
    about: bad,
  });
  assert.equal(v.operationId, 'rm.candidates.get');
});

test('resourceTypeOutcome, resourceShownOutcome and fieldOutcome, with their wrappers', () => {
  const ex = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 201 });
  conforms(resourceTypeOutcome(ex, 'candidates', 'candidates'));
  fails(resourceTypeOutcome(ex, 'people', 'candidates'), 'has type "people", not "candidates"');
  verdictOf(() => expectResourceType(ex, 'people', 'candidates', 'rm.candidate.type'), {
    check: 'schema',
    clause: 'rm.candidate.type',
    verdict: 'failed',
    about: ex,
    cells: ['201'],
  });
  conforms(resourceShownOutcome(ex, { id: 'c1' }, 'the candidate'));
  fails(resourceShownOutcome(ex, null, 'the candidate'), '-> 201 without the candidate');
  let shown = '';
  verdictOf(
    () => {
      shown = expectResourceShown(ex, 'c1', 'rm.op.candidates.get', 'the candidate');
    },
    { check: 'schema', clause: 'rm.op.candidates.get', verdict: 'passed', about: ex },
  );
  assert.equal(shown, 'c1');
  conforms(fieldOutcome(ex, 'id', 7, 'integer'));
  fails(fieldOutcome(ex, 'id', 7.5, 'integer'), 'id is 7.5, expected an integer');
  conforms(fieldOutcome(ex, 'url', '/a', 'string'));
  fails(fieldOutcome(ex, 'url', 7, 'string'), 'url is 7, expected a string');
  // The aggregate id by the readings of learning.aggregate-id.type (D27).
  assert.deepEqual(aggregateIdOutcome(ex, 'a-1').judgement.held, ['string']);
  assert.deepEqual(aggregateIdOutcome(ex, 42).judgement.held, ['integer']);
  fails(aggregateIdOutcome(ex, '').outcome, 'aggregateId is ""', 'none of the lawful readings of learning.aggregate-id.type');
  const put = exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status: 201 });
  verdictOf(() => expectAggregateIdReading(put, null, 'learning.op.put'), {
    check: 'schema',
    clause: 'learning.op.put',
    verdict: 'failed',
    about: put,
    cells: ['201'],
  });
  verdictOf(() => expectField(put, 'id', 1, 'integer', 'learning.op.put'), {
    check: 'schema',
    clause: 'learning.op.put',
    verdict: 'passed',
    about: put,
  });
});

test('messageOutcome / expectMessage and someMessageOutcome / expectSomeMessage', () => {
  const body = '{"errors":[{"message":"Code is required"}]}';
  conforms(messageOutcome(answered({ status: 400, body }), 'Code is required').outcome);
  assert.deepEqual(messageOutcome(answered({ status: 400, body }), 'Code is required').judgement.held, ['as-given']);
  assert.deepEqual(messageOutcome(answered({ status: 400, body: { message: 'Code is required.' } }), 'Code is required').judgement.held, [
    'full-stop',
  ]);
  assert.deepEqual(messageOutcome(answered({ status: 400, body: 'code: Code is required' }), 'Code is required').judgement.held, [
    'within-text',
  ]);
  fails(messageOutcome(answered({ status: 400, body }), 'Title is required').outcome, 'does not carry the message "Title is required"');
  fails(
    messageOutcome(answered({ status: 400, body: { message: 'code is required' } }), 'Code is required').outcome,
    'none of the lawful readings',
  );
  conforms(someMessageOutcome(answered({ status: 400, body }), ['code']).outcome);
  fails(someMessageOutcome(answered({ status: 400, body: '  ' }), ['code']).outcome, 'without a validation message about code');
  const ex = exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status: 400, body });
  verdictOf(() => expectMessage(ex, 'Title is required', 'learning.msg.image'), {
    check: 'validation-message',
    clause: 'learning.msg.image',
    verdict: 'failed',
    about: ex,
    cells: ['4xx'],
  });
  const empty = exchange({ api: 'hr', operationId: 'hr.employee.put', method: 'PUT', status: 400, body: '' });
  verdictOf(() => expectSomeMessage(empty, 'hr.rule.message', ['externalId']), {
    check: 'validation-message',
    clause: 'hr.rule.message',
    verdict: 'failed',
    about: empty,
    cells: ['4xx'],
  });
});

test('jsonLabelOutcome / expectJsonLabelled: a JSON media type (charset and +json allowed), or none', () => {
  const labelled = (type: string | null) => {
    const ex = answered({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status: 201, body: { id: 1 } });
    if (type !== null) ex.response.headers['content-type'] = type;
    return ex;
  };
  conforms(jsonLabelOutcome(labelled('application/json')).outcome);
  conforms(jsonLabelOutcome(labelled('application/json; charset=utf-8')).outcome);
  conforms(jsonLabelOutcome(labelled('application/problem+json')).outcome);
  conforms(jsonLabelOutcome(labelled(null)).outcome);
  fails(jsonLabelOutcome(labelled('text/html')).outcome, 'labelled "text/html", not JSON');
  assert.deepEqual(jsonLabelOutcome(labelled('application/problem+json')).judgement.held, ['json-suffix']);
  const html = labelled('text/html; charset=utf-8');
  verdictOf(() => expectJsonLabelled(html, 'v3.json-bodies'), {
    check: 'json-body',
    clause: 'v3.json-bodies',
    verdict: 'failed',
    about: html,
  });
  const json = labelled('application/json');
  verdictOf(() => expectJsonLabelled(json, 'v3.json-bodies'), {
    check: 'json-body',
    clause: 'v3.json-bodies',
    verdict: 'passed',
    about: json,
  });
});

test('zeroCostOutcome / expectZeroCostReading: accepted or refused otherwise (zero-is-a-cost), or refused with the message (zero-is-no-cost)', () => {
  const msg = 'If currency code is supplied at least one cost also needs to be supplied';
  const put = (status: number, body: unknown) =>
    exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status, body });
  const held = (status: number, body: unknown) =>
    zeroCostOutcome(put(status, body) as Parameters<typeof zeroCostOutcome>[0]).judgement.held;
  assert.deepEqual(held(201, { id: 1 }), ['zero-is-a-cost']);
  assert.deepEqual(held(400, { message: 'attendenceCost must be greater than 0' }), ['zero-is-a-cost']);
  assert.deepEqual(held(400, { message: msg }), ['zero-is-no-cost']);
  assert.deepEqual(held(200, { success: false, message: msg }), ['zero-is-no-cost']);
  // Refused without any message: no reading.
  fails(
    zeroCostOutcome(put(400, '') as Parameters<typeof zeroCostOutcome>[0]).outcome,
    'none of the lawful readings of learning.costs.zero',
  );
  const refused = put(400, '');
  verdictOf(() => expectZeroCostReading(refused, 'learning.msg.currency-needs-cost'), {
    check: 'validation-message',
    clause: 'learning.msg.currency-needs-cost',
    verdict: 'failed',
    about: refused,
  });
  const crashed = put(500, '');
  verdictOf(() => expectZeroCostReading(crashed, 'learning.msg.currency-needs-cost'), {
    check: 'no-server-error',
    clause: 'learning.msg.currency-needs-cost',
    verdict: 'failed',
    about: crashed,
  });
});

test('aggregateResentOutcome / expectAggregateResentReading: accepted, or refused as unchanged but never "Cannot change Aggregate ID"', () => {
  const msg = 'Cannot change Aggregate ID for an existing activity';
  const put = (status: number, body: unknown) =>
    exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status, body });
  const held = (status: number, body: unknown) =>
    aggregateResentOutcome(put(status, body) as Parameters<typeof aggregateResentOutcome>[0]).judgement.held;
  assert.deepEqual(held(200, { id: 1 }), ['resent-accepted']);
  assert.deepEqual(held(400, { errors: { aggregateId: ['is read-only: send only the fields that change'] } }), ['resent-refused']);
  assert.deepEqual(held(400, { message: msg }), []);
  const wrong = put(400, { message: msg });
  verdictOf(() => expectAggregateResentReading(wrong, 'learning.msg.aggregate-id'), {
    check: 'validation-message',
    clause: 'learning.msg.aggregate-id',
    verdict: 'failed',
    about: wrong,
  });
});
