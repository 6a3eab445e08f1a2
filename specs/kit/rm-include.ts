/**
 * The meaning of `include` (000 §4 Common query parameters: "related resources to embed", and the
 * Allowed include values): every relationship entry `{id, type}` named for an include value points
 * at a record embedded in the answer (in `included`, inside the relationship entry itself, or among the
 * primary records: D11), every embedded record is named by some entry and embedded alike wherever it is
 * repeated (D81), a relationship include walks gives its pairs where its records are embedded or known
 * (D80), and the types of a candidate relationship are the names 000 §2 gives (D4). Nested values
 * (a.b.c) are followed one segment at a time wherever the embedded records carry the named relationship.
 */
import type { OperationSpec } from '../../contract/catalogue/types';
import type { ApiClient } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import {
  entryMatches,
  expectDocumented,
  expectEmbeddedAt,
  expectEmbeddedNamed,
  expectRelatedType,
  expectRepeatsAlike,
  expectResourceType,
  expectSameRecord,
  expectWithoutLinkageLawful,
  type ClauseOf,
  type Placed,
} from '../../src/checks';
import {
  copyOf,
  dataOf,
  embeddedOf,
  includedOf,
  linkageOf,
  NOT_GIVEN,
  relationshipRefs,
  singleOf,
  type Ref,
  type Resource,
} from './rm-doc';

/** The names 000 §2 gives records a candidate relationship reaches (D4 rm.relationship.type), with the row that gives them. */
export interface TypeNames {
  /** The related type of the relationship table's row; null where the table has no row. */
  table: string | null;
  /** The type of the heading of that resource; null where no heading names one. */
  heading: string | null;
  /** The include value, a lawful type name only where no heading pins the type. */
  include: string | null;
  clause: ClauseOf<'include'>;
}

/** Where an include segment leads: the relationship names that carry it, and type names known to mean the same records. */
export interface IncludeTarget {
  relationships: readonly string[];
  /** Type names 000 §2 gives for these records (several where the document names more than one); null: not shown. */
  types: readonly string[] | null;
  /**
   * The type a heading of 000 §2 gives these records ("### Note (type `notes`)"), with that heading's
   * clause: an embedded record these relationships reach carries it (D7). Absent where no heading names one.
   */
  pinned?: { type: string; clause: ClauseOf<'schema'> };
  /** The names of D4, judged on the entries and the records of a candidate relationship; absent: not judged (taggings, nested segments). */
  names?: TypeNames;
}

const any = (...relationships: string[]): IncludeTarget => ({ relationships, types: null });
const of = (relationships: string[], ...types: string[]): IncludeTarget => ({ relationships, types });
/** Records whose type a heading of 000 §2 pins (D7), reached through `relationships`. */
const pinned = (relationships: string[], type: string, clause: ClauseOf<'schema'>): IncludeTarget => ({
  relationships,
  types: [type],
  pinned: { type, clause },
});
/** A candidate relationship of the table (`row`), whose records no heading names: the row's type or the include value. */
const row = (relationships: string[], table: string, include: string, clause: ClauseOf<'include'>): IncludeTarget => ({
  relationships,
  types: [...new Set([table, include])],
  names: { table, heading: null, include, clause },
});
/** A candidate relationship whose records a heading names: that type (the table's agrees, or the table has no row). */
const headed = (
  relationships: string[],
  type: string,
  clause: ClauseOf<'schema'>,
  table: string | null,
  rowClause: ClauseOf<'include'>,
) => ({
  ...pinned(relationships, type, clause),
  names: { table, heading: type, include: null, clause: rowClause },
});

