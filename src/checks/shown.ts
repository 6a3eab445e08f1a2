/**
 * What exchanges showed, in the terms predicates read: pages of a list (the exchange and the ids
 * it returned), short lists of ids for failure details, and the order of the exchanges a verdict
 * names (the one it is about first). Pure functions: no verdict is recorded here.
 */
import type { Exchange } from '../http/exchange';

/** A record as a predicate needs it: its id (and whatever else the rule reads). */
export interface Identified {
  readonly id: string;
}

/** One answer of a list read: its exchange and the records it returned, in order. */
export interface Page<R extends Identified = Identified> {
  readonly exchange: Exchange;
  readonly records: readonly R[];
}

/** Ids for a failure detail: at most `max`, then the count. */
export function listed(ids: Iterable<string>, max = 8): string {
  const list = [...ids];
  return list.length > max ? `${list.slice(0, max).join(', ')}, ... (${list.length})` : list.join(', ') || '(none)';
}

/** The ids that occur more than once, each once. */
export function duplicates(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const id of ids) (seen.has(id) ? dup : seen).add(id);
  return [...dup];
}

/** The ids of `expected` that `shown` does not hold, in the order of `expected`. */
export function missing(expected: Iterable<string>, shown: Iterable<string>): string[] {
  const have = new Set(shown);
  return [...expected].filter((id) => !have.has(id));
}

/** The ids of the records of `pages`, in order. */
export function idsOn(pages: readonly Page[]): string[] {
  return pages.flatMap((p) => p.records.map((r) => r.id));
}

/** The first page that returned the record `id`, or null. */
export function pageWith<R extends Identified>(pages: readonly Page<R>[], id: string): Page<R> | null {
  return pages.find((p) => p.records.some((r) => r.id === id)) ?? null;
}

/** The exchanges of `pages`, in order. */
export function exchangesOf(pages: readonly Page[]): Exchange[] {
  return pages.map((p) => p.exchange);
}

/**
 * The exchanges a verdict names, the one it is about first: `primary` (when there is one), then
 * `others` in their order, each once.
 */
export function about(primary: Exchange | null | undefined, others: readonly (Exchange | null | undefined)[] = []): Exchange[] {
  const out: Exchange[] = [];
  for (const e of [primary, ...others]) if (e && !out.includes(e)) out.push(e);
  return out;
}

/** JSON text of a value for a failure detail ("undefined" for undefined). */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}
