/**
 * filter: each filter selects what its row of 000 §4 Filters says. A selection is what one query
 * returned: its pages (one for a single read). The rules every filter keeps are written once: the
 * selection includes a record, excludes one, returns only records that fit, equals another, shares
 * nothing with another.
 */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { RM_ANONYMISED_TRUE, RM_ARCHIVED_TRUE, type TrueFilterShown } from '../../readings/entries/rm-filters';
import {
  namesNotLive,
  RM_ARRAY_FORM,
  RM_BOUND_PRECISION,
  RM_CONVERSATION_FALSE,
  RM_LIVE_JOBS,
  type BoundSeen,
  type BoundsShown,
  type LiveJobsShown,
} from '../../readings/entries/rm-lists';
import { instantOfText, shownInstant, type ShownInstant } from '../instant';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { about, exchangesOf, idsOn, listed, missing, pageWith, type Identified, type Page } from '../shown';

const filter = defineCheck({
  name: 'filter',
  summary: 'a filter selects exactly the records its row of the Filters table describes',
  cites: ['rm.filter.', 'rm.query.filter', 'rm.live-jobs', 'rm.op.jobs.list'],
});
export default filter;

type Clause = CitedBy<typeof filter>;

/** What a query selected: the query as people read it ("GET /candidates?filter[email][eq]=..."), and the pages it returned. */
export interface Selection<R extends Identified = Identified> {
  readonly query: string;
  readonly pages: readonly Page<R>[];
  /** The walk reached its end (default true): a selection cut short proves less. */
  readonly complete?: boolean;
}

const ids = (s: Selection): string[] => idsOn(s.pages);
const firstPage = (s: Selection): Exchange | null => s.pages[0]?.exchange ?? null;
/** The page of `s` that returned the first of `wrong`, then the other pages of `s`. */
const returning = (s: Selection, wrong: readonly string[]): Exchange[] => {
  const page = wrong.length > 0 ? pageWith(s.pages, wrong[0] ?? '') : null;
  return about(page?.exchange ?? firstPage(s), exchangesOf(s.pages));
};
const because = (why?: string): string => (why ? ` (${why})` : '');

// ---- the selection includes, or excludes, a record ---------------------------------------------------

/** The predicate: the selection includes every record of `expected` (records that match the query). */
export function includesOutcome(selection: Selection, expected: readonly string[], why?: string): Outcome {
  const left = missing(expected, ids(selection));
  return left.length === 0 ? CONFORMS : nonConforming(`${selection.query} does not select ${listed(left)}${because(why)}`);
}

/** The selection includes `expected`: about its pages, the first first. */
export function expectSelects(selection: Selection, expected: readonly string[], clause: Clause, why?: string): void {
  enforce(filter, clause, exchangesOf(selection.pages), includesOutcome(selection, expected, why));
}

/** The predicate: the selection includes none of `excluded` (records that do not match the query). */
export function excludesOutcome(selection: Selection, excluded: readonly string[], why?: string): Outcome {
  const shown = new Set(ids(selection));
  const wrong = excluded.filter((id) => shown.has(id));
  return wrong.length === 0 ? CONFORMS : nonConforming(`${selection.query} selects ${listed(wrong)}${because(why)}`);
}

/** The selection includes none of `excluded`: about the page that returned one. */
export function expectExcludes(selection: Selection, excluded: readonly string[], clause: Clause, why?: string): void {
  const shown = new Set(ids(selection));
  enforce(
    filter,
    clause,
    returning(
      selection,
      excluded.filter((id) => shown.has(id)),
    ),
    excludesOutcome(selection, excluded, why),
  );
}

/** The predicate: the selection is not empty when records of `expected` match the query. */
export function selectsAnyOutcome(selection: Selection, expected: readonly string[], why?: string): Outcome {
  return expected.length === 0 || ids(selection).length > 0
    ? CONFORMS
    : nonConforming(`${selection.query} returned nothing, although ${listed(expected)} match it${because(why)}`);
}

