/**
 * Readings of the RM list operations (000 §4 Common query parameters, Filters, Operations; §8): a
 * numeric page past the end (D35, D49), the end of a cursor walk (D36), the wire form of an array
 * filter (D37), page sizes (D44), the precision at which a time bound can be judged (D75),
 * filter[conversation][exists]=false (D76) and which jobs GET /jobs, which "lists live jobs", leaves
 * out (D77).
 */
import { defineReadings, type Reading, type ReadingsEntry } from '../types';

// ---- a numeric page past the end (D35, D49) --------------------------------------------------------

/** What a numeric page after the first, past the last record, was answered. */
export interface PastEndShown {
  readonly status: number;
  /** Records the answer holds (0 when it is no list). */
  readonly records: number;
  /** The answer holds exactly the records of the page before it (the last page again). */
  readonly repeatsLast: boolean;
}

const past = (status: number, records = 0, repeatsLast = false): PastEndShown => ({ status, records, repeatsLast });

/** The lawful answers to a page past the end: one list for D35 (no filter) and D49 (a filter, within the cap). */
const PAST_END_READINGS: readonly Reading<PastEndShown>[] = [
  {
    id: 'empty-200',
    name: '200 with no records',
    frameworks: ['Rails kaminari and will_paginate', 'Laravel paginate()', 'Spring Data Page', 'Pagy overflow :empty_page'],
    holds: (s) => s.status === 200 && s.records === 0,
    shows: [past(200)],
    not: [past(200, 2), past(404)],
  },
  {
    id: 'last-page-again-200',
    name: '200 with the last page again',
    frameworks: ['Pagy overflow :last_page'],
    holds: (s) => s.status === 200 && s.records > 0 && s.repeatsLast,
    shows: [past(200, 1, true)],
    not: [past(200, 1, false), past(200)],
  },
  {
    id: 'not-found-404',
    name: '404: the page addressed does not exist (000 §7 "other addressed resource not found")',
    frameworks: ['Django REST framework PageNumberPagination ({"detail": "Invalid page."})', 'Django Paginator EmptyPage as Http404'],
    holds: (s) => s.status === 404,
    shows: [past(404)],
    not: [past(400), past(403), past(409)],
  },
  {
    id: 'unprocessable-422',
    name: '422: the page number fails validation (000 §7 "validation failed")',
    frameworks: ['a page parameter validated against the last page (Laravel FormRequest max rule)'],
    holds: (s) => s.status === 422,
    shows: [past(422)],
    not: [past(400), past(410)],
  },
];

export const RM_PAST_END: ReadingsEntry<PastEndShown> = defineReadings({
  id: 'rm.page.past-end',
  decision: 'D35',
  clause: 'rm.query.page',
  question: 'How is a numeric page after the first that lies past the last record answered? 000 §4 gives "numeric page number" only.',
  judgedBy: 'pagination',
  readings: PAST_END_READINGS,
});

export const RM_PAST_END_FILTERED: ReadingsEntry<PastEndShown> = defineReadings({
  id: 'rm.page.past-end.filtered',
  decision: 'D49',
  clause: 'rm.query.filter-cap',
  question:
    'How is a filtered numeric page after the last record, still within the record cap, answered? 000 §4 and §7 give 400 only to requests beyond the cap.',
  judgedBy: 'pagination',
  readings: PAST_END_READINGS,
});

// ---- the end of a cursor walk (D36) -----------------------------------------------------------------

/** How the last answer of a cursor walk shows that no records are left: its meta.next_cursor. */
export interface CursorEndShown {
  /** 'absent': no next_cursor member (or no meta); 'text': a non-empty string; 'other': a number, object, ... */
  readonly nextCursor: 'absent' | 'null' | 'empty' | 'text' | 'other';
}

const cursorEnd = (nextCursor: CursorEndShown['nextCursor']): CursorEndShown => ({ nextCursor });

