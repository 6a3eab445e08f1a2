/**
 * RM helpers shared by the specs: run-tagged records and their clean-up, bounded walks over the
 * list operations, and discovery of records to read on a target whose data is unknown. 000 §4 rule 3
 * does not show the answers of the writes, so a created record is read from the answer when it
 * carries one, and otherwise found again through a documented read (support/rm-doc.ts).
 */
import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import { operation } from '../../src/catalogue';
import type { OperationSpec } from '../../src/catalogue/types';
import type { Target } from '../../src/config/target';
import type { ApiClient, QueryValue } from '../../src/http/client';
import { pathFor } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { expectDocumented, expectStatus, expectThat } from '../../src/checks';
import type { Cleanup } from '../../src/runner/cleanup';
import {
  containsText,
  dataOf,
  idsOf,
  includedOf,
  nextCursorOf,
  relationshipRefs,
  sameIds,
  singleOf,
  utcOf,
  type Ref,
  type Resource,
} from './rm-doc';

let counter = 0;

function next(): number {
  counter += 1;
  return counter;
}

/** An e-mail address that carries the run id in its local part, unique within the run. */
export function runEmail(target: Target, purpose: string): string {
  return `conformance+${target.run.runId}-${purpose}-${process.pid}-${next()}@example.com`;
}

/** A tag name that carries the run id (clean-up finds it by its prefix). */
export function runTag(target: Target, purpose: string): string {
  return `conformance-${target.run.runId}-${purpose}-${process.pid}-${next()}`;
}

/** A name unique within the run (schools, companies), to find a record the answer did not show. */
export function runName(prefix: string): string {
  return `${prefix} ${process.pid}-${next()}`;
}

/** An id that no record has: a fresh UUID (000 §4: path parameters are strings; some ids are UUIDs). */
export function unknownId(): string {
  return randomUUID();
}

export function candidateBody(attributes: Record<string, unknown>): Record<string, unknown> {
  return { data: { type: 'candidates', attributes } };
}

const sameEmail = (a: unknown, b: string): boolean => typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();

/** The candidates GET /candidates?filter[email][eq]=<email> returns with that e-mail (each answer a documented 200). */
export async function candidatesByEmail(rm: ApiClient, email: string): Promise<Resource[]> {
  const op = operation('rm.candidates.list');
  const ex = await rm.send({
    method: 'GET',
    path: op.path,
    query: { 'filter[email][eq]': email, page: 1, per_page: 25 },
    operationId: op.id,
  });
  expectDocumented(ex, op, '200');
  return dataOf(ex).filter((r) => sameEmail(r.attributes.email, email));
}

/**
 * The candidate a POST /candidates created: the answer's resource, else the candidate that
 * GET /candidates?filter[email][eq] finds by its (run-unique) e-mail. Null when neither shows it.
 */
export async function createdCandidate(rm: ApiClient, answer: Exchange, email: string): Promise<Resource | null> {
  const shown = singleOf(answer);
  // The answer's resource, when it is this candidate (its e-mail, or at least the type of a candidate).
  if (shown !== null && (sameEmail(shown.attributes.email, email) || shown.type === 'candidates')) return shown;
  let found: Resource | null = null;
  await eventually(async () => {
    found = (await candidatesByEmail(rm, email))[0] ?? null;
    return found !== null;
  });
  return found;
}

export interface CreatedCandidate {
  id: string;
  email: string;
  tag: string;
  /** The candidate as the answer, or else the e-mail filter, shows it. */
  resource: Resource;
}

/** Creates a run-tagged candidate (000 §4: POST /candidates -> 201), registered as a leftover. */
export async function createCandidateRecord(
  rm: ApiClient,
  target: Target,
  cleanup: Cleanup,
  purpose: string,
  extra: Record<string, unknown> = {},
): Promise<CreatedCandidate> {
  const email = runEmail(target, purpose);
  const tag = `conformance-${target.run.runId}`;
  const op = operation('rm.candidates.create');
  const body = candidateBody({ email, first_name: 'Conformance', last_name: target.run.runId, tag_values: [tag], ...extra });
  const ex = await rm.send({ method: 'POST', path: op.path, body, operationId: op.id });
  // Setup only: any success will do here; the documented 201 is the business of candidates.spec.ts.
  expectStatus(ex, '2xx', { check: 'setup', clause: 'rm.op.candidates.create' });
  cleanup.leftover(`RM candidate ${email} (000 §4 has no operation that deletes a candidate)`);
  const resource = await createdCandidate(rm, ex, email);
  const status = String(ex.response?.status);
  const where = `POST /candidates answered ${status}, but neither the answer nor GET /candidates?filter[email][eq]=${email} shows the candidate`;
  expectThat(resource !== null, 'setup', where, 'rm.op.candidates.create');
  return { id: resource.id, email, tag, resource };
}

