/**
 * Reading the RM list operations: bounded walks over numeric pages and cursors (000 §4 Common query
 * parameters), each page checked as a documented 200, and a read that is sent again in the other
 * lawful forms of its query when the target refuses the first.
 */
import type { OperationSpec } from '../../contract/catalogue/types';
import { pathOf, type ApiClient, type QueryValue } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import {
  endsNumericWalk,
  expectCursorNextAnswered,
  expectDocumented,
  expectNotCapped,
  expectPageSizeReading,
  expectPastEnd,
  pastEndShown,
  type Page,
} from '../../src/checks';
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
  /**
   * The answer that ended a numeric walk by refusing a page after the first with a 4xx (a page past
   * the last, schemas/DECISIONS.md D35), or null when the walk ended otherwise (or did not end).
   */
  pastEnd: Exchange | null;
}

export interface WalkOptions {
  /**
   * The walk is a filtered request that the record cap must not refuse (000 §4: "cursor pagination
   * avoids the cap"; a numeric request within the cap): a 400 fails the filter-cap check.
   */
  notCapped?: boolean;
  /**
   * The record cap (RM_FILTER_CAP; default 10000). A filtered numeric walk's page past the end that
   * is still within it may be refused, but not with the cap's 400 (schemas/DECISIONS.md D49).
   */
  cap?: number;
}

/** What the requests of a walk came to. */
interface Requests {
  exchanges: Exchange[];
  complete: boolean;
  perPage: number;
  pastEnd: Exchange | null;
}

function walkOf(shown: Page<Resource>[], requests: Requests): Walk {
  const pages = shown.map((p) => [...p.records]);
  const records = pages.flat();
  const { exchanges, complete, perPage, pastEnd } = requests;
  const answers = exchanges.map((exchange) => ({ exchange, records: dataOf(exchange) }));
  return { pages, shown, answers, records, ids: records.map((r) => r.id), exchanges, complete, perPage, pastEnd };
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
  const smaller = status === 400 || status === 422 ? (SMALLER_PAGES.find((s) => s < size) ?? null) : null;
  // A page size refused is a lawful reading of 000 §8 (D44): the verdict names it.
  if (smaller !== null) expectPageSizeReading(ex, size, 0, null);
  return smaller;
}

/** The default record cap (000 §4: "given as 10000 candidates in the illustration"; RM_FILTER_CAP sets the target's). */
const DEFAULT_CAP = 10000;

/**
 * Whether the answer to request `n` (from 0) of a numeric walk refuses a page past the end: a 4xx to a
 * page after the first (schemas/DECISIONS.md D35). The first page is never past the end: it must be 200.
 */
function refusedPastEnd(ex: Exchange, n: number): boolean {
  const status = ex.response?.status ?? 0;
  return n > 0 && status >= 400 && status < 500;
}

/** How an answer to request `n` of a walk came out: the walk goes on, or it ended there (`pastEnd`: past its last record, judged as such). */
type Ending = 'more' | 'ended' | 'past-end';

/**
 * The requests of a walk, each a documented 200 (expectPage): request `n` (from 0, at most `maxPages`)
 * is sent as `request(n, size)`; a first request refused for its page size starts again with a
 * smaller one (smallerPage). `ended` takes each answer's records and says whether the walk goes on,
 * has reached its end, or has reached it past the last record (a page after the first); `complete`
 * is false when `maxPages` requests did not reach it. In a numeric walk (`numeric`), a page after the
 * first refused with a 4xx is a candidate page past the end: it ends the walk only as a lawful
 * reading of one (D35, D49: 404 or 422; pagination judges it, expectPastEnd), unless it is the cap's
 * 400 to a filtered page within the cap (filter-cap judges that). A 200 that ends the walk past the
 * end is judged the same way (its reading named).
 */