export const RM_CURSOR_END: ReadingsEntry<CursorEndShown> = defineReadings({
  id: 'rm.cursor.end',
  decision: 'D36',
  clause: 'rm.query.cursor',
  question: 'How does the last answer of a cursor walk say "no more records"? 000 §4 says only "repeat until no more records".',
  judgedBy: 'cursor',
  readings: [
    {
      id: 'next-cursor-absent',
      name: 'meta carries no next_cursor (or there is no meta)',
      frameworks: ['serialisers that leave out null members (jsonapi-serializer, Jackson NON_NULL)'],
      holds: (s) => s.nextCursor === 'absent',
      shows: [cursorEnd('absent')],
      not: [cursorEnd('text'), cursorEnd('null')],
    },
    {
      id: 'next-cursor-null',
      name: 'next_cursor is null',
      frameworks: ['ActiveModel::Serializer', 'Django REST framework CursorPagination (next: null)'],
      holds: (s) => s.nextCursor === 'null',
      shows: [cursorEnd('null')],
      not: [cursorEnd('text'), cursorEnd('other')],
    },
    {
      id: 'next-cursor-empty',
      name: 'next_cursor is the empty string',
      frameworks: ["Go encoding/json (a string's zero value)"],
      holds: (s) => s.nextCursor === 'empty',
      shows: [cursorEnd('empty')],
      not: [cursorEnd('text'), cursorEnd('absent')],
    },
  ],
});

// ---- the request after a cursor (D89) ------------------------------------------------------------------

/** How the second request of a cursor walk was answered: the cursor with the query repeated, and (when that was refused) the cursor alone. */
export interface CursorNextShown {
  readonly withQuery: number;
  /** The status of the cursor sent alone (with per_page), or null when it was not sent. */
  readonly alone: number | null;
}

export const RM_CURSOR_NEXT: ReadingsEntry<CursorNextShown> = defineReadings({
  id: 'rm.cursor.next-request',
  decision: 'D89',
  clause: 'rm.query.cursor',
  question:
    'A cursor walk "pass[es] that value as cursor on the next request": with the query of the first request repeated beside it, or the cursor alone (a cursor that carries its query)?',
  judgedBy: 'cursor',
  readings: [
    {
      id: 'query-repeated',
      name: 'the cursor with the query repeated (filters, include) is answered',
      frameworks: ['cursors that encode a position only (keyset pagination in Rails, Django REST framework CursorPagination)'],
      holds: (s) => s.withQuery === 200,
      shows: [{ withQuery: 200, alone: null }],
      not: [
        { withQuery: 400, alone: 200 },
        { withQuery: 500, alone: null },
      ],
    },
    {
      id: 'cursor-alone',
      name: 'the cursor carries its query: with the query beside it refused (400 or 422), alone answered',
      frameworks: ['Shopify REST page_info (no other parameter but limit)', 'opaque continuation tokens that encode the whole query'],
      holds: (s) => (s.withQuery === 400 || s.withQuery === 422) && s.alone === 200,
      shows: [
        { withQuery: 400, alone: 200 },
        { withQuery: 422, alone: 200 },
      ],
      not: [
        { withQuery: 400, alone: 400 },
        { withQuery: 500, alone: 200 },
        { withQuery: 200, alone: null },
      ],
    },
  ],
});

// ---- the wire form of an array filter (D37) -----------------------------------------------------------

/** What the two forms of an array filter were answered: comma-joined, and (when that was refused) repeated keys. */
export interface ArrayFormShown {
  readonly comma: number;
  /** The status of filter[kind][]=a&filter[kind][]=b, or null when it was not sent. */
  readonly repeated: number | null;
}

