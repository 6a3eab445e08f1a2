/**
 * Readings of what an RM record is and names (000 §1, §2, §4, §6): attribute values, ids,
 * relationship values and their types, DateTime objects, event kinds, document forms, where embedded
 * records live, message contents, and the answers to writes a sentence lets a target accept or refuse.
 * Where the schema judges (`judgedBy: 'schema'`), each predicate states exactly what the schema
 * keyword accepts (test/unit/readings-rm-records.test.ts validates the examples against the schemas);
 * where a check judges, the check calls readingOutcome with the entry and the verdict names the reading.
 */
import { EVENT_KINDS } from '../../../contract/terms';
import { defineReadings, type Reading, type ReadingsEntry } from '../types';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

// ---- D1: attribute values ------------------------------------------------------------------------

/** The type 000 §2 gives an attribute ("string", "number", "boolean", "array of string", "DateTime", an object). */
export type AttributeKind = 'string' | 'number' | 'integer' | 'boolean' | 'string-array' | 'object' | 'datetime';

/** One attribute of a record as an answer showed it: whether the member is there, and its value. */
export interface AttributeShown {
  readonly kind: AttributeKind;
  readonly present: boolean;
  readonly value?: unknown;
}

const OF_KIND: Readonly<Record<AttributeKind, (v: unknown) => boolean>> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: isInteger,
  boolean: (v) => typeof v === 'boolean',
  'string-array': (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  object: isObject,
  // The DateTime object (its members are D5's business).
  datetime: isObject,
};

export const RM_ATTRIBUTE_VALUE: ReadingsEntry<AttributeShown> = defineReadings<AttributeShown>({
  id: 'rm.attribute.value',
  decision: 'D1',
  clause: 'rm.layout.resource',
  question:
    '000 §2 gives each attribute a type and never says a value may be missing: is every attribute present and typed, or may a value be null or left out?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'typed',
      name: 'present, of the type 000 §2 gives',
      frameworks: ['every serializer, for a known value'],
      holds: (s) => s.present && OF_KIND[s.kind](s.value),
      shows: [
        { kind: 'string', present: true, value: 'Ada' },
        { kind: 'boolean', present: true, value: false },
        { kind: 'string-array', present: true, value: [] },
      ],
      not: [
        { kind: 'number', present: true, value: '12' },
        { kind: 'string', present: true, value: null },
      ],
    },
    {
      id: 'null',
      name: 'present as null (an unknown value)',
      frameworks: ['Rails ActiveModel::Serializer', 'Django REST framework', 'Jackson (default inclusion)'],
      holds: (s) => s.present && s.value === null,
      shows: [
        { kind: 'string', present: true, value: null },
        { kind: 'datetime', present: true, value: null },
      ],
      not: [
        { kind: 'string', present: false },
        { kind: 'boolean', present: true, value: 0 },
      ],
    },
    {
      id: 'absent',
      name: 'left out (an unknown value)',
      frameworks: ['Jackson NON_NULL inclusion', 'jsonapi-serializer with compact attributes'],
      holds: (s) => !s.present,
      shows: [{ kind: 'datetime', present: false }],
      not: [{ kind: 'integer', present: true, value: 1.5 }],
    },
  ],
});

// ---- D2: resource ids ----------------------------------------------------------------------------

/** A resource's `id` member as shown. */
export interface IdShown {
  readonly id: unknown;
}

export const RM_RESOURCE_ID: ReadingsEntry<IdShown> = defineReadings<IdShown>({
  id: 'rm.resource.id',
  decision: 'D2',
  clause: 'rm.layout.resource',
  question: '000 §1 "every resource has `id`" gives the id no type: is it a string or an integer?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'string-id',
      name: 'a JSON string (JSON:API)',
      frameworks: ['JSON:API serializers (jsonapi-serializer, DRF JSON:API, Ember Data)'],
      holds: (s) => typeof s.id === 'string',
      shows: [{ id: '10001' }, { id: 'a3c1f0d2-5b8e-4c1a-9f3e-0d2b5c8e4a11' }],
      not: [{ id: 10001 }, { id: null }],
    },
    {
      id: 'integer-id',
      name: 'a JSON integer (a database key as it is)',
      frameworks: ['Rails as_json', 'Django REST framework ModelSerializer'],
      holds: (s) => isInteger(s.id),
      shows: [{ id: 10001 }],
      not: [{ id: 1.5 }, { id: '10001' }, { id: { value: 1 } }],
    },
  ],
});

