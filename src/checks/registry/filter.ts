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
 * The predicate: an array filter is answered in one of its lawful forms (000 §4: arrays "sent
 * comma-separated"; the repeated deep-object form filter[kind][]=a&filter[kind][]=b): when the
 * comma form is refused, the repeated form answers 200.
 */
export function arrayFormOutcome(comma: Exchange, repeated: Exchange): Outcome {
  return repeated.response?.status === 200
    ? CONFORMS
    : nonConforming(`${describe(comma)} and ${describe(repeated)}: neither form of the array filter is answered 200`);
}

/** About the repeated form's answer, then the comma form's. */
export function expectArrayFormAnswered(comma: Exchange, repeated: Exchange, clause: Clause): void {
  enforce(filter, clause, [repeated, comma], arrayFormOutcome(comma, repeated));
}
