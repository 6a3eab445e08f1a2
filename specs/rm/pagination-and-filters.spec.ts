/**
 * GET /candidates: numeric and cursor pagination (000 §4 Common query parameters), the record cap
 * of numeric pagination with a filter (000 §4, §7, §8), and the meaning of each filter (000 §4
 * Filters). Walks run over a window of records that cannot grow while they run (support/rm-window.ts).
 */
import {
  declares,
  test,
  differing,
  expectCapRefused,
  expectBounds,
  expectCursorPagesDisjoint,
  expectCursorVisitsAll,
  expectCursorWalkComplete,
  expectCursorWalkEnded,
  expectDisjoint,
  expectDocumented,
  expectExcludes,
  expectNoGap,
  expectNoServerError,
  expectNotCapped,
  expectNumericWalkEnded,
  expectOnlyFitting,
  expectPagesDisjoint,
  expectPagesWithin,
  expectPastEnd,
  expectUniqueValues,
  expectSameSelection as expectSelectionsEqual,
  expectSelects,
  expectTrueReading as expectLawfulTrueReading,
  trueReadingOutcome,
  type ClauseOf,
  type Rule,
  type Selection,
  type Target,
  type ApiClient,
  type QueryValue,
  type Exchange,
  bodyShape,
  shownInstant,
  type BoundQuery,
  atOnce,
} from '../kit';
import {
  atOffset,
  cursorShape,
  dataOf,
  nextCursorOf,
  plusSeconds,
  type Resource,
  eventually,
  createCandidateRecord,
  getCandidate,
  type CreatedCandidate,
  sendQuery,
  walkCursor,
  walkNumeric,
  type Walk,
  candidateWindow,
  fence,
  stillMissing,
  updatedAtOf,
  updatedInstantOf,
  windowWalk,
  singleOf,
} from '../kit/rm';
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';

const MAX_PAGES = 40;

function list(): OperationSpec {
  return operation('rm.candidates.list');
}

/** A query as people read it ("GET /candidates?filter[email][eq]=..."). */
function queryText(query: Record<string, QueryValue>): string {
  const text = Object.entries(query)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join('&');
  return `GET /candidates${text ? `?${text}` : ''}`;
}

/** What one request selected (checked as a documented 200). */
async function selected(rm: ApiClient, query: Record<string, QueryValue>): Promise<Selection<Resource>> {
  const op = list();
  // A per_page above the target's maximum may be refused (000 §8, D44): then sent again smaller.
  const exchange = await sendQuery(rm, op, {}, query);
  expectDocumented(exchange, op, '200');
  return { query: queryText(query), pages: [{ exchange, records: dataOf(exchange) }] };
}

/** The candidates of one request (checked as a documented 200). */
async function candidates(rm: ApiClient, query: Record<string, QueryValue>): Promise<Resource[]> {
  return (await selected(rm, query)).pages.flatMap((p) => p.records);
}

/** What a walk of `query` selected. */
function walked(walk: Walk, query: Record<string, QueryValue>): Selection<Resource> {
  return { query: queryText(query), pages: walk.shown, complete: walk.complete };
}