// ---- D3: relationship values ---------------------------------------------------------------------

/** A relationship member of a record as shown (`present` false: the record does not carry it). */
export interface RelationshipShown {
  readonly present: boolean;
  readonly value?: unknown;
}

/** `{id, type}`: an id (string or integer, D2) and a type string; further members (an embedded record's) allowed. */
export const isPair = (v: unknown): boolean => isObject(v) && (typeof v.id === 'string' || isInteger(v.id)) && typeof v.type === 'string';
const isPairs = (v: unknown): boolean => Array.isArray(v) && v.every(isPair);
const isLinkage = (v: unknown): boolean => v === null || isPair(v) || isPairs(v);

/** A JSON:API relationship object without linkage: `links` and/or `meta` (objects), nothing else. */
export const isLinksOnly = (v: unknown): boolean =>
  isObject(v) &&
  Object.keys(v).length > 0 &&
  Object.keys(v).every((k) => k === 'links' || k === 'meta') &&
  (!Object.hasOwn(v, 'links') || isObject(v.links)) &&
  (!Object.hasOwn(v, 'meta') || isObject(v.meta));

const present = (value: unknown): RelationshipShown => ({ present: true, value });

export const RM_RELATIONSHIP_VALUE: ReadingsEntry<RelationshipShown> = defineReadings<RelationshipShown>({
  id: 'rm.relationship.value',
  decision: 'D3',
  clause: 'rm.layout.relationship',
  question:
    '000 §1 "Each relationship entry is a pair `{id, type}`": how is a relationship written: a bare pair, an array of pairs, a JSON:API `{data: ...}` object, links only, null, or not at all?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'bare-pair',
      name: 'the pair itself, {id, type}',
      frameworks: ['Rails as_json with a custom serializer', 'the lenient persona'],
      holds: (s) => s.present && isPair(s.value),
      shows: [present({ id: '1', type: 'educations' }), present({ id: 7, type: 'jobs', attributes: { title: 'x' } })],
      not: [present('1'), present({ id: '1' })],
    },
    {
      id: 'pair-array',
      name: 'an array of pairs (a to-many relationship; empty when none)',
      frameworks: ['Rails as_json with a custom serializer'],
      holds: (s) => s.present && isPairs(s.value),
      shows: [present([]), present([{ id: '1', type: 'educations' }])],
      not: [present(['1', '2']), present([{ id: '1', type: 'educations' }, null])],
    },
    {
      id: 'data-object',
      name: 'a JSON:API relationship object {data: pair | [pairs] | null, links?, meta?}',
      frameworks: ['jsonapi-serializer', 'Django REST framework JSON:API', 'JSONAPI::Resources', 'Ember Data'],
      holds: (s) => s.present && isObject(s.value) && Object.hasOwn(s.value, 'data') && isLinkage(s.value.data),
      shows: [present({ data: [] }), present({ data: null }), present({ data: { id: '1', type: 'jobs' }, links: { related: '/x' } })],
      not: [present({ data: '1' }), present({ data: [{ id: '1' }] })],
    },
    {
      id: 'links-only',
      name: 'a JSON:API relationship object without linkage: links and/or meta only (when it is lawful is rm.relationship.without-linkage)',
      frameworks: ['JSON:API serializers for a relationship they did not load (jsonapi-serializer lazy links, JSONAPI::Resources)'],
      holds: (s) => s.present && isLinksOnly(s.value),
      shows: [present({ links: { related: '/candidates/1/educations' } }), present({ meta: { count: 2 } })],
      not: [present({}), present({ links: '/candidates/1/educations' }), present({ links: {}, id: '1' })],
    },
    {
      id: 'null',
      name: 'null (a to-one relationship without a record)',
      frameworks: ['Rails as_json', 'Django REST framework'],
      holds: (s) => s.present && s.value === null,
      shows: [present(null)],
      not: [present(undefined), { present: false }],
    },
    {
      id: 'absent',
      name: 'not carried at all (no related record, or not serialised)',
      frameworks: ['Jackson NON_NULL inclusion', 'serializers that omit empty relationships'],
      holds: (s) => !s.present,
      shows: [{ present: false }],
      not: [present(null), present(42)],
    },
  ],
});