export const RM_ARRAY_FORM: ReadingsEntry<ArrayFormShown> = defineReadings({
  id: 'rm.filter.array-form',
  decision: 'D37',
  clause: 'rm.filter.kind',
  question:
    'How is the array filter[kind] ("array of event kinds") written on the wire? 000 §4 gives filter as a "deep object" and arrays of include as "sent comma-separated".',
  judgedBy: 'filter',
  readings: [
    {
      id: 'comma-joined',
      name: 'comma-joined values (filter[kind]=a,b)',
      frameworks: ['JSON:API filter convention', 'Spring (String[] from a comma list)', 'ASP.NET Core with a comma binder'],
      holds: (s) => s.comma === 200,
      shows: [{ comma: 200, repeated: null }],
      not: [
        { comma: 400, repeated: 200 },
        { comma: 500, repeated: null },
      ],
    },
    {
      id: 'repeated-brackets',
      name: 'repeated deep-object keys (filter[kind][]=a&filter[kind][]=b), the comma form refused',
      frameworks: ['Rack and Rails params', 'qs (Express)', 'PHP $_GET'],
      holds: (s) => (s.comma === 400 || s.comma === 422) && s.repeated === 200,
      shows: [
        { comma: 400, repeated: 200 },
        { comma: 422, repeated: 200 },
      ],
      not: [
        { comma: 400, repeated: 400 },
        { comma: 500, repeated: 200 },
        { comma: 200, repeated: null },
      ],
    },
  ],
});

// ---- page sizes (D44) ---------------------------------------------------------------------------------

/** What page 1 asked with per_page `asked` was answered. */
export interface PageSizeShown {
  readonly asked: number;
  readonly status: number;
  readonly records: number;
  /** A later page shows more records (true), none (false), or it was not read (null). */
  readonly more: boolean | null;
}

const size = (status: number, records: number, more: boolean | null = null): PageSizeShown => ({ asked: 50, status, records, more });

export const RM_PAGE_SIZE: ReadingsEntry<PageSizeShown> = defineReadings({
  id: 'rm.page.size',
  decision: 'D44',
  clause: 'rm.gap.per-page',
  question:
    'Is a per_page above the target\'s own maximum honoured, clamped or refused? 000 §8: "Default and maximum per_page: not shown".',
  judgedBy: 'pagination',
  readings: [
    {
      id: 'honoured',
      name: 'honoured: at most per_page records, fewer only at the end',
      frameworks: ['Rails kaminari without max_per_page', 'Laravel paginate($perPage)'],
      holds: (s) => s.status === 200 && s.records <= s.asked && (s.records === s.asked || s.more !== true),
      shows: [size(200, 50), size(200, 7, false)],
      not: [size(200, 25, true), size(200, 51)],
    },
    {
      id: 'clamped',
      name: 'clamped to a smaller maximum',
      frameworks: ['Django REST framework max_page_size', 'Spring Data max-page-size', 'kaminari max_per_page'],
      holds: (s) => s.status === 200 && s.records < s.asked && s.more === true,
      shows: [size(200, 25, true)],
      not: [size(200, 50), size(200, 51, true)],
    },
    {
      id: 'refused-400',
      name: '400: a page size above the maximum refused',
      frameworks: ['JSON:API page[size] above the maximum (jsonapi-resources)'],
      holds: (s) => s.status === 400,
      shows: [size(400, 0)],
      not: [size(403, 0), size(500, 0)],
    },
    {
      id: 'refused-422',
      name: '422: a page size above the maximum fails validation (000 §7 "validation failed")',
      frameworks: ['a validated per_page (Laravel FormRequest max rule)'],
      holds: (s) => s.status === 422,
      shows: [size(422, 0)],
      not: [size(409, 0), size(404, 0)],
    },
  ],
});

// ---- the precision a time bound is judged at (D75) -------------------------------------------------

/** One query of a time filter, as one record fared in it: the bounds it sent (all must hold) and whether the record was selected. */
export interface BoundSeen {
  readonly bounds: readonly { readonly op: 'lt' | 'lte' | 'gte'; readonly at: number }[];
  readonly selected: boolean;
}

/** A record judged by time filters: the instant it shows (ms, fractions kept), the precision shown (ms), what each query did with it. */
export interface BoundedRecord {
  readonly id: string;
  readonly at: number;
  readonly unit: number;
  readonly seen: readonly BoundSeen[];
}

export interface BoundsShown {
  readonly records: readonly BoundedRecord[];
}

const within = (s: number, b: BoundSeen['bounds'][number]): boolean => (b.op === 'lt' ? s < b.at : b.op === 'lte' ? s <= b.at : s >= b.at);
/** Whether a stored instant `s` explains every query the record was seen in. */
const explains = (r: BoundedRecord, s: number): boolean => r.seen.every((q) => q.bounds.every((b) => within(s, b)) === q.selected);