/** Two walks to compare: all their pages, or their first pages only when one of them did not end. */
function comparable(a: Walk, b: Walk, qa: Record<string, QueryValue>, qb: Record<string, QueryValue>): [Selection, Selection, string] {
  if (a.complete && b.complete) return [walked(a, qa), walked(b, qb), 'all pages'];
  const first = (w: Walk, q: Record<string, QueryValue>): Selection => ({ query: queryText(q), pages: w.shown.slice(0, 1) });
  return [first(a, qa), first(b, qb), 'the first page'];
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
  let compared: [Selection, Selection, string] | null = null;
  let diff: string[] = [];
  for (let attempt = 0; attempt < 2 && (compared === null || diff.length > 0); attempt += 1) {
    // The two walks at once: far away their round trips overlap (a writer meanwhile is handled below either way).
    const [walkA, walkB] = await atOnce([() => walkNumeric(rm, list(), a, 100, 10), () => walkNumeric(rm, list(), b, 100, 10)]);
    compared = comparable(walkA, walkB, a, b);
    diff = differing(compared[0], compared[1]);
  }
  if (compared === null) return;
  // Each record that still differs is looked at alone: what changed meanwhile explains itself.
  const kept = diff.length > 0 ? await stillDiffering(rm, diff, a, b) : [];
  const explained = diff.filter((id) => !kept.includes(id));
  expectSelectionsEqual(compared[0], compared[1], explained, compared[2], clause, what);
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
    const stamp = resource ? updatedOf(resource) : null;
    // Updated since the window closed (at or after its bound, or within the precision it shows of it).
    if (typeof until === 'string' && stamp !== null && stamp.at + stamp.unit > Date.parse(until)) continue;
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

/** The boolean filters whose default is `false` (000 §4 Filters: "`true` or `false`; default `false`"). */
type DefaultFalse = 'archived' | 'anonymised';

/** No filter[name] and filter[name]=false select the same candidates of `window` (the default is false). */
async function expectFalseByDefault(rm: ApiClient, window: Record<string, string>, name: DefaultFalse): Promise<void> {
  const key = `filter[${name}]`;
  await expectSameSelection(rm, `no ${key} and ${key}=false`, window, { ...window, [key]: 'false' }, `rm.filter.${name}`);
}

/**
 * filter[name]=true over `window` shows one of the lawful readings of its row (src/readings: only the X
 * records, or the others as well, 000 §4 Filters giving only "`true` or `false`; default `false`"),
 * walked again once when it shows none (records can change meanwhile): else the filter check fails,
 * naming the readings. `knownX` are records known to be X that the window holds. `byDefault`, when the
 * caller has walked the window already, serves the first attempt.
 */
async function expectTrueReading(
  rm: ApiClient,
  window: Record<string, string>,
  name: DefaultFalse,
  isX: (r: Resource) => boolean | null,
  knownX: readonly string[],
  byDefault?: Walk,
): Promise<void> {
  const key = `filter[${name}]`;
  let pair: [Selection<Resource>, Selection<Resource>] | null = null;
  for (
    let attempt = 0;
    attempt < 2 && (pair === null || !trueReadingOutcome(name, pair[0], pair[1], isX, knownX).judgement.ok);
    attempt += 1
  ) {
    const yesQuery = { ...window, [key]: 'true' };
    const [yesWalk, noWalk] = await atOnce([
      () => walkNumeric(rm, list(), yesQuery, 100, 10),
      async () => (attempt === 0 && byDefault ? byDefault : walkNumeric(rm, list(), window, 100, 10)),
    ]);
    pair = [walked(noWalk, window), walked(yesWalk, yesQuery)];
  }
  if (pair === null) return;
  expectLawfulTrueReading(name, pair[0], pair[1], isX, `rm.filter.${name}`, knownX);
}

/**
 * The candidate `id` (known to be archived or anonymised) when the window `updated_at < until` holds
 * it: then filter[X]=true over the window must find it under every reading. Not known, or not shown: none.
 */
async function knownInWindow(rm: ApiClient, id: string | null, until: string): Promise<string[]> {
  if (id === null) return [];
  const got = await rm.call('rm.candidates.get', { params: { candidateId: id } });
  const resource = got.response?.status === 200 ? singleOf(got) : null;
  const updated = resource ? updatedOf(resource) : null;
  // In the window only when every instant the precision shown allows is before its bound.
  return updated !== null && updated.at + updated.unit <= Date.parse(until) ? [id] : [];
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
  expectExcludes(await selected(rm, { ...base, [key]: 'true' }), [created.id], clause, which);
  let no: Selection<Resource> | null = null;
  await eventually(async () => {
    no = await selected(rm, { ...base, [key]: 'false' });
    return no.pages.some((p) => p.records.some((r) => r.id === created.id));
  });
  const last = no as Selection<Resource> | null;
  if (last !== null) expectSelects(last, [created.id], clause, which);
}

const archivedStatus = (r: Resource): unknown => r.attributes.archived_status;

/** The updated_at a candidate shows (D75: utc, else epoch, else local with an offset), or null. */
const updatedOf = (r: Resource) => shownInstant(r.attributes.updated_at);

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

/**
 * A filtered page that does not reach beyond the cap is not refused with the cap's 400 (`why` says
 * which). Page 1 is a documented 200; a later page may lie past the last record, and a page past the
 * end may answer 200 (empty) or another 4xx (schemas/DECISIONS.md D35, D49): what it answered is observed.
 */
function expectServedWithinCap(ex: Exchange, op: OperationSpec, why: string, page: number, observe: ObserveFn): void {
  expectNotCapped(ex, why);
  if (page === 1 || ex.response?.status === 200) {
    expectDocumented(ex, op, '200');
    return;
  }
  expectPastEnd(ex, page);
  observe(
    'pagination',
    `GET /candidates filtered page ${page} within the cap`,
    `${String(ex.response?.status)}: a page past the end, refused`,
  );
}

type ObserveFn = (category: 'pagination', subject: string, value: string) => void;

test.describe('pagination', () => {
  test(
    'GET /candidates with page and per_page: per_page is honoured and pages do not overlap @smoke',
    declares('rm.candidates.get 200', 'rm.candidates.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidates.list');
      const perPage = 2;
      // Unfiltered: a page never holds more than per_page records.
      for (const size of [1, 3]) expectPagesWithin((await selected(rm, { page: 1, per_page: size })).pages, size);
      const window = await candidateWindow(rm, target, cleanup, 'pages', 5);
      const plan = await windowWalk(rm, window, perPage, MAX_PAGES);
      const walkWindow = (): Promise<Walk> => walkNumeric(rm, op, window.query, plan.perPage, plan.maxPages);
      const walk = await walkWindow();
      expectPagesWithin(walk.shown, plan.perPage);
      const short_ = walk.pages.slice(0, -1).findIndex((p) => p.length < plan.perPage);
      if (short_ >= 0) {
        observe(
          'pagination',
          `GET /candidates per_page=${plan.perPage}`,
          `page ${short_ + 1} held fewer records than per_page although more pages followed`,
        );
      }
      const what = `the numeric walk over a window of ${plan.size ?? `${window.mine.length + 1}-odd`} records (per_page=${plan.perPage})`;
      expectPagesDisjoint(walk.shown, what);
      expectNumericWalkEnded(walk.answers, walk.perPage, what);
      // 000 §2 Candidate: "uid | string, randomly generated, alphanumeric, unique": no two candidates of the
      // window (ours, created one after another, among them) share one.
      expectUniqueValues(walk.shown, 'uid', 'rm.candidate.uid', `${what}: candidate uid`);
      const gap = await stillMissing(window, walk, walkWindow);
      const mine = window.mine.map((c) => c.id);
      expectNoGap(gap.walk.shown, mine, `${what}, of candidates that match its filter (3 walks)`);
    },
  );

  test(
    'GET /candidates by cursor: following meta.next_cursor visits every record once and ends',
    declares('rm.candidates.get 200', 'rm.candidates.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidates.list');
      const perPage = 2;
      const window = await candidateWindow(rm, target, cleanup, 'cursor', 5);
      const plan = await windowWalk(rm, window, perPage, MAX_PAGES);
      const walk = await walkCursor(rm, op, window.query, plan.perPage, plan.maxPages);
      const what = `the cursor walk over a window of ${plan.size ?? `about ${window.mine.length + 1}`} records (per_page=${plan.perPage})`;
      expectCursorPagesDisjoint(walk.shown, what);
      // An empty page that still carries a cursor is lawful; a walk that never ends is not ("repeat until no more records").
      const requests = walk.exchanges.length;
      const lastAnswer = walk.exchanges[requests - 1];
      if (lastAnswer) expectCursorWalkEnded(lastAnswer, requests, what);
      // A cursor may encode an offset: a record leaving the window may move ours past it, as in a numeric walk.
      const again = () => walkCursor(rm, op, window.query, plan.perPage, plan.maxPages);
      const gap = await stillMissing(window, walk, again);
      expectCursorVisitsAll(
        gap.walk.shown,
        window.mine.map((c) => c.id),
        `${what}, of candidates that match its filter (3 walks)`,
      );
      // "repeat until no more records": a walk that ended (no next cursor) shows what a numeric walk of the same
      // window shows (the window cannot grow; a record leaving it meanwhile is looked for in fresh walks, as a gap is).
      const numeric = await walkNumeric(rm, op, window.query, 100, 10);
      if (numeric.complete && walk.complete) {
        let cut = walk;
        for (let walks = 1; walks < 3 && numeric.ids.some((id) => !cut.ids.includes(id)); walks += 1) cut = await again();
        const ender = cut.exchanges[cut.exchanges.length - 1];
        const numericNow = numeric.ids.some((id) => !cut.ids.includes(id)) ? await walkNumeric(rm, op, window.query, 100, 10) : numeric;
        if (ender && cut.complete && numericNow.complete) expectCursorWalkComplete(ender, cut.ids, numericNow.shown, `${what} (3 walks)`);
      }
      expectPagesWithin(walk.shown, plan.perPage);
      // Every page of the walk answers the filtered query it was sent with (the cursor and the window's
      // filter[updated_at][gte] and [lt]): a record of any page, the later ones too, lies in the window,
      // as the instant it shows says at the precision it shows it (D75).
      const windowBounds = [
        { op: 'gte', at: window.from },
        { op: 'lt', at: window.until },
      ] as const;
      expectBounds(
        [{ selection: walked(walk, window.query), bounds: windowBounds, whole: false }],
        updatedOf,
        [],
        `updated at or after ${window.from} and before ${window.until}`,
        'rm.filter.updated_at.gte',
      );
      const last = walk.exchanges[walk.exchanges.length - 1];
      if (last)
        observe(
          'pagination',
          'GET /candidates cursor walk: the last answer',
          `${dataOf(last).length} records, meta.next_cursor ${cursorShape(last)}`,
        );
      const empty = walk.exchanges.filter((e) => dataOf(e).length === 0).length;
      observe('pagination', 'GET /candidates cursor walk', `${requests} requests for ${walk.ids.length} records, ${empty} empty pages`);
    },
  );

  test(
    'numeric pagination with a filter past RM_FILTER_CAP answers 400; within the cap and by cursor it is not refused',
    declares('rm.candidates.list 200', 'rm.candidates.list 400'),
    async ({ rm, target, observe }) => {
      // 000 §4: "When a filter is combined with numeric pagination, requests that reach beyond a fixed record cap ...
      // get HTTP 400; cursor pagination avoids the cap" (and §7, §8). per_page=1 keeps the window exact.
      const op = operation('rm.candidates.list');
      const { cap, filter, probe } = capProbe(rm, target, op);
      const past = await probe(cap + 1, 1);
      expectCapRefused(past);
      // "a filter" is any filter of the table, not updated_at alone: others, each selecting every default candidate.
      for (const other of [{ 'filter[archived]': 'false' }, { 'filter[anonymised]': 'false' }]) {
        expectCapRefused(await rm.call(op.id, { query: { ...other, page: cap + 1, per_page: 1 } }));
      }
      observe('error-body', 'GET /candidates 400 (filter past the cap)', bodyShape(past.response?.text ?? ''));
      await walkNumeric(rm, op, filter, 1, 1, { notCapped: true });
      const within = await probe(cap, 1);
      expectServedWithinCap(within, op, `a filtered page=${cap}&per_page=1 (record ${cap}, within the cap) answered 400`, cap, observe);
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
    },
  );

  test(
    'the record cap holds at several page sizes: just under and at RM_FILTER_CAP a filtered page is served, beyond it 400',
    declares('rm.candidates.list 200', 'rm.candidates.list 400'),
    async ({ rm, target, observe }) => {
      // 000 §4: "requests that reach beyond a fixed record cap ... get HTTP 400" (and §7, §8). A request reaches
      // records (page - 1) * per_page + 1 to page * per_page: beyond the cap when page * per_page > cap; at the cap
      // (page * per_page = cap) it is not beyond. A page size the target does not honour (clamped, 000 §8: maximum
      // not shown) reaches less far than asked: its probe beyond the cap is observed, not required.
      const op = operation('rm.candidates.list');
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
        expectServedWithinCap(first, op, `a filtered page=1&per_page=${size} answered 400, far within the cap`, 1, observe);
        const honoured = dataOf(first).length === size;
        const atCap = Math.floor(cap / size);
        const within = [atCap - 1, atCap].filter((page) => page >= 1);
        for (const page of within) {
          const ex = await probe(page, size);
          const where = `a filtered page=${page}&per_page=${size} (records up to ${page * size}, cap ${cap})`;
          expectServedWithinCap(ex, op, `${where} answered 400, although it does not reach beyond the cap`, page, observe);
        }
        const beyond = await probe(atCap + 1, size);
        if (honoured) {
          expectCapRefused(beyond);
        } else {
          const held = `page 1 held ${dataOf(first).length} records`;
          const answer = `per_page not shown honoured (${held}): ${String(beyond.response?.status)}`;
          observe('pagination', `GET /candidates with a filter beyond the cap at per_page=${size}`, answer);
          expectNoServerError(beyond, 'rm.op.candidates.list');
        }
      }
    },
  );
});

