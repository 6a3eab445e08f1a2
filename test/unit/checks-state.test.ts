/** state and no-trace: a read that does not show a write fails the write (first), and a refusal that left a trace fails the refusal. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  distinctRecordsOutcome,
  exactly,
  expectCreatedShown,
  expectDistinctRecords,
  expectGone,
  expectKept,
  expectNoneForeign,
  foreignOutcome,
  expectSameRecord,
  expectShown,
  expectStateShownBy,
  expectValueKept,
  expectValueShown,
  expectValuesRemoved,
  expectWriteAccepted,
  goneOutcome,
  keptOutcome,
  probeOutcome,
  expectTypedValueAnswered,
  expectStoredShown,
  typedValueOutcome,
  readsAs,
  sameMembers,
  sameRecordOutcome,
  storedShownOutcome,
  shownOutcome,
  valueKeptOutcome,
  valueShownOutcome,
  valuesRemovedOutcome,
  writeAcceptedOutcome,
} from '../../src/checks/registry/state';
import {
  countKeptOutcome,
  expectCountKept,
  expectLeftNothing,
  expectLeftNothingAlike,
  expectNothingStored,
  leftNothingAlikeOutcome,
  leftNothingOutcome,
  nothingStoredOutcome,
} from '../../src/checks/registry/no-trace';
import { answered, conforms, exchange, fails, verdictOf } from './checks-kit';

const patch = () => exchange({ operationId: 'rm.candidates.update', method: 'PATCH', path: '/candidates/c1' });
const get = () => exchange({ operationId: 'rm.candidates.get', path: '/candidates/c1' });

test('the equivalences of values read back', () => {
  assert.equal(exactly('a', 'a'), true);
  assert.equal(exactly('a', 'a '), false);
  assert.equal(sameMembers(['a', 'b'], ['b', 'a']), true);
  assert.equal(sameMembers(['a', 'b'], ['a']), false);
  assert.equal(sameMembers(['a'], 'a'), false);
});

test('readsAs: the lawful readings of stored names, e-mail and phone numbers (D42, D50), and nothing else', () => {
  // Names: as sent, trimmed, escaped, stripped of markup, NFC or NFD; a blank one may be stored as nothing.
  assert.equal(readsAs('name', ' Ada ', 'Ada'), true);
  assert.equal(readsAs('name', '  ', null), true);
  assert.equal(readsAs('name', 'Tom & "Jerry" <b>', 'Tom &amp; &quot;Jerry&quot; &lt;b&gt;'), true);
  assert.equal(readsAs('name', "O'Brien", 'O&#x27;Brien'), true);
  assert.equal(readsAs('name', '<b>Ada</b> Lovelace', 'Ada Lovelace'), true);
  assert.equal(readsAs('name', 'Chloe\u0301', 'Chlo\u00e9'), true, 'NFC');
  assert.equal(readsAs('name', 'José', 'Jose\u0301'), true, 'NFD');
  assert.equal(readsAs('name', '李', '李'), true);
  // Mojibake, an accent dropped, a truncation, a changed letter, an apostrophe dropped, an é as a named entity.
  assert.equal(readsAs('name', 'José', 'Jos\u00c3\u00a9'), false);
  assert.equal(readsAs('name', 'José', 'Jose'), false);
  assert.equal(readsAs('name', 'Müller-Lüdenscheidt', 'Müller-Lüd'), false);
  assert.equal(readsAs('name', 'Ada', 'Eve'), false);
  assert.equal(readsAs('name', "O'Brien", 'OBrien'), false);
  assert.equal(readsAs('name', 'José', 'Jos&eacute;'), false);
  assert.equal(readsAs('name', 'Ada', null), false);
  // E-mail: as sent, the domain or the whole address lower-cased; never another local part.
  assert.equal(readsAs('email', 'Zoe.Saldana+r1@Example.com', 'zoe.saldana+r1@example.com'), true);
  assert.equal(readsAs('email', 'Zoe.Saldana+r1@Example.com', 'Zoe.Saldana+r1@example.com'), true);
  assert.equal(readsAs('email', 'Zoe.Saldana+r1@Example.com', 'zoe.saldana@example.com'), false);
  assert.equal(readsAs('email', 'a@x.org', ' a@x.org'), false);
  // Phone numbers: the same number by libphonenumber in E.164, international or national form; never merely the same last digits.
  assert.equal(readsAs('phone', '+44 20 7123 4567', '+442071234567'), true);
  assert.equal(readsAs('phone', '+442071234567', '+44 20 7123 4567'), true);
  assert.equal(readsAs('phone', '+442071234567', '020 7123 4567'), true);
  assert.equal(readsAs('phone', '+14155552671', '(415) 555-2671'), true);
  assert.equal(readsAs('phone', '+442071234567', '+442081234567'), false, 'one digit changed before the same last seven');
  assert.equal(readsAs('phone', '+442071234567', '+12071234567'), false, 'another country code');
  assert.equal(readsAs('phone', '+442071234567', '71234567'), false);
  assert.equal(readsAs('phone', '+442071234567', null), false);
  assert.equal(readsAs('phone', 'call me', '+442071234567'), false, 'a string that is no number reads back only as sent');
});

test('storedShownOutcome / expectStoredShown: the field row is cited, the verdict names the readings that held', () => {
  conforms(storedShownOutcome('phone', 'phone_number', '+44 20 7123 4567', '+442071234567', 'read back').outcome);
  assert.deepEqual(storedShownOutcome('phone', 'phone_number', '+44 20 7123 4567', '+442071234567', 'read back').judgement.held, ['e164']);
  fails(
    storedShownOutcome('name', 'first_name', 'José', 'Jos\u00c3\u00a9', 'read back').outcome,
    'read back: first_name is "Jos\u00c3\u00a9", sent "José"',
    'none of the lawful readings of rm.candidate.names.stored holds',
  );
  const post = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 201 });
  const read = get();
  const v = verdictOf(() => expectStoredShown(post, read, 'name', 'last_name', 'Müller-Lüdenscheidt', 'Müller-Lü', 'read back'), {
    check: 'state',
    clause: 'rm.candidate.names',
    verdict: 'failed',
    about: post,
    also: [read],
  });
  assert.equal(v.reading?.entry, 'rm.candidate.names.stored');
  verdictOf(
    () => expectStoredShown(post, read, 'email', 'email', 'Zoe.Saldana+r1@Example.com', 'zoe.saldana+r1@example.com', 'read back'),
    {
      check: 'state',
      clause: 'rm.candidate.contact',
      verdict: 'passed',
      about: post,
      also: [read],
    },
  );
});

test('typedValueOutcome / expectTypedValueAnswered: a value as people write it is taken or refused with 422 (D65)', () => {
  const post = (status: number) => answered({ operationId: 'rm.candidates.create', method: 'POST', status });
  conforms(typedValueOutcome('name', post(201), '李').outcome);
  conforms(typedValueOutcome('name', post(422), '李').outcome);
  fails(typedValueOutcome('name', post(400), '李').outcome, 'sending "李"', 'rm.candidate.names.characters');
  fails(typedValueOutcome('phone', post(400), '+44 20 7123 4567').outcome, 'rm.candidate.phone.typed');
  const refused = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 422 });
  const v = verdictOf(() => expectTypedValueAnswered(refused, 'name', "O'Brien"), {
    check: 'state',
    clause: 'rm.candidate.names',
    verdict: 'passed',
    about: refused,
  });
  assert.deepEqual(v.reading?.held, ['refuses-with-422']);
  const taken = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 201 });
  const w = verdictOf(() => expectTypedValueAnswered(taken, 'phone', '+44 20 7123 4567'), {
    check: 'state',
    clause: 'rm.candidate.contact',
    verdict: 'passed',
    about: taken,
  });
  assert.deepEqual(w.reading, { entry: 'rm.candidate.phone.typed', held: ['takes-it'], declared: null });
});

test('valueShownOutcome / expectValueShown: about the write, then the read', () => {
  conforms(valueShownOutcome('first_name', 'Ada', 'Ada', 'after PATCH'));
  fails(valueShownOutcome('skills', ['a'], ['b'], 'after PATCH', sameMembers), 'after PATCH: skills is ["b"], sent ["a"]');
  const [write, read] = [patch(), get()];
  verdictOf(() => expectValueShown(write, read, 'first_name', 'Ada', 'Eve', 'rm.op.candidates.update', 'after PATCH'), {
    check: 'state',
    clause: 'rm.op.candidates.update',
    verdict: 'failed',
    about: write,
    also: [read],
    cells: ['200'],
    judgesStatus: false,
  });
});

test('valueKeptOutcome / expectValueKept: what a write did not send keeps its value', () => {
  conforms(valueKeptOutcome('email', 'a@x.org', 'a@x.org', 'PATCH without email'));
  fails(valueKeptOutcome('last_name', 'Hopper', '', 'PATCH with first_name alone'), 'changed last_name from "Hopper" to ""');
  const [write, read] = [patch(), get()];
  verdictOf(() => expectValueKept(write, read, 'last_name', 'Hopper', null, 'rm.op.candidates.update', 'PATCH'), {
    check: 'state',
    clause: 'rm.op.candidates.update',
    verdict: 'failed',
    about: write,
    also: [read],
  });
});

test('valuesRemovedOutcome / expectValuesRemoved: fields sent as null are gone from the answer', () => {
  conforms(valuesRemovedOutcome({ description: null }, ['description', 'duration'], 'the update answered'));
  fails(valuesRemovedOutcome({ duration: 30 }, ['description', 'duration'], 'the update answered'), 'still carrying duration');
  const write = exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT' });
  verdictOf(() => expectValuesRemoved(write, { duration: 30 }, ['duration'], 'learning.rule.update', 'the update answered'), {
    check: 'state',
    clause: 'learning.rule.update',
    verdict: 'failed',
    about: write,
    cells: ['200'],
  });
});

test('shownOutcome / expectShown and expectCreatedShown: the reads show what the writes made', () => {
  const write = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 201 });
  conforms(shownOutcome(write, ['c1'], 'any', 'the filter'));
  conforms(shownOutcome(write, ['c1', 'c2'], ['c2'], 'the list'));
  fails(shownOutcome(write, [], 'any', 'GET /candidates?filter[email][eq]=x'), 'POST /v2/candidates -> 201, but GET', 'shows nothing');
  fails(shownOutcome(write, ['c1'], ['c2'], 'the list'), 'does not show c2');
  const [second, read] = [exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 201 }), get()];
  verdictOf(() => expectShown([write, second], [read], [], ['c1'], 'rm.op.candidates.create', 'the list'), {
    check: 'state',
    clause: 'rm.op.candidates.create',
    verdict: 'failed',
    about: write,
    also: [second, read],
    cells: ['201'],
  });
  const found = verdictOf(() => expectCreatedShown(write, read, { id: 'c1' }, 'rm.op.candidates.create', 'the filter'), {
    check: 'state',
    clause: 'rm.op.candidates.create',
    verdict: 'passed',
    about: write,
    also: [read],
  });
  assert.equal(found.verdict, 'passed');
  verdictOf(() => expectCreatedShown(write, null, null, 'rm.op.candidates.create', 'the filter'), {
    check: 'state',
    clause: 'rm.op.candidates.create',
    verdict: 'failed',
    about: write,
  });
});

test('goneOutcome / expectGone and keptOutcome / expectKept', () => {
  const del = exchange({ operationId: 'rm.candidate-tags.delete', method: 'DELETE', path: '/candidates/c1/tags/t1' });
  const list = exchange({ operationId: 'rm.candidate-tags.list', path: '/candidates/c1/tags' });
  conforms(goneOutcome(del, [], 'the tags'));
  fails(goneOutcome(del, ['t1'], 'the tags'), 'still shows t1');
  verdictOf(() => expectGone(del, [list], ['t1'], 'rm.op.candidate-tags.delete', 'the tags'), {
    check: 'state',
    clause: 'rm.op.candidate-tags.delete',
    verdict: 'failed',
    about: del,
    also: [list],
  });
  conforms(keptOutcome(del, ['t1'], "B's tags"));
  fails(keptOutcome(del, [], "B's tags"), 'no longer shows it');
  verdictOf(() => expectKept(del, [list], [], 'rm.op.candidate-tags.delete', "B's tags"), {
    check: 'state',
    clause: 'rm.op.candidate-tags.delete',
    verdict: 'failed',
    about: del,
    also: [list],
  });
});

test("foreignOutcome / expectNoneForeign: a candidate's list shows nothing made for another candidate; about the read", () => {
  const list = exchange({ operationId: 'rm.educations.list', path: '/candidates/a/educations' });
  conforms(foreignOutcome(list, [], "A's educations"));
  fails(foreignOutcome(list, ['edu-9'], "A's educations"), 'shows edu-9, made for another candidate');
  verdictOf(() => expectNoneForeign(list, ['edu-9'], 'rm.op.educations.list', "A's educations"), {
    check: 'state',
    clause: 'rm.op.educations.list',
    verdict: 'failed',
    about: list,
  });
  verdictOf(() => expectNoneForeign(list, [], 'rm.op.educations.list', "A's educations"), {
    check: 'state',
    clause: 'rm.op.educations.list',
    verdict: 'passed',
    about: list,
  });
});

test('sameRecordOutcome / expectSameRecord: a read by id answers that record; about the read', () => {
  const read = get();
  conforms(sameRecordOutcome(read, 'c1', 'c1'));
  fails(sameRecordOutcome(read, 'c1', 'c9'), 'answered record c9, not c1');
  verdictOf(() => expectSameRecord(read, 'c1', null, 'rm.op.candidates.get'), {
    check: 'state',
    clause: 'rm.op.candidates.get',
    verdict: 'failed',
    about: read,
    cells: ['200'],
  });
});

test('distinctRecordsOutcome / expectDistinctRecords: two creates make two records', () => {
  conforms(distinctRecordsOutcome(['e1', 'e2'], 'two POST'));
  fails(distinctRecordsOutcome(['e1', 'e1'], 'two POST'), 'two POST made one record e1');
  const [w1, w2] = [
    exchange({ operationId: 'rm.educations.create', method: 'POST', status: 201 }),
    exchange({ operationId: 'rm.educations.create', method: 'POST', status: 201 }),
  ];
  verdictOf(() => expectDistinctRecords([w1, w2], ['e1', 'e1'], 'rm.op.educations.create', 'two POST'), {
    check: 'state',
    clause: 'rm.op.educations.create',
    verdict: 'failed',
    about: w1,
    also: [w2],
    cells: ['201'],
  });
});

test('writeAcceptedOutcome / expectWriteAccepted: a status judgement that speaks for the 2xx cell', () => {
  const ok = answered({ api: 'hr', operationId: 'hr.position.put', method: 'PUT', path: '/hrcore/position', status: 204 });
  conforms(writeAcceptedOutcome(ok));
  fails(writeAcceptedOutcome(answered({ status: 409 }), 'archive'), 'expected 2xx (archive)');
  verdictOf(() => expectWriteAccepted(ok, 'hr.rule.omitted-kept'), {
    check: 'state',
    clause: 'hr.rule.omitted-kept',
    verdict: 'passed',
    about: ok,
    cells: ['2xx'],
    judgesStatus: true,
  });
  const refused = answered({ api: 'hr', operationId: 'hr.position.put', method: 'PUT', path: '/hrcore/position', status: 400 });
  verdictOf(() => expectWriteAccepted(refused, 'hr.rule.omitted-kept'), {
    check: 'state',
    clause: 'hr.rule.omitted-kept',
    verdict: 'failed',
    about: refused,
    cells: ['2xx'],
  });
});

test('probeOutcome / expectStateShownBy: the state a write left, shown by a later request; a failure is about the probe that shows it broken', () => {
  const unit = (status: number) =>
    answered({ api: 'hr', operationId: 'hr.business-unit-level1.put', method: 'PUT', path: '/hrcore/business-unit/level1', status });
  conforms(probeOutcome(unit(400), '4xx', 'still referenced'));
  fails(probeOutcome(unit(200), '4xx', 'still referenced'), 'expected 4xx (still referenced)');
  const [refused, again] = [unit(400), unit(200)];
  verdictOf(() => expectStateShownBy(refused, again, '4xx', 'hr.state.bu-archive-refused', 'asked again'), {
    check: 'state',
    clause: 'hr.state.bu-archive-refused',
    verdict: 'failed',
    about: again,
    also: [refused],
    cells: ['2xx'],
    judgesStatus: false,
  });
});

test('no-trace: nothingStoredOutcome / expectNothingStored and countKeptOutcome / expectCountKept, about the refused write first', () => {
  const refused = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 422 });
  const read = exchange();
  conforms(nothingStoredOutcome(refused, [], 'the filter'));
  fails(nothingStoredOutcome(refused, ['c1'], 'the filter'), '-> 422 refused it, but the filter shows c1');
  verdictOf(() => expectNothingStored(refused, [read], ['c1'], 'rm.error.422', 'the filter'), {
    check: 'no-trace',
    clause: 'rm.error.422',
    verdict: 'failed',
    about: refused,
    also: [read],
    cells: ['422'],
  });
  conforms(countKeptOutcome(refused, 2, 2, 'files shown'));
  fails(countKeptOutcome(refused, 2, 3, 'files shown'), 'files shown went from 2 to 3');
  verdictOf(() => expectCountKept(refused, [read], 1, 1, 'rm.rule.file-refused', 'files shown'), {
    check: 'no-trace',
    clause: 'rm.rule.file-refused',
    verdict: 'passed',
    about: refused,
    also: [read],
  });
});

test('no-trace (v3, D69): leftNothingOutcome / expectLeftNothing, a later write that would update what a refused write left is not taken', () => {
  const put = (status: number, body: unknown) =>
    exchange({ api: 'hr', operationId: 'hr.position.put', method: 'PUT', path: '/hrcore/position', status, body });
  const refused = put(400, { message: 'name is required' });
  const what = '{externalId, fte} as an update';
  conforms(leftNothingOutcome(refused, put(400, { message: 'name is required' }) as Parameters<typeof leftNothingOutcome>[1], what));
  conforms(leftNothingOutcome(refused, put(200, { success: false }) as Parameters<typeof leftNothingOutcome>[1], what));
  fails(
    leftNothingOutcome(refused, put(200, { status: 'updated' }) as Parameters<typeof leftNothingOutcome>[1], what),
    '-> 400 refused it, but',
    'took {externalId, fte}',
  );
  const probe = put(200, { status: 'updated' });
  verdictOf(() => expectLeftNothing(refused, probe, 'hr.position.name', what), {
    check: 'no-trace',
    clause: 'hr.position.name',
    verdict: 'failed',
    about: refused,
    also: [probe],
  });
  const crashed = put(500, '');
  verdictOf(() => expectLeftNothing(refused, crashed, 'hr.position.name', what), {
    check: 'no-server-error',
    clause: 'hr.position.name',
    verdict: 'failed',
    about: crashed,
  });
});

test('no-trace (v3, D69): leftNothingAlikeOutcome, a bare externalId refused for the refused id and taken for a fresh one shows the record', () => {
  const put = (status: number) =>
    exchange({ api: 'hr', operationId: 'hr.employee.put', method: 'PUT', path: '/hrcore/employee', status, body: {} });
  const refused = put(401);
  const alike = (control: number, probe: number) =>
    leftNothingAlikeOutcome(
      refused,
      put(control) as Parameters<typeof leftNothingAlikeOutcome>[1],
      put(probe) as Parameters<typeof leftNothingAlikeOutcome>[2],
      'it',
    );
  conforms(alike(200, 200));
  conforms(alike(400, 400));
  fails(alike(200, 400), '-> 401 refused it, but', 'took for a fresh id');
  const [control, probe] = [put(200), put(400)];
  verdictOf(() => expectLeftNothingAlike(refused, control, probe, 'v3.auth.token', 'it'), {
    check: 'no-trace',
    clause: 'v3.auth.token',
    verdict: 'failed',
    about: refused,
    also: [probe, control],
  });
});
