/**
 * GET /candidates: numeric and cursor pagination (000 §4 Common query parameters), the record cap
 * of numeric pagination with a filter (000 §4, §7, §8), and the meaning of each filter (000 §4
 * Filters). Walks run over a window of records that cannot grow while they run (support/rm-window.ts).
 */
import { test } from '../fixtures';
import { operation } from '../../src/catalogue';
import type { OperationSpec } from '../../src/catalogue/types';
import { expectDocumented, expectNoServerError, expectThat, type ClauseOf } from '../../src/checks';
import type { Target } from '../../src/config/target';
import type { ApiClient, QueryValue } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { bodyShape } from '../../src/reporting/observations';
import { atOffset, compareInstants, cursorShape, dataOf, duplicatesIn, plusSeconds, short, utcOf, type Resource } from '../support/rm-doc';
import { eventually } from '../support/rm-eventually';
import { createCandidateRecord, getCandidate, type CreatedCandidate } from '../support/rm-records';
import { walkCursor, walkNumeric, type Walk } from '../support/rm-walk';
import { candidateWindow, fence, missingFrom, stillMissing, updatedAt, windowWalk } from '../support/rm-window';

const MAX_PAGES = 40;

function list(): OperationSpec {
  return operation('rm.candidates.list');
}

/** The candidates of one request (checked as a documented 200). */
async function candidates(rm: ApiClient, query: Record<string, QueryValue>): Promise<Resource[]> {
  const op = list();
  const ex = await rm.call(op.id, { query });
  expectDocumented(ex, op, '200');
  return dataOf(ex);
}

/** Ids of a walk, or of its first page only when one of two walks to compare did not end. */
function comparable(a: Walk, b: Walk): [Set<string>, Set<string>, string] {
  if (a.complete && b.complete) return [new Set(a.ids), new Set(b.ids), 'all pages'];
  return [new Set(a.pages[0]?.map((r) => r.id) ?? []), new Set(b.pages[0]?.map((r) => r.id) ?? []), 'the first page'];
}

function difference(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((id) => !b.has(id)).concat([...b].filter((id) => !a.has(id)));
}

/**
 * Two queries that the document says select the same records give the same ids. Records can change
 * while the walks run (other tests, other people): a difference is re-walked once, then each record
 * that still differs is looked at alone (at most 20): one gone, or updated since the window
 * (`filter[updated_at][lt]` in `a`) closed, explains itself; one both queries select, or neither,
 * when pinned to its e-mail was passed over by a walk (a record leaving the window moves later ones
 * a page up). What remains fails.
 */
async function expectSameSelection(
  rm: ApiClient,
  what: string,
  a: Record<string, QueryValue>,
  b: Record<string, QueryValue>,
  clause: ClauseOf<'filter'>,
): Promise<void> {
  let diff: string[] = [];
  let scope = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [x, y, over] = comparable(await walkNumeric(rm, list(), a, 100, 10), await walkNumeric(rm, list(), b, 100, 10));
    diff = difference(x, y);
    scope = over;
    if (diff.length === 0) return;
  }
  diff = await stillDiffering(rm, diff, a, b);
  if (diff.length === 0) return;
  expectThat(false, 'filter', `${what}: the two selections differ over ${scope} in ${short(diff)}`, clause);
}

/** The records of `ids` that `a` and `b` still select differently, each looked at alone (at most 20; the others kept). */
async function stillDiffering(
  rm: ApiClient,
  ids: readonly string[],
  a: Record<string, QueryValue>,
  b: Record<string, QueryValue>,
): Promise<string[]> {
  const until = a['filter[updated_at][lt]'];
  const kept: string[] = [];
  for (const [n, id] of ids.entries()) {
    if (n >= 20) {
      kept.push(id);
      continue;
    }
    const ex = await rm.call('rm.candidates.get', { params: { candidateId: id } });
    if (ex.response?.status === 404) continue; // gone (deleted, or anonymised away)
    const resource = ex.response?.status === 200 ? dataOf(ex)[0] : undefined;
    const stamp = resource ? utcOf(resource, 'updated_at') : null;
    if (typeof until === 'string' && stamp !== null && (compareInstants(stamp, until) ?? -1) >= 0) continue; // updated since the window closed
    const email = resource?.attributes.email;
    if (typeof email === 'string' && email !== '') {
      const pinned = async (query: Record<string, QueryValue>): Promise<boolean> =>
        (await candidates(rm, { ...query, 'filter[email][eq]': email, page: 1, per_page: 25 })).some((r) => r.id === id);
      if ((await pinned(a)) === (await pinned(b))) continue; // a walk passed over it
    }
    kept.push(id);
  }
  return kept;
}