test.describe('filters', () => {
  test(
    'filter[updated_at]: lt is strictly before, gte is at or after, and they combine',
    declares('rm.candidates.get 200', 'rm.candidates.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      const created = await createCandidateRecord(rm, target, cleanup, 'updated');
      const instant = await updatedInstantOf(rm, created.id);
      const t = await updatedAtOf(rm, created.id);
      const lt = 'filter[updated_at][lt]';
      const gte = 'filter[updated_at][gte]';
      const walkOf = async (query: Record<string, QueryValue>, pages: number): Promise<{ selection: Selection<Resource>; walk: Walk }> => {
        const walk = await walkNumeric(rm, list(), query, 100, pages);
        return { selection: walked(walk, query), walk };
      };
      const exactly = `candidate ${created.id}, updated at exactly ${t}`;
      // gte=T includes the record updated at T (read again while a target catches up, D78).
      let atOrAfter: { selection: Selection<Resource>; walk: Walk } | null = null;
      await eventually(async () => {
        atOrAfter = await walkOf({ [gte]: t }, 5);
        return atOrAfter.walk.ids.includes(created.id);
      });
      const gteRead = atOrAfter as { selection: Selection<Resource>; walk: Walk } | null;
      if (gteRead !== null) expectSelects(gteRead.selection, [created.id], 'rm.filter.updated_at.gte', `${exactly} (gte is "at or after")`);
      // lt=T excludes it ("strictly before").
      const before = await walkOf({ [lt]: t }, 1);
      expectExcludes(before.selection, [created.id], 'rm.filter.updated_at.lt', `${exactly} (lt is "strictly before")`);
      // Combined ("may be combined with lt"): [T-10s, T) excludes it; [T, T+1s) includes it.
      const earlier = new Date(Date.parse(t) - 10_000).toISOString();
      const narrowBefore = await walkOf({ [gte]: earlier, [lt]: t }, 5);
      expectExcludes(narrowBefore.selection, [created.id], 'rm.filter.updated_at.gte', exactly);
      const later = plusSeconds(t, 1);
      const narrow = await walkOf({ [gte]: t, [lt]: later }, 5);
      expectSelects(narrow.selection, [created.id], 'rm.filter.updated_at.gte', exactly);
      // Every record each query returned lies within its bounds, as the instant it shows says at the precision it
      // shows it (D75: utc, else epoch, else local with an offset); ours, in every query that ended, as well.
      const query = (
        read: { selection: Selection<Resource>; walk: Walk },
        bounds: BoundQuery<Resource>['bounds'],
      ): BoundQuery<Resource> => ({
        selection: read.selection,
        bounds,
        whole: read.walk.complete,
      });
      const queries = [
        ...(gteRead ? [query(gteRead, [{ op: 'gte', at: t }])] : []),
        query(before, [{ op: 'lt', at: t }]),
        query(narrowBefore, [
          { op: 'gte', at: earlier },
          { op: 'lt', at: t },
        ]),
        query(narrow, [
          { op: 'gte', at: t },
          { op: 'lt', at: later },
        ]),
      ];
      const judged = expectBounds(
        queries,
        updatedOf,
        [{ id: created.id, instant }],
        'filter[updated_at]: lt strictly before, gte at or after',
        'rm.filter.updated_at.gte',
        (ops) => (ops.has('gte') ? 'rm.filter.updated_at.gte' : 'rm.filter.updated_at.lt'),
      );
      test.skip(
        judged === 0,
        'no candidate the filters returned shows its updated_at (utc, epoch or local with an offset): nothing judged',
      );
    },
  );

  test(
    'filter[email][eq] is an exact e-mail match',
    declares('rm.candidates.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      const created = await createCandidateRecord(rm, target, cleanup, 'email');
      const eq = 'filter[email][eq]';
      let read: Selection<Resource> | null = null;
      await eventually(async () => {
        read = await selected(rm, { [eq]: created.email, page: 1, per_page: 25 });
        return read.pages.some((p) => p.records.some((r) => r.id === created.id));
      });
      const byEmail = read as Selection<Resource> | null;
      if (byEmail !== null) {
        expectSelects(byEmail, [created.id], 'rm.filter.email', 'which has that e-mail');
        const sameEmail: Rule<Resource> = {
          text: `with the e-mail ${created.email}`,
          fits: (r) => typeof r.attributes.email === 'string' && r.attributes.email.toLowerCase() === created.email.toLowerCase(),
          shown: (r) => `${r.id} (e-mail ${JSON.stringify(r.attributes.email)})`,
        };
        expectOnlyFitting(byEmail, sameEmail, 'rm.filter.email');
      }
      // A shorter address (still an address) is a different e-mail: no match.
      const prefix = created.email.slice(0, -1);
      const other = await selected(rm, { [eq]: prefix, page: 1, per_page: 25 });
      expectExcludes(other, [created.id], 'rm.filter.email', `candidate ${created.id} has the e-mail ${created.email}: not an exact match`);
    },
  );

  test(
    'filter[archived] defaults to false and false lists no archived candidate; true lists the archived ones',
    declares('rm.candidates.get 200', 'rm.candidates.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      const until = await fence(rm, target, cleanup, 'archived');
      const window = { 'filter[updated_at][lt]': until };
      const statusOf = (value: unknown): boolean | null => (value === 'archived' ? true : value === 'unarchived' ? false : null);
      // A candidate whose list entry shows no archived_status is judged by the one its own GET shows (D79).
      const byGet = new Map<string, boolean | null>();
      const isArchived = (r: Resource): boolean | null => statusOf(archivedStatus(r)) ?? byGet.get(r.id) ?? null;
      const byFalse = { ...window, 'filter[archived]': 'false' };
      const [byDefault, falseWalk] = await atOnce([
        () => walkNumeric(rm, list(), window, 100, 10),
        () => walkNumeric(rm, list(), byFalse, 100, 10),
      ]);
      const unshown = [
        ...new Set([...byDefault.records, ...falseWalk.records].filter((r) => statusOf(archivedStatus(r)) === null).map((r) => r.id)),
      ];
      for (const id of unshown.slice(0, 20)) {
        const got = await rm.call('rm.candidates.get', { params: { candidateId: id } });
        const resource = got.response?.status === 200 ? singleOf(got) : null;
        byGet.set(id, resource ? statusOf(archivedStatus(resource)) : null);
      }
      const unarchived: Rule<Resource> = {
        text: 'unarchived (default false)',
        fits: (r) => isArchived(r) !== true,
        shown: (r) => `archived ${r.id}${statusOf(archivedStatus(r)) === null ? ' (as its GET shows)' : ''}`,
      };
      expectOnlyFitting(walked(byDefault, window), unarchived, 'rm.filter.archived');
      expectOnlyFitting(walked(falseWalk, byFalse), unarchived, 'rm.filter.archived');
      // true: only the archived candidates, or every candidate with the archived ones (both lawful readings),
      // holding the candidate known to be archived where the window holds it.
      const known = await knownInWindow(rm, target.rm?.archivedCandidateId ?? null, until);
      await atOnce([
        () => expectFalseByDefault(rm, window, 'archived'),
        () => expectTrueReading(rm, window, 'archived', isArchived, known, byDefault),
      ]);
      const judged = [...byDefault.records, ...falseWalk.records].filter((r) => isArchived(r) !== null).length;
      test.skip(
        judged === 0 && (byDefault.records.length > 0 || falseWalk.records.length > 0),
        'no candidate of the window shows archived_status, in the list or by its GET: what false and the default select is not judged',
      );
    },
  );

  test(
    'filter[archived]=true finds a candidate known to be archived, and the default (false) does not',
    declares('rm.candidates.get 200', 'rm.candidates.list 200'),
    async ({ rm, target }) => {
      // 000 §4 Filters: "filter[archived] | `true` or `false`; default `false`". Either reading of true
      // (only archived, or archived included) lists an archived candidate; false and the default never do.
      const id = target.rm?.archivedCandidateId ?? null;
      test.skip(
        id === null,
        'RM_ARCHIVED_CANDIDATE_ID is not set: no candidate is known to be archived (000 has no operation that archives one)',
      );
      if (id === null) return;
      const { resource } = await getCandidate(rm, id);
      const status = resource.attributes.archived_status;
      test.skip(status === 'unarchived', `candidate ${id} (RM_ARCHIVED_CANDIDATE_ID) is not archived: archived_status is "unarchived"`);
      const email = resource.attributes.email;
      test.skip(typeof email !== 'string' || email === '', `candidate ${id} shows no e-mail to select it by`);
      const read = (archived: string | undefined): Promise<Selection<Resource>> => {
        const query: Record<string, QueryValue> = { 'filter[email][eq]': String(email), page: 1, per_page: 25 };
        if (archived !== undefined) query['filter[archived]'] = archived;
        return selected(rm, query);
      };
      expectSelects(await read('true'), [id], 'rm.filter.archived', `candidate ${id} is archived`);
      for (const archived of [undefined, 'false']) {
        expectExcludes(await read(archived), [id], 'rm.filter.archived', `candidate ${id} is archived (default false)`);
      }
    },
  );

  test(
    'filter[anonymised]=true finds a candidate known to be anonymised, and the default (false) does not',
    declares('rm.candidates.get 200', 'rm.candidates.list 200'),
    async ({ rm, target }) => {
      // 000 §4 Filters: "filter[anonymised] | `true` or `false`; default `false`". No attribute shows
      // anonymisation (000 §2), so only a candidate the tester knows to be anonymised proves what true selects:
      // either reading of true (only anonymised, or anonymised included) lists it; false and the default never do.
      const id = target.rm?.anonymisedCandidateId ?? null;
      test.skip(
        id === null,
        'RM_ANONYMISED_CANDIDATE_ID is not set: no candidate is known to be anonymised (anonymisation is queued, 000 §4, and shows in no attribute)',
      );
      if (id === null) return;
      const op = rm.operation('rm.candidates.get');
      const got = await rm.call(op.id, { params: { candidateId: id } });
      test.skip(
        got.response?.status !== 200,
        `candidate ${id} (RM_ANONYMISED_CANDIDATE_ID) answers ${String(got.response?.status)}, not 200: nothing to select it by`,
      );
      expectDocumented(got, op, '200');
      const resource = singleOf(got);
      // Selected by its e-mail where it still shows one; else by the second of its updated_at.
      const email = resource?.attributes.email;
      // The instant it shows (D75), widened to the precision shown and a second beyond.
      const updated = resource ? updatedOf(resource) : null;
      const by: Record<string, QueryValue> | null =
        typeof email === 'string' && email !== ''
          ? { 'filter[email][eq]': email }
          : updated !== null
            ? {
                'filter[updated_at][gte]': new Date(Math.floor(updated.at)).toISOString(),
                'filter[updated_at][lt]': new Date(Math.ceil(updated.at + updated.unit) + 1000).toISOString(),
              }
            : null;
      test.skip(by === null, `candidate ${id} shows neither an e-mail nor an updated_at to select it by`);
      if (by === null) return;
      const read = (anonymised: string | undefined): Promise<Selection<Resource>> =>
        selected(rm, { ...by, page: 1, per_page: 25, ...(anonymised === undefined ? {} : { 'filter[anonymised]': anonymised }) });
      const [yes, byDefault, no] = await atOnce([() => read('true'), () => read(undefined), () => read('false')]);
      if (yes) expectSelects(yes, [id], 'rm.filter.anonymised', `candidate ${id} is anonymised (RM_ANONYMISED_CANDIDATE_ID)`);
      for (const selection of [byDefault, no]) {
        if (selection) expectExcludes(selection, [id], 'rm.filter.anonymised', `candidate ${id} is anonymised (default false)`);
      }
    },
  );

  test(
    'filter[anonymised] defaults to false; true selects anonymised candidates only, or all with them',
    declares('rm.candidates.get 200', 'rm.candidates.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      const until = await fence(rm, target, cleanup, 'anonymised');
      const window = { 'filter[updated_at][lt]': until };
      // No attribute shows anonymisation: "only" means nothing in common with the default selection, "included" a superset.
      const known = await knownInWindow(rm, target.rm?.anonymisedCandidateId ?? null, until);
      await atOnce([
        () => expectFalseByDefault(rm, window, 'anonymised'),
        () => expectTrueReading(rm, window, 'anonymised', () => null, known),
      ]);
    },
  );

  const EXISTS = [
    ['ats_candidates', 'rm.filter.ats_candidates'],
    ['ats_uid', 'rm.filter.ats_uid'],
    ['resume', 'rm.filter.resume'],
  ] as const;
  for (const [name, clause] of EXISTS) {
    const key = `filter[${name}][exists]`;
    test(`${key}: true and false select disjoint candidates`, declares('rm.candidates.list 200'), async ({ rm }) => {
      const [qYes, qNo] = [{ [key]: 'true' }, { [key]: 'false' }];
      const [yes, no] = await atOnce([() => walkNumeric(rm, list(), qYes, 100, 10), () => walkNumeric(rm, list(), qNo, 100, 10)]);
      const both = yes.records.filter((r) => no.ids.includes(r.id));
      // A record may change between the two walks (a resume extracted meanwhile): ask again, by e-mail.
      for (const r of both.slice(0, 5)) {
        const email = r.attributes.email;
        if (typeof email !== 'string') continue;
        const [yesAgain, noAgain] = await Promise.all(
          ['true', 'false'].map((v) => selected(rm, { [key]: v, 'filter[email][eq]': email, page: 1, per_page: 25 })),
        );
        if (yesAgain && noAgain) expectDisjoint(yesAgain, noAgain, [r.id], clause);
      }
      // Those that show no e-mail cannot be asked again: judged on the walks.
      const unchecked = both.filter((r) => typeof r.attributes.email !== 'string').map((r) => r.id);
      expectDisjoint(walked(yes, qYes), walked(no, qNo), unchecked, clause);
    });
  }

  const FRESH = [
    ['ats_uid', 'rm.filter.ats_uid', 'has no ATS record yet ("false finds candidates not yet sent to an ATS")'],
    ['ats_candidates', 'rm.filter.ats_candidates', 'has no ATS status history (no status event)'],
  ] as const;
  for (const [name, clause, why] of FRESH) {
    const key = `filter[${name}][exists]`;
    test(
      `${key}: a new candidate is selected by false and not by true`,
      declares('rm.candidates.list 200', 'rm.candidates.create'),
      async ({ rm, target, cleanup }) => {
        // 000 §4 Filters: a candidate the suite has just created through POST /candidates has neither.
        const created = await createCandidateRecord(rm, target, cleanup, `fresh-${name}`);
        await expectOnlyFalseSelects(rm, created, key, `which was just created and ${why}`, clause);
      },
    );
  }

  test(
    'filter[ats_candidates][exists]=true selects no candidate whose events show no ATS status',
    declares('rm.candidate-events.list 200', 'rm.candidates.list 200'),
    async ({ rm, observe }) => {
      // 000 §4 Filters: "tests for any ATS status history (status events only)": a candidate whose events are all
      // shown (one short answer without a next cursor) and none is an ATS status event (kind ats, an ats object or
      // an ats_status relationship) has no status history to find. Other activity does not count.
      const events = operation('rm.candidate-events.list');
      const query = { 'filter[ats_candidates][exists]': 'true' };
      const yes = await walkNumeric(rm, list(), query, 100, 3);
      const statusEvent = (e: Resource): boolean =>
        e.attributes.kind === 'ats' ||
        (e.attributes.ats !== null && e.attributes.ats !== undefined) ||
        (e.relationships.ats_status !== null && e.relationships.ats_status !== undefined);
      const without = new Set<string>();
      let judged = 0;
      for (const r of yes.records.slice(0, 20)) {
        const ex = await rm.call(events.id, { params: { candidateId: String(r.id) } });
        const shown = dataOf(ex);
        const more = nextCursorOf(ex) !== null;
        if (ex.response?.status !== 200 || shown.length === 0 || shown.length >= 10 || more) continue;
        judged += 1;
        if (!shown.some(statusEvent)) without.add(String(r.id));
      }
      observe('other', 'filter[ats_candidates][exists]=true', `${yes.records.length} selected, ${judged} with all their events shown`);
      const rule: Rule<Resource> = {
        text: 'has an ATS status event',
        fits: (r) => !without.has(String(r.id)),
        shown: (r) => `${r.id} (its events show no ATS status)`,
      };
      expectOnlyFitting(walked(yes, query), rule, 'rm.filter.ats_candidates');
    },
  );

  test(
    'filter[updated_at] with a UTC offset (+05:30, -03:00) selects the same candidates as the same instants written in UTC',
    declares('rm.candidates.get 200', 'rm.candidates.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      // 000 §4 Filters: gte and lt take a date-time (RFC 3339 §5.6): an offset names the same instant as its UTC form.
      const window = await candidateWindow(rm, target, cleanup, 'offset', 2);
      const utc = { 'filter[updated_at][gte]': window.from, 'filter[updated_at][lt]': window.until };
      const offset = { 'filter[updated_at][gte]': atOffset(window.from, 330), 'filter[updated_at][lt]': atOffset(window.until, -180) };
      const mine = window.mine.map((c) => c.id);
      let pair: [Selection<Resource>, Selection<Resource>] | null = null;
      for (let attempt = 0; attempt < 2 && (pair === null || differing(pair[0], pair[1]).length > 0); attempt += 1) {
        pair = [walked(await walkNumeric(rm, list(), utc, 100, 10), utc), walked(await walkNumeric(rm, list(), offset, 100, 10), offset)];
        const why = `updated at or after ${window.from} and before ${window.until}: the same instants as ${queryText(utc)}`;
        expectSelects(pair[1], mine, 'rm.filter.updated_at.gte', why);
      }
      if (pair !== null) expectSelectionsEqual(pair[0], pair[1], [], 'all pages', 'rm.filter.updated_at.gte', 'the same instants');
    },
  );

  test(
    'filter[resume][exists]: a candidate without any file is selected by false, not by true',
    declares('rm.candidates.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      // 000 §4 Filters: resume exists counts only resumes whose text has been extracted; a candidate
      // that has no file at all has none.
      const created = await createCandidateRecord(rm, target, cleanup, 'noresume');
      await expectOnlyFalseSelects(rm, created, 'filter[resume][exists]', 'which has no file', 'rm.filter.resume');
    },
  );

  test(
    'every documented filter of GET /candidates answers 200 with a valid body @smoke',
    declares('rm.candidates.list 200'),
    async ({ rm }) => {
      const op = operation('rm.candidates.list');
      const now = new Date().toISOString();
      const samples: Record<string, string[]> = {
        'filter[updated_at][lt]': [now],
        'filter[updated_at][gte]': ['2000-01-01T00:00:00Z'],
        'filter[email][eq]': ['nobody@example.com'],
      };
      for (const filter of op.filters) {
        const schema = filter.schema as { enum?: unknown[] };
        const values = samples[filter.name] ?? (Array.isArray(schema.enum) ? schema.enum.map(String) : []);
        // The catalogue's own content, not the target's: a programming error of the suite.
        if (values.length === 0) throw new Error(`no sample value for ${filter.name}`);
        for (const value of values) {
          const ex = await rm.call(op.id, { query: { [filter.name]: value, page: 1, per_page: 5 } });
          expectDocumented(ex, op, '200');
        }
      }
    },
  );
});
