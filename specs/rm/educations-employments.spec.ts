/**
 * Educations and employments of a candidate (000 §4 Operations: list, create -> 200 or 201, get by
 * id; 422 for a blank name; 000 §2 "Fields accepted when writing related records": school / company
 * is an object with a name, school required, company "required in effect"). Unknown candidate or
 * record ids (404) are in catalogue-rules.spec.ts.
 */
import {
  declares,
  test,
  expectAcceptedOrRefused,
  expectDistinctRecords,
  expectDocumented,
  expectNoGap,
  expectPagesDisjoint,
  expectPagesWithin,
  expectSameRecord,
  expectShown,
  expectValidationFailed,
  type ClauseOf,
  type Exchange,
  bodyShape,
} from '../kit';
import {
  short,
  singleOf,
  runName,
  createCandidateRecord,
  postRelated,
  relatedRecords,
  walkNumeric,
  expectNoRelatedFrom,
  RM_DATE_LAYOUT,
  RM_UNTIED_RULE,
} from '../kit/rm';
import { operation } from '../../contract/catalogue';

interface Kind {
  plural: 'educations' | 'employments';
  idParam: string;
  /** The rows of 000 §4 Operations of the three operations. */
  rows: { create: ClauseOf<'state'>; get: ClauseOf<'state'>; list: ClauseOf<'state'> };
  valid: (name: string) => Record<string, unknown>;
  /** `required`: a sentence ties the refusal (422) to the broken rule; otherwise the answer is observed. */
  invalid: { title: string; attributes: Record<string, unknown>; required: boolean }[];
}

const KINDS: Kind[] = [
  {
    plural: 'educations',
    idParam: 'educationId',
    rows: { create: 'rm.op.educations.create', get: 'rm.op.educations.get', list: 'rm.op.educations.list' },
    valid: (name) => ({ school: { name }, course: 'Testing', start_date: '2010-09-01', end_date: '2014-06-30' }),
    // 000 §4: "school required" and "422 (name blank)"; 000 §2: school is an object with a name.
    invalid: [
      { title: 'a blank school name', attributes: { school: { name: '' }, course: 'Testing' }, required: true },
      { title: 'a school name of spaces only', attributes: { school: { name: '  ' }, course: 'Testing' }, required: true },
      { title: 'a school without name', attributes: { school: {}, course: 'Testing' }, required: true },
      { title: 'no school', attributes: { course: 'Testing' }, required: true },
    ],
  },
  {
    plural: 'employments',
    idParam: 'employmentId',
    rows: { create: 'rm.op.employments.create', get: 'rm.op.employments.get', list: 'rm.op.employments.list' },
    valid: (name) => ({ company: { name }, title: 'Tester', locality: 'Springfield', start_date: '2015-01-01', end_date: '2020-12-31' }),
    // 000 §4: "a blank company name gives 422"; a missing company is "required in effect" only, with no status tied to it.
    invalid: [
      { title: 'a blank company name', attributes: { company: { name: '' }, title: 'Tester' }, required: true },
      { title: 'a company name of spaces only', attributes: { company: { name: '   ' }, title: 'Tester' }, required: true },
      { title: 'a company without name', attributes: { company: {}, title: 'Tester' }, required: true },
      { title: 'no company', attributes: { title: 'Tester' }, required: false },
    ],
  },
];