/**
 * filter[X]=true may select only the X records, or the others as well (000 §4 Filters gives only
 * "`true` or `false`; default `false`"): both readings are lawful. Returns which one the walks show,
 * or null when neither holds (a `true` selection with some, but not all, of the default records).
 */
function trueReading(byDefault: Walk, yes: Walk, isX: (r: Resource) => boolean | null): 'only' | 'included' | 'unknown' | null {
  const others = yes.records.filter((r) => isX(r) === false);
  const shared = yes.ids.filter((id) => byDefault.ids.includes(id));
  if (others.length === 0 && shared.length === 0) return 'only';
  if (!byDefault.complete || !yes.complete) return 'unknown';
  return byDefault.ids.every((id) => yes.ids.includes(id)) ? 'included' : null;
}

/** Each page of a walk holds at most per_page records (000 §4); `what` names a page in the message ("page", "cursor page"). */
function expectPagesWithin(walk: Walk, perPage: number, what: string): void {
  walk.pages.forEach((page, n) => {
    expectThat(
      page.length <= perPage,
      'pagination',
      `${what} ${n + 1} with per_page=${perPage} holds ${page.length} records`,
      'rm.query.per_page',
    );
  });
}

/** The boolean filters whose default is `false` (000 §4 Filters: "`true` or `false`; default `false`"). */
type DefaultFalse = 'archived' | 'anonymised';

/** No filter[name] and filter[name]=false select the same candidates of `window` (the default is false). */
async function expectFalseByDefault(rm: ApiClient, window: Record<string, string>, name: DefaultFalse): Promise<void> {
  const key = `filter[${name}]`;
  await expectSameSelection(rm, `no ${key} and ${key}=false`, window, { ...window, [key]: 'false' }, `rm.filter.${name}`);
}

/**
 * filter[name]=true over `window` shows one of the two lawful readings (trueReading), walked again once
 * when it shows neither (records can change meanwhile): else the filter check fails with `why`. The
 * reading is observed. `byDefault`, when the caller has walked the window already, serves the first attempt.
 */
async function expectTrueReading(
  rm: ApiClient,
  observe: (category: 'other', subject: string, value: string) => void,
  window: Record<string, string>,
  name: DefaultFalse,
  isX: (r: Resource) => boolean | null,
  why: string,
  byDefault?: Walk,
): Promise<void> {
  const key = `filter[${name}]`;
  let reading: ReturnType<typeof trueReading> = null;
  for (let attempt = 0; attempt < 2 && reading === null; attempt += 1) {
    const yes = await walkNumeric(rm, list(), { ...window, [key]: 'true' }, 100, 10);
    reading = trueReading(attempt === 0 && byDefault ? byDefault : await walkNumeric(rm, list(), window, 100, 10), yes, isX);
  }
  expectThat(reading !== null, 'filter', why, `rm.filter.${name}`);
  observe('other', `${key}=true`, reading ?? '');
}

/**
 * A candidate just created (`created`, `which` says what it lacks) is selected by `key`=false, eventually,
 * and not by `key`=true: each read by e-mail.
 */
async function expectOnlyFalseSelects(
  rm: ApiClient,
  created: CreatedCandidate,
  key: string,
  which: string,
  clause: ClauseOf<'filter'>,
): Promise<void> {
  const base = { 'filter[email][eq]': created.email, page: 1, per_page: 25 };
  const yes = await candidates(rm, { ...base, [key]: 'true' });
  expectThat(!yes.some((r) => r.id === created.id), 'filter', `${key}=true selects candidate ${created.id}, ${which}`, clause);
  const found = await eventually(async () => (await candidates(rm, { ...base, [key]: 'false' })).some((r) => r.id === created.id));
  expectThat(found, 'filter', `${key}=false does not select candidate ${created.id}, ${which}`, clause);
}

