/**
 * Reading the RM list operations: bounded walks over numeric pages and cursors (000 §4 Common query
 * parameters), each page checked as a documented 200, and a read that is sent again in the other
 * lawful forms of its query when the target refuses the first.
 */
import type { OperationSpec } from '../../src/catalogue/types';
import { pathOf, type ApiClient, type QueryValue } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { endsNumericWalk, expectDocumented, expectNotCapped, type Page } from '../../src/checks';
import { dataOf, nextCursorOf, type Resource } from './rm-doc';

export interface Walk {
  pages: Resource[][];
  /** The pages of `pages`, each with the exchange that answered it (what the checks judge). */
  shown: Page<Resource>[];
  /** Every answer of the walk in order, the one that ended it included. */
  answers: Page<Resource>[];
  records: Resource[];
  ids: string[];
  exchanges: Exchange[];
  /** The walk reached its end (an empty page, or a cursor walk without next cursor) within the bound. */
  complete: boolean;
  /** The per_page the walk was sent with (smaller than asked when the target refused that). */
  perPage: number;
}

export interface WalkOptions {
  /**
   * The walk is a filtered request that the record cap must not refuse (000 §4: "cursor pagination
   * avoids the cap"; a numeric request within the cap): a 400 fails the filter-cap check.
   */
  notCapped?: boolean;
}

function walkOf(shown: Page<Resource>[], requests: { exchanges: Exchange[]; complete: boolean; perPage: number }): Walk {
  const pages = shown.map((p) => [...p.records]);
  const records = pages.flat();
  const { exchanges, complete, perPage } = requests;
  const answers = exchanges.map((exchange) => ({ exchange, records: dataOf(exchange) }));
  return { pages, shown, answers, records, ids: records.map((r) => r.id), exchanges, complete, perPage };
}

function expectPage(ex: Exchange, op: OperationSpec, options: WalkOptions): void {
  if (options.notCapped) expectNotCapped(ex, 'answered 400, although the record cap does not apply to it');
  expectDocumented(ex, op, '200');
}

/**
 * 000 §8: "Default and maximum per_page: not shown". A target may refuse a page size above its own
 * maximum (400 or 422): a walk then starts again with one of these smaller sizes.
 */
const SMALLER_PAGES = [25, 10] as const;

function smallerPage(ex: Exchange, size: number): number | null {
  const status = ex.response?.status;
  return status === 400 || status === 422 ? (SMALLER_PAGES.find((s) => s < size) ?? null) : null;
}

/**
 * The requests of a walk, each a documented 200 (expectPage): request `n` (from 0, at most `maxPages`)
 * is sent as `request(n, size)`; a first request refused for its page size starts again with a
 * smaller one (smallerPage). `ended` takes each answer's records and says whether the walk has reached
 * its end; `complete` is false when `maxPages` requests did not reach it.
 */
async function walkRequests(
  rm: ApiClient,
  op: OperationSpec,
  perPage: number,
  maxPages: number,
  options: WalkOptions,
  request: (n: number, size: number) => { params?: Record<string, string>; query: Record<string, QueryValue> },
  ended: (records: Resource[], ex: Exchange, size: number) => boolean,
): Promise<{ exchanges: Exchange[]; complete: boolean; perPage: number }> {
  const exchanges: Exchange[] = [];
  let size = perPage;
  for (let n = 0; n < maxPages; n += 1) {
    const ex = await rm.call(op.id, request(n, size));
    const smaller = n === 0 ? smallerPage(ex, size) : null;
    if (smaller !== null) {
      size = smaller;
      n -= 1;
      continue;
    }
    expectPage(ex, op, options);
    exchanges.push(ex);
    if (ended(dataOf(ex), ex, size)) return { exchanges, complete: true, perPage: size };
  }
  return { exchanges, complete: false, perPage: size };
}

/**
 * Numeric pagination (000 §4 Common query parameters): page 1, 2, ... with an explicit per_page
 * until an empty page or `maxPages`. Every page must be a documented 200 with a valid body.
 */