/** Creates a run-tagged candidate and returns its id. */
export async function createCandidate(
  rm: ApiClient,
  target: Target,
  cleanup: Cleanup,
  purpose: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return (await createCandidateRecord(rm, target, cleanup, purpose, extra)).id;
}

/** The candidate as GET /candidates/{id} shows it now (checked as a documented 200 that shows that candidate). */
export async function getCandidate(rm: ApiClient, id: string, include?: string): Promise<{ exchange: Exchange; resource: Resource }> {
  const op = operation('rm.candidates.get');
  const exchange = await rm.send({ method: 'GET', path: pathFor(op.path, { candidateId: id }), query: { include }, operationId: op.id });
  expectDocumented(exchange, op, '200');
  const resource = singleOf(exchange);
  expectThat(resource !== null, 'schema', `GET /candidates/${id} answered 200 without the candidate`, 'rm.op.candidates.get');
  expectThat(resource.id === id, 'state', `GET /candidates/${id} answered candidate ${resource.id}`, 'rm.op.candidates.get');
  return { exchange, resource };
}

// ---- related records -------------------------------------------------------------------------

export function educationBody(attributes: Record<string, unknown>): Record<string, unknown> {
  return { data: { type: 'educations', attributes } };
}

export function employmentBody(attributes: Record<string, unknown>): Record<string, unknown> {
  return { data: { type: 'employments', attributes } };
}

export function tagBody(name: string, email?: string): Record<string, unknown> {
  // 000 §4: the contract also lists `email` as a required attribute of this body; sending the
  // candidate's address satisfies a target that follows that marker and is harmless otherwise.
  return { data: { type: 'tags', attributes: { name, ...(email ? { email } : {}) } } };
}

export function fileBody(filename: string, content: string): Record<string, unknown> {
  return { data: { type: 'candidate_files', attributes: { filename, content } } };
}

/** A small plain-text resume, base64-encoded. */
export const RESUME_BASE64 = Buffer.from('Conformance Test\nSkills: testing\n', 'utf8').toString('base64');

export type RelatedKind = 'educations' | 'employments';

/** Every record of a candidate's educations or employments list (numeric pages, each a documented 200). */
export async function relatedRecords(rm: ApiClient, kind: RelatedKind, candidateId: string): Promise<Walk> {
  return walkNumeric(rm, operation(`rm.${kind}.list`), {}, 100, 10, {}, { candidateId });
}

/**
 * Posts an education or employment and returns the new record's id: the answer's resource, else
 * the record of the candidate's list that carries the (run-unique) name `name`, else the one record
 * the list gained. Null when none of these shows it. The answer is returned for the caller's checks.
 */
export async function postRelated(
  rm: ApiClient,
  kind: RelatedKind,
  candidateId: string,
  body: unknown,
  name: string,
): Promise<{ exchange: Exchange; id: string | null }> {
  const op = operation(`rm.${kind}.create`);
  const before = await relatedRecords(rm, kind, candidateId);
  const exchange = await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId }), body, operationId: op.id });
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) return { exchange, id: null };
  const shown = singleOf(exchange);
  // The answer's resource, unless it is the candidate itself (an answer may show the parent record).
  if (shown !== null && shown.type !== 'candidates' && shown.id !== candidateId) return { exchange, id: shown.id };
  const after = await relatedRecords(rm, kind, candidateId);
  const named = after.records.filter((r) => containsText(r.attributes, name));
  if (named.length === 1 && named[0]) return { exchange, id: named[0].id };
  const added = after.ids.filter((id) => !before.ids.includes(id));
  return { exchange, id: added.length === 1 ? (added[0] ?? null) : null };
}

