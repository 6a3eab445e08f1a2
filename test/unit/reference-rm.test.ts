import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMBEDDED } from '../../contract/identity/embedded';
import { Behaviour } from '../../servers/reference/behaviour';
import { createEnv } from '../../servers/reference/rm/env';
import { candidateMatcher, parseCandidateFilter, parseDateTime, parseEventFilter } from '../../servers/reference/rm/filters';
import { IdFactory } from '../../servers/reference/rm/ids';
import { CANDIDATE_INCLUDES, collectIncluded, parseInclude } from '../../servers/reference/rm/include';
import { enforceCap, paginate, parsePaging, type PageResult } from '../../servers/reference/rm/pagination';
import { HttpError } from '../../servers/reference/rm/respond';
import { Resources } from '../../servers/reference/rm/resources';
import { bucketOf, BUCKETS } from '../../servers/reference/rm/routes/recruitment-events';
import { STARTING_CANDIDATES, loadStartingRecords } from '../../servers/reference/rm/starting-records';
import { Store } from '../../servers/reference/rm/store';

const env = (faults: string[] = [], variants: string[] = []) => createEnv(new Behaviour(faults, variants));
const q = (text: string) => new URLSearchParams(text);
const records = (n: number) => Array.from({ length: n }, (_, i) => ({ seq: i + 1 }));

function seeded(now = Date.now()): Store {
  const store = new Store(new IdFactory(false));
  loadStartingRecords(store, { now, fractions: true });
  return store;
}

/** Follows next_cursor from the first page to the end; returns the seqs visited and the pages taken. */
function walk(e: ReturnType<typeof env>, items: { seq: number }[], perPage: number): { seqs: number[]; pages: number } {
  const seqs: number[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages < 100; pages += 1) {
    const page: PageResult<{ seq: number }> = paginate(
      e,
      items,
      parsePaging(e, q(`per_page=${perPage}${cursor === null ? '' : `&cursor=${cursor}`}`)),
    );
    seqs.push(...page.items.map((r) => r.seq));
    const next: unknown = page.meta.next_cursor;
    if (typeof next !== 'string' || next === '') return { seqs, pages };
    cursor = next;
  }
  throw new Error('cursor walk did not end');
}

void test('a cursor walk visits every record once and ends with next_cursor null', () => {
  const e = env();
  for (const [n, per] of [
    [0, 5],
    [7, 3],
    [9, 3],
    [10, 100],
  ] as const) {
    const { seqs, pages } = walk(e, records(n), per);
    assert.deepEqual(
      seqs,
      records(n).map((r) => r.seq),
      `${n} records, per_page ${per}`,
    );
    assert.equal(pages, Math.max(1, Math.ceil(n / per)));
  }
  const last = paginate(e, records(3), parsePaging(e, q('per_page=5')));
  assert.ok(Object.hasOwn(last.meta, 'next_cursor') && last.meta.next_cursor === null);
});

