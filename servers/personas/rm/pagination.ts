// Pagination (part 4 "Common query parameters": page, per_page, experimental cursor with meta.next_cursor; part 4/7/8:
// numeric pagination combined with a filter that reaches beyond the record cap answers 400; cursors avoid the cap).
import type { Choices } from './choices';
import { HttpError, badRequest, unprocessable } from './errors';
import type { Json, Rec } from './model';
import { type ParsedQuery, param } from './query';
import { compareIds } from './store';

/** Where a page sits, for the top-level `links` of the frameworks persona. */
export type PageNav = { kind: 'page'; page: number; pages: number } | { kind: 'cursor'; next: string | null };

export interface PageResult {
  records: Rec[];
  meta: { [key: string]: Json };
  nav: PageNav;
}

export interface PageOptions {
  /** a filter of the Filters table was given */
  filtered: boolean;
  /** the record cap (RM_FILTER_CAP) */
  cap: number;
}

export function encodeCursor(afterId: string): string {
  return Buffer.from(`v1:${afterId}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const m = /^v1:(.+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m?.[1] ?? null;
}

const invalidPage = (): HttpError => new HttpError(404, 'invalid page', undefined, {}, { drf: 'Invalid page.' });

function positiveInt(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const ok = /^[1-9]\d*$/.test(raw.trim()) && Number.isSafeInteger(Number(raw.trim()));
  return ok ? Number(raw.trim()) : null;
}

/** per_page as asked (for the record cap) and as served (the frameworks persona clamps it to the maximum). */
export function perPageOf(q: ParsedQuery, choices: Choices): { asked: number; served: number } {
  const raw = param(q, 'per_page');
  let asked = positiveInt(raw);
  if (asked === null) {
    if (raw !== undefined && choices.badPerPage === 400) throw badRequest('`per_page` must be a positive integer');
    asked = choices.defaultPerPage;
  }
  if (choices.maxPerPage !== null && asked > choices.maxPerPage) {
    if (choices.perPageOverMax === 'refuse') throw badRequest(`\`per_page\` may not exceed ${choices.maxPerPage}`);
    if (choices.perPageOverMax === 'refuse-422') {
      throw unprocessable(`per_page must not be greater than ${choices.maxPerPage}`, '/per_page');
    }
    return { asked, served: choices.maxPerPage };
  }
  return { asked, served: asked };
}

/** per_page as asked, before any maximum is applied (the record cap is judged on it first). */
function askedPerPage(q: ParsedQuery, choices: Choices): number {
  return positiveInt(param(q, 'per_page')) ?? choices.defaultPerPage;
}

/** The page number asked for; `last` (DRF's last_page_strings) in the frameworks persona. */
function pageNumber(raw: string, choices: Choices, pages: number): number {
  if (choices.badPage === 404 && raw.trim() === 'last') return pages;
  const page = positiveInt(raw);
  if (page !== null) return page;
  if (choices.badPage === 400) throw badRequest('`page` must be a positive integer');
  if (choices.badPage === 404) throw invalidPage();
  return 1;
}

export function paginate(all: Rec[], q: ParsedQuery, choices: Choices, opts: PageOptions): PageResult {
  const cursor = param(q, 'cursor');
  const pageRaw = param(q, 'page');
  if (choices.perPageOverMax === 'refuse-422' && pageRaw !== undefined && opts.filtered) {
    // the record cap's 400 (parts 4, 7) is judged before the page size is validated
    const page = positiveInt(pageRaw);
    if (page !== null && page * askedPerPage(q, choices) > opts.cap) {
      throw badRequest(`numeric pagination with a filter may not reach beyond ${opts.cap} records; use cursor pagination`);
    }
  }
  const { asked, served: perPage } = perPageOf(q, choices);
  if (cursor !== undefined && cursor !== '') {
    const after = decodeCursor(cursor);
    if (after === null) {
      if (choices.badCursor === 400) throw badRequest('`cursor` is not a cursor this server issued');
      if (choices.badCursor === 404) throw new HttpError(404, 'invalid cursor', undefined, {}, { drf: 'Invalid cursor' });
      return { records: [], meta: cursorMeta(null, choices, perPage, all.length), nav: { kind: 'cursor', next: null } };
    }
    const rest = all.filter((r) => compareIds(r.id, after) > 0);
    return cursorPage(rest, perPage, choices, all.length, false);
  }
  if (pageRaw !== undefined) {
    const pages = Math.max(1, Math.ceil(all.length / perPage));
    const page = pageNumber(pageRaw, choices, pages);
    if (opts.filtered && page * asked > opts.cap) {
      throw badRequest(`numeric pagination with a filter may not reach beyond ${opts.cap} records; use cursor pagination`);
    }
    if (page > pages && choices.pagePastEnd === 404) throw invalidPage();
    if (page > pages && choices.pagePastEnd === 422) throw unprocessable(`page must not be greater than ${pages}`, '/page');
    const records = all.slice((page - 1) * perPage, page * perPage);
    let meta: { [key: string]: Json } = {};
    if (choices.metaStyle === 'detailed') {
      meta = { page, per_page: perPage, total_count: all.length, total_pages: Math.ceil(all.length / perPage) };
    } else if (choices.metaStyle === 'pagination') {
      meta = { pagination: { page, pages, count: all.length } };
    }
    return { records, meta, nav: { kind: 'page', page, pages } };
  }
  return cursorPage(all, perPage, choices, all.length, true);
}

function cursorPage(rest: Rec[], perPage: number, choices: Choices, total: number, first: boolean): PageResult {
  const records = rest.slice(0, perPage);
  const last = records[records.length - 1];
  const more = choices.cursorLookAhead ? rest.length > perPage : records.length === perPage;
  const next = more && last !== undefined ? encodeCursor(last.id) : null;
  const meta = cursorMeta(next, choices, perPage, total);
  if (first && choices.metaStyle === 'detailed') {
    meta.page = 1;
    meta.total_pages = Math.ceil(total / perPage);
  }
  return { records, meta, nav: { kind: 'cursor', next } };
}

function cursorMeta(next: string | null, choices: Choices, perPage: number, total: number): { [key: string]: Json } {
  const meta: { [key: string]: Json } = choices.metaStyle === 'detailed' ? { per_page: perPage, total_count: total } : {};
  if (next !== null) meta.next_cursor = next;
  else if (choices.cursorEnd === 'null') meta.next_cursor = null;
  else if (choices.cursorEnd === 'empty') meta.next_cursor = '';
  return meta;
}