export function expectSelectsAny(selection: Selection, expected: readonly string[], clause: Clause, why?: string): void {
  enforce(filter, clause, exchangesOf(selection.pages), selectsAnyOutcome(selection, expected, why));
}

/** The predicate: the selection is empty (a term no record matches). */
export function selectsNoneOutcome(selection: Selection, why?: string): Outcome {
  const all = ids(selection);
  return all.length === 0 ? CONFORMS : nonConforming(`${selection.query} returned ${all.length} records: ${listed(all)}${because(why)}`);
}

export function expectSelectsNone(selection: Selection, clause: Clause, why?: string): void {
  enforce(filter, clause, exchangesOf(selection.pages), selectsNoneOutcome(selection, why));
}

// ---- every record returned fits the rule ------------------------------------------------------------

/** A filter's rule over the records it returns: which fit, and how a record that does not is shown. */
export interface Rule<R extends Identified> {
  /** What fitting means, for people ("updated at or after 2026-01-01T00:00:00Z"). */
  readonly text: string;
  readonly fits: (record: R) => boolean;
  /** How a record that does not fit is named in the detail (default its id). */
  readonly shown?: (record: R) => string;
}

function misfits<R extends Identified>(selection: Selection<R>, rule: Rule<R>): R[] {
  return selection.pages.flatMap((p) => p.records.filter((r) => !rule.fits(r)));
}

/** The predicate: every record the selection returned fits the rule. */
export function onlyFittingOutcome<R extends Identified>(selection: Selection<R>, rule: Rule<R>): Outcome {
  const wrong = misfits(selection, rule);
  const name = rule.shown ?? ((r: R) => r.id);
  return wrong.length === 0 ? CONFORMS : nonConforming(`${selection.query} returned ${listed(wrong.map(name))}, not ${rule.text}`);
}

/** Every record returned fits the rule: about the page that returned the first that does not. */
export function expectOnlyFitting<R extends Identified>(selection: Selection<R>, rule: Rule<R>, clause: Clause): void {
  enforce(
    filter,
    clause,
    returning(
      selection,
      misfits(selection, rule).map((r) => r.id),
    ),
    onlyFittingOutcome(selection, rule),
  );
}

// ---- two selections ----------------------------------------------------------------------------------

/** Ids one selection holds and the other not, both ways. */
export function differing(a: Selection, b: Selection): string[] {
  const x = ids(a);
  const y = ids(b);
  return [...new Set([...missing(x, y), ...missing(y, x)])];
}

/**
 * The predicate: two queries the document says select the same records do, but for `explained`
 * (records that changed while they were read); `over` says what was compared ("all pages").
 */
export function sameSelectionOutcome(a: Selection, b: Selection, explained: readonly string[], over: string, why?: string): Outcome {
  const diff = missing(differing(a, b), explained);
  return diff.length === 0
    ? CONFORMS
    : nonConforming(`${a.query} and ${b.query} select different records over ${over}: ${listed(diff)}${because(why)}`);
}

/** Two selections are the same: about the page that returned the first record the other lacks. */
export function expectSameSelection(
  a: Selection,
  b: Selection,
  explained: readonly string[],
  over: string,
  clause: Clause,
  why?: string,
): void {
  const diff = missing(differing(a, b), explained);
  const first = diff[0];
  const page = first === undefined ? null : (pageWith(a.pages, first) ?? pageWith(b.pages, first));
  const exchanges = about(page?.exchange ?? firstPage(a), [...exchangesOf(a.pages), ...exchangesOf(b.pages)]);
  enforce(filter, clause, exchanges, sameSelectionOutcome(a, b, explained, over, why));
}