// ---- D80: when a relationship may go without linkage -------------------------------------------------

/**
 * One relationship name of the records of an answer that carry it links-only (D3 `links-only`): whether
 * include asked for it, how many embedded records of its type no relationship entry of the answer names
 * (records only it could stand for), and how many records the records are known to have through it.
 */
export interface WithoutLinkageShown {
  readonly asked: boolean;
  readonly embeddedUnnamed: number;
  readonly known: number;
}

export const RM_WITHOUT_LINKAGE: ReadingsEntry<WithoutLinkageShown> = defineReadings<WithoutLinkageShown>({
  id: 'rm.relationship.without-linkage',
  decision: 'D80',
  clause: 'rm.layout.relationship',
  question:
    'When may a relationship be carried with links only (no `{id, type}` pairs), given 000 §1 "where related records exist, `relationships`" and "Each relationship entry is a pair `{id, type}`", and include "related resources to embed"?',
  judgedBy: 'include',
  readings: [
    {
      id: 'not-loaded',
      name: 'include did not ask for it: a serializer leaves a relationship it did not load without linkage',
      frameworks: ['jsonapi-serializer lazy links', 'JSONAPI::Resources', 'the frameworks persona'],
      holds: (s) => !s.asked,
      shows: [{ asked: false, embeddedUnnamed: 0, known: 0 }],
      not: [{ asked: true, embeddedUnnamed: 0, known: 0 }],
    },
    {
      id: 'nothing-related',
      name: 'include asked, but nothing is related: no embedded record needs it, and none is known',
      frameworks: ['serializers that omit empty linkage even when asked'],
      holds: (s) => s.asked && s.embeddedUnnamed === 0 && s.known === 0,
      shows: [{ asked: true, embeddedUnnamed: 0, known: 0 }],
      // Asked, and records of it are embedded (named by no pair) or known to exist: the pairs are required.
      not: [
        { asked: true, embeddedUnnamed: 2, known: 0 },
        { asked: true, embeddedUnnamed: 0, known: 1 },
      ],
    },
  ],
});

// ---- D4, D7: type names ------------------------------------------------------------------------------

/**
 * A type shown for records 000 §2 names in one or more ways: the related type of the candidate
 * relationship table's row, the type in the heading of the resource ("### Note (type `notes`)"), and
 * the include value that embeds them; null where that way names none.
 */
export interface TypeShown {
  readonly type: string;
  readonly table: string | null;
  readonly heading: string | null;
  readonly include: string | null;
}

const typeReading = (
  id: 'table-type' | 'heading-type' | 'include-name',
  of: keyof Omit<TypeShown, 'type'>,
  name: string,
  frameworks: string[],
  shows: TypeShown[],
  not: TypeShown[],
): Reading<TypeShown> => ({ id, name, frameworks, holds: (s) => s[of] !== null && s.type === s[of], shows, not });

const LISTS = { table: 'static_lists', heading: 'company_lists', include: 'lists' } as const;
const EDUCATIONS = { table: 'educations', heading: null, include: 'educations' } as const;
const ALERTS = { table: 'candidate_job_alert_subscriptions', heading: null, include: 'job_alert_subscriptions' } as const;

const TYPE_READINGS: readonly Reading<TypeShown>[] = [
  typeReading(
    'table-type',
    'table',
    "the related type of the candidate relationship table's row (`lists` -> static_lists)",
    ['the reference server', 'the personas'],
    [
      { type: 'static_lists', ...LISTS },
      { type: 'candidate_job_alert_subscriptions', ...ALERTS },
    ],
    [{ type: 'company_lists', ...LISTS }],
  ),
  typeReading(
    'heading-type',
    'heading',
    'the type of the heading of the resource (`### List (type `company_lists`, static list)`)',
    ['one serializer per model, whatever relationship reaches it'],
    [{ type: 'company_lists', ...LISTS }],
    [
      { type: 'static_lists', ...LISTS },
      { type: 'educations', ...EDUCATIONS },
    ],
  ),
  typeReading(
    'include-name',
    'include',
    'the include value that embeds them (`job_alert_subscriptions`), as a serializer names a type after the relation',
    ['serializers that take the type from the association name'],
    [
      { type: 'job_alert_subscriptions', ...ALERTS },
      { type: 'lists', ...LISTS },
    ],
    // A name no sentence gives: a model name with a prefix, a singular.
    [
      { type: 'candidate_educations', ...EDUCATIONS },
      { type: 'education', ...EDUCATIONS },
    ],
  ),
];