async function addRelated(
  rm: ApiClient,
  cleanup: Cleanup,
  kind: RelatedKind,
  candidateId: string,
  attributes: (name: string) => Record<string, unknown>,
  prefix: string,
): Promise<string> {
  const op = operation(`rm.${kind}.create`);
  const name = runName(prefix);
  const body = { data: { type: kind, attributes: attributes(name) } };
  const { exchange, id } = await postRelated(rm, kind, candidateId, body, name);
  expectStatus(exchange, '2xx', { check: 'setup', clause: kind === 'educations' ? 'rm.op.educations.create' : 'rm.op.employments.create' });
  cleanup.leftover(`RM ${kind} record ${id ?? name} of candidate ${candidateId} (no documented delete operation)`);
  const where = `POST ${op.path} answered ${String(exchange.response?.status)}, but neither the answer nor GET ${op.path} shows the new record`;
  expectThat(id !== null, 'setup', where, `rm.op.${kind}.list`);
  return id;
}

/** Adds an education (000 §4: 200 or 201) and returns its id. */
export async function addEducation(rm: ApiClient, cleanup: Cleanup, candidateId: string): Promise<string> {
  return addRelated(
    rm,
    cleanup,
    'educations',
    candidateId,
    (name) => ({ school: { name }, course: 'Testing', start_date: '2010-09-01', end_date: '2014-06-30' }),
    'Conformance University',
  );
}

/** Adds an employment (000 §4: 200 or 201) and returns its id. */
export async function addEmployment(rm: ApiClient, cleanup: Cleanup, candidateId: string): Promise<string> {
  return addRelated(
    rm,
    cleanup,
    'employments',
    candidateId,
    (name) => ({ company: { name }, title: 'Tester', start_date: '2015-01-01', end_date: '2020-12-31' }),
    'Conformance Ltd',
  );
}

/** The taggings of a candidate (GET /candidates/{id}/tags, checked as a documented 200). */
export async function listTags(rm: ApiClient, candidateId: string): Promise<Resource[]> {
  const op = operation('rm.candidate-tags.list');
  const ex = await rm.send({ method: 'GET', path: pathFor(op.path, { candidateId }), operationId: op.id });
  expectDocumented(ex, op, '200');
  return dataOf(ex);
}

/** The tagging of `name` among `tags` (by attributes.name, 000 §2 Tagging). */
export function taggingNamed(tags: readonly Resource[], name: string): Resource | undefined {
  return tags.find((t) => t.attributes.name === name);
}

/**
 * Adds a tag (000 §4: 200) and returns the tag id to delete it by: the tagging listed under that
 * name by GET /candidates/{id}/tags, else the resource of the answer. Registers its removal.
 */
export async function addTag(
  rm: ApiClient,
  cleanup: Cleanup,
  candidateId: string,
  name: string,
  email: string | undefined,
): Promise<{ exchange: Exchange; tagId: string | null }> {
  const op = operation('rm.candidate-tags.create');
  const exchange = await rm.send({
    method: 'POST',
    path: pathFor(op.path, { candidateId }),
    body: tagBody(name, email),
    operationId: op.id,
  });
  expectStatus(exchange, '2xx', { check: 'setup', clause: 'rm.op.candidate-tags.create' });
  const listed = taggingNamed(await listTags(rm, candidateId), name);
  const answered = dataOf(exchange).find((r) => r.attributes.name === name);
  const tagId = listed?.id ?? answered?.id ?? null;
  if (tagId !== null) {
    const del = operation('rm.candidate-tags.delete');
    cleanup.add(`RM tag ${name} of candidate ${candidateId}`, () =>
      rm.send({ method: 'DELETE', path: pathFor(del.path, { candidateId, tagId }), operationId: del.id }),
    );
  } else {
    cleanup.leftover(`RM tag ${name} of candidate ${candidateId} (its id was not found)`);
  }
  return { exchange, tagId };
}

/** Attaches a small resume (setup: any success; the documented 201 is the business of files.spec.ts). */
export async function addFile(rm: ApiClient, cleanup: Cleanup, candidateId: string): Promise<Exchange> {
  const op = operation('rm.candidate-files.create');
  const body = { ...fileBody('conformance-resume.txt', RESUME_BASE64), options: { parse_resume: false } };
  const ex = await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId }), body, operationId: op.id });
  expectStatus(ex, '2xx', { check: 'setup', clause: 'rm.op.candidate-files.create' });
  cleanup.leftover(`RM candidate file conformance-resume.txt of candidate ${candidateId} (no documented delete operation)`);
  return ex;
}

// ---- lists ------------------------------------------------------------------------------------

