/** filter: the rules every filter keeps, each judged about the list exchange that shows the wrong record. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  arrayFormOutcome,
  differing,
  disjointOutcome,
  excludesOutcome,
  expectArrayFormAnswered,
  expectDisjoint,
  expectExcludes,
  expectOnlyFitting,
  expectSameSelection,
  expectSelects,
  expectSelectsAny,
  expectSelectsNone,
  expectTrueReading,
  expectUnion,
  includesOutcome,
  onlyFittingOutcome,
  sameSelectionOutcome,
  selectsAnyOutcome,
  selectsNoneOutcome,
  trueReadingOutcome,
  unionOutcome,
  type Rule,
  type Selection,
  boundsOutcome,
  conversationFalseOutcome,
  expectBounds,
  expectLiveJobs,
  expectOneValue,
  liveJobsOutcome,
  oneValueOutcome,
} from '../../src/checks/registry/filter';
import { shownInstant } from '../../src/checks/instant';
import { conforms, exchange, fails, judged, page, verdictOf } from './checks-kit';

type Rec = { id: string; attributes: Record<string, unknown> };
const sel = (query: string, ...pages: string[][]): Selection<Rec> => ({ query, pages: pages.map((ids) => page(ids)) });
const kinds = (query: string, ...records: [string, string][]): Selection<Rec> => ({
  query,
  pages: [{ exchange: exchange(), records: records.map(([id, kind]) => ({ id, attributes: { kind } })) }],
});

test('includesOutcome / expectSelects: the selection includes the record; about its pages, the first first', () => {
  const s = sel('GET /candidates?filter[email][eq]=x', ['a'], ['b']);
  conforms(includesOutcome(s, ['b']));
  fails(includesOutcome(s, ['c'], 'it has that e-mail'), 'does not select c', 'it has that e-mail');
  verdictOf(() => expectSelects(s, ['c'], 'rm.filter.email'), {
    check: 'filter',
    clause: 'rm.filter.email',
    verdict: 'failed',
    about: s.pages[0]?.exchange ?? null,
    also: [s.pages[1]?.exchange ?? exchange()],
    cells: ['200'],
  });
});

test('excludesOutcome / expectExcludes: about the page that returned the record', () => {
  const s = sel('GET /candidates?filter[updated_at][lt]=T', ['a'], ['b', 'c']);
  conforms(excludesOutcome(s, ['z']));
  fails(excludesOutcome(s, ['c']), 'selects c');
  const [p1, p2] = s.pages;
  verdictOf(() => expectExcludes(s, ['c'], 'rm.filter.updated_at.lt'), {
    check: 'filter',
    clause: 'rm.filter.updated_at.lt',
    verdict: 'failed',
    about: p2?.exchange ?? null,
    also: [p1?.exchange ?? exchange()],
  });
});

test('selectsAnyOutcome and selectsNoneOutcome', () => {
  conforms(selectsAnyOutcome(sel('q', ['a']), ['a']));
  conforms(selectsAnyOutcome(sel('q', []), []));
  fails(selectsAnyOutcome(sel('q', []), ['a']), 'returned nothing', 'a');
  conforms(selectsNoneOutcome(sel('q', [])));
  fails(selectsNoneOutcome(sel('q', ['j1'])), 'returned 1 records', 'j1');
  const none = sel('GET /jobs?filter[q][eq]=zq', ['j1']);
  verdictOf(() => expectSelectsNone(none, 'rm.filter.q'), {
    check: 'filter',
    clause: 'rm.filter.q',
    verdict: 'failed',
    about: none.pages[0]?.exchange ?? null,
  });
  const any = sel('q', []);
  verdictOf(() => expectSelectsAny(any, ['a'], 'rm.filter.kind'), {
    check: 'filter',
    clause: 'rm.filter.kind',
    verdict: 'failed',
    about: any.pages[0]?.exchange ?? null,
  });
});

test('onlyFittingOutcome / expectOnlyFitting: every record fits the rule; about the page with the first that does not', () => {
  const rule: Rule<Rec> = {
    text: 'of the kind view',
    fits: (r) => r.attributes.kind === 'view',
    shown: (r) => `${r.id} (${String(r.attributes.kind)})`,
  };
  const good = kinds('GET /events?filter[kind]=view', ['e1', 'view']);
  conforms(onlyFittingOutcome(good, rule));
  const other = page([]);
  const bad: Selection<Rec> = { query: 'GET /events?filter[kind]=view', pages: [other, ...kinds('q', ['e2', 'email']).pages] };
  fails(onlyFittingOutcome(bad, rule), 'e2 (email)', 'not of the kind view');
  verdictOf(() => expectOnlyFitting(bad, rule, 'rm.filter.kind'), {
    check: 'filter',
    clause: 'rm.filter.kind',
    verdict: 'failed',
    about: bad.pages[1]?.exchange ?? null,
    also: [other.exchange],
  });
});

test('sameSelectionOutcome / expectSameSelection: what two queries select alike, but for records explained by a change', () => {
  const a = sel('A', ['1', '2']);
  const b = sel('B', ['1', '3']);
  assert.deepEqual(differing(a, b).sort(), ['2', '3']);
  conforms(sameSelectionOutcome(a, b, ['2', '3'], 'all pages'));
  fails(
    sameSelectionOutcome(a, b, ['2'], 'all pages', 'default false'),
    'A and B select different records over all pages: 3',
    'default false',
  );
  verdictOf(() => expectSameSelection(a, b, ['2'], 'all pages', 'rm.filter.archived'), {
    check: 'filter',
    clause: 'rm.filter.archived',
    verdict: 'failed',
    about: b.pages[0]?.exchange ?? null,
    also: [a.pages[0]?.exchange ?? exchange()],
  });
});

test('disjointOutcome / expectDisjoint: true and false of one filter share none of the records checked', () => {
  const yes = sel('true', ['1', '2']);
  const no = sel('false', ['2', '3']);
  conforms(disjointOutcome(yes, no, ['1']));
  fails(disjointOutcome(yes, no, ['2']), '2 selected by both true and false');
  verdictOf(() => expectDisjoint(yes, no, ['2'], 'rm.filter.resume'), {
    check: 'filter',
    clause: 'rm.filter.resume',
    verdict: 'failed',
    about: yes.pages[0]?.exchange ?? null,
    also: [no.pages[0]?.exchange ?? exchange()],
  });
});

test('unionOutcome / expectUnion: an array filter selects the union of its values', () => {
  const a = sel('kind=a', ['1']);
  const b = sel('kind=b', ['2']);
  conforms(unionOutcome(sel('kind=a,b', ['1', '2']), [a, b]));
  const both = sel('kind=a,b', ['1']);
  fails(unionOutcome(both, [a, b]), 'is not the union of kind=a and kind=b: 2');
  verdictOf(() => expectUnion(both, [a, b], 'rm.filter.kind'), {
    check: 'filter',
    clause: 'rm.filter.kind',
    verdict: 'failed',
    about: both.pages[0]?.exchange ?? null,
    also: [a.pages[0]?.exchange ?? exchange(), b.pages[0]?.exchange ?? exchange()],
  });
});

test('trueReadingOutcome: only the X records, or the default ones with them, each holding the known X; the verdict names the reading', () => {
  const archived = (ids: string[]): Rec[] => ids.map((id) => ({ id, attributes: { archived: id.startsWith('x') } }));
  const of = (q: string, ids: string[], complete = true): Selection<Rec> => ({
    query: q,
    pages: [{ exchange: exchange(), records: archived(ids) }],
    complete,
  });
  const isX = (r: Rec): boolean | null => r.attributes.archived === true;
  const byDefault = of('default', ['a', 'b']);
  const held = (yes: Selection<Rec>, known: string[] = []): readonly string[] =>
    trueReadingOutcome('archived', byDefault, yes, isX, known).judgement.held;
  assert.deepEqual(held(of('true', ['x1'])), ['only-archived']);
  assert.deepEqual(held(of('true', ['a', 'b', 'x1'])), ['archived-included']);
  assert.deepEqual(held(of('true', ['a', 'x1'], false)), ['archived-included']);
  assert.deepEqual(held(of('true', ['a', 'x1'])), []);
  // Known to be archived: an empty answer is neither reading, nor is an ignored filter.
  assert.deepEqual(held(of('true', []), ['x9']), []);
  assert.deepEqual(held(of('true', ['a', 'b']), ['x9']), []);
  conforms(trueReadingOutcome('archived', byDefault, of('true', ['x1']), isX).outcome);
  const neither = of('filter[archived]=true', ['a', 'x1']);
  fails(
    trueReadingOutcome('archived', byDefault, neither, isX).outcome,
    'filter[archived]=true',
    'none of the lawful readings',
    'only-archived',
  );
  const { verdicts } = judged(() => expectTrueReading('archived', byDefault, neither, isX, 'rm.filter.archived'));
  assert.deepEqual(verdicts[0]?.reading, { entry: 'rm.filter.archived.true', held: [], declared: null });
  verdictOf(() => expectTrueReading('archived', byDefault, neither, isX, 'rm.filter.archived'), {
    check: 'filter',
    clause: 'rm.filter.archived',
    verdict: 'failed',
    about: neither.pages[0]?.exchange ?? null,
    also: [byDefault.pages[0]?.exchange ?? exchange()],
  });
});

test('arrayFormOutcome / expectArrayFormAnswered: comma-joined, or the repeated form after the comma form is refused (D37)', () => {
  const comma = exchange({ status: 400, path: '/candidates/1/events?filter[kind]=a,b' });
  conforms(arrayFormOutcome(comma, exchange({ status: 200 })).outcome);
  conforms(arrayFormOutcome(exchange({ status: 200 }), null).outcome);
  const repeated = exchange({ status: 422 });
  fails(arrayFormOutcome(comma, repeated).outcome, 'rm.filter.array-form');
  verdictOf(() => expectArrayFormAnswered(comma, repeated, 'rm.filter.kind'), {
    check: 'filter',
    clause: 'rm.filter.kind',
    verdict: 'failed',
    about: repeated,
    also: [comma],
  });
});

test('boundsOutcome / expectBounds: time bounds judged at the precision shown (D75), a record without an instant left out', () => {
  type R = { id: string; attributes: Record<string, unknown> };
  const rec = (id: string, utc: string | null, epoch?: number): R => ({ id, attributes: { at: { utc, epoch } } });
  const instantOf = (r: R) => shownInstant(r.attributes.at);
  const sel = (records: R[], query = 'GET /x'): Selection<R> => ({ query, pages: [{ exchange: exchange(), records }] });
  const t = '2025-03-01T10:00:00.123Z';
  const known = [{ id: 'k', instant: shownInstant({ utc: t }) ?? { at: 0, unit: 1, from: 'utc' as const, text: '' } }];
  // µs stored, ms shown: the record at T left out of lte=T is explained; left out of gte=T is not.
  const lte = { selection: sel([]), bounds: [{ op: 'lte' as const, at: t }], whole: true };
  conforms(boundsOutcome([lte], instantOf, known, 'lte').outcome);
  const gte = { selection: sel([]), bounds: [{ op: 'gte' as const, at: t }], whole: true };
  fails(boundsOutcome([gte], instantOf, known, 'gte').outcome, 'record k', 'not selected by gte');
  // A null utc is read through epoch: a record shown (by epoch) a day before the bound and returned by gte fails.
  const early = rec('e', null, Math.floor(Date.parse(t) / 1000) - 86_400);
  const returned = { selection: sel([early]), bounds: [{ op: 'gte' as const, at: t }], whole: false };
  fails(boundsOutcome([returned], instantOf, [], 'gte').outcome, 'record e (epoch');
  const nothing = { selection: sel([rec('n', null)]), bounds: [{ op: 'gte' as const, at: t }], whole: false };
  assert.equal(boundsOutcome([nothing], instantOf, [], 'gte').judged, 0);
  const v = verdictOf(() => expectBounds([returned], instantOf, [], 'gte', 'rm.filter.created_at'), {
    check: 'filter',
    clause: 'rm.filter.created_at',
    verdict: 'failed',
    about: returned.selection.pages[0]?.exchange ?? null,
  });
  assert.equal(v.reading?.entry, 'rm.filter.bound-precision');
});

test('oneValueOutcome: a record that shows no kind, selected by filters for two kinds, fails (D79)', () => {
  const a = { query: 'kind=view', pages: [page(['e1', 'e2'])] };
  const b = { query: 'kind=email', pages: [page(['e2'])] };
  conforms(oneValueOutcome([['view', a]], ['e1', 'e2'], 'kind'));
  fails(
    oneValueOutcome(
      [
        ['view', a],
        ['email', b],
      ],
      ['e2'],
      'kind',
    ),
    'e2 shows no kind',
    'kind=view',
    'kind=email',
  );
  verdictOf(
    () =>
      expectOneValue(
        [
          ['view', a],
          ['email', b],
        ],
        ['e2'],
        'kind',
        'rm.filter.kind',
      ),
    {
      check: 'filter',
      clause: 'rm.filter.kind',
      verdict: 'failed',
      about: b.pages[0]?.exchange ?? null,
      also: [a.pages[0]?.exchange ?? exchange()],
    },
  );
});

test('liveJobsOutcome: a listed job whose status names an unpublished page fails; past its closing_at is a reading (D77)', () => {
  const job = (id: string, status: unknown, closing: string | null) => ({
    id,
    attributes: { status, closing_at: closing ? { utc: closing } : null },
  });
  const now = Date.parse('2026-01-01T00:00:00Z');
  const sel = (jobs: ReturnType<typeof job>[]) => ({ query: 'GET /jobs', pages: [{ exchange: exchange(), records: jobs }] });
  conforms(liveJobsOutcome(sel([job('1', 'live', '2025-01-01T00:00:00Z')]), now).outcome);
  assert.deepEqual(liveJobsOutcome(sel([job('1', 'live', '2025-01-01T00:00:00Z')]), now).judgement.held, ['published']);
  fails(liveJobsOutcome(sel([job('2', 'Closed', null)]), now).outcome, 'rm.jobs.live');
  const listing = sel([job('1', 'live', null), job('3', 'draft', null)]);
  verdictOf(() => expectLiveJobs(listing, now, 'rm.op.jobs.list'), {
    check: 'filter',
    clause: 'rm.op.jobs.list',
    verdict: 'failed',
    about: listing.pages[0]?.exchange ?? null,
  });
});

test('conversationFalseOutcome: only the messages in no conversation, or every message (D76)', () => {
  const all = { query: 'all', pages: [page(['a', 'b', 'c'])], complete: true };
  const no = (ids: string[]) => ({ query: 'false', pages: [page(ids)], complete: true });
  conforms(conversationFalseOutcome(no(['b', 'c']), all, ['a'], ['b', 'c']).outcome);
  conforms(conversationFalseOutcome(no(['a', 'b', 'c']), all, ['a'], ['b', 'c']).outcome);
  fails(conversationFalseOutcome(no(['a']), all, ['a'], ['b', 'c']).outcome, 'rm.filter.conversation.false');
});