export const RM_RELATED_TYPE: ReadingsEntry<TypeShown> = defineReadings<TypeShown>({
  id: 'rm.relationship.type',
  decision: 'D4',
  clause: 'rm.candidate.relationships',
  question:
    "Which type do the candidate's relationship entries, and the records include embeds through them, carry: the relationship table's related type, the heading's type of that resource, or the include value's name?",
  judgedBy: 'include',
  readings: TYPE_READINGS,
});

/** The same names, for a record's own type where an operation answers it (GET .../educations/{id}, GET .../job_alert_subscriptions). */
const unnamed: Reading<TypeShown> = {
  id: 'unnamed',
  name: 'no sentence names the type (recruitment events): any non-empty string',
  frameworks: [],
  holds: (s) => s.table === null && s.heading === null && s.include === null && s.type !== '',
  shows: [{ type: 'recruitment_events', table: null, heading: null, include: null }],
  not: [
    { type: '', table: null, heading: null, include: null },
    { type: 'education', ...EDUCATIONS },
  ],
};

export const RM_RESOURCE_TYPE: ReadingsEntry<TypeShown> = defineReadings<TypeShown>({
  id: 'rm.resource.type',
  decision: 'D7',
  clause: 'rm.gap.known-by-id',
  question:
    'Records "known only by identifier and type" (000 §2 Gaps) and records under a heading: which type does an operation that answers them give them?',
  judgedBy: 'schema',
  readings: [...TYPE_READINGS, unnamed],
});

// ---- D5: DateTime objects ----------------------------------------------------------------------------

/** RFC 3339 §5.6 date-time (as ajv-formats "date-time" reads it: `T`, `t` or a space between date and time). */
const RFC3339 =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;
/** ISO 8601 date-time whose offset may be missing (a local time). */
const ISO_LOCAL =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d+)?)?([Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

const DATETIME_FIELDS: Readonly<Record<string, (v: unknown) => boolean>> = {
  utc: (v) => typeof v === 'string' && RFC3339.test(v),
  epoch: isInteger,
  ago: (v) => typeof v === 'string',
  local: (v) => typeof v === 'string' && ISO_LOCAL.test(v),
  local_epoch: isInteger,
};

/** Every DateTime member present is typed or null; `nulls` allows null, `all` requires the five. */
function dateTime(v: unknown, options: { all: boolean; nulls: 'none' | 'some' }): boolean {
  if (!isObject(v)) return false;
  let nulls = 0;
  for (const [name, typed] of Object.entries(DATETIME_FIELDS)) {
    if (!Object.hasOwn(v, name)) {
      if (options.all) return false;
      continue;
    }
    if (v[name] === null) nulls += 1;
    else if (!typed(v[name])) return false;
  }
  return options.nulls === 'none' ? nulls === 0 : nulls > 0;
}

const FULL = {
  utc: '2025-03-01T10:00:00.123Z',
  epoch: 1740823200,
  ago: '2 days ago',
  local: '2025-03-01T05:00:00',
  local_epoch: 1740805200,
};

export const RM_DATETIME: ReadingsEntry<unknown> = defineReadings<unknown>({
  id: 'rm.datetime.fields',
  decision: 'D5',
  clause: 'rm.datetime.utc',
  question:
    '000 §2 DateTime object marks no field required: are all five present, may some be left out, and may some be null (each present one of its type: utc an RFC 3339 date-time, epoch and local_epoch integers, ago a string, local an ISO date-time whose offset may be missing)?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'all-five',
      name: 'utc, epoch, ago, local and local_epoch, each of its type',
      frameworks: ['the reference server'],
      holds: (v) => dateTime(v, { all: true, nulls: 'none' }),
      shows: [FULL],
      not: [{ utc: FULL.utc }, { ...FULL, epoch: 1740823200.5 }],
    },
    {
      id: 'fields-left-out',
      name: 'some fields left out, each present one of its type',
      frameworks: ['the lenient persona (utc and epoch only)'],
      holds: (v) =>
        isObject(v) && Object.keys(DATETIME_FIELDS).some((k) => !Object.hasOwn(v, k)) && dateTime(v, { all: false, nulls: 'none' }),
      shows: [{ utc: FULL.utc }, { utc: FULL.utc, epoch: FULL.epoch }],
      not: [FULL, { utc: '2025-03-01 10:00:00 UTC' }],
    },
    {
      id: 'null-fields',
      name: 'some fields null (no account time zone: local and local_epoch null), each other present one of its type',
      frameworks: ['Rails with a nil time zone'],
      holds: (v) => dateTime(v, { all: false, nulls: 'some' }),
      shows: [{ ...FULL, local: null, local_epoch: null }],
      not: [{ ...FULL, local_epoch: null, ago: 120 }, '2025-03-01T10:00:00Z'],
    },
  ],
});