/**
 * Whether some stored instant in [from, to) explains every query: each query's answer is constant
 * between its bounds, so the bounds inside the range and the midpoints between them are every case.
 */
function explainedWithin(r: BoundedRecord, from: number, to: number): boolean {
  const cuts = [...new Set(r.seen.flatMap((q) => q.bounds.map((b) => b.at)).filter((at) => at > from && at < to))].sort((a, b) => a - b);
  const edges = [from, ...cuts, to];
  const points = [from, ...cuts, ...edges.slice(1).map((hi, i) => ((edges[i] ?? from) + hi) / 2)];
  return points.some((s) => s >= from && s < to && explains(r, s));
}

const rec = (at: number, seen: BoundSeen[], unit = 1): BoundedRecord => ({ id: 'r', at, unit, seen });
const q = (op: 'lt' | 'lte' | 'gte', at: number, selected: boolean): BoundSeen => ({ bounds: [{ op, at }], selected });

export const RM_BOUND_PRECISION: ReadingsEntry<BoundsShown> = defineReadings({
  id: 'rm.filter.bound-precision',
  decision: 'D75',
  clause: 'rm.datetime.utc',
  question:
    'A time filter compares its bound with the instant a target stores; a record shows that instant at the precision it shows (000 §2 DateTime: utc "string, date-time", epoch "integer"). Is the stored instant the one shown, or finer?',
  judgedBy: 'filter',
  readings: [
    {
      id: 'as-shown',
      name: 'stored as shown: the bounds hold of the instant shown',
      frameworks: ['PostgreSQL timestamp(3) with millisecond JSON', 'MySQL DATETIME(3)', 'Node.js Date'],
      holds: (s) => s.records.every((r) => explains(r, r.at)),
      shows: [{ records: [rec(1000, [q('lte', 1000, true), q('lt', 1000, false), q('gte', 1000, true)])] }],
      not: [{ records: [rec(1000, [q('lte', 1000, false)])] }, { records: [rec(1000, [q('gte', 1000, false)])] }],
    },
    {
      id: 'finer-stored-truncated',
      name: 'µs stored, ms shown (truncated): a record at the shown instant may fall just outside an inclusive upper bound (lte) at it, nothing else',
      frameworks: ['Rails (ActiveSupport JSON time_precision 3) on PostgreSQL timestamp(6)', "Django's JSON encoder (isoformat cut to ms)"],
      holds: (s) => s.records.every((r) => explainedWithin(r, r.at, r.at + r.unit)),
      shows: [
        { records: [rec(1000, [q('lte', 1000, false), q('lt', 1000, false), q('gte', 1000, true), q('lte', 1001, true)])] },
        { records: [rec(1000, [q('lte', 1000, true)])] },
      ],
      // Left out of gte at its shown instant; selected by lt at it; outside lte one unit later.
      not: [
        { records: [rec(1000, [q('gte', 1000, false)])] },
        { records: [rec(1000, [q('lt', 1000, true)])] },
        { records: [rec(1000, [q('lte', 1001, false)])] },
      ],
    },
  ],
});

// ---- filter[conversation][exists]=false (D76) -------------------------------------------------------

/** What filter[conversation][exists]=false returned of a candidate's messages. */
export interface ConversationFalseShown {
  /** Every message of the candidate (the unfiltered walk). */
  readonly all: readonly string[];
  /** Those that show they are in a conversation (include=conversation names one). */
  readonly inOne: readonly string[];
  /** Those that show they are in none, while others show one. */
  readonly inNone: readonly string[];
  /** What false returned. */
  readonly no: readonly string[];
  /** Both walks reached their end. */
  readonly complete: boolean;
}

const conv = (no: string[]): ConversationFalseShown => ({ all: ['a', 'b', 'c'], inOne: ['a'], inNone: ['b', 'c'], no, complete: true });
const holdsAll = (ids: readonly string[], within_: readonly string[]): boolean => ids.every((id) => within_.includes(id));