for (const kind of KINDS) {
  const create = operation(`rm.${kind.plural}.create`);
  const get = operation(`rm.${kind.plural}.get`);
  const list = operation(`rm.${kind.plural}.list`);
  const body = (attributes: Record<string, unknown>) => ({ data: { type: kind.plural, attributes } });
  /** The create row, as the validation check cites it. */
  const createRow: ClauseOf<'validation'> = kind.plural === 'educations' ? 'rm.op.educations.create' : 'rm.op.employments.create';

  test.describe(kind.plural, () => {
    test(
      `POST ${create.path} answers 200 or 201; GET by id and the list show the record @smoke`,
      declares(`${create.id} 200`, `${create.id} 201`, `${get.id} 200`, `${list.id} 200`, 'rm.candidates.create'),
      async ({ rm, target, cleanup, observe }) => {
        const { id: candidateId } = await createCandidateRecord(rm, target, cleanup, kind.plural);
        const ids: string[] = [];
        const writes: Exchange[] = [];
        for (let n = 0; n < 2; n += 1) {
          const name = runName(kind.plural === 'educations' ? 'Conformance University' : 'Conformance Ltd');
          const { exchange, id, reads } = await postRelated(rm, kind.plural, candidateId, body(kind.valid(name)), name);
          writes.push(exchange);
          expectDocumented(exchange, create, ['200', '201']);
          observe(
            'status',
            `POST ${create.path}`,
            `${String(exchange.response?.status)}, ${singleOf(exchange) ? 'the record in the answer' : 'no record in the answer'}`,
          );
          cleanup.leftover(`RM ${kind.plural} ${id ?? name} of candidate ${candidateId} (no documented delete operation)`);
          // 000 §4 rule 3: the answer need not show the record; the candidate's list must.
          expectShown([exchange], reads, id === null ? [] : [id], 'any', kind.rows.list, `the answer and GET ${list.path}`);
          if (id !== null) ids.push(id);
        }
        expectDistinctRecords(writes, ids, kind.rows.create, `two POST ${create.path}`);
        // The list first: a record the write did not keep shows there as missing (the write's fault, state).
        const all = await relatedRecords(rm, kind.plural, candidateId);
        expectShown(writes, all.exchanges, all.ids, ids, kind.rows.list, `GET ${list.path} (listing ${short(all.ids)})`);
        for (const id of ids) {
          const ex = await rm.call(get.id, { params: { candidateId, [kind.idParam]: id } });
          expectDocumented(ex, get, '200');
          expectSameRecord(ex, id, singleOf(ex)?.id ?? null, kind.rows.get);
        }
        // page and per_page (000 §4 Operations: query page, per_page; Common query parameters).
        const walk = await walkNumeric(rm, list, {}, 1, 4, {}, { candidateId });
        expectPagesWithin(walk.shown, 1);
        const pages = `GET ${list.path} walked with per_page=1`;
        expectPagesDisjoint(walk.shown, pages);
        expectNoGap(walk.shown, ids, pages);
      },
    );

    for (const { title, attributes, required } of kind.invalid) {
      const outcome = required ? 'answers 422 and adds nothing' : 'is refused or accepted, as observed';
      test(
        `POST ${create.path} with ${title} ${outcome}`,
        declares(required ? `${create.id} 422` : create.id, `${list.id} 200`, 'rm.candidates.create', 'rm.candidates.get'),
        async ({ rm, target, cleanup, observe }) => {
          const { id: candidateId } = await createCandidateRecord(rm, target, cleanup, `${kind.plural}422`);
          const ex = await rm.call(create.id, { params: { candidateId }, body: body(attributes) });
          if (required) {
            expectValidationFailed(ex, title);
            observe('error-body', `POST ${create.path} 422 (${title})`, bodyShape(ex.response?.text ?? ''));
            // 000 §7: 422 "validation failed (for example a blank name in an education or employment ...)": nothing is
            // added, neither to the candidate's list nor to its relationship.
            await expectNoRelatedFrom(rm, ex, kind.plural, candidateId, 'rm.error.422');
          } else {
            // No sentence ties the refusal to this rule (D32): the row's success, or 422 and nothing added.
            expectAcceptedOrRefused(ex, createRow, RM_UNTIED_RULE, [200, 201], title);
            const after = await relatedRecords(rm, kind.plural, candidateId);
            if (ex.response?.status === 422) await expectNoRelatedFrom(rm, ex, kind.plural, candidateId, 'rm.error.422');
            else if (after.ids.length > 0)
              cleanup.leftover(`RM ${kind.plural} ${short(after.ids)} of candidate ${candidateId} (accepted with ${title})`);
            observe(
              'status',
              `POST ${create.path} with ${title}`,
              `${String(ex.response?.status)} ${bodyShape(ex.response?.text ?? '')}; the list then holds ${after.ids.length} records`,
            );
          }
        },
      );
    }

    test(
      `POST ${create.path} with dates in another layout (01/09/2010): 200 or 201, or 422 and nothing added (D15 rm.write.date-layout)`,
      declares(`${create.id} 200`, `${create.id} 201`, `${create.id} 422`, `${list.id} 200`, 'rm.candidates.create', 'rm.candidates.get'),
      async ({ rm, target, cleanup, observe }) => {
        // 000 §4 rule 4: "Date layout accepted for start_date and end_date: not shown".
        const { id: candidateId } = await createCandidateRecord(rm, target, cleanup, `${kind.plural}-dates`);
        const name = runName(kind.plural === 'educations' ? 'Conformance University' : 'Conformance Ltd');
        const attributes = { ...kind.valid(name), start_date: '01/09/2010', end_date: '30/06/2014' };
        const { exchange: ex, id, reads } = await postRelated(rm, kind.plural, candidateId, body(attributes), name);
        expectAcceptedOrRefused(ex, createRow, RM_DATE_LAYOUT, [200, 201], 'start_date 01/09/2010, end_date 30/06/2014');
        observe('status', `POST ${create.path} with dates 01/09/2010 and 30/06/2014`, String(ex.response?.status));
        if (ex.response?.status === 422) {
          await expectNoRelatedFrom(rm, ex, kind.plural, candidateId, 'rm.error.422');
          return;
        }
        cleanup.leftover(`RM ${kind.plural} ${id ?? name} of candidate ${candidateId} (no documented delete operation)`);
        // Stored: the candidate's list shows it (what the dates read back as is any string, D15).
        expectShown([ex], reads, id === null ? [] : [id], 'any', kind.rows.list, `the answer and GET ${list.path}`);
      },
    );
  });
}
