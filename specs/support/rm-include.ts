/**
 * The meaning of `include` (000 §4 Allowed include values): the related records are embedded in
 * `included`, with their own type (000 §2), and every relationship entry `{id, type}` named for
 * that include points at a record present there. Nested values (a.b.c) are followed one segment
 * at a time wherever the embedded records carry the named relationship.
 */
import type { Exchange } from '../../src/http/exchange';
import { expectThat } from '../../src/checks';
import { dataOf, includedOf, relationshipRefs, type Ref, type Resource } from './rm-doc';
import { SEED } from './rm';

/** Where an include segment leads: the relationship names that carry it, and the types it may embed (null: any). */
export interface IncludeTarget {
  relationships: readonly string[];
  types: readonly string[] | null;
}

const any = (...relationships: string[]): IncludeTarget => ({ relationships, types: null });
const of = (relationships: string[], ...types: string[]): IncludeTarget => ({ relationships, types });

/** First segments of the candidate include values -> candidate relationships of 000 §2. */
export const CANDIDATE_INCLUDES: Readonly<Record<string, IncludeTarget>> = {
  events: of(['events'], 'candidate_events'),
  resumes: of(['resumes'], 'candidate_files'),
  educations: of(['educations'], 'educations'),
  employments: of(['employments'], 'employments'),
  locations: of(['locations'], 'candidate_locations'),
  // 000 §2 names the relationship type static_lists and the List resource type company_lists.
  lists: of(['lists'], 'static_lists', 'company_lists'),
  // Tagging has no type name in 000 §2.
  taggings: any('taggings', 'tags'),
  jobs: of(['jobs'], 'jobs'),
  job_applications: of(['job_applications'], 'job_applications'),
  form_submissions: of(['form_submissions'], 'form_submissions'),
  messages_to: of(['messages_to'], 'messages'),
  messages_from: of(['messages_from'], 'messages'),
  notes: of(['notes'], 'notes'),
  project_template_stages: of(['project_template_stages'], 'project_template_stages'),
  job_alert_subscriptions: of(['job_alert_subscriptions', 'job_alert_subscription'], 'candidate_job_alert_subscriptions'),
  first_touch_event: of(['first_touch_event'], 'candidate_events'),
  last_touch_event: of(['last_touch_event'], 'candidate_events'),
};

/** Segments after the first: relationships of the embedded records (types where 000 §2 gives them). */
const NESTED: Readonly<Record<string, IncludeTarget>> = {
  from: of(['from'], 'users'),
  to: of(['to'], 'candidates'),
  user: of(['user'], 'users'),
  job_template_fields: of(['job_template_fields'], 'job_template_fields'),
  // Options of job template fields (job_template_field_options) and of recruitment event form fields (type not shown).
  options: any('options', 'job_template_field_options'),
  categories: of(['categories'], 'categories'),
};

/** The target of one segment: known candidate relationships first, else a relationship of that name. */
export function segmentTarget(segment: string, depth: number, firstLevel: Readonly<Record<string, IncludeTarget>> = CANDIDATE_INCLUDES): IncludeTarget {
  if (depth === 0) return firstLevel[segment] ?? any(segment);
  return NESTED[segment] ?? any(segment);
}

function matches(target: IncludeTarget, ref: Ref, record: Resource): boolean {
  if (record.id !== ref.id) return false;
  if (record.type === ref.type) return true;
  return target.types !== null && target.types.includes(record.type) && target.types.includes(ref.type);
}

export interface IncludeResult {
  /** Relationship entries of the main records for the first segment. */
  topRefs: number;
  /** Whether any main record carries a relationship of the first segment at all. */
  carried: boolean;
  /** Included records of the first segment's types. */
  embeddedOfType: number;
}

/**
 * Checks `include` over the main records of `exchange`: each entry named by the include's
 * relationships has an expected type and is present in `included` with that type; then the same
 * for each further segment, over the records just found.
 */
export function expectIncluded(exchange: Exchange, include: string, firstLevel: Readonly<Record<string, IncludeTarget>> = CANDIDATE_INCLUDES): IncludeResult {
  const included = includedOf(exchange);
  const segments = include.split('.');
  let level: Resource[] = dataOf(exchange);
  const result: IncludeResult = { topRefs: 0, carried: false, embeddedOfType: 0 };
  segments.forEach((segment, depth) => {
    const target = segmentTarget(segment, depth, firstLevel);
    if (depth === 0) result.embeddedOfType = target.types === null ? included.length : included.filter((r) => target.types?.includes(r.type)).length;
    const next: Resource[] = [];
    for (const record of level) {
      for (const name of target.relationships) {
        const refs = relationshipRefs(record, name);
        if (refs === undefined) continue;
        if (depth === 0) {
          result.carried = true;
          result.topRefs += refs.length;
        }
        for (const ref of refs) {
          const where = `include=${include}: ${record.type} ${record.id} relationship ${name} names {id: ${ref.id}, type: ${ref.type}}`;
          if (target.types !== null) expectThat(target.types.includes(ref.type), 'include', `${where}; expected type ${target.types.join(' or ')}`, SEED.shapes);
          const found = included.find((r) => matches(target, ref, r));
          expectThat(found !== undefined, 'include', `${where}, which is not in included (${included.length} records: ${summary(included)})`, SEED.include);
          next.push(found);
        }
      }
    }
    level = next;
  });
  return result;
}

function summary(records: readonly Resource[]): string {
  const byType = new Map<string, number>();
  for (const r of records) byType.set(r.type, (byType.get(r.type) ?? 0) + 1);
  return [...byType].map(([t, n]) => `${n} ${t}`).join(', ') || 'none';
}