/** First segments of the candidate include values -> candidate relationships of 000 §2. */
export const CANDIDATE_INCLUDES: Readonly<Record<string, IncludeTarget>> = {
  events: headed(['events'], 'candidate_events', 'rm.event.type', 'candidate_events', 'rm.candidate.rel.events'),
  resumes: row(['resumes'], 'candidate_files', 'resumes', 'rm.candidate.relationships'),
  educations: row(['educations'], 'educations', 'educations', 'rm.candidate.rel.educations'),
  employments: row(['employments'], 'employments', 'employments', 'rm.candidate.rel.employments'),
  locations: row(['locations'], 'candidate_locations', 'locations', 'rm.candidate.relationships'),
  // 000 §2 names the relationship type static_lists and the List resource type company_lists (no heading pins it: D4).
  lists: {
    relationships: ['lists'],
    types: ['static_lists', 'company_lists', 'lists'],
    names: { table: 'static_lists', heading: 'company_lists', include: 'lists', clause: 'rm.candidate.rel.lists' },
  },
  // Tagging has no type name in 000 §2, and no candidate relationship of that name (D6: not judged).
  taggings: any('taggings', 'tags'),
  jobs: headed(['jobs'], 'jobs', 'rm.job.type', 'jobs', 'rm.candidate.relationships'),
  job_applications: row(['job_applications'], 'job_applications', 'job_applications', 'rm.candidate.relationships'),
  form_submissions: row(['form_submissions'], 'form_submissions', 'form_submissions', 'rm.candidate.relationships'),
  messages_to: headed(['messages_to'], 'messages', 'rm.message.type', 'messages', 'rm.candidate.rel.messages_to'),
  messages_from: headed(['messages_from'], 'messages', 'rm.message.type', 'messages', 'rm.candidate.rel.messages_from'),
  notes: headed(['notes'], 'notes', 'rm.note.type', 'notes', 'rm.candidate.relationships'),
  project_template_stages: row(
    ['project_template_stages'],
    'project_template_stages',
    'project_template_stages',
    'rm.candidate.relationships',
  ),
  job_alert_subscriptions: row(
    ['job_alert_subscriptions', 'job_alert_subscription'],
    'candidate_job_alert_subscriptions',
    'job_alert_subscriptions',
    'rm.candidate.rel.job_alert_subscription',
  ),
  first_touch_event: headed(['first_touch_event'], 'candidate_events', 'rm.event.type', null, 'rm.include.candidates'),
  last_touch_event: headed(['last_touch_event'], 'candidate_events', 'rm.event.type', null, 'rm.include.candidates'),
};

/** Segments after the first: relationships of the embedded records. */
const NESTED: Readonly<Record<string, IncludeTarget>> = {
  from: of(['from'], 'users'),
  to: pinned(['to'], 'candidates', 'rm.candidate.type'),
  user: of(['user'], 'users'),
  job_template_fields: of(['job_template_fields'], 'job_template_fields'),
  // Options of job template fields (job_template_field_options) and of recruitment event form fields (type not shown).
  options: any('options', 'job_template_field_options'),
  categories: of(['categories'], 'categories'),
};

/** The target of one segment: known candidate relationships first, else a relationship of that name. */
export function segmentTarget(
  segment: string,
  depth: number,
  firstLevel: Readonly<Record<string, IncludeTarget>> = CANDIDATE_INCLUDES,
): IncludeTarget {
  if (depth === 0) return firstLevel[segment] ?? any(segment);
  return NESTED[segment] ?? any(segment);
}

/** Whether an embedded record is the one an entry names (src/checks/registry/include.ts entryMatches). */
function matches(target: IncludeTarget, ref: Ref, record: Resource): boolean {
  return entryMatches(ref, record, target.types);
}

export interface IncludeResult {
  /** Relationship entries of the main records for the first segment. */
  topRefs: Ref[];
  /** Whether any main record carries a relationship of the first segment at all. */
  carried: boolean;
  /** The embedded records those entries point at. */
  found: Resource[];
  /** Every embedded record of the answer. */
  embedded: Resource[];
  /** The records the last segment reached (the first segment's for a value without dots). */
  last: Resource[];
  /** Main records that carry a relationship of the first segment without linkage (links only, D3). */
  notGiven: number;
}

/** The include clause of each operation family (000 §4 Allowed include values). */
export type IncludeClause = ClauseOf<'include'>;

/** Every relationship entry of every record of an answer (primary and embedded). */
function allEntries(records: readonly Resource[]): Ref[] {
  return records.flatMap((r) => Object.keys(r.relationships).flatMap((name) => relationshipRefs(r, name) ?? []));
}

/** The type names 000 §2 gives the same records as `type` (an entry and a record under two of them are the same pair), or null. */
function synonymsOf(type: string, firstLevel: Readonly<Record<string, IncludeTarget>>): readonly string[] | null {
  return [...Object.values(firstLevel), ...Object.values(NESTED)].find((t) => t.types?.includes(type))?.types ?? null;
}