/** RM_LIST_ID, or the first static list of GET /lists; null when there is none. */
export async function resolveListId(rm: ApiClient, target: Target): Promise<string | null> {
  if (target.rm?.listId) return target.rm.listId;
  const op = operation('rm.lists.list');
  const ex = await rm.send({ method: 'GET', path: op.path, query: { page: 1, per_page: 25 }, operationId: op.id });
  expectDocumented(ex, op, '200', { statusCheck: 'setup' });
  return idsOf(ex)[0] ?? null;
}

/** The static lists of GET /lists, walked with numeric pages (bounded). */
export async function allLists(rm: ApiClient, maxPages = 10): Promise<Resource[]> {
  const walk = await walkNumeric(rm, operation('rm.lists.list'), {}, 100, maxPages);
  return walk.records;
}

/** A list's `count` attribute as GET /lists shows it now, or null when the list is not listed. */
export async function listCount(rm: ApiClient, listId: string): Promise<number | null> {
  const list = (await allLists(rm)).find((l) => l.id === listId);
  const count = list?.attributes.count;
  return typeof count === 'number' ? count : null;
}

/** Adds a candidate to a list (setup), registering the removal. */
export async function addToList(rm: ApiClient, cleanup: Cleanup, listId: string, candidateId: string): Promise<Exchange> {
  const op = operation('rm.list-candidates.add');
  const path = pathFor(op.path, { listId, candidateId });
  const ex = await rm.send({ method: 'PUT', path, operationId: op.id });
  expectStatus(ex, '2xx', { check: 'setup', clause: 'rm.op.list-candidates.add' });
  const del = operation('rm.list-candidates.remove');
  cleanup.add(`RM membership of candidate ${candidateId} in list ${listId}`, () =>
    rm.send({ method: 'DELETE', path: pathFor(del.path, { listId, candidateId }), operationId: del.id }),
  );
  return ex;
}

// ---- walks ------------------------------------------------------------------------------------

export interface Walk {
  pages: Resource[][];
  records: Resource[];
  ids: string[];
  exchanges: Exchange[];
  /** The walk reached its end (an empty page, or a cursor walk without next cursor) within the bound. */
  complete: boolean;
}

export interface WalkOptions {
  /**
   * The walk is a filtered request that the record cap must not refuse (000 §4: "cursor pagination
   * avoids the cap"; a numeric request within the cap): a 400 fails the filter-cap check.
   */
  notCapped?: boolean;
}

function walkOf(pages: Resource[][], exchanges: Exchange[], complete: boolean): Walk {
  const records = pages.flat();
  return { pages, records, ids: records.map((r) => r.id), exchanges, complete };
}

function expectPage(ex: Exchange, op: OperationSpec, options: WalkOptions): void {
  if (options.notCapped) {
    const why = `${ex.request.method} ${ex.request.url} answered 400, although the record cap does not apply to it`;
    expectThat(ex.response?.status !== 400, 'filter-cap', why, 'rm.query.filter-cap');
  }
  expectDocumented(ex, op, '200');
}

/**
 * 000 §8: "Default and maximum per_page: not shown". A target may refuse a page size above its own
 * maximum (400 or 422): a walk then starts again with one of these smaller sizes.
 */
const SMALLER_PAGES = [25, 10] as const;

function smallerPage(ex: Exchange, size: number): number | null {
  const status = ex.response?.status;
  return status === 400 || status === 422 ? (SMALLER_PAGES.find((s) => s < size) ?? null) : null;
}

/**
 * Numeric pagination (000 §4 Common query parameters): page 1, 2, ... with an explicit per_page
 * until an empty page or `maxPages`. Every page must be a documented 200 with a valid body.
 */
export async function walkNumeric(
  rm: ApiClient,
  op: OperationSpec,
  query: Record<string, QueryValue>,
  perPage: number,
  maxPages: number,
  options: WalkOptions = {},
  pathParams: Record<string, string> = {},
): Promise<Walk> {
  const pages: Resource[][] = [];
  const exchanges: Exchange[] = [];
  let size = perPage;
  for (let page = 1; page <= maxPages; page += 1) {
    const ex = await rm.send({
      method: 'GET',
      path: pathFor(op.path, pathParams),
      query: { ...query, page, per_page: size },
      operationId: op.id,
    });
    const smaller = page === 1 ? smallerPage(ex, size) : null;
    if (smaller !== null) {
      size = smaller;
      page -= 1;
      continue;
    }
    expectPage(ex, op, options);
    exchanges.push(ex);
    const records = dataOf(ex);
    if (records.length === 0) return walkOf(pages, exchanges, true);
    // A target that answers a page past the last with the last page again: the walk has ended too.
    const previous = pages[pages.length - 1];
    if (
      previous &&
      previous.length < size &&
      sameIds(
        previous.map((r) => r.id),
        records.map((r) => r.id),
      )
    )
      return walkOf(pages, exchanges, true);
    pages.push(records);
  }
  return walkOf(pages, exchanges, false);
}