async function walkRequests(
  rm: ApiClient,
  op: OperationSpec,
  perPage: number,
  maxPages: number,
  options: WalkOptions,
  request: (n: number, size: number) => { params?: Record<string, string>; query: Record<string, QueryValue> },
  ended: (records: Resource[], ex: Exchange, size: number, n: number) => Promise<Ending>,
  numeric: boolean,
  /** True when the answer to request `n` asks for it to be sent again another way (then `request` gives that way). */
  again: (ex: Exchange, n: number) => boolean = () => false,
): Promise<Requests> {
  const exchanges: Exchange[] = [];
  let size = perPage;
  let previous: string[] | null = null;
  for (let n = 0; n < maxPages; n += 1) {
    const call = request(n, size);
    const ex = await rm.call(op.id, call);
    const smaller = n === 0 ? smallerPage(ex, size) : null;
    if (smaller !== null) {
      size = smaller;
      n -= 1;
      continue;
    }
    if (again(ex, n)) {
      n -= 1;
      continue;
    }
    const filtered = Object.keys(call.query).some((k) => k.startsWith('filter['));
    if (numeric && refusedPastEnd(ex, n)) {
      const reach = (n + 1) * size;
      if (filtered && reach <= (options.cap ?? DEFAULT_CAP))
        expectNotCapped(ex, `a filtered page ${n + 1} with per_page=${size} (records up to ${reach}, within the cap) answered 400`);
      expectPastEnd(ex, n + 1, pastEndShown(ex, 0, previous, []), filtered);
      exchanges.push(ex);
      return { exchanges, complete: true, perPage: size, pastEnd: ex };
    }
    expectPage(ex, op, options);
    exchanges.push(ex);
    const records = dataOf(ex);
    const ending = await ended(records, ex, size, n);
    if (ending !== 'more') {
      const ids = records.map((r) => r.id);
      if (numeric && ending === 'past-end') expectPastEnd(ex, n + 1, pastEndShown(ex, records.length, previous, ids), filtered);
      return { exchanges, complete: true, perPage: size, pastEnd: null };
    }
    previous = records.map((r) => r.id);
  }
  return { exchanges, complete: false, perPage: size, pastEnd: null };
}

/**
 * Whether the records of page 1 to `pages` (at `size`) are all there are of the query: page 1 read
 * with per_page pages * size + 1 holds no more than pages * size records. A target that clamps that
 * size (000 §8) cannot say: then true (the walks' gap checks stand behind it).
 */
async function noneAfter(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  query: Record<string, QueryValue>,
  pages: number,
  size: number,
): Promise<boolean> {
  const before = pages * size;
  const read = await rm.call(op.id, { params, query: { ...query, page: 1, per_page: before + 1 } });
  if (read.response?.status !== 200) return true;
  expectDocumented(read, op, '200');
  return dataOf(read).length <= before;
}