/** Whether a record of `type` could be one a relationship of `target` names (any type where 000 §2 names none). */
function fits(target: IncludeTarget, type: string): boolean {
  return target.types === null || target.types.includes(type);
}

/**
 * Checks `include` over the main records of `exchange`: each entry named by the include's
 * relationships is embedded in the answer; then the same for each further segment, over the
 * records just found. Then: no embedded record is repeated with other values, a relationship the
 * include walks and that gives links only is lawful (D80: `known` counts the records a first-segment
 * relationship is known to have), and every embedded record is named by an entry. `clause` is the row
 * of the Allowed include values table of the operation.
 */
export function expectIncluded(
  exchange: Exchange,
  include: string,
  firstLevel: Readonly<Record<string, IncludeTarget>>,
  clause: IncludeClause,
  known: Readonly<Record<string, number>> = {},
): IncludeResult {
  const answer = embeddedOf(exchange);
  const embedded = answer.records;
  const segments = include.split('.');
  let level: Resource[] = dataOf(exchange);
  const primary = level;
  // A record of the primary data is in the answer already: a compound document need not repeat it
  // among the embedded ones (JSON:API 1.1 §7.1.4, full linkage without duplicates).
  const inAnswer: Placed<Resource>[] = [
    ...answer.included.map((record) => ({ record, place: 'included' as const })),
    ...answer.inEntries.map((record) => ({ record, place: 'relationship-entry' as const })),
    ...primary.map((record) => ({ record, place: 'primary' as const })),
  ];
  const records = inAnswer.map((p) => p.record);
  if (answer.copies.length > 1) expectRepeatsAlike(exchange, answer.copies.map(copyOf), 'rm.layout.relationship', `include=${include}`);
  const result: IncludeResult = { topRefs: [], carried: false, found: [], embedded, last: [], notGiven: 0 };
  /** Relationships include walks that a record gives links only: name -> target, records, whether at the first segment. */
  const linksOnly = new Map<string, { target: IncludeTarget; records: number; top: boolean }>();
  /** The types shown for each first-segment relationship (D4), judged once each. */
  const typesShown = new Map<string, { target: IncludeTarget & { names: TypeNames }; where: string }>();
  segments.forEach((segment, depth) => {
    const target = segmentTarget(segment, depth, firstLevel);
    const next: Resource[] = [];
    for (const record of level) {
      for (const name of target.relationships) {
        const linkage = linkageOf(record, name);
        // Links only under one name is no gap where another name of the same records gives the pairs (job_alert_subscription[s]).
        const pairsElsewhere = target.relationships.some((other) => other !== name && Array.isArray(linkageOf(record, other)));
        if (linkage === NOT_GIVEN && !pairsElsewhere) {
          if (depth === 0) result.notGiven += 1;
          const seen = linksOnly.get(name);
          linksOnly.set(name, { target, records: (seen?.records ?? 0) + 1, top: depth === 0 });
        }
        if (linkage === undefined || linkage === NOT_GIVEN) continue;
        const refs = linkage;
        if (depth === 0) {
          result.carried = true;
          result.topRefs.push(...refs);
        }
        for (const ref of refs) {
          const where = `include=${include}: ${record.type || 'record'} ${record.id} relationship ${name}`;
          // A record of that id embedded under another type than its heading's: the type is what is wrong (D7).
          const sameId = records.find((r) => r.id === ref.id && r !== record);
          if (target.pinned && sameId && !records.some((r) => matches(target, ref, r)))
            expectResourceType(exchange, sameId.type, target.pinned.type, target.pinned.clause);
          const found = expectEmbeddedAt(exchange, ref, inAnswer, target.types, clause, where, embedded);
          // Whatever the entry says, a record under a heading carries the heading's type (000 §2 "### Note (type `notes`)").
          if (target.pinned) expectResourceType(exchange, found.type, target.pinned.type, target.pinned.clause);
          if (depth === 0 && target.names) {
            const names = target.names;
            for (const type of [ref.type, found.type])
              if (type !== '' && !typesShown.has(`${name}\u0000${type}`))
                typesShown.set(`${name}\u0000${type}`, { target: { ...target, names }, where: `${where} (${type})` });
          }
          next.push(found);
          if (depth === 0) result.found.push(found);
        }
      }
    }
    level = next;
  });
  for (const [key, { target, where }] of typesShown) {
    const type = key.slice(key.indexOf('\u0000') + 1);
    const { table, heading, include: includeName, clause: row } = target.names;
    expectRelatedType(exchange, { type, table, heading, include: includeName }, row, where);
  }
  // Embedded records no entry of the answer names: a links-only relationship the include walked cannot stand in for them.
  const unnamed = embedded.filter((r) => !allEntries(records).some((e) => entryMatches(e, r, synonymsOf(r.type, firstLevel))));
  for (const [name, { target, records: count, top }] of linksOnly) {
    const where = `include=${include}: the ${name} relationship of ${count} record${count > 1 ? 's' : ''}`;
    const shown = { asked: true, embeddedUnnamed: unnamed.filter((r) => fits(target, r.type)).length, known: top ? (known[name] ?? 0) : 0 };
    expectWithoutLinkageLawful(exchange, shown, 'rm.layout.relationship', where);
  }
  expectEmbeddedNamed(exchange, unnamed, 'rm.query.include', `include=${include}: the answer`);
  result.last = level;
  return result;
}

