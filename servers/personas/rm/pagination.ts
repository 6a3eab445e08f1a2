// Pagination (part 4 "Common query parameters": page, per_page, experimental cursor with meta.next_cursor; part 4/7/8:
// numeric pagination combined with a filter that reaches beyond the record cap answers 400; cursors avoid the cap).
import type { Choices } from './choices';
import { badRequest } from './errors';
import type { Json, Rec } from './model';
import { type ParsedQuery, param } from './query';
import { compareIds } from './store';

export interface PageResult {
  records: Rec[];
  meta: { [key: string]: Json };
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

function positiveInt(raw: string | undefined, name: string, choices: Choices, fallback: number): number {
  if (raw === undefined) return fallback;
  const ok = /^[1-9]\d*$/.test(raw.trim()) && Number.isSafeInteger(Number(raw.trim()));
  if (!ok) {
    if (choices.rejectUnknownQuery) throw badRequest(`\`${name}\` must be a positive integer`);
    return fallback;
  }
  return Number(raw.trim());
}

export function perPageOf(q: ParsedQuery, choices: Choices): number {
  const perPage = positiveInt(param(q, 'per_page'), 'per_page', choices, choices.defaultPerPage);
  if (choices.maxPerPage !== null && perPage > choices.maxPerPage) {
    throw badRequest(`\`per_page\` may not exceed ${choices.maxPerPage}`);
  }
  return perPage;
}

export function paginate(all: Rec[], q: ParsedQuery, choices: Choices, opts: PageOptions): PageResult {
  const perPage = perPageOf(q, choices);
  const cursor = param(q, 'cursor');
  const pageRaw = param(q, 'page');
  if (cursor !== undefined && cursor !== '') {
    const after = decodeCursor(cursor);
    if (after === null) {
      if (choices.badCursorIs400) throw badRequest('`cursor` is not a cursor this server issued');
      return { records: [], meta: cursorMeta(null, choices, perPage, all.length) };
    }
    const rest = all.filter((r) => compareIds(r.id, after) > 0);
    return cursorPage(rest, perPage, choices, all.length, false);
  }
  if (pageRaw !== undefined) {
    const page = positiveInt(pageRaw, 'page', choices, 1);
    if (opts.filtered && page * perPage > opts.cap) {
      throw badRequest(`numeric pagination with a filter may not reach beyond ${opts.cap} records; use cursor pagination`);
    }
    const records = all.slice((page - 1) * perPage, page * perPage);
    const meta: { [key: string]: Json } = choices.detailedMeta
      ? { page, per_page: perPage, total_count: all.length, total_pages: Math.ceil(all.length / perPage) }
      : {};
    return { records, meta };
  }
  return cursorPage(all, perPage, choices, all.length, true);
}

function cursorPage(rest: Rec[], perPage: number, choices: Choices, total: number, first: boolean): PageResult {
  const records = rest.slice(0, perPage);
  const last = records[records.length - 1];
  const more = choices.cursorLookAhead ? rest.length > perPage : records.length === perPage;
  const next = more && last !== undefined ? encodeCursor(last.id) : null;
  const meta = cursorMeta(next, choices, perPage, total);
  if (first && choices.detailedMeta) {
    meta.page = 1;
    meta.total_pages = Math.ceil(total / perPage);
  }
  return { records, meta };
}

function cursorMeta(next: string | null, choices: Choices, perPage: number, total: number): { [key: string]: Json } {
  const meta: { [key: string]: Json } = choices.detailedMeta ? { per_page: perPage, total_count: total } : {};
  if (next !== null) meta.next_cursor = next;
  else if (choices.cursorEnd === 'null') meta.next_cursor = null;
  return meta;
}
