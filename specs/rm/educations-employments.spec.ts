/**
 * Educations and employments of a candidate (000 §4 Operations: list, create -> 200 or 201, get by
 * id; 422 for a blank name; 000 §2 "Fields accepted when writing related records": school / company
 * is an object with a name, school required, company "required in effect"). Unknown candidate or
 * record ids (404) are in catalogue-rules.spec.ts.
 */
import { test } from '../fixtures';
import { operation } from '../../src/catalogue';
import { expectDocumented, expectThat } from '../../src/checks';
import { pathFor } from '../../src/http/client';
import { bodyShape } from '../../src/reporting/observations';
import { dataOf, singleOf } from '../support/rm-doc';
import { createCandidateRecord, SEED, walkNumeric } from '../support/rm';

interface Kind {
  plural: 'educations' | 'employments';
  idParam: string;
  valid: Record<string, unknown>;
  invalid: { title: string; attributes: Record<string, unknown> }[];
}

const KINDS: Kind[] = [
  {
    plural: 'educations',
    idParam: 'educationId',
    valid: { school: { name: 'Conformance University' }, course: 'Testing', start_date: '2010-09-01', end_date: '2014-06-30' },
    invalid: [
      { title: 'a blank school name', attributes: { school: { name: '' }, course: 'Testing' } },
      { title: 'a school without name', attributes: { school: {}, course: 'Testing' } },
      { title: 'no school', attributes: { course: 'Testing' } },
    ],
  },
  {
    plural: 'employments',
    idParam: 'employmentId',
    valid: { company: { name: 'Conformance Ltd' }, title: 'Tester', locality: 'Springfield', start_date: '2015-01-01', end_date: '2020-12-31' },
    invalid: [
      { title: 'a blank company name', attributes: { company: { name: '' }, title: 'Tester' } },
      { title: 'a company without name', attributes: { company: {}, title: 'Tester' } },
      { title: 'no company', attributes: { title: 'Tester' } },
    ],
  },
];

for (const kind of KINDS) {
  const create = operation(`rm.${kind.plural}.create`);
  const get = operation(`rm.${kind.plural}.get`);
  const list = operation(`rm.${kind.plural}.list`);
  const body = (attributes: Record<string, unknown>) => ({ data: { type: kind.plural, attributes } });

  test.describe(kind.plural, () => {
    test(`POST ${create.path} answers 200 or 201; GET by id and the list show the record @smoke`, async ({ rm, target, covers, cleanup, observe }) => {
      covers(create.id, '200', '201');
      covers(get.id, '200');
      covers(list.id, '200');
      const { id: candidateId } = await createCandidateRecord(rm, target, cleanup, kind.plural);
      const ids: string[] = [];
      for (let n = 0; n < 2; n += 1) {
        const ex = await rm.send({ method: 'POST', path: pathFor(create.path, { candidateId }), body: body(kind.valid), operationId: create.id });
        expectDocumented(ex, create, ['200', '201']);
        observe('status', `POST ${create.path}`, String(ex.response?.status));
        const record = singleOf(ex);
        expectThat(record !== null, 'schema', `POST ${create.path} answered ${String(ex.response?.status)} without the record in data`, SEED.layout);
        cleanup.leftover(`RM ${kind.plural} ${record.id} of candidate ${candidateId} (no documented delete operation)`);
        ids.push(record.id);
      }
      for (const id of ids) {
        const ex = await rm.send({ method: 'GET', path: pathFor(get.path, { candidateId, [kind.idParam]: id }), operationId: get.id });
        expectDocumented(ex, get, '200');
        expectThat(singleOf(ex)?.id === id, 'state', `GET ${get.path} for ${id} answered record ${String(singleOf(ex)?.id)}`, SEED.ops);
      }
      const all = await rm.send({ method: 'GET', path: pathFor(list.path, { candidateId }), operationId: list.id });
      expectDocumented(all, list, '200');
      const listed = dataOf(all).map((r) => r.id);
      expectThat(ids.every((id) => listed.includes(id)), 'state', `GET ${list.path} lists ${listed.join(', ') || 'nothing'}, not the created ${ids.join(', ')}`, SEED.ops);
      // page and per_page (000 §4 Operations: query page, per_page).
      const walk = await walkNumeric(rm, list, {}, 1, 4, {}, { candidateId });
      walk.pages.forEach((page, n) => expectThat(page.length <= 1, 'pagination', `GET ${list.path} page ${n + 1} with per_page=1 holds ${page.length} records`, SEED.common));
      expectThat(new Set(walk.ids).size === walk.ids.length, 'pagination', `GET ${list.path} pages overlap: ${walk.ids.join(', ')}`, SEED.common);
    });

    for (const { title, attributes } of kind.invalid) {
      test(`POST ${create.path} with ${title} answers 422 and adds nothing`, async ({ rm, target, covers, cleanup, observe }) => {
        covers(create.id, '422');
        covers(list.id, '200');
        const { id: candidateId } = await createCandidateRecord(rm, target, cleanup, `${kind.plural}422`);
        const ex = await rm.send({ method: 'POST', path: pathFor(create.path, { candidateId }), body: body(attributes), operationId: create.id });
        expectDocumented(ex, create, '422', { statusCheck: 'validation', schema: false });
        observe('error-body', `POST ${create.path} 422 (${title})`, bodyShape(ex.response?.text ?? ''));
        const all = await rm.send({ method: 'GET', path: pathFor(list.path, { candidateId }), operationId: list.id });
        expectDocumented(all, list, '200');
        expectThat(dataOf(all).length === 0, 'no-trace', `after a refused ${kind.plural} record (422), GET ${list.path} lists ${dataOf(all).length} records for a new candidate`, SEED.errors);
      });
    }
  });
}
