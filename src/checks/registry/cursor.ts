/**
 * cursor: next_cursor walks every record once and ends (000 §4: "repeat until no more records").
 * Overlap and gap are the rules numeric pages keep too: their predicates are pagination.ts's.
 */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import type { Page } from '../shown';
import { enforceNoGap, enforceNoOverlap } from './pagination';

const cursor = defineCheck({
  name: 'cursor',
  summary: 'cursor pagination: meta.next_cursor visits every record once and ends when no records are left',
  cites: ['rm.query.cursor'],
});
export default cursor;

/** The pages of a cursor walk do not overlap (pagination.ts overlapOutcome). */
export function expectCursorPagesDisjoint(pages: readonly Page[], what: string): void {
  enforceNoOverlap(cursor, 'rm.query.cursor', pages, what);
}

/** The pages of a cursor walk show every record of `expected` (pagination.ts gapOutcome). */
export function expectCursorVisitsAll(pages: readonly Page[], expected: readonly string[], what: string): void {
  enforceNoGap(cursor, 'rm.query.cursor', pages, expected, what);
}

/**
 * The predicate: a cursor walk ends: its last answer (`last`, the `requests`-th) carries no next
 * cursor (`nextCursor`: absent, null or "" read as null). An empty page that still carries one is
 * lawful and followed; a walk that never ends is not.
 */
export function cursorEndOutcome(last: Exchange, nextCursor: string | null, requests: number, what: string): Outcome {
  return nextCursor === null
    ? CONFORMS
    : nonConforming(`${what}: did not end within ${requests} requests; the last, ${describe(last)}, still carries a next cursor`);
}

/** A cursor walk ended: about its last answer. */
export function expectCursorWalkEnded(last: Exchange, nextCursor: string | null, requests: number, what: string): void {
  enforce(cursor, 'rm.query.cursor', last, cursorEndOutcome(last, nextCursor, requests, what));
}