/** The predicate: `yes` and `no` (true and false of one filter) share none of `checked` (records read again alone). */
export function disjointOutcome(yes: Selection, no: Selection, checked: readonly string[]): Outcome {
  const both = checked.filter((id) => ids(yes).includes(id) && ids(no).includes(id));
  return both.length === 0 ? CONFORMS : nonConforming(`${listed(both)} selected by both ${yes.query} and ${no.query}`);
}

/** True and false of one filter select disjoint records: about the `yes` page that returned one of both. */
export function expectDisjoint(yes: Selection, no: Selection, checked: readonly string[], clause: Clause): void {
  const both = checked.filter((id) => ids(yes).includes(id) && ids(no).includes(id));
  const exchanges = about(returning(yes, both)[0], [...exchangesOf(yes.pages), ...exchangesOf(no.pages)]);
  enforce(filter, clause, exchanges, disjointOutcome(yes, no, checked));
}

/** The predicate: an array filter's selection (`both`) is the union of the selections of each value (`parts`). */
export function unionOutcome(both: Selection, parts: readonly Selection[]): Outcome {
  const union = [...new Set(parts.flatMap(ids))];
  const diff = [...new Set([...missing(union, ids(both)), ...missing(ids(both), union)])];
  return diff.length === 0
    ? CONFORMS
    : nonConforming(`${both.query} is not the union of ${parts.map((p) => p.query).join(' and ')}: ${listed(diff)}`);
}

export function expectUnion(both: Selection, parts: readonly Selection[], clause: Clause): void {
  enforce(filter, clause, [...exchangesOf(both.pages), ...parts.flatMap((p) => exchangesOf(p.pages))], unionOutcome(both, parts));
}

// ---- filter[X]=true ---------------------------------------------------------------------------------

/** The boolean filters whose `true` the readings registry reads (src/readings/entries/rm-filters.ts). */
export type DefaultFalseFilter = 'archived' | 'anonymised';

const TRUE_ENTRY = { archived: RM_ARCHIVED_TRUE, anonymised: RM_ANONYMISED_TRUE } as const;

/** What filter[X]=true (`yes`) showed beside the default selection, in the terms its readings read. */
export function trueFilterShown<R extends Identified>(
  byDefault: Selection<R>,
  yes: Selection<R>,
  isX: (r: R) => boolean | null,
  knownX: readonly string[] = [],
): TrueFilterShown {
  return {
    byDefault: ids(byDefault),
    yes: ids(yes),
    notX: yes.pages
      .flatMap((p) => p.records)
      .filter((r) => isX(r) === false)
      .map((r) => r.id),
    knownX,
    complete: byDefault.complete !== false && yes.complete !== false,
  };
}

/**
 * The predicate: filter[X]=true shows a lawful reading of its row (000 §4 Filters "`true` or `false`;
 * default `false`"): only the X records, or the default records with them, either holding every
 * record known to be X (`knownX`); the statement in force may pin one.
 */
export function trueReadingOutcome<R extends Identified>(
  name: DefaultFalseFilter,
  byDefault: Selection<R>,
  yes: Selection<R>,
  isX: (r: R) => boolean | null,
  knownX: readonly string[] = [],
): ReadingOutcome {
  return readingOutcome(TRUE_ENTRY[name], trueFilterShown(byDefault, yes, isX, knownX), yes.query);
}

/** filter[X]=true reads one of the lawful ways: about its pages, then the default's; the verdict names the reading. */
export function expectTrueReading<R extends Identified>(
  name: DefaultFalseFilter,
  byDefault: Selection<R>,
  yes: Selection<R>,
  isX: (r: R) => boolean | null,
  clause: Clause,
  knownX: readonly string[] = [],
): void {
  const { outcome, judgement } = trueReadingOutcome(name, byDefault, yes, isX, knownX);
  enforce(filter, clause, [...exchangesOf(yes.pages), ...exchangesOf(byDefault.pages)], outcome, { reading: judgement });
}

// ---- an array filter's form -------------------------------------------------------------------------

