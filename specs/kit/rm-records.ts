/**
 * Run-tagged RM records made for a test, and read back: candidates, their educations, employments,
 * tags and files, and list membership. Each write registers its undo with the test's clean-up, or
 * records a leftover where 000 §4 has no operation that undoes it. 000 §4 rule 3 does not show the
 * answers of the writes, so a created record is read from the answer when it carries one, and
 * otherwise found again through a documented read (support/rm-doc.ts).
 */
import type { StoredKind } from '../../src/checks';
import type { OperationSpec } from '../../contract/catalogue/types';
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import {
  expectDocumented,
  expectTypedValueAnswered,
  expectResourceShown,
  expectSameRecord,
  expectSetup,
  expectSetupShown,
  readsAs,
  type Page,
} from '../../src/checks';
import { isPlainPerson, plainPerson, type Person } from '../../src/generators/realistic';
import { typedValues, withPlainValues } from './generated';
import { recordObservation } from './test-record';
import type { Cleanup } from '../../src/runner/cleanup';
import { candidateBody, fileBody, RESUME_BASE64, tagBody } from './rm-bodies';
import { containsText, dataOf, includedOf, linkageOf, NOT_GIVEN, singleOf, type Resource } from './rm-doc';
import { eventually } from './rm-eventually';
import { nextPerson } from './people';
import { runEmail, runName } from './rm-names';
import { sendQuery, walkNumeric, type Walk } from './rm-walk';

// ---- candidates -------------------------------------------------------------------------------

/** An address read back as the one sent, in any of its lawful readings (D42: as sent, or lower-cased). */
const sameEmail = (a: unknown, b: string): boolean => readsAs('email', b, a);

/**
 * The candidates GET /candidates?filter[email][eq]=<email> returns with that e-mail (the answer a
 * documented 200), with the exchange that returned them.
 */
export async function candidatesByEmail(rm: ApiClient, email: string): Promise<Page<Resource>> {
  const op = rm.operation('rm.candidates.list');
  // A per_page above the target's maximum may be refused (000 §8, D44): then sent again smaller.
  const exchange = await sendQuery(rm, op, {}, { 'filter[email][eq]': email, page: 1, per_page: 25 });
  expectDocumented(exchange, op, '200');
  return { exchange, records: dataOf(exchange).filter((r) => sameEmail(r.attributes.email, email)) };
}

/**
 * As candidatesByEmail, read again (bounded) while it finds none: a list served from an index shows a
 * new candidate a little later (D78). For a candidate a write made, never for one that must not exist.
 */
export async function candidatesByEmailSoon(rm: ApiClient, email: string): Promise<Page<Resource>> {
  let found = await candidatesByEmail(rm, email);
  if (found.records.length > 0) return found;
  await eventually(async () => {
    found = await candidatesByEmail(rm, email);
    return found.records.length > 0;
  });
  return found;
}

/**
 * The candidate a POST /candidates created: the answer's resource, else the candidate that
 * GET /candidates?filter[email][eq] finds by its (run-unique) e-mail. Null when neither shows it;
 * `read`: the last read that looked for it (null when the answer showed it).
 */
export async function createdCandidate(
  rm: ApiClient,
  answer: Exchange,
  email: string,
): Promise<{ resource: Resource | null; read: Exchange | null }> {
  const shown = singleOf(answer);
  // The answer's resource, when it is this candidate (its e-mail, or at least the type of a candidate).
  if (shown !== null && (sameEmail(shown.attributes.email, email) || shown.type === 'candidates')) return { resource: shown, read: null };
  let found: Page<Resource> | null = null;
  await eventually(async () => {
    found = await candidatesByEmail(rm, email);
    return found.records.length > 0;
  });
  const last = found as Page<Resource> | null;
  return { resource: last?.records[0] ?? null, read: last?.exchange ?? null };
}

export interface CreatedCandidate {
  id: string;
  email: string;
  tag: string;
  /** The person it is: names as people have them, or their plain forms where the target refused the characters (D65). */
  person: Person;
  /** The candidate as the answer, or else the e-mail filter, shows it. */
  resource: Resource;
  /** The POST /candidates that created it. */
  write: Exchange;
}

/** A POST /candidates of a person: what it sent, how it was answered, and the refused write when the plain names had to be sent. */
export interface PersonWrite {
  write: Exchange;
  /** The attributes of the write's body (the e-mail is run-tagged and unique). */
  attributes: Record<string, unknown>;
  /** Whose names it sent: `who`, or its plain form after a refusal. */
  person: Person;
  /** The write that sent the names as people have them and was refused with 422, or null. */
  refused: Exchange | null;
}

/** A 422: a refusal as validation failed (000 §7). */
export const is422 = (ex: Exchange): boolean => ex.response?.status === 422;