/**
 * One record read by `op` (path ids `record.params`) without include, then with each include value of
 * the catalogue: each answer a documented 200 that shows the record `record.id` (else the state check
 * fails, naming the record it answered), and each include value embedded as expectIncluded says.
 */
export async function expectRecordWithEachInclude(
  rm: ApiClient,
  op: OperationSpec,
  record: { params: Record<string, string>; id: string; clause: ClauseOf<'state'> },
  firstLevel: Readonly<Record<string, IncludeTarget>>,
  clause: IncludeClause,
  observe?: ObserveInclude,
): Promise<void> {
  for (const include of [undefined, ...op.include]) {
    const ex = await rm.call(op.id, { params: record.params, query: { include } });
    expectDocumented(ex, op, '200');
    expectSameRecord(ex, record.id, singleOf(ex)?.id ?? null, record.clause);
    if (!include) continue;
    const result = expectIncluded(ex, include, firstLevel, clause);
    if (observe) observeIncluded(observe, `${op.method} ${op.path}`, include, result);
  }
}

/**
 * Without asserting anything: the records each segment of `include` reaches from `primary` in the
 * answer `exchange` (index 0: the first segment). Used to pick a record on which an include value
 * can be observed at every segment.
 */
export function reachedBy(
  exchange: Exchange,
  include: string,
  firstLevel: Readonly<Record<string, IncludeTarget>>,
  primary: readonly Resource[],
): Resource[][] {
  const inAnswer = [...includedOf(exchange), ...dataOf(exchange)];
  const levels: Resource[][] = [];
  let level: readonly Resource[] = primary;
  include.split('.').forEach((segment, depth) => {
    const target = segmentTarget(segment, depth, firstLevel);
    const next: Resource[] = [];
    for (const record of level) {
      for (const name of target.relationships) {
        for (const ref of relationshipRefs(record, name) ?? []) {
          const found = inAnswer.find((r) => matches(target, ref, r));
          if (found && !next.includes(found)) next.push(found);
        }
      }
    }
    levels.push(next);
    level = next;
  });
  return levels;
}

type ObserveInclude = (category: 'other', subject: string, value: string) => void;

/**
 * Records what an include check could compare (expectIncluded's result) where nothing may be there to
 * compare (000 gives the relationships of events, messages, jobs and recruitment events without saying
 * that any record has them): how many entries were checked against embedded records, or why none were
 * (no main record, no record carrying the relationship, linkage not given). An include with nothing
 * to compare is observed, never passed silently.
 */
export function observeIncluded(observe: ObserveInclude, where: string, include: string, result: IncludeResult): void {
  const top = include.split('.')[0] ?? include;
  const value =
    result.topRefs.length > 0
      ? `compared: ${result.topRefs.length} ${top} entries, each embedded`
      : result.notGiven > 0
        ? `nothing compared: ${result.notGiven} records carry ${top} without linkage (links only)`
        : result.carried
          ? `nothing compared: the ${top} relationships name no record`
          : `nothing compared: no record carries a ${top} relationship`;
  observe('other', `${where}?include=${include}`, value);
}
