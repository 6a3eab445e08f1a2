/**
 * pagination: numeric pages honour per_page, do not overlap, leave no gap, and end (000 §4 Common
 * query parameters: `page` "numeric page number", `per_page` "page size"). The overlap and gap
 * rules hold for cursor walks too: cursor.ts judges them with the predicates written here.
 */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck, type CheckDef, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { exchangesOf, idsOn, listed, missing, type Page } from '../shown';
import { expectNoServerError } from './no-server-error';
import { RM_PAGE_SIZE, RM_PAST_END, RM_PAST_END_FILTERED, type PastEndShown } from '../../readings/entries/rm-lists';
import { readingOutcome, type ReadingOutcome } from '../readings';

const pagination = defineCheck({
  name: 'pagination',
  summary: 'numeric pagination: a page holds at most per_page records, and pages neither overlap nor skip',
  cites: ['rm.query.page', 'rm.query.per_page'],
});
export default pagination;

// ---- per_page ---------------------------------------------------------------------------------

/** The predicate: a page asked with `perPage` holds at most that many records. */
export function pageSizeOutcome(page: Page, perPage: number): Outcome {
  const n = page.records.length;
  return n <= perPage ? CONFORMS : nonConforming(`${describe(page.exchange)}: ${n} records on a page asked with per_page=${perPage}`);
}

/** Each page holds at most `perPage` records: one verdict per page. */
export function expectPagesWithin(pages: readonly Page[], perPage: number): void {
  for (const page of pages) enforce(pagination, 'rm.query.per_page', page.exchange, pageSizeOutcome(page, perPage));
}

// ---- overlap (numeric and cursor) ------------------------------------------------------------------

/** The first page that repeats a record of an earlier page: that page, the earlier pages, and the repeated ids. */
export function firstOverlap(pages: readonly Page[]): { page: Page; earlier: Page[]; ids: string[] } | null {
  const seen = new Set<string>();
  for (const [n, page] of pages.entries()) {
    const ids = page.records.map((r) => r.id);
    const repeated = [...new Set(ids.filter((id, i) => seen.has(id) || ids.indexOf(id) !== i))];
    if (repeated.length > 0) return { page, earlier: pages.slice(0, n), ids: repeated };
    for (const id of ids) seen.add(id);
  }
  return null;
}

/** The predicate: no record is on two pages (or twice on one) of a walk; `what` names the walk. */
export function overlapOutcome(pages: readonly Page[], what: string): Outcome {
  const overlap = firstOverlap(pages);
  if (overlap === null) return CONFORMS;
  const n = pages.indexOf(overlap.page) + 1;
  return nonConforming(
    `${what}: ${listed(overlap.ids)} on page ${n} of ${pages.length} (${describe(overlap.page.exchange)}) already shown before it`,
  );
}

/** The exchanges an overlap verdict names: the page where a record shows again, then the pages before it; all pages when none does. */
export function overlapExchanges(pages: readonly Page[]): Exchange[] {
  const overlap = firstOverlap(pages);
  return overlap ? [overlap.page.exchange, ...exchangesOf(overlap.earlier)] : exchangesOf(pages);
}

/** Judges `overlapOutcome` under `check` (pagination for numeric walks, cursor for cursor walks). */
export function enforceNoOverlap<D extends CheckDef>(check: D, clause: CitedBy<D>, pages: readonly Page[], what: string): void {
  enforce(check, clause, overlapExchanges(pages), overlapOutcome(pages, what));
}

/** The numeric pages of a walk do not overlap. */
export function expectPagesDisjoint(pages: readonly Page[], what: string): void {
  enforceNoOverlap(pagination, 'rm.query.page', pages, what);
}

// ---- gaps (numeric and cursor) ----------------------------------------------------------------------

/** The predicate: the pages of a walk show every record of `expected` (records known to match its query); `what` names the walk. */
export function gapOutcome(pages: readonly Page[], expected: readonly string[], what: string): Outcome {
  const gap = missing(expected, idsOn(pages));
  return gap.length === 0 ? CONFORMS : nonConforming(`${what}: pages 1-${pages.length} never show ${listed(gap)}`);
}

/** Judges `gapOutcome` under `check`: about the walk's pages, the first first; `also`: the reads that showed what was expected. */
export function enforceNoGap<D extends CheckDef>(
  check: D,
  clause: CitedBy<D>,
  pages: readonly Page[],
  expected: readonly string[],
  what: string,
  also: readonly Exchange[] = [],
): void {
  enforce(check, clause, [...exchangesOf(pages), ...also], gapOutcome(pages, expected, what));
}

