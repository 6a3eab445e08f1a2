/**
 * Readings of the RM filters (000 §4 Filters). `filter[archived]` and `filter[anonymised]` are
 * "`true` or `false`; default `false`": what `true` selects is not said (D34, D54).
 */
import { defineReadings, type ReadingsEntry } from '../types';

/** What filter[X]=true showed beside the default selection (no filter[X]), in ids. */
export interface TrueFilterShown {
  /** The ids the default selection returned (X is false by default: no X record belongs there). */
  readonly byDefault: readonly string[];
  /** The ids filter[X]=true returned. */
  readonly yes: readonly string[];
  /** The ids among `yes` whose record shows it is not X (an attribute that says so). */
  readonly notX: readonly string[];
  /** Records known to be X (a known record, or records that show X) that `true` must find under every reading. */
  readonly knownX: readonly string[];
  /** Both walks reached their end: only then can a superset be judged. */
  readonly complete: boolean;
}

/** The shown selections of the examples: the default holds a and b; x1 is known to be X. */
const shown = (yes: string[], extra: Partial<TrueFilterShown> = {}): TrueFilterShown => ({
  byDefault: ['a', 'b'],
  yes,
  notX: yes.filter((id) => !id.startsWith('x')),
  knownX: ['x1'],
  complete: true,
  ...extra,
});

const all = (ids: readonly string[], within: readonly string[]): boolean => {
  const have = new Set(within);
  return ids.every((id) => have.has(id));
};

/**
 * Only the X records: nothing that shows it is not X, nothing of the default selection, and every
 * record known to be X. An empty answer is this reading only when no record is known to be X.
 */
const onlyX = (x: string) => ({
  id: `only-${x}`,
  name: `only the ${x} candidates`,
  frameworks: [`Rails scopes (where(${x}: true))`, 'Django REST framework django-filter BooleanFilter'],
  holds: (s: TrueFilterShown): boolean => s.notX.length === 0 && !s.yes.some((id) => s.byDefault.includes(id)) && all(s.knownX, s.yes),
  shows: [shown(['x1', 'x2']), shown([], { knownX: [] })],
  // An empty answer while x1 is known to be X; a default record among them; one that shows it is not X.
  not: [shown([]), shown(['x1', 'a']), shown(['x1', 'c'])],
});

/**
 * The default records and the X records with them: a superset of the default selection (judged when
 * both walks ended) holding every record known to be X. A filter that is ignored holds this reading
 * only while no record is known to be X: then nothing tells the two apart.
 */
const xIncluded = (x: string) => ({
  id: `${x}-included`,
  name: `every candidate, the ${x} ones included`,
  frameworks: ['soft-delete scopes lifted by a flag (Laravel withTrashed, Rails unscoped, Hibernate @Where toggled)'],
  holds: (s: TrueFilterShown): boolean => all(s.knownX, s.yes) && (!s.complete || all(s.byDefault, s.yes)),
  shows: [shown(['a', 'b', 'x1']), shown(['a', 'b'], { knownX: [] })],
  // An ignored filter while x1 is known to be X; a default record left out.
  not: [shown(['a', 'b']), shown(['a', 'x1'])],
});

export const RM_ARCHIVED_TRUE: ReadingsEntry<TrueFilterShown> = defineReadings({
  id: 'rm.filter.archived.true',
  decision: 'D34',
  clause: 'rm.filter.archived',
  question: 'Does filter[archived]=true select only the archived candidates, or every candidate with the archived ones?',
  judgedBy: 'filter',
  readings: [onlyX('archived'), xIncluded('archived')],
});

export const RM_ANONYMISED_TRUE: ReadingsEntry<TrueFilterShown> = defineReadings({
  id: 'rm.filter.anonymised.true',
  decision: 'D54',
  clause: 'rm.filter.anonymised',
  question: 'Does filter[anonymised]=true select only the anonymised candidates, or every candidate with the anonymised ones?',
  judgedBy: 'filter',
  readings: [onlyX('anonymised'), xIncluded('anonymised')],
});

export const RM_FILTER_READINGS = [RM_ARCHIVED_TRUE, RM_ANONYMISED_TRUE] as const;
