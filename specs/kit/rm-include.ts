/**
 * The meaning of `include` (000 §4 Common query parameters: "related resources to embed", and the
 * Allowed include values): every relationship entry `{id, type}` named for an include value points
 * at a record embedded in the answer (in `included`, or inside the relationship entry itself).
 * Nested values (a.b.c) are followed one segment at a time wherever the embedded records carry the
 * named relationship. Related type names are not enforced (schemas/DECISIONS.md D4): an embedded
 * record matches an entry by id, and by type only as far as the entry itself names one.
 */
import type { OperationSpec } from '../../src/catalogue/types';
import type { ApiClient } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { entryMatches, expectDocumented, expectEmbedded, expectResourceType, expectSameRecord, type ClauseOf } from '../../src/checks';
import { dataOf, includedOf, linkageOf, NOT_GIVEN, relationshipRefs, singleOf, type Ref, type Resource } from './rm-doc';

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
}

const any = (...relationships: string[]): IncludeTarget => ({ relationships, types: null });
const of = (relationships: string[], ...types: string[]): IncludeTarget => ({ relationships, types });
/** Records whose type a heading of 000 §2 pins (D7), reached through `relationships`. */
const pinned = (relationships: string[], type: string, clause: ClauseOf<'schema'>): IncludeTarget => ({
  relationships,
  types: [type],
  pinned: { type, clause },
});

/** First segments of the candidate include values -> candidate relationships of 000 §2. */
export const CANDIDATE_INCLUDES: Readonly<Record<string, IncludeTarget>> = {
  events: pinned(['events'], 'candidate_events', 'rm.event.type'),
  resumes: of(['resumes'], 'candidate_files'),
  educations: of(['educations'], 'educations'),
  employments: of(['employments'], 'employments'),
  locations: of(['locations'], 'candidate_locations'),
  // 000 §2 names the relationship type static_lists and the List resource type company_lists.
  lists: of(['lists'], 'static_lists', 'company_lists'),
  // Tagging has no type name in 000 §2, and no candidate relationship of that name.
  taggings: any('taggings', 'tags'),
  jobs: pinned(['jobs'], 'jobs', 'rm.job.type'),
  job_applications: of(['job_applications'], 'job_applications'),
  form_submissions: of(['form_submissions'], 'form_submissions'),
  messages_to: pinned(['messages_to'], 'messages', 'rm.message.type'),
  messages_from: pinned(['messages_from'], 'messages', 'rm.message.type'),
  notes: pinned(['notes'], 'notes', 'rm.note.type'),
  project_template_stages: of(['project_template_stages'], 'project_template_stages'),
  job_alert_subscriptions: of(['job_alert_subscriptions', 'job_alert_subscription'], 'candidate_job_alert_subscriptions'),
  first_touch_event: pinned(['first_touch_event'], 'candidate_events', 'rm.event.type'),
  last_touch_event: pinned(['last_touch_event'], 'candidate_events', 'rm.event.type'),
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

/**
 * Checks `include` over the main records of `exchange`: each entry named by the include's
 * relationships is embedded in the answer; then the same for each further segment, over the
 * records just found. `clause` is the row of the Allowed include values table of the operation.
 */
export function expectIncluded(
  exchange: Exchange,
  include: string,
  firstLevel: Readonly<Record<string, IncludeTarget>>,
  clause: IncludeClause,
): IncludeResult {
  const embedded = includedOf(exchange);
  const segments = include.split('.');
  let level: Resource[] = dataOf(exchange);
  // A record of the primary data is in the answer already: a compound document need not repeat it
  // among the embedded ones (JSON:API 1.1 §7.1.4, full linkage without duplicates).
  const inAnswer = [...embedded, ...level];
  const result: IncludeResult = { topRefs: [], carried: false, found: [], embedded, last: [], notGiven: 0 };
  segments.forEach((segment, depth) => {
    const target = segmentTarget(segment, depth, firstLevel);
    const next: Resource[] = [];
    for (const record of level) {
      for (const name of target.relationships) {
        const linkage = linkageOf(record, name);
        if (linkage === NOT_GIVEN && depth === 0) result.notGiven += 1;
        if (linkage === undefined || linkage === NOT_GIVEN) continue;
        const refs = linkage;
        if (depth === 0) {
          result.carried = true;
          result.topRefs.push(...refs);
        }
        for (const ref of refs) {
          const where = `include=${include}: ${record.type || 'record'} ${record.id} relationship ${name}`;
          // A record of that id embedded under another type than its heading's: the type is what is wrong (D7).
          const sameId = inAnswer.find((r) => r.id === ref.id && r !== record);
          if (target.pinned && sameId && !inAnswer.some((r) => matches(target, ref, r)))
            expectResourceType(exchange, sameId.type, target.pinned.type, target.pinned.clause);
          const found = expectEmbedded(exchange, ref, inAnswer, target.types, clause, where, embedded);
          next.push(found);
          if (depth === 0) result.found.push(found);
        }
      }
    }
    level = next;
  });
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