const archivedStatus = (r: Resource): unknown => r.attributes.archived_status;

/**
 * The record cap of numeric pagination with a filter (000 §4, §7, §8): RM_FILTER_CAP, the filter the
 * cap tests combine with pages (every candidate updated before tomorrow), and a filtered page request.
 */
function capProbe(
  rm: ApiClient,
  target: Target,
  op: OperationSpec,
): { cap: number; filter: Record<string, string>; probe: (page: number, perPage: number) => Promise<Exchange> } {
  const cap = target.rm?.filterCap ?? 10000;
  const filter = { 'filter[updated_at][lt]': new Date(Date.now() + 86_400_000).toISOString() };
  const probe = (page: number, perPage: number): Promise<Exchange> => rm.call(op.id, { query: { ...filter, page, per_page: perPage } });
  return { cap, filter, probe };
}

/** A filtered page that does not reach beyond the cap is served: not refused with 400 (`why` says which), and a documented 200. */
function expectServedWithinCap(ex: Exchange, op: OperationSpec, why: string): void {
  expectThat(ex.response?.status !== 400, 'filter-cap', why, 'rm.query.filter-cap');
  expectDocumented(ex, op, '200');
}

test.describe('pagination', () => {
  test('GET /candidates with page and per_page: per_page is honoured and pages do not overlap @smoke', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    const op = covers('rm.candidates.list', '200');
    const perPage = 2;
    // Unfiltered: a page never holds more than per_page records.
    for (const size of [1, 3]) {
      const page = await candidates(rm, { page: 1, per_page: size });
      expectThat(
        page.length <= size,
        'pagination',
        `GET /candidates?per_page=${size} answered ${page.length} records`,
        'rm.query.per_page',
      );
    }
    const window = await candidateWindow(rm, target, cleanup, 'pages', 5);
    const plan = await windowWalk(rm, window, perPage, MAX_PAGES);
    const walkWindow = (): Promise<Walk> => walkNumeric(rm, op, window.query, plan.perPage, plan.maxPages);
    const walk = await walkWindow();
    expectPagesWithin(walk, plan.perPage, 'page');
    const short_ = walk.pages.slice(0, -1).findIndex((p) => p.length < plan.perPage);
    if (short_ >= 0) {
      observe(
        'pagination',
        `GET /candidates per_page=${plan.perPage}`,
        `page ${short_ + 1} held fewer records than per_page although more pages followed`,
      );
    }
    const dup = duplicatesIn(walk.ids);
    expectThat(
      dup.length === 0,
      'pagination',
      `numeric pages overlap: ${short(dup)} appear on more than one page (pages 1-${walk.pages.length}, per_page=${plan.perPage})`,
      'rm.query.page',
    );
    expectThat(
      walk.complete,
      'pagination',
      `the pages of a window of ${plan.size ?? `${window.mine.length + 1}-odd`} records did not end within ${plan.maxPages} pages (per_page=${plan.perPage})`,
      'rm.query.page',
    );
    const missing = await stillMissing(window, walk, walkWindow);
    expectThat(
      missing.length === 0,
      'pagination',
      `walking pages 1-${walk.pages.length} (per_page=${plan.perPage}) never showed ${short(missing)}, which match the filter (3 walks)`,
      'rm.query.page',
    );
  });

  test('GET /candidates by cursor: following meta.next_cursor visits every record once and ends', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    const op = covers('rm.candidates.list', '200');
    const perPage = 2;
    const window = await candidateWindow(rm, target, cleanup, 'cursor', 5);
    const plan = await windowWalk(rm, window, perPage, MAX_PAGES);
    const walk = await walkCursor(rm, op, window.query, plan.perPage, plan.maxPages);
    const dup = duplicatesIn(walk.ids);
    expectThat(
      dup.length === 0,
      'cursor',
      `the cursor walk visits ${short(dup)} more than once (${walk.pages.length} pages, per_page=${plan.perPage})`,
      'rm.query.cursor',
    );
    // An empty page that still carries a cursor is lawful; a walk that never ends is not ("repeat until no more records").
    const requests = walk.exchanges.length;
    expectThat(
      walk.complete,
      'cursor',
      `the cursor walk over a window of ${plan.size ?? `about ${window.mine.length + 1}`} records did not end within ${requests} requests`,
      'rm.query.cursor',
    );
    // A cursor may encode an offset: a record leaving the window may move ours past it, as in a numeric walk.
    const missing = await stillMissing(window, walk, () => walkCursor(rm, op, window.query, plan.perPage, plan.maxPages));
    expectThat(
      missing.length === 0,
      'cursor',
      `the cursor walk (${walk.pages.length} pages, per_page=${plan.perPage}) never visited ${short(missing)}, which match the filter (3 walks)`,
      'rm.query.cursor',
    );
    expectPagesWithin(walk, plan.perPage, 'cursor page');
    const last = walk.exchanges[walk.exchanges.length - 1];
    if (last)
      observe(
        'pagination',
        'GET /candidates cursor walk: the last answer',
        `${dataOf(last).length} records, meta.next_cursor ${cursorShape(last)}`,
      );
    const empty = walk.exchanges.filter((e) => dataOf(e).length === 0).length;
    observe('pagination', 'GET /candidates cursor walk', `${requests} requests for ${walk.ids.length} records, ${empty} empty pages`);
  });

  test('numeric pagination with a filter past RM_FILTER_CAP answers 400; within the cap and by cursor it is not refused', async ({
    rm,
    target,
    covers,
    observe,
  }) => {
    // 000 §4: "When a filter is combined with numeric pagination, requests that reach beyond a fixed record cap ...
    // get HTTP 400; cursor pagination avoids the cap" (and §7, §8). per_page=1 keeps the window exact.
    const op = covers('rm.candidates.list', '400', '200');
    const { cap, filter, probe } = capProbe(rm, target, op);
    const past = await probe(cap + 1, 1);
    expectDocumented(past, op, '400', { statusCheck: 'filter-cap', schema: false });
    observe('error-body', 'GET /candidates 400 (filter past the cap)', bodyShape(past.response?.text ?? ''));
    await walkNumeric(rm, op, filter, 1, 1, { notCapped: true });
    const within = await probe(cap, 1);
    expectServedWithinCap(within, op, `GET /candidates with a filter, page=${cap}&per_page=1 (record ${cap}, within the cap) answered 400`);
    // Without a filter the cap does not apply, and the document gives no other limit (000 §8: maximum not shown): observed.
    const unfiltered = await rm.call(op.id, { query: { page: cap + 1, per_page: 1 } });
    expectNoServerError(unfiltered, 'rm.op.candidates.list');
    observe(
      'pagination',
      `GET /candidates?page=${cap + 1}&per_page=1 without a filter`,
      `${String(unfiltered.response?.status)}, ${dataOf(unfiltered).length} records`,
    );
    const byCursor = await walkCursor(rm, op, filter, 100, 3, { notCapped: true });
    observe('pagination', 'GET /candidates filtered by cursor', `${byCursor.exchanges.length} requests, ${byCursor.ids.length} records`);
  });

  test('the record cap holds at several page sizes: just under and at RM_FILTER_CAP a filtered page is served, beyond it 400', async ({
    rm,
    target,
    covers,
    observe,
  }) => {
    // 000 §4: "requests that reach beyond a fixed record cap ... get HTTP 400" (and §7, §8). A request reaches
    // records (page - 1) * per_page + 1 to page * per_page: beyond the cap when page * per_page > cap; at the cap
    // (page * per_page = cap) it is not beyond. A page size the target does not honour (clamped, 000 §8: maximum
    // not shown) reaches less far than asked: its probe beyond the cap is observed, not required.
    const op = covers('rm.candidates.list', '400', '200');
    const { cap, probe } = capProbe(rm, target, op);
    for (const size of [1, 10, 25, 50, 100]) {
      const first = await probe(1, size);
      const status = first.response?.status ?? 0;
      if (size > 1 && (status === 400 || status === 422)) {
        // D35: a per_page above the target's maximum may be refused; then this size cannot be probed.
        observe(
          'pagination',
          `GET /candidates?page=1&per_page=${size} with a filter`,
          `${status}: the record cap not probed at this page size`,
        );
        continue;
      }
      expectServedWithinCap(first, op, `GET /candidates with a filter, page=1&per_page=${size} answered 400, far within the cap`);
      const honoured = dataOf(first).length === size;
      const atCap = Math.floor(cap / size);
      const within = [atCap - 1, atCap].filter((page) => page >= 1);
      for (const page of within) {
        const ex = await probe(page, size);
        const where = `GET /candidates with a filter, page=${page}&per_page=${size} (records up to ${page * size}, cap ${cap})`;
        expectServedWithinCap(ex, op, `${where} answered 400, although it does not reach beyond the cap`);
      }
      const beyond = await probe(atCap + 1, size);
      if (honoured) {
        expectDocumented(beyond, op, '400', { statusCheck: 'filter-cap', schema: false });
      } else {
        const held = `page 1 held ${dataOf(first).length} records`;
        const answer = `per_page not shown honoured (${held}): ${String(beyond.response?.status)}`;
        observe('pagination', `GET /candidates with a filter beyond the cap at per_page=${size}`, answer);
        expectNoServerError(beyond, 'rm.op.candidates.list');
      }
    }
  });
});

