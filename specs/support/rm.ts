/**
 * RM helpers shared by the specs: run-tagged records and their clean-up, bounded walks over the
 * list operations, and discovery of records to read on a target whose data is unknown.
 */
import { randomUUID } from 'node:crypto';
import { operation } from '../../src/catalogue';
import type { OperationSpec } from '../../src/catalogue/types';
import type { Target } from '../../src/config/target';
import type { ApiClient, QueryValue } from '../../src/http/client';
import { pathFor } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { expectDocumented, expectStatus, expectThat, type CheckName } from '../../src/checks';
import type { Cleanup } from '../../src/runner/cleanup';
import { dataOf, idsOf, includedOf, nextCursorOf, relationshipRefs, singleOf, utcOf, type Ref, type Resource } from './rm-doc';

/** Seed clauses named by the checks (000 = the RM v2 document). */
export const SEED = {
  layout: '000 §1',
  shapes: '000 §2',
  states: '000 §3',
  ops: '000 §4 Operations',
  common: '000 §4 Common query parameters',
  include: '000 §4 Allowed include values',
  filters: '000 §4 Filters',
  rule1: '000 §4 rule 1',
  rule2: '000 §4 rule 2',
  auth: '000 §5.4',
  errors: '000 §7',
  limits: '000 §8',
} as const;

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

/** An id that no record has: a fresh UUID (000 §4: path parameters are strings; some ids are UUIDs). */
export function unknownId(): string {
  return randomUUID();
}

export function candidateBody(attributes: Record<string, unknown>): Record<string, unknown> {
  return { data: { type: 'candidates', attributes } };
}

export interface CreatedCandidate {
  id: string;
  email: string;
  tag: string;
  /** The candidate as the 201 answer shows it (null when the answer has no resource). */
  resource: Resource | null;
}

/** Creates a run-tagged candidate (000 §4: POST /candidates -> 201), registered as a leftover. */
export async function createCandidateRecord(rm: ApiClient, target: Target, cleanup: Cleanup, purpose: string, extra: Record<string, unknown> = {}): Promise<CreatedCandidate> {
  const email = runEmail(target, purpose);
  const tag = `conformance-${target.run.runId}`;
  const op = operation('rm.candidates.create');
  const ex = await rm.send({ method: 'POST', path: op.path, body: candidateBody({ email, first_name: 'Conformance', last_name: target.run.runId, tag_values: [tag], ...extra }), operationId: op.id });
  // Setup only: any success will do here; the documented 201 is the business of candidates.spec.ts.
  expectStatus(ex, '2xx', { check: 'setup', seed: SEED.ops });
  const resource = singleOf(ex);
  expectThat(resource !== null, 'setup', `POST /candidates answered ${ex.response?.status ?? '-'} without data.id`, SEED.layout);
  cleanup.leftover(`RM candidate ${email} (000 §4 has no operation that deletes a candidate)`);
  return { id: resource.id, email, tag, resource };
}

/** Creates a run-tagged candidate and returns its id. */
export async function createCandidate(rm: ApiClient, target: Target, cleanup: Cleanup, purpose: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await createCandidateRecord(rm, target, cleanup, purpose, extra)).id;
}

/** The candidate as GET /candidates/{id} shows it now (checked as a documented 200). */
export async function getCandidate(rm: ApiClient, id: string, include?: string): Promise<{ exchange: Exchange; resource: Resource }> {
  const op = operation('rm.candidates.get');
  const exchange = await rm.send({ method: 'GET', path: pathFor(op.path, { candidateId: id }), query: { include }, operationId: op.id });
  expectDocumented(exchange, op, '200');
  const resource = singleOf(exchange);
  expectThat(resource !== null, 'schema', `GET /candidates/${id} answered 200 without a candidate in data`, SEED.layout);
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

/** Adds an education (000 §4: 200 or 201) and returns its id. */
export async function addEducation(rm: ApiClient, cleanup: Cleanup, candidateId: string, check: CheckName = 'setup'): Promise<string> {
  const op = operation('rm.educations.create');
  const ex = await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId }), body: educationBody({ school: { name: 'Conformance University' }, course: 'Testing' }), operationId: op.id });
  expectStatus(ex, check === 'setup' ? '2xx' : [200, 201], { check, seed: SEED.ops });
  const id = singleOf(ex)?.id;
  expectThat(id !== undefined, check, `POST ${op.path} answered ${ex.response?.status ?? '-'} without data.id`, SEED.layout);
  cleanup.leftover(`RM education ${id} of candidate ${candidateId} (no documented delete operation)`);
  return id;
}