/**
 * What a target did with a write whose attributes carry values as people write them (typedValues:
 * names that are not plain, a number with spaces): taken, or refused with 422 (000 §2 gives them as
 * "string" with no character or format rule: D65), judged by their readings entries; a refusal is also
 * observed. Other answers are left to the caller's checks. Returns true when the write was refused with 422.
 */
export function judgeTyped(write: Exchange, attributes: Record<string, unknown>): boolean {
  const typed = typedValues(attributes);
  const status = write.response?.status ?? 0;
  if (typed.length === 0 || ((status < 200 || status >= 300) && status !== 422)) return false;
  for (const { kind, value } of typed) expectTypedValueAnswered(write, kind, value);
  if (status === 422) {
    const values = typed.map((t) => t.value).join(' / ');
    recordObservation('other', 'candidate writes refused with 422, carrying values as people write them', values);
  }
  return status === 422;
}

/**
 * POST /candidates of `who` with `attributes` (an e-mail is made for it, run-tagged). A target may
 * refuse values as people write them (D65): a 422 to a write carrying some (typedValues) is judged by
 * their readings and observed, and the same candidate is sent again, under a fresh e-mail, with the
 * names in plain ASCII letters and the number in E.164, so that what the test needs is still tested.
 */
export async function postPerson(
  rm: ApiClient,
  target: Target,
  who: Person,
  purpose: string,
  attributes: Record<string, unknown> = {},
): Promise<PersonWrite> {
  const send = async (p: Person, extra: Record<string, unknown>): Promise<{ write: Exchange; attributes: Record<string, unknown> }> => {
    const attrs = { email: runEmail(target, purpose, p), first_name: p.first, last_name: p.last, ...extra };
    return { write: await rm.call('rm.candidates.create', { body: candidateBody(attrs) }), attributes: attrs };
  };
  const first = await send(who, attributes);
  if (!judgeTyped(first.write, first.attributes)) return { ...first, person: who, refused: null };
  const plain = plainPerson(who);
  return { ...(await send(plain, withPlainValues(attributes))), person: plain, refused: first.write };
}

/** Creates a run-tagged candidate (000 §4: POST /candidates -> 201), a person as people have them, registered as a leftover. */
export async function createCandidateRecord(
  rm: ApiClient,
  target: Target,
  cleanup: Cleanup,
  purpose: string,
  extra: Record<string, unknown> = {},
): Promise<CreatedCandidate> {
  const tag = `conformance-${target.run.runId}`;
  const { write: ex, attributes, person } = await postPerson(rm, target, nextPerson(), purpose, { tag_values: [tag], ...extra });
  const email = String(attributes.email);
  // Setup only: any success will do here; the documented 201 is the business of candidates.spec.ts.
  expectSetup(ex, 'rm.op.candidates.create');
  cleanup.leftover(`RM candidate ${email} (000 §4 has no operation that deletes a candidate)`);
  const { resource: shown, read } = await createdCandidate(rm, ex, email);
  const status = String(ex.response?.status);
  const where = `POST /candidates answered ${status}, but neither the answer nor GET /candidates?filter[email][eq]=${email} shows the candidate`;
  const resource = expectSetupShown(shown, read ? [ex, read] : [ex], 'rm.op.candidates.create', where);
  return { id: resource.id, email, tag, person, resource, write: ex };
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
  const op = rm.operation('rm.candidates.get');
  const exchange = await rm.call(op.id, { params: { candidateId: id }, query: { include } });
  expectDocumented(exchange, op, '200');
  const resource = expectResourceShown(exchange, singleOf(exchange), 'rm.op.candidates.get', 'the candidate');
  expectSameRecord(exchange, id, resource.id, 'rm.op.candidates.get');
  return { exchange, resource };
}

/** A write and the read after it: what the state check judges. */
export interface ReadBack {
  write: Exchange;
  read: Exchange;
  /** The record's attributes as the read shows them. */
  attributes: Record<string, unknown>;
}

/**
 * PATCHes candidate `candidateId` with `body` (checked as a documented 200 of `op`, the update operation the
 * test covers) and reads it back: its attributes as GET /candidates/{candidateId} shows them afterwards.
 */
export async function patchCandidate(rm: ApiClient, op: OperationSpec, candidateId: string, body: unknown): Promise<ReadBack> {
  const write = await rm.call(op.id, { params: { candidateId }, body });
  expectDocumented(write, op, '200');
  const { exchange: read, resource } = await getCandidate(rm, candidateId);
  return { write, read, attributes: resource.attributes };
}

