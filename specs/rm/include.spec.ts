/**
 * include on GET /candidates and GET /candidates/{candidateId} (000 §4 Allowed include values):
 * one test per allowed value of the catalogue. Related records the API can create (educations,
 * employments, tags, list membership, files) are created; the others are looked for in the
 * first pages (bounded search) and, when none is found, only the answer's status and shape are checked.
 */
import { test } from '../fixtures';
import { operation } from '../../src/catalogue';
import { expectDocumented, expectNoServerError, expectThat } from '../../src/checks';
import { pathFor } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { dataOf, short, type Resource } from '../support/rm-doc';
import { CANDIDATE_INCLUDES, expectIncluded, segmentTarget, type IncludeResult } from '../support/rm-include';
import {
  addEducation,
  addEmployment,
  addFile,
  addTag,
  addToList,
  allLists,
  createCandidateRecord,
  findCandidatesWith,
  resolveListId,
  runTag,
} from '../support/rm';

const getOp = operation('rm.candidates.get');
/** Values that a new candidate can be given records for through the API (000 §4 Operations). */
const CREATABLE = new Set(['educations', 'employments', 'taggings', 'lists', 'resumes']);

/** A record the test gave the candidate: by id, or (a tagging, whose listed id need not be its embedded id) by name. */
interface Known {
  id: string | null;
  name: string | null;
  /** Whether the candidate's relationship entries must name `id` (the id is the related record's own). */
  idInRelationship: boolean;
}

const isKnown = (known: Known) => (r: Resource): boolean => r.id === known.id || (known.name !== null && r.attributes.name === known.name);

/** The record the candidate was given is embedded, and named by the relationship where it carries one. */
function expectEmbedded(result: IncludeResult, known: Known, where: string, include: string): void {
  const what = known.name !== null ? `"${known.name}"` : String(known.id);
  const embeddedIds = short(result.embedded.map((r) => r.id));
  expectThat(
    result.embedded.some(isKnown(known)),
    'include',
    `${where}: the candidate has ${include} record ${what}, but the answer embeds only ${embeddedIds}`,
    'rm.include.candidates',
  );
  if (known.idInRelationship && result.carried) {
    const named = short(result.topRefs.map((r) => r.id));
    expectThat(
      result.topRefs.some((r) => r.id === known.id),
      'include',
      `${where}: the candidate's ${include} relationship names ${named}, not ${what}`,
      'rm.include.candidates',
    );
  }
}