/** Adds an employment (000 §4: 200 or 201) and returns its id. */
export async function addEmployment(rm: ApiClient, cleanup: Cleanup, candidateId: string, check: CheckName = 'setup'): Promise<string> {
  const op = operation('rm.employments.create');
  const ex = await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId }), body: employmentBody({ company: { name: 'Conformance Ltd' }, title: 'Tester' }), operationId: op.id });
  expectStatus(ex, check === 'setup' ? '2xx' : [200, 201], { check, seed: SEED.ops });
  const id = singleOf(ex)?.id;
  expectThat(id !== undefined, check, `POST ${op.path} answered ${ex.response?.status ?? '-'} without data.id`, SEED.layout);
  cleanup.leftover(`RM employment ${id} of candidate ${candidateId} (no documented delete operation)`);
  return id;
}

/** The taggings of a candidate (GET /candidates/{id}/tags, checked as a documented 200). */
export async function listTags(rm: ApiClient, candidateId: string): Promise<Resource[]> {
  const op = operation('rm.candidate-tags.list');
  const ex = await rm.send({ method: 'GET', path: pathFor(op.path, { candidateId }), operationId: op.id });
  expectDocumented(ex, op, '200');
  return dataOf(ex);
}

/** The tagging of `name` among `tags` (by attributes.name). */
export function taggingNamed(tags: readonly Resource[], name: string): Resource | undefined {
  return tags.find((t) => t.attributes.name === name);
}

/**
 * Adds a tag (000 §4: 200) and returns the tag id to delete it by: the tagging listed under that
 * name by GET /candidates/{id}/tags, else the resource of the answer. Registers its removal.
 */
export async function addTag(rm: ApiClient, cleanup: Cleanup, candidateId: string, name: string, email: string | undefined, check: CheckName = 'setup'): Promise<{ exchange: Exchange; tagId: string | null }> {
  const op = operation('rm.candidate-tags.create');
  const exchange = await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId }), body: tagBody(name, email), operationId: op.id });
  if (check === 'setup') expectStatus(exchange, '2xx', { check, seed: SEED.ops });
  else expectDocumented(exchange, op, '200');
  const listed = taggingNamed(await listTags(rm, candidateId), name);
  const answered = dataOf(exchange).find((r) => r.attributes.name === name) ?? (dataOf(exchange).length === 1 ? dataOf(exchange)[0] : undefined);
  const tagId = listed?.id ?? answered?.id ?? null;
  if (tagId !== null) {
    const del = operation('rm.candidate-tags.delete');
    cleanup.add(`RM tag ${name} of candidate ${candidateId}`, () => rm.send({ method: 'DELETE', path: pathFor(del.path, { candidateId, tagId }), operationId: del.id }));
  } else {
    cleanup.leftover(`RM tag ${name} of candidate ${candidateId} (its id was not found)`);
  }
  return { exchange, tagId };
}

/** Attaches a small resume (000 §4: 201). */
export async function addFile(rm: ApiClient, cleanup: Cleanup, candidateId: string, check: CheckName = 'setup'): Promise<Exchange> {
  const op = operation('rm.candidate-files.create');
  const ex = await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId }), body: { ...fileBody('conformance-resume.txt', RESUME_BASE64), options: { parse_resume: false } }, operationId: op.id });
  if (check === 'setup') expectStatus(ex, '2xx', { check, seed: SEED.ops });
  else expectDocumented(ex, op, '201');
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
  expectStatus(ex, '2xx', { check: 'setup', seed: SEED.states });
  const del = operation('rm.list-candidates.remove');
  cleanup.add(`RM membership of candidate ${candidateId} in list ${listId}`, () => rm.send({ method: 'DELETE', path: pathFor(del.path, { listId, candidateId }), operationId: del.id }));
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
  /** Check name of each page's status (default: the operation's success status check). */
  statusCheck?: CheckName;
}

