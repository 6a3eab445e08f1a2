/** pagination and cursor: page size, overlap, gaps and the end of a walk, each judged about the right page. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  endsNumericWalk,
  expectNoGap,
  expectNumericWalkEnded,
  expectPagesDisjoint,
  expectPagesWithin,
  firstOverlap,
  gapOutcome,
  numericEndOutcome,
  overlapOutcome,
  pageSizeOutcome,
  expectPastEnd,
  pageSizeReadingOutcome,
  pastEndOutcome,
  pastEndShown,
} from '../../src/checks/registry/pagination';
import {
  cursorCompleteOutcome,
  cursorEndOutcome,
  cursorNextOutcome,
  expectCursorNextAnswered,
  expectCursorPagesDisjoint,
  expectCursorVisitsAll,
  expectCursorWalkComplete,
  expectCursorWalkEnded,
  nextCursorShown,
} from '../../src/checks/registry/cursor';
import { conforms, exchange, fails, page, verdictOf } from './checks-kit';

test('pageSizeOutcome: at most per_page records on a page', () => {
  conforms(pageSizeOutcome(page(['a', 'b']), 2));
  fails(pageSizeOutcome(page(['a', 'b', 'c']), 2), '3 records', 'per_page=2');
});

test('expectPagesWithin: one verdict per page, about that page (cell of its answered status)', () => {
  const first = page(['a']);
  const second = page(['b', 'c']);
  verdictOf(() => expectPagesWithin([first], 1), {
    check: 'pagination',
    clause: 'rm.query.per_page',
    verdict: 'passed',
    about: first.exchange,
    cells: ['200'],
    judgesStatus: false,
  });
  verdictOf(() => expectPagesWithin([first, second], 1), {
    check: 'pagination',
    clause: 'rm.query.per_page',
    verdict: 'failed',
    about: second.exchange,
    cells: ['200'],
  });
});

test('overlapOutcome: no record on two pages, nor twice on one; firstOverlap names where it shows', () => {
  const pages = [page(['a', 'b']), page(['c', 'd'])];
  conforms(overlapOutcome(pages, 'walk'));
  assert.equal(firstOverlap(pages), null);
  const repeated = [page(['a', 'b']), page(['c']), page(['b', 'e'])];
  fails(overlapOutcome(repeated, 'the walk'), 'the walk', 'b', 'page 3 of 3');
  assert.deepEqual(firstOverlap(repeated)?.ids, ['b']);
  fails(overlapOutcome([page(['x', 'x'])], 'w'), 'x', 'page 1');
});

test('expectPagesDisjoint (numeric) and expectCursorPagesDisjoint: about the page where the duplicate shows, then the pages before it', () => {
  const [p1, p2, p3] = [page(['a']), page(['b']), page(['a', 'c'])];
  verdictOf(() => expectPagesDisjoint([p1, p2, p3], 'walk'), {
    check: 'pagination',
    clause: 'rm.query.page',
    verdict: 'failed',
    about: p3.exchange,
    also: [p1.exchange, p2.exchange],
  });
  verdictOf(() => expectPagesDisjoint([p1, p2], 'walk'), {
    check: 'pagination',
    clause: 'rm.query.page',
    verdict: 'passed',
    about: p1.exchange,
    also: [p2.exchange],
  });
  verdictOf(() => expectCursorPagesDisjoint([p1, p2, p3], 'cursor walk'), {
    check: 'cursor',
    clause: 'rm.query.cursor',
    verdict: 'failed',
    about: p3.exchange,
    also: [p1.exchange, p2.exchange],
  });
});

test('gapOutcome: the pages show every record expected; expectNoGap and expectCursorVisitsAll judge the pages, then the read that showed them', () => {
  const [p1, p2] = [page(['a', 'b']), page(['c'])];
  conforms(gapOutcome([p1, p2], ['a', 'c'], 'walk'));
  fails(gapOutcome([p1, p2], ['a', 'z'], 'walk'), 'never show z');
  const single = exchange();
  verdictOf(() => expectNoGap([p1, p2], ['z'], 'walk', [single]), {
    check: 'pagination',
    clause: 'rm.query.page',
    verdict: 'failed',
    about: p1.exchange,
    also: [p2.exchange, single],
  });
  verdictOf(() => expectCursorVisitsAll([p1, p2], ['a', 'b', 'c'], 'cursor walk'), {
    check: 'cursor',
    clause: 'rm.query.cursor',
    verdict: 'passed',
    about: p1.exchange,
    also: [p2.exchange],
  });
});

test('endsNumericWalk: an empty page, or the previous short page again', () => {
  assert.equal(endsNumericWalk([], ['a'], 2), true);
  assert.equal(endsNumericWalk(['a'], ['a'], 2), true);
  assert.equal(endsNumericWalk(['a', 'b'], ['a', 'b'], 2), false, 'a full page repeated may be the next one');
  assert.equal(endsNumericWalk(['c'], null, 2), false);
});

test('numericEndOutcome and expectNumericWalkEnded: a walk that never ended is judged on its last page', () => {
  const [p1, p2, end] = [page(['a', 'b']), page(['c', 'd']), page([])];
  conforms(numericEndOutcome([p1, p2, end], 2, 'walk'));
  fails(numericEndOutcome([p1, p2], 2, 'walk'), 'not at its end after 2 pages');
  verdictOf(() => expectNumericWalkEnded([p1, p2], 2, 'walk'), {
    check: 'pagination',
    clause: 'rm.query.page',
    verdict: 'failed',
    about: p2.exchange,
  });
  verdictOf(() => expectNumericWalkEnded([p1, p2, end], 2, 'walk'), {
    check: 'pagination',
    clause: 'rm.query.page',
    verdict: 'passed',
    about: end.exchange,
  });
});

test('cursorEndOutcome and expectCursorWalkEnded: the last answer says "no more records" in a lawful reading (D36)', () => {
  conforms(cursorEndOutcome(exchange({ body: { data: [], meta: { next_cursor: null } } }), 3, 'cursor walk').outcome);
  conforms(cursorEndOutcome(exchange({ body: { data: [], meta: {} } }), 3, 'cursor walk').outcome);
  conforms(cursorEndOutcome(exchange({ body: { data: [], meta: { next_cursor: '' } } }), 3, 'cursor walk').outcome);
  const last = exchange({ body: { data: [], meta: { next_cursor: 'abc' } } });
  fails(cursorEndOutcome(last, 40, 'cursor walk').outcome, 'did not end within 40 requests');
  fails(
    cursorEndOutcome(exchange({ body: { data: [], meta: { next_cursor: 7 } } }), 4, 'w').outcome,
    'none of the lawful readings of rm.cursor.end',
  );
  const v = verdictOf(() => expectCursorWalkEnded(last, 40, 'cursor walk'), {
    check: 'cursor',
    clause: 'rm.query.cursor',
    verdict: 'failed',
    about: last,
    cells: ['200'],
  });
  assert.equal(v.reading?.entry, 'rm.cursor.end');
  assert.equal(nextCursorShown(exchange({ body: [] })), 'absent');
});

test('cursorCompleteOutcome and expectCursorWalkComplete: a walk that ended while a numeric walk shows more records fails, about its last answer', () => {
  const last = exchange();
  const numeric = [page(['a', 'b']), page(['c'])];
  conforms(cursorCompleteOutcome(last, ['a', 'b', 'c'], ['a', 'b', 'c'], 'w'));
  fails(cursorCompleteOutcome(last, ['a', 'b'], ['a', 'b', 'c'], 'w'), 'no next cursor', 'c remained');
  verdictOf(() => expectCursorWalkComplete(last, ['a'], numeric, 'w'), {
    check: 'cursor',
    clause: 'rm.query.cursor',
    verdict: 'failed',
    about: last,
    also: [numeric[0]?.exchange ?? exchange(), numeric[1]?.exchange ?? exchange()],
  });
});

test('pastEndOutcome: a page past the end answers 200 empty, the last page again, 404 or 422 (D35, D49), nothing else', () => {
  const shown = (status: number, records = 0, repeatsLast = false) => ({ status, records, repeatsLast });
  conforms(pastEndOutcome(exchange({ status: 404, body: { detail: 'Invalid page.' } }), 4, shown(404)).outcome);
  conforms(pastEndOutcome(exchange({ body: { data: [] } }), 4, shown(200)).outcome);
  conforms(pastEndOutcome(exchange(), 4, shown(200, 2, true)).outcome);
  conforms(pastEndOutcome(exchange({ status: 422 }), 4, shown(422), true).outcome);
  for (const status of [400, 403, 409, 302])
    fails(pastEndOutcome(exchange({ status }), 3, shown(status)).outcome, 'page 3', 'rm.page.past-end');
  fails(pastEndOutcome(exchange({ status: 400 }), 3, shown(400), true).outcome, 'rm.page.past-end.filtered');
  fails(pastEndOutcome(exchange(), 2, shown(200, 2, false)).outcome, 'page 2');
  assert.deepEqual(pastEndShown(exchange(), 2, ['a', 'b'], ['a', 'b']), { status: 200, records: 2, repeatsLast: true });
  const conflict = exchange({ status: 409 });
  const v = verdictOf(() => expectPastEnd(conflict, 2, shown(409)), {
    check: 'pagination',
    clause: 'rm.query.page',
    verdict: 'failed',
    about: conflict,
  });
  assert.deepEqual(v.reading?.held, []);
});

test('pageSizeReadingOutcome: honoured, clamped, or refused with 400 or 422 (D44)', () => {
  conforms(pageSizeReadingOutcome(exchange(), 50, 50, null).outcome);
  conforms(pageSizeReadingOutcome(exchange(), 500, 25, true).outcome);
  conforms(pageSizeReadingOutcome(exchange({ status: 422 }), 500, 0, null).outcome);
  fails(pageSizeReadingOutcome(exchange({ status: 403 }), 500, 0, null).outcome, 'per_page=500');
  fails(pageSizeReadingOutcome(exchange(), 5, 6, null).outcome, 'rm.page.size');
});

test('cursorNextOutcome and expectCursorNextAnswered: the request after a cursor, with the query or alone (D89)', () => {
  const ok = exchange({ body: { data: [] } });
  const refused = exchange({ status: 400, body: { errors: [] } });
  assert.deepEqual(cursorNextOutcome(ok, null).judgement.held, ['query-repeated']);
  assert.deepEqual(cursorNextOutcome(refused, ok).judgement.held, ['cursor-alone']);
  fails(cursorNextOutcome(refused, exchange({ status: 422 })).outcome, 'none of the lawful readings of rm.cursor.next-request');
  fails(cursorNextOutcome(exchange({ status: 500 }), null).outcome, 'rm.cursor.next-request');
  verdictOf(() => expectCursorNextAnswered(refused, ok), {
    check: 'cursor',
    clause: 'rm.query.cursor',
    verdict: 'passed',
    about: ok,
    also: [refused],
  });
  verdictOf(() => expectCursorNextAnswered(refused, refused), {
    check: 'cursor',
    clause: 'rm.query.cursor',
    verdict: 'failed',
    about: refused,
  });
});
