/**
 * The v3 checks that judge an ambiguous sentence by its readings (src/readings/entries/v3-*.ts): each
 * predicate holds a reading on what a target taking it shows, none on a nearest miss, and each wrapper
 * records its check's verdict naming the readings that held.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  archivedChildrenOutcome,
  archiveStringOutcome,
  expectArchivedChildrenReading,
  expectArchiveStringReading,
  expectParentIdUpdateReading,
  parentChangeOutcome,
  parentIdUpdateOutcome,
} from '../../src/checks/registry/hierarchy';
import {
  expectIdStringReading,
  expectUnissuedIdReading,
  expectUnruledReading,
  idStringOutcome,
  unissuedIdOutcome,
  unruledOutcome,
} from '../../src/checks/registry/validation';
import { expectPublicPrivateReading, publicPrivateOutcome } from '../../src/checks/registry/access-level';
import { costNulledOutcome, expectCostNulledReading } from '../../src/checks/registry/state';
import { expectProviderFieldReading, providerFieldOutcome } from '../../src/checks/registry/setup';
import { writeShown } from '../../src/checks/write-shown';
import { answered, exchange, fails, judged } from './checks-kit';

const unit = (status: number, body: unknown = {}) =>
  answered({ api: 'hr', operationId: 'hr.business-unit-level2.put', method: 'PUT', path: '/hrcore/business-unit/level2', status, body });
const activity = (status: number, body: unknown = {}) =>
  answered({
    api: 'learning',
    operationId: 'learning.activities.put',
    method: 'PUT',
    path: '/learning/activities/externalId/a',
    status,
    body,
  });

/** The readings the last verdict of `fn` named, and whether it passed. */
function verdictReading(fn: () => void): { passed: boolean; check: string; held: readonly string[] } {
  const { verdicts } = judged(fn);
  const v = verdicts.at(-1);
  assert.ok(v, 'no verdict');
  return { passed: v.verdict === 'passed', check: v.check, held: v.reading?.held ?? [] };
}

test('writeShown: taken, refused (a 4xx or a 2xx that refuses) or neither; the validation message by D68', () => {
  assert.deepEqual(writeShown(unit(200, { status: 'updated' }), ['name']), {
    outcome: 'accepted',
    status: 200,
    saysMessage: false,
    validationMessage: false,
  });
  assert.deepEqual(writeShown(unit(400, { message: 'name is required' }), ['name']).validationMessage, true);
  assert.deepEqual(writeShown(unit(200, { success: false, message: 'name is required' }), ['name']).outcome, 'refused');
  assert.deepEqual(writeShown(unit(400, { error: 'Bad Request' }), ['name']).validationMessage, false);
  assert.equal(writeShown(unit(503, ''), []).outcome, 'other');
  assert.equal(writeShown(activity(400, { message: 'If cost is supplied' }), [], 'If cost is supplied').saysMessage, true);
});

test('hierarchy: D93 (a unit moved to another parent): taken, or refused with a message naming the parent id', () => {
  assert.deepEqual(parentChangeOutcome(unit(200, { status: 'updated' }), 'level1ExternalId').judgement.held, ['move-taken']);
  assert.deepEqual(
    parentChangeOutcome(unit(400, { message: 'level1ExternalId cannot change once set' }), 'level1ExternalId').judgement.held,
    ['move-refused'],
  );
  fails(parentChangeOutcome(unit(400, ''), 'level1ExternalId').outcome, 'none of the lawful readings of hr.bu.parent-change');
  fails(parentChangeOutcome(unit(500, ''), 'level1ExternalId').outcome, 'naming another live parent');
});

test('hierarchy: D21 (an update without the parent id), D22 (archive "true"), D38 (archive after the children)', () => {
  assert.deepEqual(parentIdUpdateOutcome(unit(200), 'level1ExternalId').judgement.held, ['create-only']);
  assert.deepEqual(parentIdUpdateOutcome(unit(400, { errors: { level1ExternalId: ['required'] } }), 'level1ExternalId').judgement.held, [
    'every-write',
  ]);
  fails(parentIdUpdateOutcome(unit(400, ''), 'level1ExternalId').outcome, 'none of the lawful readings of hr.bu.parent-id.update');
  const refused = exchange({ api: 'hr', operationId: 'hr.business-unit-level2.put', method: 'PUT', status: 400, body: '' });
  assert.deepEqual(
    verdictReading(() => expectParentIdUpdateReading(refused, 'hr.bu.level1ExternalId', 'level1ExternalId')),
    {
      passed: false,
      check: 'hierarchy',
      held: [],
    },
  );

  const archiveRefused = unit(400, { message: 'Business unit "p" cannot be archived: it is referenced by "c"' });
  assert.deepEqual(archiveStringOutcome(archiveRefused, unit(200)).judgement.held, ['string-is-the-flag']);
  assert.deepEqual(archiveStringOutcome(archiveRefused, unit(400, { errors: { archive: ['must be a boolean'] } })).judgement.held, [
    'string-refused',
  ]);
  fails(archiveStringOutcome(unit(200), unit(200)).outcome, 'none of the lawful readings of hr.bu.archive.string');
  const [r, u] = [unit(200), unit(200)];
  assert.equal(verdictReading(() => expectArchiveStringReading(r, u, 'hr.bu.archive')).passed, false);

  assert.deepEqual(archivedChildrenOutcome(unit(200)).judgement.held, ['archived-children-release']);
  assert.deepEqual(archivedChildrenOutcome(archiveRefused).judgement.held, ['archived-children-block']);
  fails(archivedChildrenOutcome(unit(409, { error: 'Conflict' })).outcome, 'none of the lawful readings');
  const ok = unit(200);
  assert.deepEqual(
    verdictReading(() => expectArchivedChildrenReading(ok, 'hr.state.bu-archive-refused')),
    {
      passed: true,
      check: 'hierarchy',
      held: ['archived-children-release'],
    },
  );
});