/**
 * The predicate: an array filter is answered in one of its lawful forms (D37, src/readings: comma-joined
 * answered 200; or, the comma form refused with 400 or 422, the repeated deep-object form
 * filter[kind][]=a&filter[kind][]=b answered 200). `repeated` is null when only the comma form was sent.
 */
export function arrayFormOutcome(comma: Exchange, repeated: Exchange | null): ReadingOutcome {
  const shown = { comma: comma.response?.status ?? 0, repeated: repeated ? (repeated.response?.status ?? 0) : null };
  const sent = repeated ? `${describe(comma)} and ${describe(repeated)}` : describe(comma);
  return readingOutcome(RM_ARRAY_FORM, shown, `${sent}: the array filter`);
}

/** About the answer that was taken (the repeated form's when sent), then the comma form's; the verdict names the form. */
export function expectArrayFormAnswered(comma: Exchange, repeated: Exchange | null, clause: Clause): void {
  const { outcome, judgement } = arrayFormOutcome(comma, repeated);
  enforce(filter, clause, about(repeated, [comma]), outcome, { reading: judgement });
}

// ---- time bounds, judged at the precision shown ---------------------------------------------------------

/** One query of a time filter: its selection, the bounds it sent, and whether it is whole (a record it did not return is not selected). */
export interface BoundQuery<R extends Identified> {
  readonly selection: Selection<R>;
  readonly bounds: readonly { readonly op: 'lt' | 'lte' | 'gte'; readonly at: string }[];
  readonly whole: boolean;
}

/** A record known to exist with the instant it shows, judged in every whole query (selected there or not). */
export interface KnownInstant {
  readonly id: string;
  readonly instant: ShownInstant;
}

const boundAt = (text: string): number => instantOfText(text)?.at ?? Date.parse(text);

/**
 * What time-filter queries showed, per record and shown instant (a record shown with another instant
 * in another query was updated meanwhile: a record of its own): the queries that returned it, and the
 * whole queries that did not return a known record. Records that show no instant are left out.
 */
export function boundsShown<R extends Identified>(
  queries: readonly BoundQuery<R>[],
  instantOf: (r: R) => ShownInstant | null,
  known: readonly KnownInstant[] = [],
): { shown: BoundsShown; texts: Map<string, { text: string; first: Exchange | null }> } {
  const records = new Map<string, { id: string; at: number; unit: number; seen: BoundSeen[] }>();
  const texts = new Map<string, { text: string; first: Exchange | null }>();
  const entry = (id: string, instant: ShownInstant, ex: Exchange | null) => {
    const key = `${id}\u0000${instant.at}`;
    let record = records.get(key);
    if (!record) {
      record = { id, at: instant.at, unit: instant.unit, seen: [] };
      records.set(key, record);
      texts.set(key, { text: `${id} (${instant.text})`, first: ex });
    }
    return record;
  };
  for (const query of queries) {
    const bounds = query.bounds.map((b) => ({ op: b.op, at: boundAt(b.at) }));
    const returned = new Set<string>();
    for (const page of query.selection.pages)
      for (const r of page.records) {
        const instant = instantOf(r);
        if (instant === null) continue;
        returned.add(r.id);
        entry(r.id, instant, page.exchange).seen.push({ bounds, selected: true });
      }
    if (query.whole)
      for (const k of known)
        if (!returned.has(k.id)) entry(k.id, k.instant, firstPage(query.selection)).seen.push({ bounds, selected: false });
  }
  return { shown: { records: [...records.values()] }, texts };
}

const opText = { lt: 'lt', lte: 'lte', gte: 'gte' } as const;

/**
 * The predicate: the time filters (`filter[updated_at][lt]`, `[gte]`, `filter[created_at][gte]`,
 * `[lte]`) selected what their bounds say of the instant each record shows, at the precision it
 * shows it (src/readings D75: stored as shown, or µs stored and ms shown by truncation); `rule`
 * names the filter for people. Returns the judgement and the exchange the verdict is about.
 */
