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
import {
  copiesDiffer,
  embeddedNamedOutcome,
  embeddedPlaceOutcome,
  expectEmbeddedAt,
  expectOwnRecords,
  expectRelatedType,
  expectRepeatsAlike,
  expectSentByCandidate,
  expectSentToCandidate,
  expectWithoutLinkageLawful,
  ownRecordsOutcome,
  relatedTypeOutcome,
  repeatsOutcome,
  sentByCandidateOutcome,
  sentToCandidateOutcome,
  withoutLinkageOutcome,
  type EmbeddedCopy,
} from '../../src/checks/registry/include';
import { conforms, exchange, fails, judged, verdictOf } from './checks-kit';

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

test('relationshipsKeptOutcome: a relationship naming a record through one read is carried through the other, naming the same records', () => {
  const view = (id: string, rels: Record<string, { id: string; type: string }[]>, linksOnly: string[] = []): RelationshipView => ({
    id,
    relationships: new Map(Object.entries(rels)),
    withoutLinkage: new Set(linksOnly),
  });
  const what = { shownBy: 'GET /candidates/1/events', other: 'GET /job_applications/7/events' };
  const viaCandidate = [view('e1', { job: [{ id: 'j1', type: 'jobs' }], location: [] }), view('e2', { job: [] })];
  // Carried with the same linkage, links only, or an event only one read shows: conforms.
  assert.equal(relationshipsKeptOutcome(viaCandidate, [view('e1', { job: [{ id: 'j1', type: '' }] })], what).ok, true);
  assert.equal(relationshipsKeptOutcome(viaCandidate, [view('e1', { job: [] }, ['job'])], what).ok, true);
  assert.equal(relationshipsKeptOutcome(viaCandidate, [view('e9', {})], what).ok, true);
  // D84: linkage through both that names other records (another id, no record, the same id under another type) fails.
  fails(
    relationshipsKeptOutcome(viaCandidate, [view('e1', { job: [{ id: 'j2', type: 'jobs' }] })], what),
    'GET /job_applications/7/events: e1 job names j2 (jobs), where GET /candidates/1/events names j1 (jobs)',
  );
  fails(relationshipsKeptOutcome(viaCandidate, [view('e1', { job: [] })], what), 'e1 job names (none)');
  fails(relationshipsKeptOutcome(viaCandidate, [view('e1', { job: [{ id: 'j1', type: 'categories' }] })], what), 'e1 job names j1');
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

test('withoutLinkageOutcome / expectWithoutLinkageLawful (D80): links only is lawful when not asked, or when nothing is related; the verdict names the reading', () => {
  assert.deepEqual(withoutLinkageOutcome({ asked: false, embeddedUnnamed: 3, known: 0 }, 'x').judgement.held, ['not-loaded']);
  assert.deepEqual(withoutLinkageOutcome({ asked: true, embeddedUnnamed: 0, known: 0 }, 'x').judgement.held, ['nothing-related']);
  fails(
    withoutLinkageOutcome({ asked: true, embeddedUnnamed: 2, known: 0 }, 'include=educations: the educations relationship of 1 record')
      .outcome,
    'gives links only',
    '2 embedded records of it named by no pair',
  );
  fails(withoutLinkageOutcome({ asked: true, embeddedUnnamed: 0, known: 1 }, 'c1 educations').outcome, '1 related records known');
  const ex = get();
  const { verdicts } = judged(() =>
    expectWithoutLinkageLawful(ex, { asked: true, embeddedUnnamed: 1, known: 0 }, 'rm.layout.relationship', 'c1'),
  );
  assert.equal(verdicts[0]?.check, 'include');
  assert.equal(verdicts[0]?.clause, 'rm.layout.relationship');
  assert.equal(verdicts[0]?.verdict, 'failed');
  assert.deepEqual(verdicts[0]?.reading, { entry: 'rm.relationship.without-linkage', held: [], declared: null });
});

test('relatedTypeOutcome / expectRelatedType (D4): the table type, the heading type or the include name, never another', () => {
  const lists = { table: 'static_lists', heading: 'company_lists', include: 'lists' };
  for (const type of ['static_lists', 'company_lists', 'lists']) assert.equal(relatedTypeOutcome({ type, ...lists }, 'x').outcome.ok, true);
  const educations = { table: 'educations', heading: null, include: 'educations' };
  fails(
    relatedTypeOutcome({ type: 'candidate_educations', ...educations }, 'c1 educations').outcome,
    'carries type "candidate_educations"',
  );
  const ex = get();
  const { verdicts } = judged(() => expectRelatedType(ex, { type: 'education', ...educations }, 'rm.candidate.rel.educations', 'c1'));
  assert.equal(verdicts[0]?.clause, 'rm.candidate.rel.educations');
  assert.equal(verdicts[0]?.verdict, 'failed');
  assert.equal(verdicts[0]?.reading?.entry, 'rm.relationship.type');
});

test('embeddedPlaceOutcome / expectEmbeddedAt (D11): the named record is in `included`, inside an entry or among the primary records', () => {
  const l1 = { id: 'l1', type: 'company_lists' };
  const judgement = embeddedPlaceOutcome(
    { id: 'l1', type: 'static_lists' },
    [{ record: l1, place: 'relationship-entry' }],
    ['static_lists', 'company_lists'],
    'c1 lists',
    [l1],
  );
  assert.deepEqual(judgement.judgement.held, ['relationship-entry']);
  fails(
    embeddedPlaceOutcome({ id: 'l2', type: '' }, [{ record: l1, place: 'included' }], null, 'c1 lists', [l1]).outcome,
    'is not embedded',
    '1 company_lists',
  );
  const ex = get();
  let found: unknown = null;
  const { verdicts } = judged(() => {
    found = expectEmbeddedAt(ex, { id: 'l1', type: '' }, [{ record: l1, place: 'included' }], null, 'rm.include.candidates', 'c1', [l1]);
  });
  assert.deepEqual(found, l1);
  assert.deepEqual(verdicts[0]?.reading?.held, ['included-array']);
});

test('repeatsOutcome / expectRepeatsAlike (D81): a record embedded twice is lawful when the copies agree on every member both show', () => {
  const copy = (attributes: Record<string, unknown>, named: Record<string, string[] | null> = {}): EmbeddedCopy => ({
    id: 'e1',
    type: 'educations',
    attributes,
    named: new Map(Object.entries(named)),
  });
  assert.deepEqual(copiesDiffer(copy({ a: { x: 1, y: 2 } }), copy({ a: { y: 2, x: 1 }, b: 3 })), []);
  assert.deepEqual(copiesDiffer(copy({ a: 1 }, { r: ['1', '2'] }), copy({ a: 2 }, { r: ['3'] })), ['attributes.a', 'relationships.r']);
  assert.deepEqual(copiesDiffer(copy({}, { r: null }), copy({}, { r: ['3'] })), [], 'links only names nothing to compare');
  assert.deepEqual(repeatsOutcome([copy({ a: 1 })], 'x').judgement.held, ['each-once']);
  assert.deepEqual(repeatsOutcome([copy({ a: 1 }), copy({ a: 1 })], 'x').judgement.held, ['repeated-alike']);
  fails(repeatsOutcome([copy({ a: 1 }), copy({ a: 2 })], 'include=educations').outcome, '{id: e1, type: educations} (attributes.a)');
  const ex = get();
  const { verdicts } = judged(() => expectRepeatsAlike(ex, [copy({ a: 1 }), copy({ a: 2 })], 'rm.layout.relationship', 'x'));
  assert.equal(verdicts[0]?.verdict, 'failed');
  assert.equal(verdicts[0]?.reading?.entry, 'rm.include.repeats');
});

test('embeddedNamedOutcome (D81): every embedded record is named by an entry of the answer', () => {
  conforms(embeddedNamedOutcome([], 'include=educations: the answer'));
  fails(
    embeddedNamedOutcome([{ id: 'em1', type: 'employments' }], 'include=educations: the answer'),
    '{id: em1, type: employments}',
    'no relationship entry',
  );
});

test("ownRecordsOutcome / expectOwnRecords (D82): what a candidate's relationship names, its own operation shows, under the heading's type", () => {
  conforms(
    ownRecordsOutcome(
      [
        { id: 'e1', type: 'candidate_events' },
        { id: 'e2', type: '' },
      ],
      ['e1', 'e2', 'e3'],
      'candidate_events',
      'x',
    ),
  );
  fails(
    ownRecordsOutcome([{ id: 'e9', type: 'candidate_events' }], ['e1'], 'candidate_events', 'GET /candidates/1/events'),
    'does not show e9',
  );
  fails(ownRecordsOutcome([{ id: 'e1', type: 'events' }], ['e1'], 'candidate_events', 'x'), 'e1 (type events)');
  const [naming, read] = [get(), exchange({ operationId: 'rm.candidate-events.list', path: '/candidates/c1/events' })];
  const { verdicts } = judged(() =>
    expectOwnRecords(naming, [read], [{ id: 'e9', type: '' }], ['e1'], 'candidate_events', 'rm.candidate.rel.events', 'x'),
  );
  assert.equal(verdicts[0]?.clause, 'rm.candidate.rel.events');
  assert.deepEqual([verdicts[0]?.exchangeSeq, verdicts[0]?.alsoJudged], [naming.seq, [read.seq]]);
});

test('sentToCandidateOutcome / sentByCandidateOutcome (D82, D83): the `to` of the messages a candidate names', () => {
  conforms(sentToCandidateOutcome('c1', 'm1', ['c1']));
  conforms(sentToCandidateOutcome('c1', 'm1', null));
  fails(sentToCandidateOutcome('c1', 'm1', ['c2']), 'has to naming c2');
  fails(sentToCandidateOutcome('c1', 'm1', []), 'has to naming nobody');
  assert.deepEqual(sentByCandidateOutcome('c1', 'm1', ['c1'], []).judgement.held, ['the-candidate']);
  assert.deepEqual(sentByCandidateOutcome('c1', 'm1', [], []).judgement.held, ['no-candidate']);
  assert.deepEqual(sentByCandidateOutcome('c1', 'm1', ['c2'], ['c2']).judgement.held, ['the-recipients']);
  fails(sentByCandidateOutcome('c1', 'm1', ['c2'], []).outcome, 'has to naming c2, and c2 do not name it among the messages sent to them');
  const ex = get();
  assert.equal(judged(() => expectSentToCandidate(ex, 'c1', 'm1', ['c2'])).verdicts[0]?.clause, 'rm.candidate.rel.messages_to');
  const recipient = exchange({ operationId: 'rm.candidates.get', path: '/candidates/c2?include=messages_to' });
  const byCandidate = judged(() => expectSentByCandidate(ex, [recipient], 'c1', 'm1', ['c2'], [])).verdicts[0];
  assert.equal(byCandidate?.reading?.entry, 'rm.message.to-of-sent-by-candidate');
  assert.deepEqual([byCandidate?.exchangeSeq, byCandidate?.alsoJudged], [ex.seq, [recipient.seq]]);
});