test('validation: D32 (a rule no sentence ties to a refusal), D39 (ids not issued), D45 (an id as a numeric string)', () => {
  assert.deepEqual(unruledOutcome(unit(200), ['archive'], 'a string').judgement.held, ['taken']);
  assert.deepEqual(unruledOutcome(unit(400, { error: 'Bad Request' }), ['archive'], 'a string').judgement.held, ['refused']);
  fails(unruledOutcome(unit(302, ''), ['archive'], 'a string').outcome, 'none of the lawful readings of v3.unruled.broken-rule');
  const crashed = exchange({ api: 'hr', operationId: 'hr.employee.put', method: 'PUT', status: 500, body: '' });
  assert.equal(verdictReading(() => expectUnruledReading(crashed, 'v3.error.validation', [], 'x')).check, 'no-server-error');

  assert.deepEqual(unissuedIdOutcome(activity(201, { id: 1 }), 'owner').judgement.held, ['unissued-accepted']);
  assert.deepEqual(unissuedIdOutcome(activity(400, { message: 'owner.id 9 is not registered' }), 'owner').judgement.held, [
    'unissued-refused',
  ]);
  fails(unissuedIdOutcome(activity(400, ''), 'owner').outcome, 'none of the lawful readings of learning.ids.unissued');
  const taken = exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status: 201, body: { id: 1 } });
  assert.deepEqual(
    verdictReading(() => expectUnissuedIdReading(taken, 'learning.owner', 'owner')),
    {
      passed: true,
      check: 'validation',
      held: ['unissued-accepted'],
    },
  );

  assert.deepEqual(idStringOutcome(activity(201, { id: 1 }), 'provider').judgement.held, ['coerced']);
  assert.deepEqual(idStringOutcome(activity(400, ''), 'provider').judgement.held, ['refused']);
  fails(idStringOutcome(activity(302, ''), 'provider').outcome, 'none of the lawful readings of learning.provider.id-string');
  assert.equal(verdictReading(() => expectIdStringReading(taken, 'learning.provider', 'provider')).passed, true);
});

test('access-level: D40 (public <-> private): 200, or refused with a message; 201 or a bare refusal is neither', () => {
  assert.deepEqual(publicPrivateOutcome(activity(200, {}), 'public', 'private').judgement.held, ['change-allowed']);
  assert.deepEqual(
    publicPrivateOutcome(activity(400, { message: 'accessLevel cannot change between public and private' }), 'public', 'private').judgement
      .held,
    ['change-refused'],
  );
  fails(publicPrivateOutcome(activity(201, {}), 'public', 'private').outcome, 'none of the lawful readings');
  fails(publicPrivateOutcome(activity(400, ''), 'public', 'private').outcome, 'accessLevel public -> private');
  const ex = exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status: 200, body: {} });
  const { verdicts } = judged(() =>
    assert.equal(expectPublicPrivateReading(ex, 'learning.state.access-levels', 'public', 'private'), true),
  );
  assert.deepEqual(verdicts.at(-1)?.reading?.held, ['change-allowed']);
});

test('state: D48 (the only cost sent as null): taken, or refused with a message for the currency it leaves', () => {
  const msg = 'If currency code is supplied at least one cost also needs to be supplied';
  assert.deepEqual(costNulledOutcome(activity(200, {})).judgement.held, ['cost-removed']);
  assert.deepEqual(costNulledOutcome(activity(400, { message: msg })).judgement.held, ['currency-left-refused']);
  fails(costNulledOutcome(activity(400, '')).outcome, 'none of the lawful readings of learning.costs.nulled');
  const refused = exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status: 400, body: { message: msg } });
  const { verdicts } = judged(() => assert.equal(expectCostNulledReading(refused, 'learning.rule.update'), false));
  assert.equal(verdicts.at(-1)?.check, 'state');
  assert.deepEqual(verdicts.at(-1)?.reading?.held, ['currency-left-refused']);
});

test('setup: D26 (the provider field): a lawful name with the create taken', () => {
  assert.deepEqual(providerFieldOutcome(activity(201, { id: 1 }), 'service').judgement.held, ['service']);
  assert.deepEqual(providerFieldOutcome(activity(201, { id: 1 }), 'theService').judgement.held, ['the-service']);
  fails(providerFieldOutcome(activity(201, { id: 1 }), 'vendor').outcome, 'none of the lawful readings of learning.provider.field');
  fails(
    providerFieldOutcome(activity(400, { message: 'provider is required' }), 'provider').outcome,
    'the provider object sent as "provider"',
  );
  const ex = exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', status: 201, body: { id: 1 } });
  assert.deepEqual(
    verdictReading(() => expectProviderFieldReading(ex, 'provider', 'learning.provider')),
    {
      passed: true,
      check: 'setup',
      held: ['provider'],
    },
  );
});