export function boundsOutcome<R extends Identified>(
  queries: readonly BoundQuery<R>[],
  instantOf: (r: R) => ShownInstant | null,
  known: readonly KnownInstant[],
  rule: string,
): ReadingOutcome & { about: Exchange | null; judged: number; ops: ReadonlySet<'lt' | 'lte' | 'gte'> } {
  const { shown, texts } = boundsShown(queries, instantOf, known);
  const loosest = RM_BOUND_PRECISION.readings[RM_BOUND_PRECISION.readings.length - 1];
  const firstWrong =
    shown.records.find((r) => !(loosest?.holds({ records: [r] }) ?? true)) ??
    shown.records.find((r) => !RM_BOUND_PRECISION.readings.every((reading) => reading.holds({ records: [r] })));
  const key = firstWrong ? `${firstWrong.id}\u0000${firstWrong.at}` : '';
  const seen = firstWrong
    ? firstWrong.seen
        .map(
          (q) =>
            `${q.selected ? 'selected' : 'not selected'} by ${q.bounds.map((b) => `${opText[b.op]} ${new Date(b.at).toISOString()}`).join(' and ')}`,
        )
        .join('; ')
    : '';
  const what = firstWrong ? `${rule}: record ${texts.get(key)?.text ?? firstWrong.id} was ${seen}` : rule;
  const judged = readingOutcome(RM_BOUND_PRECISION, shown, what);
  const ops = new Set((firstWrong?.seen ?? []).flatMap((q) => q.bounds.map((b) => b.op)));
  return { ...judged, about: texts.get(key)?.first ?? null, judged: shown.records.length, ops };
}

/**
 * Time filters select by the instant each record shows, at its precision (boundsOutcome): about the
 * page that showed the first record no reading explains, then every page; `clause` (or, on a failure,
 * `clauseOf` the bounds that record was judged by: the row of lt alone is not gte's). Returns how many
 * records (per shown instant) were judged: none means the test judged nothing (the caller says so).
 */
export function expectBounds<R extends Identified>(
  queries: readonly BoundQuery<R>[],
  instantOf: (r: R) => ShownInstant | null,
  known: readonly KnownInstant[],
  rule: string,
  clause: Clause,
  clauseOf?: (ops: ReadonlySet<'lt' | 'lte' | 'gte'>) => Clause,
): number {
  const { outcome, judgement, about: first, judged, ops } = boundsOutcome(queries, instantOf, known, rule);
  const cited = !outcome.ok && clauseOf ? clauseOf(ops) : clause;
  enforce(
    filter,
    cited,
    about(
      first,
      queries.flatMap((q) => exchangesOf(q.selection.pages)),
    ),
    outcome,
    { reading: judgement },
  );
  return judged;
}

// ---- one value per record ---------------------------------------------------------------------------

/**
 * The predicate: a record that does not show its value of a single-valued attribute (an event's
 * `kind`, "kind | string") is shown it by the filters on it: no such record (`unshown`) is selected
 * by filters for two different values (`byValue`: value -> its selection).
 */
export function oneValueOutcome(
  byValue: readonly (readonly [string, Selection])[],
  unshown: readonly string[],
  attribute: string,
): Outcome {
  const clash = firstClash(byValue, unshown);
  return clash === null
    ? CONFORMS
    : nonConforming(
        `${clash.id} shows no ${attribute}, and both ${clash.a.query} and ${clash.b.query} select it: a record has one ${attribute}`,
      );
}

function firstClash(
  byValue: readonly (readonly [string, Selection])[],
  unshown: readonly string[],
): { id: string; a: Selection; b: Selection } | null {
  for (const id of unshown) {
    const having = byValue.filter(([, s]) => ids(s).includes(id));
    const [a, b] = having;
    if (a && b && a[0] !== b[0]) return { id, a: a[1], b: b[1] };
  }
  return null;
}

