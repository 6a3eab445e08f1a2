/**
 * Finding existing RM records on a target whose data is unknown: the configured ids (RM_JOB_ID,
 * RM_LIST_ID, ...), else bounded searches of the first pages of the list operations. And, keyed by
 * path-parameter name, how an existing id is found for every path parameter of the catalogue (the
 * table tests of catalogue-rules.spec.ts address existing records so that only one thing is
 * wrong). A parameter name without an entry is a suite error, never an unknown id sent silently;
 * a discovery may still find no record on the target (null). test/unit/rm-registries.test.ts
 * proves every path parameter of the catalogue has an entry.
 */
import { asSetup } from './setup-scope';
import type { OperationSpec } from '../../contract/catalogue/types';
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { expectDocumented } from '../../src/checks';
import { dataOf, idsOf, includedOf, relationshipRefs, type Ref, type Resource } from './rm-doc';
import type { SharedRecords } from './rm-shared';
import { refusedAsPastEnd, sendQuery } from './rm-walk';

/**
 * Bounded search (first `maxPages` pages of GET /candidates?include=...) for candidates whose
 * relationship `relationship` is non-empty. Returns the candidates found with their entries, and
 * the exchanges (each a documented 200).
 */
export async function findCandidatesWith(
  rm: ApiClient,
  include: string,
  relationship: string,
  maxPages = 3,
  perPage = 20,
): Promise<{ found: { candidate: Resource; refs: Ref[] }[]; exchanges: Exchange[] }> {
  const op = rm.operation('rm.candidates.list');
  const found: { candidate: Resource; refs: Ref[] }[] = [];
  const exchanges: Exchange[] = [];
  for (let page = 1; page <= maxPages && found.length === 0; page += 1) {
    const ex = await rm.call(op.id, { query: { include, page, per_page: perPage } });
    exchanges.push(ex);
    if (refusedAsPastEnd(ex, page)) break;
    expectDocumented(ex, op, '200');
    const records = dataOf(ex);
    for (const candidate of records) {
      const refs = relationshipRefs(candidate, relationship) ?? [];
      if (refs.length > 0) found.push({ candidate, refs });
    }
    if (records.length < perPage) break;
  }
  return { found, exchanges };
}

/** The configured id when there is one, or else the first record of the first page of the list operation `opId`; null when there is none. */
async function configuredOrFirst(rm: ApiClient, configured: string | null | undefined, opId: string): Promise<string | null> {
  if (configured) return configured;
  const op = rm.operation(opId);
  const ex = await sendQuery(rm, op, {}, { page: 1, per_page: 25 });
  expectDocumented(ex, op, '200', { asSetup: true });
  return idsOf(ex)[0] ?? null;
}

/** RM_JOB_ID, or the first job of GET /jobs; null when there is none. */
export async function discoverJob(rm: ApiClient, target: Target): Promise<string | null> {
  return asSetup(() => configuredOrFirst(rm, target.rm?.jobId, 'rm.jobs.list'));
}

/** RM_LIST_ID, or the first static list of GET /lists; null when there is none. */
export async function resolveListId(rm: ApiClient, target: Target): Promise<string | null> {
  return asSetup(() => configuredOrFirst(rm, target.rm?.listId, 'rm.lists.list'));
}

export const EVENT_BUCKETS = [
  { id: 'rm.recruitment-events.upcoming', bucket: 'upcoming' },
  { id: 'rm.recruitment-events.past', bucket: 'past' },
  { id: 'rm.recruitment-events.in-progress', bucket: 'in_progress' },
  { id: 'rm.recruitment-events.archived', bucket: 'archived' },
] as const;

/** RM_RECRUITMENT_EVENT_ID, or the first recruitment event of the four time buckets; null when none. */
export async function discoverRecruitmentEvent(rm: ApiClient, target: Target): Promise<string | null> {
  return asSetup(async () => {
    if (target.rm?.recruitmentEventId) return target.rm.recruitmentEventId;
    for (const { id } of EVENT_BUCKETS) {
      const op = rm.operation(id);
      const ex = await rm.call(op.id);
      expectDocumented(ex, op, '200', { asSetup: true });
      const first = idsOf(ex)[0];
      if (first !== undefined) return first;
    }
    return null;
  });
}

/** RM_JOB_APPLICATION_ID, or a job application named by a candidate's relationships (bounded search). */
export async function discoverJobApplication(rm: ApiClient, target: Target): Promise<string | null> {
  return (await discoverJobApplicationOf(rm, target))?.id ?? null;
}