// ---- D8: event kinds -----------------------------------------------------------------------------------

/** The kinds 000 §2 lists as "values accepted by the `kind` filter". */
export const LISTED_KINDS: readonly string[] = EVENT_KINDS;

export const RM_EVENT_KIND: ReadingsEntry<{ kind: unknown }> = defineReadings<{ kind: unknown }>({
  id: 'rm.event.kind',
  decision: 'D8',
  clause: 'rm.event.kind',
  question:
    '000 §2 "kind | string; values accepted by the `kind` filter: view, ...": is the list every kind an event may have, or the kinds the filter accepts (other strings being lawful kinds too)?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'listed-kind',
      name: 'one of the kinds the list names',
      frameworks: ['the reference server', 'the personas'],
      holds: (s) => typeof s.kind === 'string' && LISTED_KINDS.includes(s.kind),
      shows: [{ kind: 'view' }, { kind: 'application' }],
      not: [{ kind: 'note' }, { kind: 3 }],
    },
    {
      id: 'other-kind',
      name: 'a string the list does not name (the list is what the filter accepts)',
      frameworks: ['a kind table that grew after the filter was documented'],
      holds: (s) => typeof s.kind === 'string' && !LISTED_KINDS.includes(s.kind),
      shows: [{ kind: 'note' }],
      not: [{ kind: 'view' }, { kind: true }],
    },
  ],
});

// ---- D11: document forms, and where embedded records are --------------------------------------------------

/** A resource: `id` (D2), `type` and `attributes` (000 §1 "every resource has `id`, `type`, `attributes`"). */
const isResource = (v: unknown): boolean =>
  isObject(v) && (typeof v.id === 'string' || isInteger(v.id)) && typeof v.type === 'string' && isObject(v.attributes);

export const RM_DOCUMENT_FORM: ReadingsEntry<unknown> = defineReadings<unknown>({
  id: 'rm.document.form',
  decision: 'D11',
  clause: 'rm.gap.payload-shapes',
  question:
    '000 §4 rule 3 shows no payload shape "beyond the resource shapes of part 2 and `meta.next_cursor`": is an answer a JSON:API document {data, included?, meta?}, the bare resource, or the bare array of resources?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'jsonapi-document',
      name: 'a JSON:API document: {data: resource | [resources], included?, meta?}',
      frameworks: ['every JSON:API serializer', 'the reference server'],
      holds: (v) => isObject(v) && Object.hasOwn(v, 'data') && (isResource(v.data) || (Array.isArray(v.data) && v.data.every(isResource))),
      shows: [{ data: [] }, { data: { id: '1', type: 'candidates', attributes: {} }, meta: {} }],
      not: [{ data: 'x' }, { items: [] }],
    },
    {
      id: 'bare-resource',
      name: 'the resource itself {id, type, attributes, relationships?}',
      frameworks: ['Rails as_json', 'Django REST framework without a JSON:API renderer'],
      holds: (v) => isResource(v) && !Object.hasOwn(v as object, 'data'),
      shows: [{ id: '1', type: 'candidates', attributes: {} }],
      not: [{ data: { id: '1', type: 'candidates' } }, 'candidate 1'],
    },
    {
      id: 'bare-array',
      name: 'the bare array of resources (a list)',
      frameworks: ['Rails as_json', 'Django REST framework without pagination envelope'],
      holds: (v) => Array.isArray(v) && v.every(isResource),
      shows: [[], [{ id: '1', type: 'candidates', attributes: {} }]],
      not: [[1, 2], { results: [] }],
    },
  ],
});

/** Where the record a relationship entry names was found in an answer. */
export type EmbeddedPlace = 'included' | 'relationship-entry' | 'primary';