/** About the page of the second selection that returned the record, then the first's. */
export function expectOneValue(
  byValue: readonly (readonly [string, Selection])[],
  unshown: readonly string[],
  attribute: string,
  clause: Clause,
): void {
  const clash = firstClash(byValue, unshown);
  const exchanges = clash
    ? about(pageWith(clash.b.pages, clash.id)?.exchange, [pageWith(clash.a.pages, clash.id)?.exchange])
    : byValue.flatMap(([, s]) => exchangesOf(s.pages));
  enforce(filter, clause, exchanges, oneValueOutcome(byValue, unshown, attribute));
}

// ---- live jobs ----------------------------------------------------------------------------------------

/** What GET /jobs listed, in the terms the readings of "lists live jobs" read (D77); `now`: the time of the read. */
export function liveJobsShown<R extends Identified & { attributes: Readonly<Record<string, unknown>> }>(
  selection: Selection<R>,
  now: number,
): LiveJobsShown {
  return {
    jobs: selection.pages.flatMap((p) =>
      p.records.map((j) => {
        const closing = shownInstant(j.attributes.closing_at);
        return { id: j.id, status: j.attributes.status, closedBefore: closing === null ? null : closing.at + closing.unit <= now };
      }),
    ),
  };
}

/**
 * The predicate: GET /jobs "lists live jobs" in a lawful reading (src/readings D77): no listed job
 * has a status naming an unpublished page, or (open-for-applications) none is past its closing_at.
 */
export function liveJobsOutcome<R extends Identified & { attributes: Readonly<Record<string, unknown>> }>(
  selection: Selection<R>,
  now: number,
): ReadingOutcome {
  return readingOutcome(RM_LIVE_JOBS, liveJobsShown(selection, now), `${selection.query} lists jobs that are not live`);
}

/** About the page that listed the first job whose status names it not live, then every page; the verdict names the reading. */
export function expectLiveJobs<R extends Identified & { attributes: Readonly<Record<string, unknown>> }>(
  selection: Selection<R>,
  now: number,
  clause: Clause,
): void {
  const { outcome: judged, judgement } = liveJobsOutcome(selection, now);
  const wrong = selection.pages.flatMap((p) => p.records).filter((j) => namesNotLive(j.attributes.status));
  const outcome = judged.ok
    ? judged
    : nonConforming(`${judged.detail}; listed: ${listed(wrong.map((j) => `${j.id} (status ${JSON.stringify(j.attributes.status)})`))}`);
  enforce(
    filter,
    clause,
    returning(
      selection,
      wrong.map((j) => j.id),
    ),
    outcome,
    { reading: judgement },
  );
}

// ---- filter[conversation][exists]=false ------------------------------------------------------------------

/**
 * The predicate: filter[conversation][exists]=false (`no`) returns what a lawful reading says (D76:
 * only the messages in no conversation, or every message) of the candidate's messages (`all`), as
 * include=conversation showed them (`inOne`: naming a conversation; `inNone`: naming none).
 */
export function conversationFalseOutcome(
  no: Selection,
  all: Selection,
  inOne: readonly string[],
  inNone: readonly string[],
): ReadingOutcome {
  const shown = { all: ids(all), inOne, inNone, no: ids(no), complete: no.complete !== false && all.complete !== false };
  return readingOutcome(RM_CONVERSATION_FALSE, shown, no.query);
}

export function expectConversationFalseReading(
  no: Selection,
  all: Selection,
  inOne: readonly string[],
  inNone: readonly string[],
  clause: Clause,
): void {
  const { outcome, judgement } = conversationFalseOutcome(no, all, inOne, inNone);
  const wrong = ids(no).filter((id) => inOne.includes(id));
  enforce(filter, clause, about(returning(no, wrong)[0], [...exchangesOf(no.pages), ...exchangesOf(all.pages)]), outcome, {
    reading: judgement,
  });
}
