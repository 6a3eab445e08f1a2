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

/**
 * The predicate: an answer to a page after the first of a numeric walk that ended the walk without
 * records is lawful: a 200 (its records, if any, are judged elsewhere) or a 4xx refusing a page past
 * the last (schemas/DECISIONS.md D35: "an unfiltered page past the end may answer 200 (empty) or a
 * 4xx"; D49 for a filtered one). A 3xx, or any other status, is not an answer a walk can end on.
 */
export function pastEndOutcome(exchange: Exchange, page: number): Outcome {
  const status = exchange.response?.status ?? 0;
  return status === 200 || (status >= 400 && status < 500)
    ? CONFORMS
    : nonConforming(`${describe(exchange)}: page ${page} of a numeric walk answered neither 200 nor a 4xx refusing a page past the end`);
}

/** A page past the end of a numeric walk: no 5xx, then 200 or a 4xx (pastEndOutcome). */
export function expectPastEnd(exchange: Exchange, page: number): void {
  expectNoServerError(exchange, 'rm.query.page');
  enforce(pagination, 'rm.query.page', exchange, pastEndOutcome(exchange, page));
}