/**
 * Cursor pagination (000 §4): the first request without `page`, then `cursor` = meta.next_cursor of
 * the previous answer, "until no more records": the walk ends at an answer without a cursor
 * (absent, null or ""; its data may be empty). An empty page that still carries a cursor is lawful
 * and followed. `complete` is false when `maxPages` requests did not reach the end.
 */
export async function walkCursor(
  rm: ApiClient,
  op: OperationSpec,
  query: Record<string, QueryValue>,
  perPage: number,
  maxPages: number,
  options: WalkOptions = {},
): Promise<Walk & { cursors: string[] }> {
  const pages: Resource[][] = [];
  const exchanges: Exchange[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  let size = perPage;
  for (let n = 0; n < maxPages; n += 1) {
    const page = { ...query, per_page: size, ...(cursor === null ? {} : { cursor }) };
    const ex = await rm.send({ method: 'GET', path: op.path, query: page, operationId: op.id });
    const smaller = n === 0 ? smallerPage(ex, size) : null;
    if (smaller !== null) {
      size = smaller;
      n -= 1;
      continue;
    }
    expectPage(ex, op, options);
    exchanges.push(ex);
    const records = dataOf(ex);
    if (records.length > 0) pages.push(records);
    cursor = nextCursorOf(ex);
    if (cursor === null) return { ...walkOf(pages, exchanges, true), cursors };
    cursors.push(cursor);
  }
  return { ...walkOf(pages, exchanges, false), cursors };
}

/**
 * A GET with `query`. Array values go comma-joined (000 §4: include is "sent comma-separated"). When
 * the target refuses the request (400 or 422), it is sent again in the other lawful forms: a smaller
 * per_page (000 §8: the maximum is not shown), and array filters as repeated deep-object keys
 * (`filter[kind][]=a&filter[kind][]=b`). The first answer that is not such a refusal is returned.
 */
export async function sendQuery(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  query: Record<string, QueryValue>,
): Promise<Exchange> {
  const path = pathFor(op.path, params);
  const refused = (ex: Exchange): boolean => ex.response?.status === 400 || ex.response?.status === 422;
  const arrays = Object.entries(query).filter(([key, value]) => key.startsWith('filter[') && Array.isArray(value));
  const repeated = (q: Record<string, QueryValue>): { path: string; query: Record<string, QueryValue> } => {
    const search = new URLSearchParams();
    for (const [key, value] of arrays) for (const v of value as readonly (string | number)[]) search.append(`${key}[]`, String(v));
    return {
      path: `${path}?${search.toString()}`,
      query: Object.fromEntries(Object.entries(q).filter(([key]) => !arrays.some(([a]) => a === key))),
    };
  };
  const small = typeof query.per_page === 'number' && query.per_page > 10 ? { ...query, per_page: 10 } : null;
  const attempts = [{ path, query }];
  if (small) attempts.push({ path, query: small });
  if (arrays.length) attempts.push(repeated(query));
  if (small && arrays.length) attempts.push(repeated(small));
  let last: Exchange | null = null;
  for (const attempt of attempts) {
    last = await rm.send({ method: 'GET', path: attempt.path, query: attempt.query, operationId: op.id });
    if (!refused(last)) return last;
  }
  return last ?? rm.send({ method: 'GET', path, query, operationId: op.id });
}

// ---- discovery --------------------------------------------------------------------------------

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
  const op = operation('rm.candidates.list');
  const found: { candidate: Resource; refs: Ref[] }[] = [];
  const exchanges: Exchange[] = [];
  for (let page = 1; page <= maxPages && found.length === 0; page += 1) {
    const ex = await rm.send({ method: 'GET', path: op.path, query: { include, page, per_page: perPage }, operationId: op.id });
    expectDocumented(ex, op, '200');
    exchanges.push(ex);
    const records = dataOf(ex);
    for (const candidate of records) {
      const refs = relationshipRefs(candidate, relationship) ?? [];
      if (refs.length > 0) found.push({ candidate, refs });
    }
    if (records.length < perPage) break;
  }
  return { found, exchanges };
}