/** A job application as discoverJobApplication finds it, with the candidate whose relationship named it (null when not known). */
export async function discoverJobApplicationOf(rm: ApiClient, target: Target): Promise<{ id: string; candidateId: string | null } | null> {
  return asSetup(async () => {
    if (target.rm?.jobApplicationId) return { id: target.rm.jobApplicationId, candidateId: null };
    const { found, exchanges } = await findCandidatesWith(rm, 'job_applications', 'job_applications', 4);
    const first = found[0];
    const ref = first?.refs[0];
    if (first && ref) return { id: ref.id, candidateId: first.candidate.id };
    const included = exchanges.flatMap(includedOf).find((r) => r.type === 'job_applications');
    return included ? { id: included.id, candidateId: null } : null;
  });
}

/**
 * The candidate whose events show the most distinct kinds (then the most events) among the first
 * pages of GET /candidates?include=events (bounded), or null when none has events.
 */
export async function discoverCandidateWithEvents(rm: ApiClient, maxPages = 3, perPage = 20): Promise<string | null> {
  return asSetup(async () => {
    const op = rm.operation('rm.candidates.list');
    let best: { id: string; kinds: number; events: number } | null = null;
    for (let page = 1; page <= maxPages; page += 1) {
      const ex = await rm.call(op.id, { query: { include: 'events', page, per_page: perPage } });
      if (refusedAsPastEnd(ex, page)) break;
      expectDocumented(ex, op, '200');
      const included = includedOf(ex);
      const records = dataOf(ex);
      for (const candidate of records) {
        const refs = relationshipRefs(candidate, 'events') ?? [];
        if (refs.length === 0) continue;
        const kindOf = (r: Ref): unknown =>
          included.find((i) => i.id === r.id && (r.type === '' || i.type === '' || i.type === r.type))?.attributes.kind;
        const kinds = new Set(refs.map(kindOf).filter((k) => k !== undefined));
        const score = { id: candidate.id, kinds: kinds.size, events: refs.length };
        if (!best || score.kinds > best.kinds || (score.kinds === best.kinds && score.events > best.events)) best = score;
      }
      if (records.length < perPage) break;
    }
    return best?.id ?? null;
  });
}

// ---- an existing id for each path parameter -----------------------------------------------------

export interface DiscoveryContext {
  rm: ApiClient;
  target: Target;
  /** The worker's shared run-tagged records (the rmShared fixture), made on first use. */
  shared: () => Promise<SharedRecords>;
}

/** How an existing record is found for a path parameter, by its catalogue name; null when the target shows none. */
export type Discovery = (context: DiscoveryContext) => Promise<string | null>;

const DISCOVERY_FILE = 'specs/kit/rm-discovery.ts';

/** Ids of anonymisation (000 §3: it cannot be undone) are real only where destructive tests are allowed. */
const destructiveOnly = (target: Target, id: string | null | undefined): string | null =>
  target.run.allowDestructive ? (id ?? null) : null;

/** An existing id for each path-parameter name of the RM catalogue. */
export const ID_DISCOVERY: Readonly<Record<string, Discovery>> = {
  candidateId: async ({ shared }) => (await shared()).candidateId,
  educationId: async ({ shared }) => (await shared()).educationId,
  employmentId: async ({ shared }) => (await shared()).employmentId,
  tagId: async ({ shared }) => (await shared()).tagId,
  listId: ({ rm, target }) => resolveListId(rm, target),
  jobId: ({ rm, target }) => discoverJob(rm, target),
  recruitmentEventId: ({ rm, target }) => discoverRecruitmentEvent(rm, target),
  jobApplicationId: ({ rm, target }) => discoverJobApplication(rm, target),
  atsIntegrationId: async ({ target }) => destructiveOnly(target, target.rm?.atsIntegrationId),
  candidateAtsId: async ({ target }) => destructiveOnly(target, target.rm?.atsCandidateId),
};

/** The discovery of the path parameter `name` (of `op`, for the message); throws when ID_DISCOVERY has none. */
export function discoveryOf(name: string, op?: OperationSpec): Discovery {
  const discovery = Object.hasOwn(ID_DISCOVERY, name) ? ID_DISCOVERY[name] : undefined;
  if (!discovery) {
    const of = op ? ` of ${op.id} (${op.method} ${op.path})` : '';
    throw new Error(`no id discovery for the path parameter {${name}}${of}: add one to ID_DISCOVERY in ${DISCOVERY_FILE}`);
  }
  return discovery;
}

/** An existing record for each path parameter of `op`, or null where the target shows none. */
export async function existingIds(op: OperationSpec, context: DiscoveryContext): Promise<Record<string, string | null>> {
  return asSetup(async () => {
    // Every name is checked before the first request: a missing entry fails at once.
    const discoveries = op.pathParams.map(({ name }) => [name, discoveryOf(name, op)] as const);
    const ids: Record<string, string | null> = {};
    for (const [name, discover] of discoveries) ids[name] = await discover(context);
    return ids;
  });
}