export const RM_EMBEDDED_PLACE: ReadingsEntry<{ places: readonly EmbeddedPlace[] }> = defineReadings<{ places: readonly EmbeddedPlace[] }>({
  id: 'rm.include.embedded-place',
  decision: 'D11',
  clause: 'rm.query.include',
  question:
    'include embeds "related resources" in an answer whose shape 000 §4 rule 3 does not show: where is an embedded record: in a top-level `included` array, inside the relationship entry that names it, or (already) among the primary records?',
  judgedBy: 'include',
  readings: [
    {
      id: 'included-array',
      name: 'in the top-level `included` array (JSON:API compound document)',
      frameworks: ['every JSON:API serializer', 'the reference server'],
      holds: (s) => s.places.includes('included'),
      shows: [{ places: ['included'] }],
      not: [{ places: ['relationship-entry'] }, { places: [] }],
    },
    {
      id: 'relationship-entry',
      name: 'inside the relationship entry, the pair carrying the attributes (nested serialisation)',
      frameworks: ['Rails as_json(include: ...)', 'Django REST framework nested serializers'],
      holds: (s) => s.places.includes('relationship-entry'),
      shows: [{ places: ['relationship-entry'] }],
      not: [{ places: ['included'] }],
    },
    {
      id: 'primary-data',
      name: 'a record of the primary data, not repeated (JSON:API 1.1 §7.1.4: no duplicates)',
      frameworks: ['every JSON:API serializer'],
      holds: (s) => s.places.includes('primary'),
      shows: [{ places: ['primary'] }],
      not: [{ places: [] }],
    },
  ],
});

// ---- D81: a record embedded more than once -----------------------------------------------------------------

/** The copies of the embedded records of one answer: how many `{id, type}` pairs are embedded more than once, and whether two copies differ. */
export interface RepeatsShown {
  readonly repeated: number;
  /** Copies of one `{id, type}` that give one member different values. */
  readonly differing: number;
}

export const RM_EMBEDDED_REPEATS: ReadingsEntry<RepeatsShown> = defineReadings<RepeatsShown>({
  id: 'rm.include.repeats',
  decision: 'D81',
  clause: 'rm.layout.relationship',
  question: 'May an answer embed one record (one `{id, type}` pair, 000 §1) more than once, and may the copies differ?',
  judgedBy: 'include',
  readings: [
    {
      id: 'each-once',
      name: 'each record once',
      frameworks: ['every JSON:API serializer (JSON:API 1.1 §7.1.4)', 'the reference server'],
      holds: (s) => s.repeated === 0,
      shows: [{ repeated: 0, differing: 0 }],
      not: [{ repeated: 1, differing: 0 }],
    },
    {
      id: 'repeated-alike',
      name: 'a record repeated (in `included` and inside entries, or once per parent), every copy alike',
      frameworks: ['Rails as_json(include: ...)', 'Django REST framework nested serializers'],
      holds: (s) => s.repeated > 0 && s.differing === 0,
      shows: [{ repeated: 2, differing: 0 }],
      // Copies of one pair that disagree: one of them is not the record the pair names.
      not: [
        { repeated: 1, differing: 1 },
        { repeated: 0, differing: 0 },
      ],
    },
  ],
});

// ---- D83: the `to` of a message the candidate sent -----------------------------------------------------------

/**
 * The candidates a message's `to` names (000 §2 Message: "to (type candidates)"), the candidate whose
 * messages_from named it, and which of the other candidates `to` names name it in their own messages_to.
 */
export interface InboundToShown {
  readonly candidate: string;
  /** Ids `to` names ([] for none, null, links only or no `to`). */
  readonly to: readonly string[];
  /** The ids of `to`, other than `candidate`, whose messages_to names the message ("messages (sent to the candidate)"). */
  readonly recipientsNaming: readonly string[];
}

