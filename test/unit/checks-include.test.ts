/** include: every entry an include names is embedded; a candidate's relationship names what it surely has. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  embeddedOutcome,
  entryMatches,
  expectEmbedded,
  expectKnownEmbedded,
  expectRelationshipNames,
  expectRelationshipsApart,
  isKnownRecord,
  knownEmbeddedOutcome,
  relationshipNamesOutcome,
  relationshipsApartOutcome,
  relationshipsKeptOutcome,
  type RelationshipView,
} from '../../src/checks/registry/include';
import { conforms, exchange, fails, verdictOf } from './checks-kit';

const get = () => exchange({ operationId: 'rm.candidates.get', path: '/candidates/c1?include=lists' });

test('entryMatches: the same id, and the same type where both name one (or two names of the same records)', () => {
  assert.equal(entryMatches({ id: '1', type: '' }, { id: '1', type: 'lists' }, null), true);
  assert.equal(
    entryMatches({ id: '1', type: 'static_lists' }, { id: '1', type: 'company_lists' }, ['static_lists', 'company_lists']),
    true,
  );
  assert.equal(entryMatches({ id: '1', type: 'static_lists' }, { id: '1', type: 'jobs' }, ['static_lists', 'company_lists']), false);
  assert.equal(entryMatches({ id: '1', type: '' }, { id: '2', type: '' }, null), false);
});

test('embeddedOutcome / expectEmbedded: the record an entry names is in the answer; about the answer', () => {
  const inAnswer = [{ id: 'l1', type: 'company_lists' }];
  conforms(
    embeddedOutcome(
      { id: 'l1', type: 'static_lists' },
      inAnswer,
      ['static_lists', 'company_lists'],
      'candidate c1 relationship lists',
      inAnswer,
    ),
  );
  fails(
    embeddedOutcome({ id: 'l2', type: 'static_lists' }, inAnswer, null, 'candidate c1 relationship lists', inAnswer),
    '{id: l2, type: static_lists}',
    '1 company_lists',
  );
  const ex = get();
  let found: { id: string; type: string } | null = null;
  verdictOf(
    () => {
      found = expectEmbedded(ex, { id: 'l1', type: '' }, inAnswer, null, 'rm.include.candidates', 'c1 lists', inAnswer);
    },
    { check: 'include', clause: 'rm.include.candidates', verdict: 'passed', about: ex, cells: ['200'], judgesStatus: false },
  );
  assert.deepEqual(found, inAnswer[0]);
  verdictOf(() => expectEmbedded(ex, { id: 'l9', type: '' }, inAnswer, null, 'rm.include.candidates', 'c1 lists', inAnswer), {
    check: 'include',
    clause: 'rm.include.candidates',
    verdict: 'failed',
    about: ex,
    cells: ['200'],
  });
});

test('knownEmbeddedOutcome / expectKnownEmbedded: the answer embeds a record the candidate surely has, by id or by name', () => {
  const embedded = [{ id: 't1', type: 'taggings', attributes: { name: 'conformance-x' } }];
  assert.equal(isKnownRecord({ id: null, name: 'conformance-x' })(embedded[0] ?? { id: '', type: '', attributes: {} }), true);
  conforms(knownEmbeddedOutcome(embedded, { id: 't1', name: null }, 'has t1'));
  conforms(knownEmbeddedOutcome(embedded, { id: null, name: 'conformance-x' }, 'has the tag'));
  fails(
    knownEmbeddedOutcome(embedded, { id: 'e1', name: null }, 'candidate c1 has educations record e1'),
    'candidate c1 has educations record e1, but the answer embeds only t1',
  );
  const ex = get();
  verdictOf(() => expectKnownEmbedded(ex, [], { id: 'e1', name: null }, 'rm.include.candidates', 'has e1'), {
    check: 'include',
    clause: 'rm.include.candidates',
    verdict: 'failed',
    about: ex,
  });
});

test("relationshipNamesOutcome / expectRelationshipNames: the candidate's relationship names the record it has", () => {
  conforms(relationshipNamesOutcome([{ id: 'e1', type: 'educations' }], 'e1', ['educations'], 'has e1'));
  fails(relationshipNamesOutcome([], 'e1', ['educations'], 'has e1'), 'its relationship educations names nothing');
  const ex = get();
  verdictOf(() => expectRelationshipNames(ex, [{ id: 'e2', type: '' }], 'e1', ['educations'], 'rm.candidate.rel.educations', 'has e1'), {
    check: 'include',
    clause: 'rm.candidate.rel.educations',
    verdict: 'failed',
    about: ex,
  });
});

test('relationshipsApartOutcome / expectRelationshipsApart: messages sent to and sent by the candidate share none', () => {
  const names = ['messages_to', 'messages_from'] as const;
  conforms(relationshipsApartOutcome([{ id: 'm1', type: 'messages' }], [{ id: 'm2', type: 'messages' }], names, 'candidate c1'));
  fails(
    relationshipsApartOutcome([{ id: 'm1', type: 'messages' }], [{ id: 'm1', type: '' }], names, 'candidate c1'),
    'messages_to and messages_from both name',
  );
  const ex = get();
  verdictOf(
    () =>
      expectRelationshipsApart(
        ex,
        [{ id: 'm1', type: '' }],
        [{ id: 'm1', type: '' }],
        names,
        'rm.candidate.rel.messages_from',
        'candidate c1',
      ),
    { check: 'include', clause: 'rm.candidate.rel.messages_from', verdict: 'failed', about: ex },
  );
});

test('relationshipsKeptOutcome: a relationship naming a record through one read is carried through the other, in any form', () => {
  const view = (id: string, rels: Record<string, { id: string; type: string }[]>): RelationshipView => ({
    id,
    relationships: new Map(Object.entries(rels)),
  });
  const what = { shownBy: 'GET /candidates/1/events', other: 'GET /job_applications/7/events' };
  const viaCandidate = [view('e1', { job: [{ id: 'j1', type: 'jobs' }], location: [] }), view('e2', { job: [] })];
  // Carried with linkage, links only or empty ([]), or an event only one read shows: conforms.
  assert.equal(relationshipsKeptOutcome(viaCandidate, [view('e1', { job: [{ id: 'j1', type: 'jobs' }] })], what).ok, true);
  assert.equal(relationshipsKeptOutcome(viaCandidate, [view('e1', { job: [] })], what).ok, true);
  assert.equal(relationshipsKeptOutcome(viaCandidate, [view('e9', {})], what).ok, true);
  // A relationship that names nothing through the candidate need not be carried (location, e2's job).
  assert.equal(relationshipsKeptOutcome(viaCandidate, [view('e2', {})], what).ok, true);
  // Left out where the candidate's read names a record: fails, naming the event, the relationship and the record.
  const left = relationshipsKeptOutcome(viaCandidate, [view('e1', {})], what);
  assert.equal(left.ok, false);
  assert.match(
    left.ok ? '' : left.detail,
    /GET \/job_applications\/7\/events shows record e1 without job \(GET \/candidates\/1\/events names j1\)/,
  );
});
