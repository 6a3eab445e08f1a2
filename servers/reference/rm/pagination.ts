/**
 * Numeric and cursor pagination (000 §4 common parameters) and the filter cap (000 §4, §7, §8).
 *
 * - A request with `page` is numeric; without it, cursor pagination: meta.next_cursor names the
 *   position after the page's last record (records are ordered by creation), null on the last page.
 * - per_page defaults to 25 and is clamped to 100 (000 §8 leaves both open; variants change them or
 *   refuse a larger per_page with 400); page or per_page below 1 mean the default (page 1); a value
 *   that is not an integer is a 400.
 * - Under rm.variant.cursor-empty-page, the first page's next_cursor leads to one empty page whose
 *   own next_cursor continues where the first page ended (lawful: "repeat until no more records").
 * - The cap: a numeric request with any filter whose window reaches past record `cap`
 *   (page * per_page > cap, per_page as requested) answers 400. The window is computed from the
 *   request alone, not from how many records exist. Cursor requests never hit it. The document
 *   illustrates the cap with candidates, and only GET /candidates applies it.
 */
import type { RmEnv } from './env';
import { badRequest, HttpError } from './respond';
import { on } from '../switches';

export type Paging =
  | { mode: 'numeric'; page: number; perPage: number; requestedPerPage: number }
  | { mode: 'cursor'; after: number | null; perPage: number; emptyOnce: boolean };

interface Position {
  after: number;
  /** The cursor-empty-page variant: answer an empty page at this position first. */
  emptyOnce: boolean;
}

/** An integer query value; null when absent or below 1 (then the default applies), 400 when not an integer. */
function positiveInt(query: URLSearchParams, name: string): number | null {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return null;
  if (!/^[+-]?\d+$/.test(raw.trim())) throw badRequest(`${name} must be an integer (got ${JSON.stringify(raw)})`, name);
  const value = Number(raw);
  return value < 1 ? null : Math.min(value, Number.MAX_SAFE_INTEGER);
}

export function encodeCursor(env: RmEnv, seq: number, emptyOnce = false): string {
  if (on(env.behaviour, 'rm.variant.cursor-opaque'))
    return Buffer.from(JSON.stringify({ after: seq, v: 2, ...(emptyOnce ? { empty: true } : {}) })).toString('base64url');
  return emptyOnce ? `${seq}e` : String(seq);
}

export function decodeCursor(env: RmEnv, cursor: string): Position {
  const bad = badRequest(`cursor ${JSON.stringify(cursor)} is not a cursor this server issued`, 'cursor');
  const emptyPages = on(env.behaviour, 'rm.variant.cursor-empty-page');
  if (!on(env.behaviour, 'rm.variant.cursor-opaque')) {
    const m = /^(\d{1,12})(e?)$/.exec(cursor);
    if (!m || (m[2] === 'e' && !emptyPages)) throw bad;
    return { after: Number(m[1]), emptyOnce: m[2] === 'e' };
  }
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const { after, empty } = typeof value === 'object' && value !== null ? (value as { after?: unknown; empty?: unknown }) : {};
    if (typeof after === 'number' && Number.isInteger(after) && after >= 0) return { after, emptyOnce: empty === true && emptyPages };
  } catch {
    // falls through to the 400
  }
  throw bad;
}

export function parsePaging(env: RmEnv, query: URLSearchParams): Paging {
  const requested = positiveInt(query, 'per_page');
  if (requested !== null && requested > env.perPage.max && on(env.behaviour, 'rm.pagination.per-page-over-max-403'))
    throw new HttpError(403, `per_page ${requested} is above the maximum page size ${env.perPage.max}`);
  if (requested !== null && requested > env.perPage.max && on(env.behaviour, 'rm.variant.per-page-over-20-422'))
    throw new HttpError(422, `per_page must be at most ${env.perPage.max}`);
  if (requested !== null && requested > env.perPage.max && on(env.behaviour, 'rm.variant.per-page-over-max-400')) {
    throw badRequest(`per_page ${requested} is above the maximum page size ${env.perPage.max}`, 'per_page');
  }
  const perPage = Math.min(requested ?? env.perPage.default, env.perPage.max);
  const page = positiveInt(query, 'page');
  if (page !== null) return { mode: 'numeric', page, perPage, requestedPerPage: requested ?? env.perPage.default };
  const cursor = query.get('cursor');
  const position = cursor === null || cursor === '' ? null : decodeCursor(env, cursor);
  return { mode: 'cursor', after: position?.after ?? null, perPage, emptyOnce: position?.emptyOnce ?? false };
}

