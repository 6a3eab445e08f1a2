/**
 * "The answer refuses, with a message" (001 §7.1, §7.4): a v3 refusal is a 4xx with a message or a
 * 2xx whose body plainly refuses; a 2xx that reads like success is an acceptance. The readers of
 * src/checks/refusal.ts, and the predicates that use them: statusOutcome (every check judging a v3
 * status), someMessageOutcome, parentAcceptedOutcome, notRefusedForLevelOutcome; each with a
 * conforming and a non-conforming case.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refusalOf, refusingBody, refusingText } from '../../src/checks/refusal';
import { expectNotRefusedForLevel, notRefusedForLevelOutcome } from '../../src/checks/registry/access-level';
import { expectArchiveRefused, expectParentAccepted, parentAcceptedOutcome } from '../../src/checks/registry/hierarchy';
import { expectRefused } from '../../src/checks/registry/validation';
import { someMessageOutcome } from '../../src/checks/registry/validation-message';
import { statusOutcome } from '../../src/checks/registry/status';
import { answered, conforms, exchange, fails, verdictOf } from './checks-kit';

const hrAnswer = (status: number, body: unknown) =>
  answered({ api: 'hr', operationId: 'hr.business-unit-level1.put', method: 'PUT', path: '/hrcore/business-unit/level1', status, body });
const learningAnswer = (status: number, body: unknown) =>
  answered({
    api: 'learning',
    operationId: 'learning.activities.put',
    method: 'PUT',
    path: '/learning/activities/externalId/a',
    status,
    body,
  });

const ENVELOPE = { success: false, message: 'name is required to create a level 1 business unit', errors: [{ field: 'name' }] };
const SUCCESS = { success: true, message: 'Record created successfully', externalId: 'x', status: 'created' };

test('refusingBody: a body that plainly refuses, and one that reads like success or says nothing', () => {
  assert.equal(refusingBody(JSON.stringify(ENVELOPE)), 'success is false');
  assert.equal(refusingBody('{"ok": "false"}'), 'ok is false');
  assert.equal(refusingBody('{"errors": [{"message": "externalId is required"}]}'), 'it carries errors');
  assert.equal(refusingBody('{"violations": [{"field": "name"}]}'), 'it carries violations');
  assert.equal(
    refusingBody('{"type": "about:blank", "title": "Bad Request", "detail": "name: must not be blank"}'),
    'the detail says "name: must not be blank"',
  );
  assert.equal(refusingBody('{"status": "error"}'), 'status is "error"');
  assert.equal(refusingBody('{"status": 400, "title": "Bad Request"}'), 'status is 400');
  assert.match(refusingBody('{"message": "externalId is required"}') ?? '', /the message says "externalId is required"/);
  assert.match(refusingBody('Cannot change access level from org-wide') ?? '', /the text says/);
  // Reads like success, or says nothing.
  assert.equal(refusingBody(JSON.stringify(SUCCESS)), null, 'an explicit success flag wins');
  assert.equal(refusingBody('{"externalId": "x", "status": "created"}'), null);
  assert.equal(refusingBody('{"externalId": "x", "status": "accepted", "errors": []}'), null, 'an empty errors member is no refusal');
  assert.equal(refusingBody('{"message": "Record updated"}'), null);
  assert.equal(refusingBody(''), null);
  assert.equal(refusingBody('OK'), null);
  assert.equal(refusingBody('[{"id": 1}]'), null);
  // A success that carries a detail (D72): the detail's words read like success, or say nothing.
  assert.equal(refusingBody('{"id": 1, "detail": "created"}'), null);
  assert.equal(refusingBody('{"id": 1, "detail": "Position p-1"}'), null);
  assert.equal(refusingText('title is required'), true);
  assert.equal(refusingText('created successfully, errors: none'), false);
});

test('refusalOf: only a 2xx answer of a v3 operation', () => {
  assert.equal(refusalOf(hrAnswer(200, ENVELOPE)), 'success is false');
  assert.equal(refusalOf(hrAnswer(400, ENVELOPE)), null, 'a 4xx is a refusal by its status');
  assert.equal(refusalOf(exchange({ status: 200, body: ENVELOPE })), null, 'RM: 000 has no such sentence');
  assert.equal(
    refusalOf(learningAnswer(200, { message: 'If currency code is supplied at least one cost also needs to be supplied' })) !== null,
    true,
  );
});

test('refusingBody: a refusal wrapped in an envelope, or flagged in another language, read by its structure (D72)', () => {
  assert.equal(refusingBody('{"data": {"success": false, "message": "name is required"}}'), 'data.success is false');
  assert.equal(refusingBody('{"result": {"errors": [{"field": "name", "message": "name is required"}]}}'), 'it carries result.errors');
  assert.equal(refusingBody('{"erfolg": false, "fehler": [{"feld": "name"}]}'), 'erfolg is false');
  assert.equal(refusingBody('{"antwort": {"ergebnis": "fehlgeschlagen"}}'), 'antwort.ergebnis is "fehlgeschlagen"');
  assert.equal(refusingBody('{"response": {"data": {"hasErrors": true}}}'), 'response.data.hasErrors is true');
  assert.equal(
    refusingBody('{"envelope": {"status": 400, "title": "Bad Request"}}'),
    'envelope.status is 400',
    'the one member of a wrapper',
  );
  assert.equal(
    refusingBody('{"detail": [{"loc": ["body", "name"], "msg": "Field required", "type": "missing"}]}'),
    'the detail lists errors',
  );
  // Not a refusal: a success flag wins over anything deeper, a record's own members are no envelope.
  assert.equal(refusingBody('{"success": true, "data": {"errors": ["ignored"]}}'), null);
  assert.equal(refusingBody('{"data": {"erfolg": true, "id": 1}}'), null);
  assert.equal(refusingBody('{"id": 1, "email": {"address": "a@example.com", "valid": false}, "name": "x"}'), null);
  assert.equal(refusingBody('{"data": {"id": 1, "status": "active"}}'), null);
  assert.equal(refusingBody('{"data": {"id": 1, "errors": null}}'), null);
});

test('someMessageOutcome: a validation message by the readings of v3.validation.message, the verdict names them', () => {
  const { outcome, judgement } = someMessageOutcome(hrAnswer(400, { message: 'name is required' }), ['name']);
  conforms(outcome);
  assert.deepEqual(judgement.held, ['names-field', 'states-rule']);
  const empty = someMessageOutcome(hrAnswer(400, { errors: [] }), ['name']);
  fails(empty.outcome, 'without a validation message about name', '{"errors":[]}', 'none of the lawful readings of v3.validation.message');
  assert.deepEqual(empty.judgement.held, []);
});

test('statusOutcome (v3): a 2xx that refuses meets an expected refusal and fails an expected success', () => {
  conforms(statusOutcome(hrAnswer(200, ENVELOPE), '4xx'));
  fails(statusOutcome(hrAnswer(200, SUCCESS), '4xx'), 'expected 4xx');
  fails(statusOutcome(hrAnswer(200, { externalId: 'x', status: 'created' }), '4xx', 'name is required'), 'expected 4xx (name is required)');
  conforms(statusOutcome(hrAnswer(200, SUCCESS), '2xx'));
  conforms(statusOutcome(hrAnswer(204, ''), '2xx'));
  fails(statusOutcome(hrAnswer(200, ENVELOPE), '2xx', 'a valid create'), 'the body refuses (success is false)', 'a valid create');
  fails(statusOutcome(learningAnswer(201, { errors: ['title is required'] }), 201), 'the body refuses');
  // An exact refusal status (a token's 401) is not met by a 2xx that refuses.
  fails(statusOutcome(hrAnswer(200, ENVELOPE), [401, 403]), 'expected 401 or 403');
  // RM is read by its status alone.
  conforms(statusOutcome(answered({ status: 200, body: ENVELOPE }), '2xx'));
});

test('expectRefused / expectArchiveRefused: a 2xx refusal passes and earns no cell; a 2xx success fails the 4xx cell', () => {
  const envelope = exchange({ api: 'hr', operationId: 'hr.business-unit-level1.put', method: 'PUT', status: 200, body: ENVELOPE });
  verdictOf(() => expectRefused(envelope, 'hr.bu.name', 'name is required on create'), {
    check: 'validation',
    clause: 'hr.bu.name',
    verdict: 'passed',
    about: envelope,
    cells: [],
    judgesStatus: true,
  });
  const success = exchange({ api: 'hr', operationId: 'hr.business-unit-level1.put', method: 'PUT', status: 200, body: SUCCESS });
  verdictOf(() => expectArchiveRefused(success, 'hr.state.bu-archive-refused', 'referenced'), {
    check: 'hierarchy',
    clause: 'hr.state.bu-archive-refused',
    verdict: 'failed',
    about: success,
    cells: ['4xx'],
  });
});

test('parentAcceptedOutcome / expectParentAccepted: a unit under its live parent is created', () => {
  conforms(parentAcceptedOutcome(hrAnswer(201, { externalId: 'c' }), 'level1ExternalId names the parent'));
  fails(parentAcceptedOutcome(hrAnswer(400, { message: 'unknown parent' }), 'level1ExternalId names the parent'), 'expected 2xx');
  fails(parentAcceptedOutcome(hrAnswer(200, ENVELOPE), 'level1ExternalId names the parent'), 'the body refuses');
  const refused = exchange({ api: 'hr', operationId: 'hr.business-unit-level2.put', method: 'PUT', status: 400, body: '{}' });
  verdictOf(() => expectParentAccepted(refused, 'hr.bu.level1ExternalId', 'names the parent'), {
    check: 'hierarchy',
    clause: 'hr.bu.level1ExternalId',
    verdict: 'failed',
    about: refused,
    cells: ['2xx'],
  });
});

test('notRefusedForLevelOutcome / expectNotRefusedForLevel: accepted, or refused without an access-level message', () => {
  const levelMessages = ['Invalid access level for content type', 'Field is invalid for access level'];
  const why = 'weblink is usable at every access level';
  conforms(notRefusedForLevelOutcome(learningAnswer(201, { id: 1, aggregateId: 'a', url: 'u' }), levelMessages, why));
  conforms(notRefusedForLevelOutcome(learningAnswer(400, { detail: 'content.url: must not be blank' }), levelMessages, why));
  fails(
    notRefusedForLevelOutcome(learningAnswer(400, { message: 'Invalid access level for content type' }), levelMessages, why),
    'refused with "Invalid access level for content type"',
    why,
  );
  fails(
    notRefusedForLevelOutcome(learningAnswer(200, { success: false, message: 'Field is invalid for access level' }), levelMessages, why),
    'Field is invalid for access level',
  );
  fails(notRefusedForLevelOutcome(learningAnswer(302, ''), levelMessages, why), 'neither accepted nor refused');
  const ex = exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status: 400, body: levelMessages[0] });
  verdictOf(() => expectNotRefusedForLevel(ex, 'learning.content', levelMessages, why), {
    check: 'access-level',
    clause: 'learning.content',
    verdict: 'failed',
    about: ex,
  });
});

test('refusingBody: an HTTP status in a `code` member, a state naming success over the words, an update that changed nothing', () => {
  // A status of 400 or more carried as `code` (the envelope of many gateways and frameworks), at the top or in an envelope.
  assert.equal(refusingBody('{"code": 400, "message": "Bad Request", "data": null}'), 'code is 400');
  assert.equal(refusingBody('{"code": 400, "msg": "externalId 校验失败", "data": null}'), 'code is 400');
  assert.equal(refusingBody('{"response": {"code": 422}}'), 'response.code is 422');
  assert.equal(refusingBody('{"code": 200, "message": "OK", "data": {"id": 1}}'), null);
  assert.equal(refusingBody('{"code": "ABC-1", "id": 1}'), null, "a learning activity's own code is a string");
  // A state naming success wins over the words of a note beside it; a failure beside it still refuses.
  const note = { externalId: 'e-1', status: 'created', messages: ['access.primaryTeamExternalId missing: the default team was applied'] };
  assert.equal(refusingBody(JSON.stringify(note)), null);
  assert.equal(refusingBody('{"messages": ["access.primaryTeamExternalId missing"]}'), 'the messages refuse');
  assert.equal(refusingBody('{"status": "created", "errors": [{"field": "name"}]}'), 'it carries errors');
  assert.equal(refusingBody('{"status": "ok", "data": {"success": false}}'), 'data.success is false', 'deeper structure still refuses');
  // An update that changed nothing is a success, though "already" often refuses.
  assert.equal(refusingBody('{"message": "The position p-1 is already up to date; nothing changed"}'), null);
  assert.match(refusingBody('{"message": "The position p-1 already exists"}') ?? '', /already exists/);
});
