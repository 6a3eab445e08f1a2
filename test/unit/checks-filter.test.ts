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
} from '../../src/checks/registry/filter';
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

test('arrayFormOutcome / expectArrayFormAnswered: about the repeated form, then the comma form', () => {
  const comma = exchange({ status: 400, path: '/candidates/1/events?filter[kind]=a,b' });
  conforms(arrayFormOutcome(comma, exchange({ status: 200 })));
  const repeated = exchange({ status: 422 });
  fails(arrayFormOutcome(comma, repeated), 'neither form');
  verdictOf(() => expectArrayFormAnswered(comma, repeated, 'rm.filter.kind'), {
    check: 'filter',
    clause: 'rm.filter.kind',
    verdict: 'failed',
    about: repeated,
    also: [comma],
  });
});