test.describe('filters', () => {
  test('filter[updated_at]: lt is strictly before, gte is at or after, and they combine', async ({ rm, target, covers, cleanup }) => {
    covers('rm.candidates.list', '200');
    const created = await createCandidateRecord(rm, target, cleanup, 'updated');
    const t = updatedAt((await getCandidate(rm, created.id)).resource);
    const lt = 'filter[updated_at][lt]';
    const gte = 'filter[updated_at][gte]';
    const holds = (rows: Resource[], cmp: (c: number) => boolean, rule: string, query: string, clause: ClauseOf<'filter'>): void => {
      for (const r of rows) {
        const at = utcOf(r, 'updated_at');
        if (at === null) continue;
        expectThat(
          cmp(compareInstants(at, t) ?? 0),
          'filter',
          `${query} returned candidate ${r.id} updated at ${at}, not ${rule} ${t}`,
          clause,
        );
      }
    };
    // gte=T includes the record updated at T, and nothing before T.
    let atOrAfter: Resource[] = [];
    const seen = await eventually(async () => {
      atOrAfter = (await walkNumeric(rm, list(), { [gte]: t }, 100, 5)).records;
      return atOrAfter.some((r) => r.id === created.id);
    });
    expectThat(
      seen,
      'filter',
      `filter[updated_at][gte]=${t} does not return candidate ${created.id}, updated at exactly ${t} (gte is "at or after")`,
      'rm.filter.updated_at.gte',
    );
    holds(atOrAfter, (c) => c >= 0, 'at or after', `${gte}=${t}`, 'rm.filter.updated_at.gte');
    // lt=T excludes it, and returns only records before T.
    const before = (await walkNumeric(rm, list(), { [lt]: t }, 100, 1)).records;
    const ltWhy = `filter[updated_at][lt]=${t} returns candidate ${created.id}, updated at exactly ${t} (lt is "strictly before")`;
    expectThat(!before.some((r) => r.id === created.id), 'filter', ltWhy, 'rm.filter.updated_at.lt');
    holds(before, (c) => c < 0, 'strictly before', `${lt}=${t}`, 'rm.filter.updated_at.lt');
    // Combined ("may be combined with lt"): [T-10s, T) excludes it; [T, T+1s) includes it; both keep to their bounds.
    const earlier = new Date(Date.parse(t) - 10_000).toISOString();
    const narrowBefore = await walkNumeric(rm, list(), { [gte]: earlier, [lt]: t }, 100, 5);
    expectThat(
      !narrowBefore.ids.includes(created.id),
      'filter',
      `gte=${earlier}&lt=${t} returns candidate ${created.id}, updated at ${t}`,
      'rm.filter.updated_at.gte',
    );
    holds(narrowBefore.records, (c) => c < 0, 'strictly before', `${gte}=${earlier}&${lt}=${t}`, 'rm.filter.updated_at.gte');
    const later = plusSeconds(t, 1);
    const narrow = await walkNumeric(rm, list(), { [gte]: t, [lt]: later }, 100, 5);
    expectThat(
      narrow.ids.includes(created.id),
      'filter',
      `gte=${t}&lt=${later} does not return candidate ${created.id}, updated at ${t}`,
      'rm.filter.updated_at.gte',
    );
    holds(narrow.records, (c) => c >= 0, 'at or after', `${gte}=${t}&${lt}=${later}`, 'rm.filter.updated_at.gte');
    for (const r of narrow.records) {
      const at = utcOf(r, 'updated_at');
      if (at === null) continue;
      expectThat(
        (compareInstants(at, later) ?? -1) < 0,
        'filter',
        `gte=${t}&lt=${later} returned candidate ${r.id} updated at ${at}, not before ${later}`,
        'rm.filter.updated_at.gte',
      );
    }
  });

  test('filter[email][eq] is an exact e-mail match', async ({ rm, target, covers, cleanup }) => {
    covers('rm.candidates.list', '200');
    const created = await createCandidateRecord(rm, target, cleanup, 'email');
    const eq = 'filter[email][eq]';
    let rows: Resource[] = [];
    const found = await eventually(async () => {
      rows = await candidates(rm, { [eq]: created.email, page: 1, per_page: 25 });
      return rows.some((r) => r.id === created.id);
    });
    expectThat(
      found,
      'filter',
      `filter[email][eq]=${created.email} does not return candidate ${created.id}, which has that e-mail`,
      'rm.filter.email',
    );
    for (const r of rows) {
      const email = r.attributes.email;
      const same = typeof email === 'string' && email.toLowerCase() === created.email.toLowerCase();
      expectThat(
        same,
        'filter',
        `filter[email][eq]=${created.email} returned candidate ${r.id} with e-mail ${JSON.stringify(email)}`,
        'rm.filter.email',
      );
    }
    // A shorter address (still an address) is a different e-mail: no match.
    const prefix = created.email.slice(0, -1);
    const other = await candidates(rm, { [eq]: prefix, page: 1, per_page: 25 });
    const why = `filter[email][eq]=${prefix} returns candidate ${created.id} with e-mail ${created.email} (not an exact match)`;
    expectThat(!other.some((r) => r.id === created.id), 'filter', why, 'rm.filter.email');
  });

  test('filter[archived] defaults to false and false lists no archived candidate; true lists the archived ones', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    covers('rm.candidates.list', '200');
    const until = await fence(rm, target, cleanup, 'archived');
    const window = { 'filter[updated_at][lt]': until };
    const isArchived = (r: Resource): boolean | null =>
      archivedStatus(r) === 'archived' ? true : archivedStatus(r) === 'unarchived' ? false : null;
    const archivedIn = (walk: Walk): string[] => walk.records.filter((r) => isArchived(r) === true).map((r) => r.id);
    const byDefault = await walkNumeric(rm, list(), window, 100, 10);
    const archivedByDefault = archivedIn(byDefault);
    expectThat(
      archivedByDefault.length === 0,
      'filter',
      `without filter[archived], archived candidates are listed: ${short(archivedByDefault)} (default false)`,
      'rm.filter.archived',
    );
    const archivedByFalse = archivedIn(await walkNumeric(rm, list(), { ...window, 'filter[archived]': 'false' }, 100, 10));
    expectThat(
      archivedByFalse.length === 0,
      'filter',
      `filter[archived]=false lists archived candidates: ${short(archivedByFalse)}`,
      'rm.filter.archived',
    );
    await expectFalseByDefault(rm, window, 'archived');
    // true: only the archived candidates, or every candidate with the archived ones (both lawful readings).
    const why =
      'filter[archived]=true lists some unarchived candidates but not all of them: neither "only archived" nor "archived included"';
    await expectTrueReading(rm, observe, window, 'archived', isArchived, why, byDefault);
  });

  test('filter[archived]=true finds a candidate known to be archived, and the default (false) does not', async ({ rm, target, covers }) => {
    // 000 §4 Filters: "filter[archived] | `true` or `false`; default `false`". Either reading of true
    // (only archived, or archived included) lists an archived candidate; false and the default never do.
    const id = target.rm?.archivedCandidateId ?? null;
    test.skip(
      id === null,
      'RM_ARCHIVED_CANDIDATE_ID is not set: no candidate is known to be archived (000 has no operation that archives one)',
    );
    if (id === null) return;
    const op = covers('rm.candidates.list', '200');
    const { resource } = await getCandidate(rm, id);
    const status = resource.attributes.archived_status;
    test.skip(status === 'unarchived', `candidate ${id} (RM_ARCHIVED_CANDIDATE_ID) is not archived: archived_status is "unarchived"`);
    const email = resource.attributes.email;
    test.skip(typeof email !== 'string' || email === '', `candidate ${id} shows no e-mail to select it by`);
    const read = async (archived: string | undefined): Promise<Resource[]> => {
      const query: Record<string, QueryValue> = { 'filter[email][eq]': String(email), page: 1, per_page: 25 };
      if (archived !== undefined) query['filter[archived]'] = archived;
      const ex = await rm.call(op.id, { query });
      expectDocumented(ex, op, '200');
      return dataOf(ex);
    };
    const withTrue = await read('true');
    expectThat(
      withTrue.some((r) => r.id === id),
      'filter',
      `filter[archived]=true&filter[email][eq]=${String(email)} does not list archived candidate ${id}`,
      'rm.filter.archived',
    );
    for (const archived of [undefined, 'false']) {
      const rows = await read(archived);
      const how = archived === undefined ? 'without filter[archived]' : 'with filter[archived]=false';
      expectThat(
        !rows.some((r) => r.id === id),
        'filter',
        `${how}, filter[email][eq]=${String(email)} lists archived candidate ${id} (default false)`,
        'rm.filter.archived',
      );
    }
  });

  test('filter[anonymised] defaults to false; true selects anonymised candidates only, or all with them', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    covers('rm.candidates.list', '200');
    const until = await fence(rm, target, cleanup, 'anonymised');
    const window = { 'filter[updated_at][lt]': until };
    await expectFalseByDefault(rm, window, 'anonymised');
    // No attribute shows anonymisation: "only" means nothing in common with the default selection, "included" a superset.
    const why = 'filter[anonymised]=true shares some, but not all, candidates with the default selection (default false)';
    await expectTrueReading(rm, observe, window, 'anonymised', () => null, why);
  });

  const EXISTS = [
    ['ats_candidates', 'rm.filter.ats_candidates'],
    ['ats_uid', 'rm.filter.ats_uid'],
    ['resume', 'rm.filter.resume'],
  ] as const;
  for (const [name, clause] of EXISTS) {
    const key = `filter[${name}][exists]`;
    test(`${key}: true and false select disjoint candidates`, async ({ rm, covers }) => {
      covers('rm.candidates.list', '200');
      const yes = await walkNumeric(rm, list(), { [key]: 'true' }, 100, 10);
      const no = await walkNumeric(rm, list(), { [key]: 'false' }, 100, 10);
      const both = yes.records.filter((r) => no.ids.includes(r.id));
      // A record may change between the two walks (a resume extracted meanwhile): ask again, by e-mail.
      for (const r of both.slice(0, 5)) {
        const email = r.attributes.email;
        if (typeof email !== 'string') continue;
        const again = await Promise.all(
          ['true', 'false'].map((v) => candidates(rm, { [key]: v, 'filter[email][eq]': email, page: 1, per_page: 25 })),
        );
        const inBoth = again.every((rows) => rows.some((x) => x.id === r.id));
        expectThat(!inBoth, 'filter', `candidate ${r.id} is selected by both ${key}=true and ${key}=false`, clause);
      }
      const unchecked = both.filter((r) => typeof r.attributes.email !== 'string');
      expectThat(
        unchecked.length === 0,
        'filter',
        `candidates selected by both ${key}=true and ${key}=false: ${short(unchecked.map((r) => r.id))}`,
        clause,
      );
    });
  }

  const FRESH = [
    ['ats_uid', 'rm.filter.ats_uid', 'has no ATS record yet ("false finds candidates not yet sent to an ATS")'],
    ['ats_candidates', 'rm.filter.ats_candidates', 'has no ATS status history (no status event)'],
  ] as const;
  for (const [name, clause, why] of FRESH) {
    const key = `filter[${name}][exists]`;
    test(`${key}: a new candidate is selected by false and not by true`, async ({ rm, target, covers, cleanup }) => {
      // 000 §4 Filters: a candidate the suite has just created through POST /candidates has neither.
      covers('rm.candidates.list', '200');
      const created = await createCandidateRecord(rm, target, cleanup, `fresh-${name}`);
      await expectOnlyFalseSelects(rm, created, key, `which was just created and ${why}`, clause);
    });
  }

  test('filter[updated_at] with a UTC offset (+05:30, -03:00) selects the same candidates as the same instants written in UTC', async ({
    rm,
    target,
    covers,
    cleanup,
  }) => {
    // 000 §4 Filters: gte and lt take a date-time (RFC 3339 §5.6): an offset names the same instant as its UTC form.
    covers('rm.candidates.list', '200');
    const window = await candidateWindow(rm, target, cleanup, 'offset', 2);
    const utc = { 'filter[updated_at][gte]': window.from, 'filter[updated_at][lt]': window.until };
    const offset = { 'filter[updated_at][gte]': atOffset(window.from, 330), 'filter[updated_at][lt]': atOffset(window.until, -180) };
    const text = (q: Record<string, string>): string =>
      Object.entries(q)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
    let diff: string[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const [a, b] = [await walkNumeric(rm, list(), utc, 100, 10), await walkNumeric(rm, list(), offset, 100, 10)];
      const missing = missingFrom(window, b.ids);
      expectThat(
        missing.length === 0,
        'filter',
        `${text(offset)} does not select ${short(missing)}, updated at or after ${window.from} and before ${window.until} (the same instants as ${text(utc)})`,
        'rm.filter.updated_at.gte',
      );
      diff = difference(new Set(a.ids), new Set(b.ids));
      if (diff.length === 0) return;
    }
    const why = `${text(utc)} and ${text(offset)} (the same instants) select different candidates: ${short(diff)}`;
    expectThat(false, 'filter', why, 'rm.filter.updated_at.gte');
  });

  test('filter[resume][exists]: a candidate without any file is selected by false, not by true', async ({
    rm,
    target,
    covers,
    cleanup,
  }) => {
    // 000 §4 Filters: resume exists counts only resumes whose text has been extracted; a candidate
    // that has no file at all has none.
    covers('rm.candidates.list', '200');
    const created = await createCandidateRecord(rm, target, cleanup, 'noresume');
    await expectOnlyFalseSelects(rm, created, 'filter[resume][exists]', 'which has no file', 'rm.filter.resume');
  });

  test('every documented filter of GET /candidates answers 200 with a valid body @smoke', async ({ rm, covers }) => {
    const op = covers('rm.candidates.list', '200');
    const now = new Date().toISOString();
    const samples: Record<string, string[]> = {
      'filter[updated_at][lt]': [now],
      'filter[updated_at][gte]': ['2000-01-01T00:00:00Z'],
      'filter[email][eq]': ['nobody@example.com'],
    };
    for (const filter of op.filters) {
      const schema = filter.schema as { enum?: unknown[] };
      const values = samples[filter.name] ?? (Array.isArray(schema.enum) ? schema.enum.map(String) : []);
      expectThat(values.length > 0, 'setup', `no sample value for ${filter.name}`, 'rm.op.candidates.list');
      for (const value of values) {
        const ex = await rm.call(op.id, { query: { [filter.name]: value, page: 1, per_page: 5 } });
        expectDocumented(ex, op, '200');
      }
    }
  });
});