test.describe('include on candidates', () => {
  for (const include of getOp.include) {
    const top = include.split('.')[0] ?? include;
    const target0 = segmentTarget(top, 0);
    test(`GET /candidates and /candidates/{candidateId} with include=${include} embed the related records`, async ({
      rm,
      target,
      covers,
      cleanup,
      observe,
    }) => {
      const list = covers('rm.candidates.list', '200');
      const get = covers('rm.candidates.get', '200');
      if (!list.include.includes(include)) throw new Error(`include=${include} is allowed on get but not on list in the catalogue`);
      const exchanges: Exchange[] = [];
      let candidateId: string | null = null;
      let known: Known | null = null;
      let email: string | null = null;
      if (CREATABLE.has(top)) {
        const created = await createCandidateRecord(rm, target, cleanup, `inc-${top}`);
        candidateId = created.id;
        email = created.email;
        if (top === 'educations') known = { id: await addEducation(rm, cleanup, created.id), name: null, idInRelationship: true };
        if (top === 'employments') known = { id: await addEmployment(rm, cleanup, created.id), name: null, idInRelationship: true };
        if (top === 'taggings') {
          const name = runTag(target, 'inc');
          known = { id: (await addTag(rm, cleanup, created.id, name, created.email)).tagId, name, idInRelationship: false };
        }
        if (top === 'resumes') await addFile(rm, cleanup, created.id);
        if (top === 'lists') {
          // Another list than the one lists-membership.spec.ts counts, when the target has one.
          const membershipList = await resolveListId(rm, target);
          const other = (await allLists(rm, 3)).find((l) => l.id !== membershipList)?.id ?? null;
          if (other !== null) {
            await addToList(rm, cleanup, other, created.id);
            known = { id: other, name: null, idInRelationship: true };
          } else {
            observe(
              'other',
              `include=${include}`,
              'only one static list: no membership created for this check (lists-membership.spec.ts checks include=lists)',
            );
          }
        }
      } else {
        const search = await findCandidatesWith(rm, include, target0.relationships[0] ?? top, 3);
        exchanges.push(...search.exchanges);
        candidateId = search.found[0]?.candidate.id ?? null;
        if (candidateId === null) observe('other', `include=${include}`, 'no candidate on the first pages has such records: only status and shape checked');
      }
      // One candidate by id.
      if (candidateId !== null) {
        const ex = await rm.send({ method: 'GET', path: pathFor(get.path, { candidateId }), query: { include }, operationId: get.id });
        expectDocumented(ex, get, '200');
        const result = expectIncluded(ex, include, CANDIDATE_INCLUDES, 'rm.include.candidates');
        if (known !== null) expectEmbedded(result, known, `GET /candidates/${candidateId}?include=${include}`, top);
        if (top === 'resumes') {
          const shown = `${result.topRefs.length} relationship entries, ${result.embedded.length} embedded records`;
          observe('other', 'include=resumes right after POST candidate_files', shown);
        }
      }
      // The list operation: our own candidate by e-mail, else the first page.
      const query = email !== null ? { include, 'filter[email][eq]': email, page: 1, per_page: 10 } : { include, page: 1, per_page: 20 };
      const ex = await rm.send({ method: 'GET', path: list.path, query, operationId: list.id });
      expectDocumented(ex, list, '200');
      for (const e of exchanges) expectIncluded(e, include, CANDIDATE_INCLUDES, 'rm.include.candidates');
      const listed = expectIncluded(ex, include, CANDIDATE_INCLUDES, 'rm.include.candidates');
      // The e-mail filter selects our candidate alone: what it was given is embedded here too.
      if (known !== null && dataOf(ex).some((c) => c.id === candidateId)) {
        expectEmbedded(listed, known, `GET /candidates?filter[email][eq]=${email ?? ''}&include=${include}`, top);
      }
    });
  }

  test('include with several values at once answers 200 and embeds each @smoke', async ({ rm, target, covers, cleanup }) => {
    const get = covers('rm.candidates.get', '200');
    const created = await createCandidateRecord(rm, target, cleanup, 'inc-many');
    const records = { educations: await addEducation(rm, cleanup, created.id), employments: await addEmployment(rm, cleanup, created.id) };
    const values = Object.keys(records);
    const ex = await rm.send({ method: 'GET', path: pathFor(get.path, { candidateId: created.id }), query: { include: values }, operationId: get.id });
    expectDocumented(ex, get, '200');
    for (const [include, id] of Object.entries(records)) {
      const result = expectIncluded(ex, include, CANDIDATE_INCLUDES, 'rm.include.candidates');
      expectEmbedded(result, { id, name: null, idInRelationship: true }, `GET /candidates/${created.id}?include=${values.join(',')}`, include);
    }
  });

  test('an include value outside the allowed list does not cause a server error', async ({ rm, covers, observe }) => {
    // 000 §4 lists the allowed values; what other values get is not shown -> observed. The row of
    // GET /candidates lists 200 and 401 only: a server error is none of them.
    const list = covers('rm.candidates.list', '200');
    const ex = await rm.send({ method: 'GET', path: list.path, query: { include: 'no_such_relationship', per_page: 1 }, operationId: list.id });
    expectNoServerError(ex, 'rm.op.candidates.list');
    observe('status', 'GET /candidates?include=no_such_relationship', String(ex.response?.status));
  });
});