/** A PATCH of names and what the candidate showed afterwards, with whose names were sent (`who`, or its plain form after a 422). */
export interface PersonPatch extends ReadBack {
  person: Person;
  /** The names sent, by attribute. */
  sent: Record<string, unknown>;
  /** The PATCH that sent the names as people have them and was refused with 422, or null. */
  refused: Exchange | null;
}

/**
 * PATCHes candidate `candidateId` with the `names` of `who` (first_name, last_name or both) and
 * `extra`, and reads it back (patchCandidate). A 422 to names that are not plain is judged by the
 * name-characters readings and observed (judgeTyped, D65), and the same PATCH is sent again with the plain names.
 */
export async function patchPerson(
  rm: ApiClient,
  op: OperationSpec,
  candidateId: string,
  who: Person,
  names: readonly ('first_name' | 'last_name')[],
  extra: Record<string, unknown> = {},
): Promise<PersonPatch> {
  const attrs = (p: Person): Record<string, unknown> => ({
    ...Object.fromEntries(names.map((n) => [n, n === 'first_name' ? p.first : p.last])),
    ...extra,
  });
  const plain = isPlainPerson(who) ? null : plainPerson(who);
  if (plain !== null) {
    const write = await rm.call(op.id, { params: { candidateId }, body: candidateBody(attrs(who)) });
    if (!judgeTyped(write, attrs(who))) {
      expectDocumented(write, op, '200');
      const { exchange: read, resource } = await getCandidate(rm, candidateId);
      return { write, read, attributes: resource.attributes, person: who, sent: attrs(who), refused: null };
    }
    return {
      ...(await patchCandidate(rm, op, candidateId, candidateBody(attrs(plain)))),
      person: plain,
      sent: attrs(plain),
      refused: write,
    };
  }
  return { ...(await patchCandidate(rm, op, candidateId, candidateBody(attrs(who)))), person: who, sent: attrs(who), refused: null };
}

// ---- related records -------------------------------------------------------------------------

export type RelatedKind = 'educations' | 'employments';

/** Every record of a candidate's educations or employments list (numeric pages, each a documented 200). */
export async function relatedRecords(rm: ApiClient, kind: RelatedKind, candidateId: string): Promise<Walk> {
  return walkNumeric(rm, rm.operation(`rm.${kind}.list`), {}, 100, 10, {}, { candidateId });
}

/**
 * Posts an education or employment and returns the new record's id: the answer's resource, else
 * the record of the candidate's list that carries the (run-unique) name `name`, else the one record
 * the list gained. Null when none of these shows it. The answer is returned for the caller's checks,
 * with the reads of the list after it (none when the answer showed the record).
 */
export async function postRelated(
  rm: ApiClient,
  kind: RelatedKind,
  candidateId: string,
  body: unknown,
  name: string,
): Promise<{ exchange: Exchange; id: string | null; reads: Exchange[] }> {
  const before = await relatedRecords(rm, kind, candidateId);
  const exchange = await rm.call(`rm.${kind}.create`, { params: { candidateId }, body });
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) return { exchange, id: null, reads: [] };
  const shown = singleOf(exchange);
  // The answer's resource, unless it is the candidate itself (an answer may show the parent record).
  if (shown !== null && shown.type !== 'candidates' && shown.id !== candidateId) return { exchange, id: shown.id, reads: [] };
  const after = await relatedRecords(rm, kind, candidateId);
  const reads = after.exchanges;
  const named = after.records.filter((r) => containsText(r.attributes, name));
  if (named.length === 1 && named[0]) return { exchange, id: named[0].id, reads };
  const added = after.ids.filter((id) => !before.ids.includes(id));
  return { exchange, id: added.length === 1 ? (added[0] ?? null) : null, reads };
}