/** The numeric pages of a walk show every record of `expected`. */
export function expectNoGap(pages: readonly Page[], expected: readonly string[], what: string, also: readonly Exchange[] = []): void {
  enforceNoGap(pagination, 'rm.query.page', pages, expected, what, also);
}

// ---- the end of a walk -------------------------------------------------------------------------------

/**
 * Whether an answer ends a numeric walk (000 §4: pages until no records are left): it holds no
 * records, or it repeats the previous page when that one was short (a target answering a page past
 * the last with the last page again).
 */
export function endsNumericWalk(ids: readonly string[], previous: readonly string[] | null, perPage: number): boolean {
  if (ids.length === 0) return true;
  if (previous === null || previous.length >= perPage) return false;
  const a = new Set(previous);
  const b = new Set(ids);
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/** The predicate: the last of the answers of a numeric walk (`answers`, in order) ends it; `what` names the walk. */
export function numericEndOutcome(answers: readonly Page[], perPage: number, what: string): Outcome {
  const last = answers[answers.length - 1];
  const previous = answers[answers.length - 2];
  if (last === undefined) return nonConforming(`${what}: no page was answered`);
  const ids = (p: Page): string[] => p.records.map((r) => r.id);
  return endsNumericWalk(ids(last), previous ? ids(previous) : null, perPage)
    ? CONFORMS
    : nonConforming(
        `${what}: not at its end after ${answers.length} pages (per_page=${perPage}); the last, ${describe(last.exchange)}, holds records`,
      );
}

/** A numeric walk ended: about its last page. */
export function expectNumericWalkEnded(answers: readonly Page[], perPage: number, what: string): void {
  enforce(pagination, 'rm.query.page', answers[answers.length - 1]?.exchange ?? null, numericEndOutcome(answers, perPage, what));
}

// ---- a page past the end ------------------------------------------------------------------------

/** What an answer to a page after the first showed, in the terms the readings of a page past the end read (D35, D49). */
export function pastEndShown(
  exchange: Exchange,
  records: number,
  previous: readonly string[] | null,
  ids: readonly string[],
): PastEndShown {
  const same = previous !== null && previous.length > 0 && previous.length === ids.length && previous.every((id, i) => ids[i] === id);
  return { status: exchange.response?.status ?? 0, records, repeatsLast: same };
}

/**
 * The predicate: an answer that ended a numeric walk at page `page` (> 1), past its last record, is
 * one of the lawful readings of a page past the end (src/readings/entries/rm-lists.ts: 200 empty,
 * 200 with the last page again, 404, 422; D49 for a filtered walk within the cap). A 400, 403, 409
 * or any other status ends no walk.
 */
export function pastEndOutcome(
  exchange: Exchange,
  page: number,
  shown: PastEndShown = { status: exchange.response?.status ?? 0, records: 0, repeatsLast: false },
  filtered = false,
): ReadingOutcome {
  return readingOutcome(
    filtered ? RM_PAST_END_FILTERED : RM_PAST_END,
    shown,
    `${describe(exchange)}: page ${page} past the end of a numeric walk`,
  );
}

/** A page past the end of a numeric walk: no 5xx, then a lawful reading (pastEndOutcome); the verdict names it. */
export function expectPastEnd(exchange: Exchange, page: number, shown?: PastEndShown, filtered = false): void {
  expectNoServerError(exchange, 'rm.query.page');
  const { outcome, judgement } = pastEndOutcome(exchange, page, shown, filtered);
  enforce(pagination, 'rm.query.page', exchange, outcome, { reading: judgement });
}

// ---- page sizes ---------------------------------------------------------------------------------------

/**
 * The predicate: page 1 asked with per_page `asked` is answered in a lawful reading of a page size
 * (000 §8 "Default and maximum per_page: not shown", D44): honoured, clamped (`more`: a later page
 * shows more records), or refused with 400 or 422.
 */
export function pageSizeReadingOutcome(exchange: Exchange, asked: number, records: number, more: boolean | null): ReadingOutcome {
  const shown = { asked, status: exchange.response?.status ?? 0, records, more };
  return readingOutcome(RM_PAGE_SIZE, shown, `${describe(exchange)}: per_page=${asked}`);
}

/** A page size is honoured, clamped or refused as D44 reads it: about the answer; the verdict names the reading. */
export function expectPageSizeReading(exchange: Exchange, asked: number, records: number, more: boolean | null): void {
  expectNoServerError(exchange, 'rm.query.per_page');
  const { outcome, judgement } = pageSizeReadingOutcome(exchange, asked, records, more);
  enforce(pagination, 'rm.query.per_page', exchange, outcome, { reading: judgement });
}