/**
 * Numeric pagination (000 §4 Common query parameters): page 1, 2, ... with an explicit per_page
 * until an empty page, the previous short page again, a page after the first refused with a 4xx
 * (a page past the end, D35), or `maxPages`. Every page with records must be a documented 200 with
 * a valid body.
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
  const requests = await walkRequests(
    rm,
    op,
    perPage,
    maxPages,
    options,
    request,
    async (records, ex, size, n) => {
      // An empty page ends the walk; so does the previous page again (a target answering a page past the
      // last with the last page, D35): a short one at once, a full one when no record follows it.
      const previous = pages[pages.length - 1];
      const ids = (list: readonly Resource[]): string[] => list.map((r) => r.id);
      const past = (): Ending => (n > 0 ? 'past-end' : 'ended');
      if (endsNumericWalk(ids(records), previous ? ids(previous.records) : null, size)) return past();
      const again = previous !== undefined && ids(records).join('\u0000') === ids(previous.records).join('\u0000');
      if (again && (await noneAfter(rm, op, pathParams, query, n, size))) return past();
      pages.push({ exchange: ex, records });
      return 'more';
    },
    true,
  );
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
  // "pass that value as cursor on the next request" (D89): with the query repeated beside it, or, when that is
  // refused (400 or 422: a cursor that carries its query), the cursor alone with per_page from then on.
  let alone = false;
  let withQuery: Exchange | null = null;
  let judged = false;
  const request = (_n: number, size: number) => ({
    query: cursor === null ? { ...query, per_page: size } : alone ? { per_page: size, cursor } : { ...query, per_page: size, cursor },
  });
  const again = (ex: Exchange, n: number): boolean => {
    if (n === 0 || judged) return false;
    const status = ex.response?.status;
    if (!alone && withQuery === null && (status === 400 || status === 422) && Object.keys(query).length > 0) {
      withQuery = ex;
      alone = true;
      return true;
    }
    judged = true;
    // The reading is named where it shows: the cursor alone sent, or the cursor with the query answered 200 (any
    // other answer is the page's to judge: status, no-server-error).
    if (withQuery !== null || status === 200) expectCursorNextAnswered(withQuery ?? ex, withQuery ? ex : null);
    return false;
  };
  const requests = await walkRequests(
    rm,
    op,
    perPage,
    maxPages,
    options,
    request,
    async (records, ex) => {
      if (records.length > 0) pages.push({ exchange: ex, records });
      cursor = nextCursorOf(ex);
      if (cursor === null) return 'ended';
      cursors.push(cursor);
      return 'more';
    },
    false,
    again,
  );
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
  const attempts: { send: () => Promise<Exchange>; smaller: boolean }[] = [{ send: plain(query), smaller: false }];
  if (small) attempts.push({ send: plain(small), smaller: true });
  if (arrays.length) attempts.push({ send: repeated(query), smaller: false });
  if (small && arrays.length) attempts.push({ send: repeated(small), smaller: true });
  let first: Exchange | null = null;
  let last: Exchange | null = null;
  for (const attempt of attempts) {
    last = await attempt.send();
    first ??= last;
    if (refused(last)) continue;
    // Taken at a smaller page size after the asked one was refused: a refusal of a size above the maximum (D44), judged so.
    if (attempt.smaller && first !== last && typeof query.per_page === 'number') expectPageSizeReading(first, query.per_page, 0, null);
    return last;
  }
  return last ?? plain(query)();
}

/** Whether a numeric page lies past the last record of its query, as reads of the records before it show. */
export type PastEnd = 'past-end' | 'not-past-end' | 'unknown';

/**
 * Whether page `page` (> 1) of `query` at `perPage` lies past the end, shown by a read of the records
 * before and at it: page 1 with per_page (page - 1) * perPage + 1. All of them there: a record is on
 * that page ('not-past-end'). Fewer: either the records end there ('past-end'), or the target clamped
 * the page size (000 §8: maximum per_page not shown), which page 2 of the same read tells apart (records
 * there: clamped, 'unknown'). A read that is not a 200: 'unknown'. Returns the reads too.
 */
export async function pastTheEnd(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  query: Record<string, QueryValue>,
  page: number,
  perPage: number,
): Promise<{ verdict: PastEnd; reads: Exchange[] }> {
  const before = (page - 1) * perPage;
  const read = await sendQuery(rm, op, params, { ...query, page: 1, per_page: before + 1 });
  if (read.response?.status !== 200) return { verdict: 'unknown', reads: [read] };
  expectDocumented(read, op, '200');
  if (dataOf(read).length > before) return { verdict: 'not-past-end', reads: [read] };
  const size = Number(new URL(read.request.url).searchParams.get('per_page') ?? before + 1);
  const next = await sendQuery(rm, op, params, { ...query, page: 2, per_page: size });
  const status = next.response?.status ?? 0;
  if (status === 200) expectDocumented(next, op, '200');
  const clamped = status === 200 && dataOf(next).length > 0;
  const ended = (status === 200 && dataOf(next).length === 0) || (status >= 400 && status < 500);
  return { verdict: size === before + 1 && ended && !clamped ? 'past-end' : 'unknown', reads: [read, next] };
}

/**
 * For a bounded search over pages 1, 2, ... of a list read by hand: whether the answer to `page` ends
 * the search as a page past the end refused with a 4xx (D35; judged by expectPastEnd). The first page
 * never does: it is for the caller to judge as a documented 200.
 */
export function refusedAsPastEnd(ex: Exchange, page: number): boolean {
  if (!refusedPastEnd(ex, page - 1)) return false;
  expectPastEnd(ex, page, pastEndShown(ex, 0, null, []));
  return true;
}