async function addRelated(
  rm: ApiClient,
  cleanup: Cleanup,
  kind: RelatedKind,
  candidateId: string,
  attributes: (name: string) => Record<string, unknown>,
  prefix: string,
): Promise<string> {
  const op = rm.operation(`rm.${kind}.create`);
  const name = runName(prefix);
  const body = { data: { type: kind, attributes: attributes(name) } };
  const { exchange, id, reads } = await postRelated(rm, kind, candidateId, body, name);
  expectSetup(exchange, kind === 'educations' ? 'rm.op.educations.create' : 'rm.op.employments.create');
  cleanup.leftover(`RM ${kind} record ${id ?? name} of candidate ${candidateId} (no documented delete operation)`);
  const where = `POST ${op.path} answered ${String(exchange.response?.status)}, but neither the answer nor GET ${op.path} shows the new record`;
  return expectSetupShown(id, [exchange, ...reads], `rm.op.${kind}.list`, where);
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

// ---- tags and files ---------------------------------------------------------------------------

/** The taggings of a candidate (GET /candidates/{id}/tags, checked as a documented 200), with the exchange. */
export async function listTags(rm: ApiClient, candidateId: string): Promise<Page<Resource>> {
  const op = rm.operation('rm.candidate-tags.list');
  const exchange = await rm.call(op.id, { params: { candidateId } });
  expectDocumented(exchange, op, '200');
  return { exchange, records: dataOf(exchange) };
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
  const exchange = await rm.call('rm.candidate-tags.create', { params: { candidateId }, body: tagBody(name, email) });
  expectSetup(exchange, 'rm.op.candidate-tags.create');
  const listed = taggingNamed((await listTags(rm, candidateId)).records, name);
  const answered = dataOf(exchange).find((r) => r.attributes.name === name);
  const tagId = listed?.id ?? answered?.id ?? null;
  if (tagId !== null) {
    cleanup.add(
      `RM tag ${name} of candidate ${candidateId}`,
      () => rm.call('rm.candidate-tags.delete', { params: { candidateId, tagId } }),
      'RM tag',
    );
  } else {
    cleanup.leftover(`RM tag ${name} of candidate ${candidateId} (its id was not found)`);
  }
  return { exchange, tagId };
}

/**
 * Files the candidate shows through include=resumes (relationship entries, or else embedded records),
 * the read, and whether the resumes relationship gave its linkage ('not given': a links-only
 * relationship and nothing embedded, D3: the count then proves nothing).
 */
export async function shownFiles(
  rm: ApiClient,
  candidateId: string,
): Promise<{ count: number; read: Exchange; linkage: 'given' | 'not given' }> {
  const { exchange, resource } = await getCandidate(rm, candidateId, 'resumes');
  const linkage = linkageOf(resource, 'resumes');
  const refs = Array.isArray(linkage) ? linkage.length : 0;
  const embedded = includedOf(exchange).length;
  return { count: Math.max(refs, embedded), read: exchange, linkage: linkage === NOT_GIVEN && embedded === 0 ? 'not given' : 'given' };
}

/** Attaches a small resume (setup: any success; the documented 201 is the business of files.spec.ts). */
export async function addFile(rm: ApiClient, cleanup: Cleanup, candidateId: string): Promise<Exchange> {
  const body = { ...fileBody('conformance-resume.txt', RESUME_BASE64), options: { parse_resume: false } };
  const ex = await rm.call('rm.candidate-files.create', { params: { candidateId }, body });
  expectSetup(ex, 'rm.op.candidate-files.create');
  cleanup.leftover(`RM candidate file conformance-resume.txt of candidate ${candidateId} (no documented delete operation)`);
  return ex;
}

// ---- list membership --------------------------------------------------------------------------

/** The static lists of GET /lists, walked with numeric pages (bounded). */
export async function allLists(rm: ApiClient, maxPages = 10): Promise<Resource[]> {
  const walk = await walkNumeric(rm, rm.operation('rm.lists.list'), {}, 100, maxPages);
  return walk.records;
}

/**
 * A list's `count` attribute as GET /lists shows it now (null when the list is not listed), and the
 * page that showed it (else the walk's first).
 */
export async function listCount(rm: ApiClient, listId: string): Promise<{ count: number | null; read: Exchange | null }> {
  const walk = await walkNumeric(rm, rm.operation('rm.lists.list'), {}, 100, 10);
  const page = walk.shown.find((p) => p.records.some((l) => l.id === listId));
  const count = page?.records.find((l) => l.id === listId)?.attributes.count;
  return { count: typeof count === 'number' ? count : null, read: page?.exchange ?? walk.exchanges[0] ?? null };
}

/** Removes a candidate from a list: the undo of a membership, registered with the clean-up. */
export function removeFromListLater(rm: ApiClient, cleanup: Cleanup, listId: string, candidateId: string): void {
  cleanup.add(
    `RM membership of candidate ${candidateId} in list ${listId}`,
    () => rm.call('rm.list-candidates.remove', { params: { listId, candidateId } }),
    'RM membership',
  );
}

/** Adds a candidate to a list (setup), registering the removal. */
export async function addToList(rm: ApiClient, cleanup: Cleanup, listId: string, candidateId: string): Promise<Exchange> {
  const ex = await rm.call('rm.list-candidates.add', { params: { listId, candidateId } });
  expectSetup(ex, 'rm.op.list-candidates.add');
  removeFromListLater(rm, cleanup, listId, candidateId);
  return ex;
}

/** The candidate attributes a write sends as people have them, each with the kind of value its read-back is judged as (readsAs). */
export const CANDIDATE_READ_BACK: readonly (readonly [string, StoredKind])[] = [
  ['email', 'email'],
  ['first_name', 'name'],
  ['last_name', 'name'],
  ['phone_number', 'phone'],
];