void test('cursor variants: opaque cursors walk the same; the end marker is absent or ""', () => {
  assert.deepEqual(walk(env([], ['rm.variant.cursor-opaque']), records(8), 3).seqs, [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.ok(!Object.hasOwn(paginate(env([], ['rm.variant.cursor-end-absent']), records(2), parsePaging(env(), q(''))).meta, 'next_cursor'));
  assert.equal(paginate(env([], ['rm.variant.cursor-end-empty']), records(2), parsePaging(env(), q(''))).meta.next_cursor, '');
  assert.throws(() => parsePaging(env([], ['rm.variant.cursor-opaque']), q('cursor=12')), HttpError);
});

void test('cursor faults repeat, skip, or never end', () => {
  assert.deepEqual(walk(env(['rm.cursor.repeats-record']), records(5), 3).seqs, [1, 2, 3, 3, 4, 5]);
  assert.deepEqual(walk(env(['rm.cursor.skips-record']), records(7), 3).seqs, [1, 2, 3, 5, 6, 7]);
  assert.throws(() => walk(env(['rm.cursor.never-ends']), records(4), 3), /did not end/);
});

void test('numeric pages: per_page clamped to the maximum, below 1 means the default, not an integer is 400', () => {
  const e = env();
  assert.equal(paginate(e, records(250), parsePaging(e, q('page=1&per_page=500'))).items.length, 100);
  assert.equal(paginate(e, records(250), parsePaging(e, q('page=1&per_page=0'))).items.length, 25);
  assert.deepEqual(
    paginate(e, records(10), parsePaging(e, q('page=2&per_page=4'))).items.map((r) => r.seq),
    [5, 6, 7, 8],
  );
  assert.throws(() => parsePaging(e, q('page=two')), HttpError);
  const small = env([], ['rm.variant.page-size-10-50']);
  assert.equal(paginate(small, records(250), parsePaging(small, q('page=1'))).items.length, 10);
  assert.equal(paginate(small, records(250), parsePaging(small, q('page=1&per_page=100'))).items.length, 50);
});

void test('the filter cap: a filtered numeric page reaching past record 10000 is 400, from the request alone', () => {
  const e = env();
  const cap = (query: string, filtered = true) => {
    try {
      enforceCap(e, parsePaging(e, q(query)), filtered);
      return 200;
    } catch (error) {
      return (error as HttpError).status;
    }
  };
  assert.equal(cap('page=10000&per_page=1'), 200);
  assert.equal(cap('page=10001&per_page=1'), 400);
  assert.equal(cap('page=100&per_page=100'), 200);
  assert.equal(cap('page=101&per_page=100'), 400);
  // per_page as requested, even above the maximum page size: the request reaches that far.
  assert.equal(cap('page=2&per_page=6000'), 400);
  assert.equal(cap('page=401'), 400);
  assert.equal(cap('page=10001&per_page=1', false), 200);
  assert.equal(cap('per_page=100'), 200);
  assert.equal(cap('per_page=100&cursor=500'), 200);
});

void test('candidate filters: updated_at lt strict, gte inclusive, combined; archived and anonymised default false', () => {
  const e = env();
  const store = seeded();
  const all = [...store.candidates.values()];
  const select = (query: string) => {
    const { filter } = parseCandidateFilter(e, q(query));
    return all.filter(candidateMatcher(e, store, filter));
  };
  const pivot = all[10]!;
  const at = new Date(pivot.updated).toISOString();
  assert.ok(!select(`filter[updated_at][lt]=${at}`).includes(pivot));
  assert.ok(select(`filter[updated_at][gte]=${at}`).includes(pivot));
  assert.deepEqual(select(`filter[updated_at][gte]=${at}&filter[updated_at][lt]=${new Date(pivot.updated + 1).toISOString()}`), [pivot]);
  assert.ok(select('').every((c) => !c.archived && !c.anonymised));
  assert.ok(select('filter[archived]=true').every((c) => c.archived) && select('filter[archived]=true').length > 0);
  assert.ok(select('filter[anonymised]=true').length > 0);
  for (const name of ['ats_candidates', 'ats_uid', 'resume']) {
    const yes = select(`filter[${name}][exists]=true`);
    const no = select(`filter[${name}][exists]=false`);
    assert.ok(yes.length > 0 && no.length > 0, `${name} splits the set`);
    assert.equal(yes.length + no.length, select('').length);
  }
  assert.deepEqual(select(`filter[email][eq]=${encodeURIComponent(pivot.email)}`), pivot.archived || pivot.anonymised ? [] : [pivot]);
  assert.deepEqual(select(`filter[email][eq]=${encodeURIComponent(pivot.email.slice(1))}`), []);
  assert.throws(() => parseCandidateFilter(e, q('filter[archived]=yes')), HttpError);
  assert.throws(() => parseCandidateFilter(e, q('filter[nope]=1')), HttpError);
});

void test('date-times in filters: offsets, fractions and an unencoded "+" read as the same instant', () => {
  const ms = Date.UTC(2025, 2, 1, 10, 0, 0, 123);
  assert.equal(parseDateTime('2025-03-01T10:00:00.123Z', 'x'), ms);
  assert.equal(parseDateTime('2025-03-01T11:00:00.123+01:00', 'x'), ms);
  assert.equal(parseDateTime('2025-03-01T11:00:00.123 01:00', 'x'), ms);
  assert.throws(() => parseDateTime('yesterday', 'x'), HttpError);
});

void test('event kind filter: comma-separated, repeated, unknown kinds refused', () => {
  const e = env();
  assert.deepEqual([...(parseEventFilter(e, q('filter[kind]=view,cta')).kinds ?? [])], ['view', 'cta']);
  assert.deepEqual([...(parseEventFilter(e, q('filter[kind][]=ats&filter[kind][]=email')).kinds ?? [])], ['ats', 'email']);
  assert.throws(() => parseEventFilter(e, q('filter[kind]=page_view')), HttpError);
});

void test('include: every allowed candidate value embeds records, nested values embed each level', () => {
  const e = env();
  const store = seeded();
  const resources = new Resources(store, e);
  const first = resources.candidate([...store.candidates.values()][0]!);
  for (const value of CANDIDATE_INCLUDES) {
    const included = collectIncluded(resources, [first], [value.split('.')]);
    assert.ok(included.length > 0, `include=${value} embeds something for the first fixture candidate`);
  }
  const nested = collectIncluded(resources, [first], [['job_alert_subscriptions', 'job_template_fields', 'options']]);
  assert.deepEqual([...new Set(nested.map((r) => r.type))].sort(), [
    'candidate_job_alert_subscriptions',
    'job_template_field_options',
    'job_template_fields',
  ]);
  assert.throws(() => parseInclude(e, q('include=events,bogus'), CANDIDATE_INCLUDES), HttpError);
  assert.deepEqual(parseInclude(env([], ['rm.variant.unknown-include-ignored']), q('include=events,bogus'), CANDIDATE_INCLUDES), [
    ['events'],
  ]);
});

void test('starting records: identity ids exist, updated_at distinct, every event kind, every recruitment event bucket', () => {
  const now = Date.now();
  const store = seeded(now);
  assert.ok(store.candidates.size >= 60 && store.candidates.size === STARTING_CANDIDATES);
  assert.ok(store.lists.has(EMBEDDED.rm.listId) && store.lists.size >= 3);
  assert.ok(store.candidateByAtsId(EMBEDDED.rm.atsIntegrationId, EMBEDDED.rm.atsCandidateId));
  const updated = [...store.candidates.values()].map((c) => c.updated);
  assert.equal(new Set(updated).size, updated.length);
  assert.equal(new Set([...store.events.values()].map((ev) => ev.kind)).size, 18);
  assert.deepEqual([...new Set([...store.recruitmentEvents.values()].map((r) => bucketOf(r, now)))].sort(), [...BUCKETS].sort());
  const jobs = [...store.jobs.values()];
  assert.ok(jobs.some((j) => j.status === 'draft') && jobs.filter((j) => j.status === 'live').length >= 6);
});