export const RM_SENT_BY_CANDIDATE_TO: ReadingsEntry<InboundToShown> = defineReadings<InboundToShown>({
  id: 'rm.message.to-of-sent-by-candidate',
  decision: 'D83',
  clause: 'rm.candidate.rel.messages_from',
  question:
    'A message "sent by the candidate" (000 §2 messages_from) has a relationship `to` of "type candidates" (000 §2 Message): does it name that candidate (the candidate side of the conversation), no candidate (it went to a user), or the candidates it went to (a referral), each of whom names it among the messages sent to them?',
  judgedBy: 'include',
  readings: [
    {
      id: 'the-candidate',
      name: "`to` names the candidate (the message's candidate side, whichever way it went)",
      frameworks: ['the reference server (messages belong_to a candidate)'],
      holds: (s) => s.to.length > 0 && s.to.every((id) => id === s.candidate),
      shows: [{ candidate: 'c1', to: ['c1'], recipientsNaming: [] }],
      not: [
        { candidate: 'c1', to: ['c2'], recipientsNaming: [] },
        { candidate: 'c1', to: [], recipientsNaming: [] },
      ],
    },
    {
      id: 'no-candidate',
      name: '`to` names no candidate (the recipient was a user): empty, null, links only or left out',
      frameworks: ['a sender/recipient model'],
      holds: (s) => s.to.length === 0,
      shows: [{ candidate: 'c1', to: [], recipientsNaming: [] }],
      not: [{ candidate: 'c1', to: ['c1'], recipientsNaming: [] }],
    },
    {
      id: 'the-recipients',
      name: '`to` names the candidates it was sent to (a referral), each naming it in its messages_to',
      frameworks: ['the personas (a candidate referring a friend)'],
      holds: (s) => s.to.length > 0 && s.to.every((id) => id !== s.candidate && s.recipientsNaming.includes(id)),
      shows: [{ candidate: 'c1', to: ['c2'], recipientsNaming: ['c2'] }],
      // A candidate that does not name the message as sent to it is not its recipient.
      not: [
        { candidate: 'c1', to: ['c2'], recipientsNaming: [] },
        { candidate: 'c1', to: ['c1', 'c2'], recipientsNaming: ['c2'] },
      ],
    },
  ],
});

// ---- D52: message contents -----------------------------------------------------------------------------------

/** A message's kind and contents as shown (`present` false: no contents member). */
export interface ContentsShown {
  readonly kind: string;
  readonly present: boolean;
  readonly contents?: unknown;
}

export const RM_MESSAGE_CONTENTS: ReadingsEntry<ContentsShown> = defineReadings<ContentsShown>({
  id: 'rm.message.contents',
  decision: 'D52',
  clause: 'rm.message.fields',
  question: '000 §2 Message "contents (string, present only for SMS messages)": what does a message that is not an SMS show for contents?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'absent',
      name: 'no contents member',
      frameworks: ['the reference server', 'serializers that omit nulls'],
      holds: (s) => s.kind !== 'sms' && !s.present,
      shows: [{ kind: 'email', present: false }],
      not: [{ kind: 'email', present: true, contents: '<p>Hi</p>' }],
    },
    {
      id: 'null',
      name: 'contents null',
      frameworks: ['Rails as_json', 'Django REST framework'],
      holds: (s) => s.kind !== 'sms' && s.present && s.contents === null,
      shows: [{ kind: 'linkedin', present: true, contents: null }],
      not: [{ kind: 'email', present: true, contents: '' }],
    },
  ],
});

// ---- D12, D13, D15, D16, D32: writes a sentence lets a target accept or refuse ----------------------------------

/** The status a write was answered, and the success statuses its row of 000 §4 Operations gives. */
export interface WriteAnswered {
  readonly status: number;
  readonly success: readonly number[];
}

const accepted = (id: string, name: string, frameworks: string[], success: number[]): Reading<WriteAnswered> => ({
  id,
  name,
  frameworks,
  holds: (s) => s.success.includes(s.status),
  shows: [{ status: success[0] ?? 200, success }],
  not: [
    { status: 422, success },
    { status: 500, success },
  ],
});

/** Refused the way 000 §7 gives a failed validation: 422 "unprocessable entity: validation failed". */
const refused422 = (id: string, name: string, frameworks: string[], success: number[]): Reading<WriteAnswered> => ({
  id,
  name,
  frameworks,
  holds: (s) => s.status === 422,
  shows: [{ status: 422, success }],
  not: [
    { status: success[0] ?? 200, success },
    { status: 500, success },
    { status: 400, success },
  ],
});

