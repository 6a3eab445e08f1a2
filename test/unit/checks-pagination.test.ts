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
  pastEndOutcome,
} from '../../src/checks/registry/pagination';
import {
  cursorEndOutcome,
  expectCursorPagesDisjoint,
  expectCursorVisitsAll,
  expectCursorWalkEnded,
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

test('cursorEndOutcome and expectCursorWalkEnded: the last answer carries no next cursor', () => {
  const last = exchange();
  conforms(cursorEndOutcome(last, null, 3, 'cursor walk'));
  fails(cursorEndOutcome(last, 'abc', 40, 'cursor walk'), 'did not end within 40 requests');
  verdictOf(() => expectCursorWalkEnded(last, 'abc', 40, 'cursor walk'), {
    check: 'cursor',
    clause: 'rm.query.cursor',
    verdict: 'failed',
    about: last,
    cells: ['200'],
  });
});

test('pastEndOutcome: a page past the end of a numeric walk answers 200 or a 4xx (D35), nothing else', () => {
  conforms(pastEndOutcome(exchange({ status: 404, body: { detail: 'Invalid page.' } }), 4));
  conforms(pastEndOutcome(exchange({ status: 200, body: { data: [] } }), 4));
  fails(pastEndOutcome(exchange({ status: 302 }), 3), 'page 3', 'neither 200 nor a 4xx');
  fails(pastEndOutcome(exchange({ status: null }), 2), 'page 2');
});