function walkOf(pages: Resource[][], exchanges: Exchange[], complete: boolean): Walk {
  const records = pages.flat();
  return { pages, records, ids: records.map((r) => r.id), exchanges, complete };
}

/**
 * Numeric pagination (000 §4 Common query parameters): page 1, 2, ... with an explicit per_page
 * until an empty page or `maxPages`. Every page must be a documented 200 with a valid body.
 */
export async function walkNumeric(rm: ApiClient, op: OperationSpec, query: Record<string, QueryValue>, perPage: number, maxPages: number, options: WalkOptions = {}, pathParams: Record<string, string> = {}): Promise<Walk> {
  const pages: Resource[][] = [];
  const exchanges: Exchange[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const ex = await rm.send({ method: 'GET', path: pathFor(op.path, pathParams), query: { ...query, page, per_page: perPage }, operationId: op.id });
    expectDocumented(ex, op, '200', options.statusCheck ? { statusCheck: options.statusCheck } : {});
    exchanges.push(ex);
    const records = dataOf(ex);
    if (records.length === 0) return walkOf(pages, exchanges, true);
    pages.push(records);
  }
  return walkOf(pages, exchanges, false);
}

/** Empty pages that still carry a next_cursor followed before a cursor walk is called endless. */
export const MAX_EMPTY_CURSOR_PAGES = 3;

/**
 * Cursor pagination (000 §4): the first request without `page`, then `cursor` = meta.next_cursor of
 * the previous answer, "until no more records": the walk ends at an answer without a cursor
 * (absent, null or ""; its data may be empty). A cursor given with an empty page is followed, but
 * only MAX_EMPTY_CURSOR_PAGES times in a row (`endless` then). At most `maxPages` requests.
 */
export async function walkCursor(rm: ApiClient, op: OperationSpec, query: Record<string, QueryValue>, perPage: number, maxPages: number, options: WalkOptions = {}): Promise<Walk & { cursors: string[]; endless: boolean }> {
  const pages: Resource[][] = [];
  const exchanges: Exchange[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  let emptyInARow = 0;
  for (let n = 0; n < maxPages; n += 1) {
    const ex = await rm.send({ method: 'GET', path: op.path, query: { ...query, per_page: perPage, ...(cursor === null ? {} : { cursor }) }, operationId: op.id });
    expectDocumented(ex, op, '200', options.statusCheck ? { statusCheck: options.statusCheck } : {});
    exchanges.push(ex);
    const records = dataOf(ex);
    if (records.length > 0) pages.push(records);
    emptyInARow = records.length === 0 ? emptyInARow + 1 : 0;
    cursor = nextCursorOf(ex);
    if (cursor === null) return { ...walkOf(pages, exchanges, true), cursors, endless: false };
    if (emptyInARow >= MAX_EMPTY_CURSOR_PAGES) return { ...walkOf(pages, exchanges, false), cursors, endless: true };
    cursors.push(cursor);
  }
  return { ...walkOf(pages, exchanges, false), cursors, endless: false };
}

// ---- discovery --------------------------------------------------------------------------------

/**
 * Bounded search (first `maxPages` pages of GET /candidates?include=...) for candidates whose
 * relationship `relationship` is non-empty. Returns the candidates found with their entries, and
 * the exchanges (each a documented 200).
 */
export async function findCandidatesWith(rm: ApiClient, include: string, relationship: string, maxPages = 3, perPage = 20): Promise<{ found: { candidate: Resource; refs: Ref[] }[]; exchanges: Exchange[] }> {
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
      const kinds = new Set(refs.map((r) => included.find((i) => i.id === r.id && i.type === r.type)?.attributes.kind).filter((k) => k !== undefined));
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

/** A record's updated_at utc, failing the named check when the candidate shows none. */
export function updatedAt(resource: Resource, check: CheckName = 'schema'): string {
  const utc = utcOf(resource, 'updated_at');
  expectThat(utc !== null, check, `candidate ${resource.id} has no attributes.updated_at.utc`, SEED.shapes);
  return utc;
}

/** Retries `probe` a few times while it returns false (a remote target may index a new record late). */
export async function eventually(probe: () => Promise<boolean>, tries = 4, delayMs = 750): Promise<boolean> {
  for (let n = 1; n <= tries; n += 1) {
    if (await probe()) return true;
    if (n < tries) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  return false;
}