/** Throws 400 when a filtered numeric request reaches past the cap (and where faults say so). */
export function enforceCap(env: RmEnv, paging: Paging, filtered: boolean): void {
  if (paging.mode === 'cursor') {
    if (filtered && on(env.behaviour, 'rm.filter-cap.on-cursor'))
      throw badRequest(`filtered requests beyond ${env.filterCap} records are refused`, 'page');
    return;
  }
  if (on(env.behaviour, 'rm.filter-cap.none')) return;
  if (!filtered && !on(env.behaviour, 'rm.variant.cap-without-filter')) return;
  // The default-page-size fault counts at most the default page size per page.
  const counted = on(env.behaviour, 'rm.filter-cap.default-page-size')
    ? Math.min(paging.requestedPerPage, env.perPage.default)
    : paging.requestedPerPage;
  // The inclusive fault also refuses a window that ends exactly at the cap.
  // The one-page-late fault counts the records before the requested page only.
  const reach = (on(env.behaviour, 'rm.filter-cap.one-page-late') ? paging.page - 1 : paging.page) * counted;
  if (reach > env.filterCap || (reach === env.filterCap && on(env.behaviour, 'rm.filter-cap.inclusive'))) {
    throw badRequest(
      `page ${paging.page} with per_page ${paging.requestedPerPage} reaches beyond the ${env.filterCap}-record cap for filtered requests; use cursor pagination`,
      'page',
    );
  }
}

export interface PageResult<T> {
  items: T[];
  meta: Record<string, unknown>;
}

/** One page of `items` (ordered by seq; newest first under rm.variant.newest-first). */
export function paginate<T extends { seq: number }>(env: RmEnv, items: readonly T[], paging: Paging): PageResult<T> {
  const newest = on(env.behaviour, 'rm.variant.newest-first');
  const ordered = newest ? [...items].sort((a, b) => b.seq - a.seq) : items;
  return paging.mode === 'numeric' ? numericPage(env, ordered, paging) : cursorPage(env, ordered, paging, newest);
}

function numericPage<T>(env: RmEnv, items: readonly T[], paging: Extract<Paging, { mode: 'numeric' }>): PageResult<T> {
  const perPage = on(env.behaviour, 'rm.pagination.per-page-ignored') ? env.perPage.default : paging.perPage;
  const page = on(env.behaviour, 'rm.pagination.page-ignored') ? 1 : paging.page;
  // The page-past-end-404 variant refuses a page after the first that holds no record (DRF's "Invalid page.").
  const pastEnd = page > 1 && (page - 1) * perPage >= items.length;
  if (on(env.behaviour, 'rm.variant.page-past-end-404') && pastEnd) throw new HttpError(404, 'Invalid page.');
  if (on(env.behaviour, 'rm.variant.page-past-end-422') && pastEnd) throw new HttpError(422, `page ${page} is after the last page`);
  if (on(env.behaviour, 'rm.pagination.past-end-409') && pastEnd) throw new HttpError(409, `page ${page} is after the last page`);
  // Pagy's overflow :last_page: a page past the end answers the last page.
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  let start = ((on(env.behaviour, 'rm.variant.page-past-end-last-page') && pastEnd ? lastPage : page) - 1) * perPage;
  if (on(env.behaviour, 'rm.pagination.pages-overlap') && page > 1) start -= 1;
  // Off by one at the slice end: one record too many on every page, or one too few on the last.
  let end = start + perPage + (on(env.behaviour, 'rm.pagination.per-page-plus-one') ? 1 : 0);
  if (on(env.behaviour, 'rm.pagination.last-page-short') && end >= items.length && items.length > start) end = items.length - 1;
  return {
    items: items.slice(start, end),
    meta: { page: paging.page, per_page: perPage, total_count: items.length, total_pages: Math.ceil(items.length / perPage) },
  };
}

function cursorPage<T extends { seq: number }>(
  env: RmEnv,
  items: readonly T[],
  paging: Extract<Paging, { mode: 'cursor' }>,
  newest = false,
): PageResult<T> {
  const after = paging.after;
  if (paging.emptyOnce && after !== null) return { items: [], meta: { per_page: paging.perPage, next_cursor: encodeCursor(env, after) } };
  // The cursor names the last record shown: the records after it in the list's order.
  const remaining = after === null ? items : items.filter((r) => (newest ? r.seq < after : r.seq > after));
  const page = remaining.slice(0, paging.perPage);
  const more = remaining.length > page.length;
  const last = page[page.length - 1];
  let next: number | null = more && last ? last.seq : null;
  if (more && on(env.behaviour, 'rm.cursor.repeats-record')) next = page[page.length - 2]?.seq ?? after ?? 0;
  if (more && on(env.behaviour, 'rm.cursor.skips-record')) next = remaining[page.length]?.seq ?? next;
  if (!more && on(env.behaviour, 'rm.cursor.never-ends')) next = last?.seq ?? after ?? 0;
  // The ends-early fault leaves the cursor out where the rest would fit on one more page.
  if (more && on(env.behaviour, 'rm.cursor.ends-early') && remaining.length - page.length <= paging.perPage) next = null;
  const meta: Record<string, unknown> = { per_page: paging.perPage };
  if (on(env.behaviour, 'rm.cursor.absent')) return { items: page, meta };
  // cursor-empty-page: the first page's cursor leads to one empty page before the walk goes on.
  if (next !== null) {
    const cursor = encodeCursor(env, next, after === null && on(env.behaviour, 'rm.variant.cursor-empty-page'));
    // The number fault writes the cursor as the stored number it is.
    meta.next_cursor = on(env.behaviour, 'rm.cursor.number') ? Number(cursor) : cursor;
  } else if (on(env.behaviour, 'rm.variant.cursor-end-empty')) meta.next_cursor = '';
  else if (!on(env.behaviour, 'rm.variant.cursor-end-absent')) meta.next_cursor = null;
  return { items: page, meta };
}