export const RM_UNTYPED_BODY: ReadingsEntry<WriteAnswered> = defineReadings<WriteAnswered>({
  id: 'rm.write.untyped-body',
  decision: 'D12',
  clause: 'rm.op.candidates.create',
  question:
    'POST /candidates: "`data` and `type` required", and rule 1 gives 422 when a POST "lacks `email` or is invalid": is a body with an e-mail but without `data.type` refused (422) or accepted (201)?',
  judgedBy: 'validation',
  readings: [
    accepted('type-optional', 'accepted: the type is known from the path', ['Rails strong parameters', 'the lenient persona'], [201]),
    refused422(
      'type-required',
      'refused with 422: "type required" makes the POST invalid',
      ['JSON:API servers', 'the strict persona'],
      [201],
    ),
  ],
});

export const RM_TAG_WITHOUT_EMAIL: ReadingsEntry<WriteAnswered> = defineReadings<WriteAnswered>({
  id: 'rm.write.tag-without-email',
  decision: 'D13',
  clause: 'rm.op.candidate-tags.create',
  question:
    'POST /candidates/{candidateId}/tags: "the contract also lists `email` as a required attribute name although no such property is defined": is a tag sent without `email` added (200) or refused (422)?',
  judgedBy: 'validation',
  readings: [
    accepted('email-optional', 'added: no property `email` is defined', ['the reference server', 'the personas'], [200]),
    refused422(
      'email-required',
      "refused with 422, following the contract's required marker",
      ['a server generated from the contract'],
      [200],
    ),
  ],
});

export const RM_DATE_LAYOUT: ReadingsEntry<WriteAnswered> = defineReadings<WriteAnswered>({
  id: 'rm.write.date-layout',
  decision: 'D15',
  clause: 'rm.gap.date-layout',
  question:
    'start_date and end_date are "(date)" and "Date layout accepted for start_date and end_date: not shown": is a date in another layout than YYYY-MM-DD (01/09/2010) stored (200 or 201) or refused (422)?',
  judgedBy: 'validation',
  readings: [
    accepted('layout-accepted', 'stored (as sent, or read as a date)', ['the reference server', 'the lenient persona'], [200, 201]),
    refused422('layout-refused', 'refused with 422: only ISO 8601 calendar dates', ['Django DateField', 'the strict persona'], [200, 201]),
  ],
});

export const RM_FILE_NOT_BASE64: ReadingsEntry<WriteAnswered> = defineReadings<WriteAnswered>({
  id: 'rm.write.file-not-base64',
  decision: 'D16',
  clause: 'rm.rule.file-refused',
  question:
    'content is "string, base64" and rule 2 gives 422 when the content "is not accepted": is content that is not base64 attached (201) or refused (422, and not attached)?',
  judgedBy: 'validation',
  readings: [
    accepted('attached', 'attached as it is (201)', ['a store that keeps the string'], [201]),
    refused422('refused', 'refused with 422, and not attached', ['the reference server', 'the strict persona'], [201]),
  ],
});

export const RM_UNTIED_RULE: ReadingsEntry<WriteAnswered> = defineReadings<WriteAnswered>({
  id: 'rm.write.untied-rule',
  decision: 'D32',
  clause: 'rm.error.422',
  question:
    'A body that breaks a rule no sentence ties to a refusal (a wrong attribute type in a PATCH, an employment without company): accepted, or refused with the 422 of 000 §7?',
  judgedBy: 'validation',
  readings: [
    accepted(
      'accepted',
      "accepted (the row's success status): the value coerced, ignored or stored",
      ['Rails', 'Jackson coercion'],
      [200, 201],
    ),
    refused422('refused', 'refused with 422 "validation failed"', ['Django REST framework serializers', 'the strict persona'], [200, 201]),
  ],
});

export const RM_RECORD_READINGS = [
  RM_ATTRIBUTE_VALUE,
  RM_RESOURCE_ID,
  RM_RELATIONSHIP_VALUE,
  RM_WITHOUT_LINKAGE,
  RM_RELATED_TYPE,
  RM_RESOURCE_TYPE,
  RM_DATETIME,
  RM_EVENT_KIND,
  RM_DOCUMENT_FORM,
  RM_EMBEDDED_PLACE,
  RM_EMBEDDED_REPEATS,
  RM_SENT_BY_CANDIDATE_TO,
  RM_MESSAGE_CONTENTS,
  RM_UNTYPED_BODY,
  RM_TAG_WITHOUT_EMAIL,
  RM_DATE_LAYOUT,
  RM_FILE_NOT_BASE64,
  RM_UNTIED_RULE,
] as const;