export const RM_CONVERSATION_FALSE: ReadingsEntry<ConversationFalseShown> = defineReadings({
  id: 'rm.filter.conversation.false',
  decision: 'D76',
  clause: 'rm.filter.conversation',
  question:
    'What does filter[conversation][exists]=false return? 000 §4: "`true` returns only messages in a conversation; `false` accepted".',
  judgedBy: 'filter',
  readings: [
    {
      id: 'only-outside',
      name: 'only the messages in no conversation',
      frameworks: ['Ransack/has_scope exists predicates', 'django-filter isnull'],
      holds: (s) => !s.no.some((id) => s.inOne.includes(id)) && (!s.complete || holdsAll(s.inNone, s.no)) && holdsAll(s.no, s.all),
      shows: [conv(['b', 'c'])],
      not: [conv(['a', 'b', 'c']), conv(['a']), conv(['b'])],
    },
    {
      id: 'every-message',
      name: 'every message (false lifts the condition, as no filter)',
      frameworks: ['a flag that only filters when true (if params[:exists] == "true")'],
      holds: (s) => holdsAll(s.no, s.all) && (!s.complete || holdsAll(s.all, s.no)),
      shows: [conv(['a', 'b', 'c'])],
      not: [conv(['a']), conv(['b', 'c'])],
    },
  ],
});

// ---- which jobs are live (D77) ---------------------------------------------------------------------------

/** A job as GET /jobs listed it: its status, and whether its closing_at lies before the read (null: not shown). */
export interface ListedJob {
  readonly id: string;
  readonly status: unknown;
  readonly closedBefore: boolean | null;
}

export interface LiveJobsShown {
  readonly jobs: readonly ListedJob[];
}

/**
 * Status values that name a page that is not published (000 §2 Job: status is the "publication
 * status of the application page (values seen: live and draft)"); compared trimmed and in any case.
 * Other values (published, open, internal, ...) are not read as either.
 */
export const NOT_LIVE_STATUSES: readonly string[] = Object.freeze([
  'draft',
  'unpublished',
  'closed',
  'expired',
  'archived',
  'inactive',
  'deleted',
]);

/** Whether a status names a page that is not live. */
export function namesNotLive(status: unknown): boolean {
  return typeof status === 'string' && NOT_LIVE_STATUSES.includes(status.trim().toLowerCase());
}

const job = (status: unknown, closedBefore: boolean | null = false): ListedJob => ({ id: 'j', status, closedBefore });

export const RM_LIVE_JOBS: ReadingsEntry<LiveJobsShown> = defineReadings({
  id: 'rm.jobs.live',
  decision: 'D77',
  clause: 'rm.op.jobs.list',
  question:
    'Which jobs does GET /jobs, which "lists live jobs", leave out? 000 §2 gives status as the "publication status of the application page (values seen: live and draft)" and closing_at as a DateTime.',
  judgedBy: 'filter',
  readings: [
    {
      id: 'published',
      name: 'live is the publication status: no listed job has a status naming an unpublished page; closing_at is not read',
      frameworks: ['job boards that list every published posting until it is unpublished'],
      holds: (s) => !s.jobs.some((j) => namesNotLive(j.status)),
      shows: [{ jobs: [job('live', true), job(null)] }, { jobs: [job('published')] }],
      not: [{ jobs: [job('draft')] }, { jobs: [job('Closed')] }],
    },
    {
      id: 'open-for-applications',
      name: 'live is published and open: no listed job is unpublished or past its closing_at',
      frameworks: ['ATS career sites that hide postings after their closing date'],
      holds: (s) => !s.jobs.some((j) => namesNotLive(j.status) || j.closedBefore === true),
      shows: [{ jobs: [job('live'), job('live', null)] }],
      not: [{ jobs: [job('live', true)] }, { jobs: [job('expired')] }],
    },
  ],
});

export const RM_LIST_READINGS = [
  RM_PAST_END,
  RM_PAST_END_FILTERED,
  RM_CURSOR_END,
  RM_CURSOR_NEXT,
  RM_ARRAY_FORM,
  RM_PAGE_SIZE,
  RM_BOUND_PRECISION,
  RM_CONVERSATION_FALSE,
  RM_LIVE_JOBS,
] as const;
