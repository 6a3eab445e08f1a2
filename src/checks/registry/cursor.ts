/**
 * cursor: next_cursor walks every record once and ends (000 §4: "repeat until no more records").
 * Overlap and gap are the rules numeric pages keep too: their predicates are pagination.ts's.
 */
import { describe, jsonBody, type Exchange } from '../../http/exchange';
import { RM_CURSOR_END, RM_CURSOR_NEXT, type CursorEndShown } from '../../readings/entries/rm-lists';
import { defineCheck } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { about, exchangesOf, idsOn, listed, missing, type Page } from '../shown';
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

/** How an answer's meta.next_cursor shows: absent (or no meta), null, "", a non-empty string, or another value. */
export function nextCursorShown(exchange: Exchange): CursorEndShown['nextCursor'] {
  const body = jsonBody(exchange);
  const meta = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).meta : undefined;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta) || !Object.hasOwn(meta, 'next_cursor')) return 'absent';
  const cursor = (meta as Record<string, unknown>).next_cursor;
  if (cursor === null) return 'null';
  if (cursor === '') return 'empty';
  return typeof cursor === 'string' ? 'text' : 'other';
}

/**
 * The predicate: a cursor walk ends: its last answer (`last`, the `requests`-th) says "no more
 * records" in a lawful reading (src/readings/entries/rm-lists.ts, D36: next_cursor absent, null or
 * ""). An empty page that still carries one is lawful and followed; a walk that never ends is not.
 */
export function cursorEndOutcome(last: Exchange, requests: number, what: string): ReadingOutcome {
  const shown = nextCursorShown(last);
  const judged = readingOutcome(RM_CURSOR_END, { nextCursor: shown }, `${what}: the last of ${requests} requests, ${describe(last)}`);
  if (judged.outcome.ok || shown !== 'text') return judged;
  return {
    ...judged,
    outcome: nonConforming(`${what}: did not end within ${requests} requests; the last, ${describe(last)}, still carries a next cursor`),
  };
}

/** A cursor walk ended: about its last answer; the verdict names how it said so. */
export function expectCursorWalkEnded(last: Exchange, requests: number, what: string): void {
  const { outcome, judgement } = cursorEndOutcome(last, requests, what);
  enforce(cursor, 'rm.query.cursor', last, outcome, { reading: judgement });
}

/**
 * The predicate: a cursor walk that ended (its last answer carries no cursor) showed every record a
 * numeric walk of the same query shows (`numeric`): "repeat until no more records"; a walk whose
 * page before the last carries no cursor ends while records remain.
 */
export function cursorCompleteOutcome(last: Exchange, shown: readonly string[], numeric: readonly string[], what: string): Outcome {
  const left = missing(numeric, shown);
  return left.length === 0
    ? CONFORMS
    : nonConforming(
        `${what}: ended at ${describe(last)} (no next cursor) after ${shown.length} records, while ${listed(left)} remained (a numeric walk of the same query shows them)`,
      );
}

/** A cursor walk did not end early: about the answer that ended it, then the numeric walk's pages. */
export function expectCursorWalkComplete(last: Exchange, shown: readonly string[], numeric: readonly Page[], what: string): void {
  enforce(cursor, 'rm.query.cursor', about(last, exchangesOf(numeric)), cursorCompleteOutcome(last, shown, idsOn(numeric), what));
}

/**
 * The predicate: the request after a cursor is answered in a lawful reading of "pass that value as
 * cursor on the next request" (D89): the cursor with the query repeated (200), or, that refused with 400
 * or 422, the cursor alone (200). `alone` is null when the cursor was not sent alone.
 */
export function cursorNextOutcome(withQuery: Exchange, alone: Exchange | null): ReadingOutcome {
  const shown = { withQuery: withQuery.response?.status ?? 0, alone: alone ? (alone.response?.status ?? 0) : null };
  const sent = alone ? `${describe(withQuery)} and ${describe(alone)}` : describe(withQuery);
  return readingOutcome(RM_CURSOR_NEXT, shown, `${sent}: the request after a cursor`);
}

/** About the answer taken (the cursor alone when sent), then the other; the verdict names the reading. */
export function expectCursorNextAnswered(withQuery: Exchange, alone: Exchange | null): void {
  const { outcome, judgement } = cursorNextOutcome(withQuery, alone);
  enforce(cursor, 'rm.query.cursor', about(alone, [withQuery]), outcome, { reading: judgement });
}