export async function walkNumeric(
  rm: ApiClient,
  op: OperationSpec,
  query: Record<string, QueryValue>,
  perPage: number,
  maxPages: number,
  options: WalkOptions = {},
  pathParams: Record<string, string> = {},
): Promise<Walk> {
  const pages: Page<Resource>[] = [];
  const request = (n: number, size: number) => ({ params: pathParams, query: { ...query, page: n + 1, per_page: size } });
  const requests = await walkRequests(rm, op, perPage, maxPages, options, request, (records, ex, size) => {
    // An empty page ends the walk; so does the previous short page again (a target answering a page past the last with it).
    const previous = pages[pages.length - 1];
    const ids = (list: readonly Resource[]): string[] => list.map((r) => r.id);
    if (endsNumericWalk(ids(records), previous ? ids(previous.records) : null, size)) return true;
    pages.push({ exchange: ex, records });
    return false;
  });
  return walkOf(pages, requests);
}

/**
 * Cursor pagination (000 §4): the first request without `page`, then `cursor` = meta.next_cursor of
 * the previous answer, "until no more records": the walk ends at an answer without a cursor
 * (absent, null or ""; its data may be empty). An empty page that still carries a cursor is lawful
 * and followed. `complete` is false when `maxPages` requests did not reach the end.
 */
export async function walkCursor(
  rm: ApiClient,
  op: OperationSpec,
  query: Record<string, QueryValue>,
  perPage: number,
  maxPages: number,
  options: WalkOptions = {},
): Promise<Walk & { cursors: string[]; nextCursor: string | null }> {
  const pages: Page<Resource>[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  const request = (_n: number, size: number) => ({ query: { ...query, per_page: size, ...(cursor === null ? {} : { cursor }) } });
  const requests = await walkRequests(rm, op, perPage, maxPages, options, request, (records, ex) => {
    if (records.length > 0) pages.push({ exchange: ex, records });
    cursor = nextCursorOf(ex);
    if (cursor === null) return true;
    cursors.push(cursor);
    return false;
  });
  // The next cursor of the last answer: null when the walk ended.
  return { ...walkOf(pages, requests), cursors, nextCursor: cursor };
}

/** Array values of a query, each sent as repeated deep-object keys: `['filter[kind]', ['a', 'b']]` -> `filter[kind][]=a&filter[kind][]=b`. */
export type RepeatedKeys = readonly (readonly [string, readonly (string | number)[]])[];

/**
 * A read of `op` whose array values go as repeated deep-object keys (`filter[kind][]=a&filter[kind][]=b`),
 * the rest of `query` as usual.
 */
export function sendRepeatedKeys(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  repeated: RepeatedKeys,
  query: Record<string, QueryValue> = {},
): Promise<Exchange> {
  const search = new URLSearchParams();
  for (const [key, values] of repeated) for (const v of values) search.append(`${key}[]`, String(v));
  // Off `call` on purpose: its query joins an array with commas (000 §4 "sent comma-separated") and holds each key once.
  return rm.send({ method: op.method, path: `${pathOf(op, params)}?${search.toString()}`, query, operationId: op.id });
}

/**
 * A GET with `query`. Array values go comma-joined (000 §4: include is "sent comma-separated"). When
 * the target refuses the request (400 or 422), it is sent again in the other lawful forms: a smaller
 * per_page (000 §8: the maximum is not shown), and array filters as repeated deep-object keys
 * (`filter[kind][]=a&filter[kind][]=b`). The first answer that is not such a refusal is returned.
 */
export async function sendQuery(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  query: Record<string, QueryValue>,
): Promise<Exchange> {
  const refused = (ex: Exchange): boolean => ex.response?.status === 400 || ex.response?.status === 422;
  const arrays = Object.entries(query).filter(([key, value]) => key.startsWith('filter[') && Array.isArray(value)) as [
    string,
    readonly (string | number)[],
  ][];
  const plain = (q: Record<string, QueryValue>) => (): Promise<Exchange> => rm.call(op.id, { params, query: q });
  const repeated = (q: Record<string, QueryValue>) => (): Promise<Exchange> =>
    sendRepeatedKeys(rm, op, params, arrays, Object.fromEntries(Object.entries(q).filter(([key]) => !arrays.some(([a]) => a === key))));
  const small = typeof query.per_page === 'number' && query.per_page > 10 ? { ...query, per_page: 10 } : null;
  const attempts = [plain(query)];
  if (small) attempts.push(plain(small));
  if (arrays.length) attempts.push(repeated(query));
  if (small && arrays.length) attempts.push(repeated(small));
  let last: Exchange | null = null;
  for (const attempt of attempts) {
    last = await attempt();
    if (!refused(last)) return last;
  }
  return last ?? plain(query)();
}