/** RM_JOB_ID, or the first job of GET /jobs; null when there is none. */
export async function discoverJob(rm: ApiClient, target: Target): Promise<string | null> {
  if (target.rm?.jobId) return target.rm.jobId;
  const op = operation('rm.jobs.list');
  const ex = await rm.send({ method: 'GET', path: op.path, query: { page: 1, per_page: 25 }, operationId: op.id });
  expectDocumented(ex, op, '200', { statusCheck: 'setup' });
  return idsOf(ex)[0] ?? null;
}

export const EVENT_BUCKETS = [
  { id: 'rm.recruitment-events.upcoming', bucket: 'upcoming' },
  { id: 'rm.recruitment-events.past', bucket: 'past' },
  { id: 'rm.recruitment-events.in-progress', bucket: 'in_progress' },
  { id: 'rm.recruitment-events.archived', bucket: 'archived' },
] as const;

/** RM_RECRUITMENT_EVENT_ID, or the first recruitment event of the four time buckets; null when none. */
export async function discoverRecruitmentEvent(rm: ApiClient, target: Target): Promise<string | null> {
  if (target.rm?.recruitmentEventId) return target.rm.recruitmentEventId;
  for (const { id } of EVENT_BUCKETS) {
    const op = operation(id);
    const ex = await rm.send({ method: 'GET', path: op.path, operationId: op.id });
    expectDocumented(ex, op, '200', { statusCheck: 'setup' });
    const first = idsOf(ex)[0];
    if (first !== undefined) return first;
  }
  return null;
}

/** RM_JOB_APPLICATION_ID, or a job application named by a candidate's relationships (bounded search). */
export async function discoverJobApplication(rm: ApiClient, target: Target): Promise<string | null> {
  if (target.rm?.jobApplicationId) return target.rm.jobApplicationId;
  const { found, exchanges } = await findCandidatesWith(rm, 'job_applications', 'job_applications', 4);
  const ref = found[0]?.refs[0];
  if (ref) return ref.id;
  const included = exchanges.flatMap(includedOf).find((r) => r.type === 'job_applications');
  return included?.id ?? null;
}

/**
 * The candidate whose events show the most distinct kinds (then the most events) among the first
 * pages of GET /candidates?include=events (bounded), or null when none has events.
 */
export async function discoverCandidateWithEvents(rm: ApiClient, maxPages = 3, perPage = 25): Promise<string | null> {
  const op = operation('rm.candidates.list');
  let best: { id: string; kinds: number; events: number } | null = null;
  for (let page = 1; page <= maxPages; page += 1) {
    const ex = await rm.send({ method: 'GET', path: op.path, query: { include: 'events', page, per_page: perPage }, operationId: op.id });
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
}

// ---- records shared by the read-only table tests of a worker ------------------------------------

export interface SharedRecords {
  candidateId: string;
  educationId: string;
  employmentId: string;
  tagId: string | null;
}

let shared: Promise<SharedRecords> | null = null;

/**
 * One run-tagged candidate per worker with an education, an employment and a tag, for tests that
 * only address existing records and change nothing (401 and 404 tables).
 */
export function sharedRecords(rm: ApiClient, target: Target, cleanup: Cleanup): Promise<SharedRecords> {
  shared ??= (async () => {
    const candidate = await createCandidateRecord(rm, target, cleanup, 'shared');
    const educationId = await addEducation(rm, cleanup, candidate.id);
    const employmentId = await addEmployment(rm, cleanup, candidate.id);
    const tags = await listTags(rm, candidate.id);
    const tagId = (taggingNamed(tags, candidate.tag) ?? tags[0])?.id ?? null;
    return { candidateId: candidate.id, educationId, employmentId, tagId };
  })();
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

/**
 * The updated_at utc of a candidate a test needs as a time reference (000 §2 Candidate
 * "created_at, updated_at | DateTime"). A target that shows none (schemas/DECISIONS.md D1: values
 * may be null) cannot be checked this way: the test is skipped.
 */
export function updatedAt(resource: Resource): string {
  const utc = utcOf(resource, 'updated_at');
  if (utc === null) test.skip(true, `candidate ${resource.id} shows no attributes.updated_at.utc: no updated_at reference`);
  return utc ?? '';
}

/** Retries `probe` a few times while it returns false (a remote target may index a new record late). */
export async function eventually(probe: () => Promise<boolean>, tries = 4, delayMs = 750): Promise<boolean> {
  for (let n = 1; n <= tries; n += 1) {
    if (await probe()) return true;
    if (n < tries) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  return false;
}
