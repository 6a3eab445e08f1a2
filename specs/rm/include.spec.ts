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
import { expectIncluded, segmentTarget } from '../support/rm-include';
import { addEducation, addEmployment, addFile, addTag, addToList, allLists, createCandidateRecord, findCandidatesWith, resolveListId, runTag, SEED } from '../support/rm';

const getOp = operation('rm.candidates.get');
/** Values that a new candidate can be given records for through the API (000 §4 Operations). */
const CREATABLE = new Set(['educations', 'employments', 'taggings', 'lists', 'resumes']);

test.describe('include on candidates', () => {
  for (const include of getOp.include) {
    const top = include.split('.')[0] ?? include;
    const target0 = segmentTarget(top, 0);
    const types = target0.types?.join(' or ') ?? 'their own type';
    test(`GET /candidates and /candidates/{candidateId} with include=${include} embed ${types} records`, async ({ rm, target, covers, cleanup, observe }) => {
      const list = covers('rm.candidates.list', '200');
      const get = covers('rm.candidates.get', '200');
      if (!list.include.includes(include)) throw new Error(`include=${include} is allowed on get but not on list in the catalogue`);
      const exchanges: Exchange[] = [];
      let candidateId: string | null = null;
      let mustEmbed = false;
      let email: string | null = null;
      if (CREATABLE.has(top)) {
        const created = await createCandidateRecord(rm, target, cleanup, `inc-${top}`);
        candidateId = created.id;
        email = created.email;
        if (top === 'educations') await addEducation(rm, cleanup, created.id);
        if (top === 'employments') await addEmployment(rm, cleanup, created.id);
        if (top === 'taggings') await addTag(rm, cleanup, created.id, runTag(target, 'inc'), created.email);
        if (top === 'resumes') await addFile(rm, cleanup, created.id);
        if (top === 'lists') {
          // Another list than the one lists-membership.spec.ts counts, when the target has one.
          const membershipList = await resolveListId(rm, target);
          const other = (await allLists(rm, 3)).find((l) => l.id !== membershipList)?.id ?? null;
          if (other !== null) await addToList(rm, cleanup, other, created.id);
          else observe('other', `include=${include}`, 'only one static list: no membership created for this check (lists-membership.spec.ts checks include=lists)');
          mustEmbed = other !== null;
        } else {
          mustEmbed = top !== 'resumes';
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
        const result = expectIncluded(ex, include);
        if (mustEmbed) {
          expectThat(result.embeddedOfType > 0, 'include', `GET /candidates/${candidateId}?include=${include}: the candidate has such a record, but included holds none of type ${types}`, SEED.include);
          expectThat(!result.carried || result.topRefs > 0, 'include', `GET /candidates/${candidateId}?include=${include}: the candidate has such a record, but its relationship is empty`, SEED.include);
        }
        if (top === 'resumes') observe('other', 'include=resumes right after POST candidate_files', `${result.topRefs} relationship entries, ${result.embeddedOfType} candidate_files included`);
      }
      // The list operation: our own candidate by e-mail, else the first page.
      const query = email !== null ? { include, 'filter[email][eq]': email, page: 1, per_page: 10 } : { include, page: 1, per_page: 20 };
      const ex = await rm.send({ method: 'GET', path: list.path, query, operationId: list.id });
      expectDocumented(ex, list, '200');
      exchanges.push(ex);
      for (const e of exchanges) expectIncluded(e, include);
    });
  }

  test('include with several values at once answers 200 and embeds each @smoke', async ({ rm, target, covers, cleanup }) => {
    const get = covers('rm.candidates.get', '200');
    const created = await createCandidateRecord(rm, target, cleanup, 'inc-many');
    await addEducation(rm, cleanup, created.id);
    await addEmployment(rm, cleanup, created.id);
    const values = ['educations', 'employments'];
    const ex = await rm.send({ method: 'GET', path: pathFor(get.path, { candidateId: created.id }), query: { include: values }, operationId: get.id });
    expectDocumented(ex, get, '200');
    for (const include of values) {
      const result = expectIncluded(ex, include);
      expectThat(result.embeddedOfType > 0, 'include', `include=${values.join(',')}: no ${include} record embedded although the candidate has one`, SEED.include);
    }
  });

  test('an include value outside the allowed list does not cause a server error', async ({ rm, covers, observe }) => {
    // 000 §4 lists the allowed values; what other values get is not shown -> observed, but never a 5xx.
    const list = covers('rm.candidates.list', '200');
    const ex = await rm.send({ method: 'GET', path: list.path, query: { include: 'no_such_relationship', per_page: 1 }, operationId: list.id });
    expectNoServerError(ex, { seed: SEED.include });
    observe('status', 'GET /candidates?include=no_such_relationship', String(ex.response?.status));
  });
});
