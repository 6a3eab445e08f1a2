/**
 * Property-based checks of RM v2 (000 §4), driven by the schemas: every valid body of a write is
 * accepted with the documented status; a body breaking one rule is refused with 422 and leaves no
 * trace where a sentence ties that refusal to the rule, and is otherwise only observed (refused or
 * accepted); generated combinations of documented query parameters on reads always answer 200 with
 * a valid body. Seeded by CONFORMANCE_SEED, replayable.
 */
import {
  declares,
  test,
  type Target,
  expectAcceptedOr422,
  expectCountKept,
  expectCreatedShown,
  expectDocumented,
  expectNoServerError,
  expectNothingStored,
  expectValidationFailed,
  expectStoredShown,
  expectValueShown,
  sameMembers,
  withPlainNames,
  type QueryValue,
  type Exchange,
  validArbitrary,
  type InvalidCase,
  bodyShape,
  type Cleanup,
  perLane,
  attributesOf,
  invalidBodies,
  isRecord,
  nextN,
  strictlyValid,
  taggedEmail,
  validBodies,
  expectPastEnd,
} from '../kit';
import {
  CANDIDATE_READ_BACK,
  judgeTyped,
  checkRmProperty,
  requestSchemaOf,
  candidatesByEmail,
  candidatesByEmailSoon,
  createCandidate,
  patchCandidate,
  relatedRecords,
  shownFiles,
  type RelatedKind,
  sendQuery,
  pastTheEnd,
} from '../kit/rm';
import fc from 'fast-check';
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';

/** A rule broken by a generated case, in the generator's terms. */
const breaks = (c: InvalidCase, keyword: string, instancePath: string, missing?: string): boolean =>
  c.keyword === keyword && c.instancePath === instancePath && (missing === undefined || c.missingProperty === missing);

/**
 * What the document says of a broken rule: 'refuse' where a sentence ties a 422 to it, 'content' for
 * file content (000 §4 rule 2: content that is not accepted gives 422, but acceptance is not said),
 * 'observe' for every other rule (wrong types, PATCH bodies, envelope breaks other than the POST
 * /candidates row's "`data` and `type` required"): the target's answer is recorded, never failed.
 */
type Verdict = 'refuse' | 'content' | 'observe';

/**
 * 000 §4 rule 1 ("lacks `email` or is invalid"): a body without `data` or `data.attributes` lacks
 * the e-mail too. A body without `data.type` alone breaks the row's "`data` and `type` required",
 * but no sentence ties that to the 422 (schemas/DECISIONS.md D12): observed.
 */
function candidateVerdict(c: InvalidCase): Verdict {
  const refused =
    breaks(c, 'required', '', 'data') ||
    breaks(c, 'required', '/data', 'attributes') ||
    breaks(c, 'required', '/data/attributes', 'email') ||
    c.instancePath === '/data/attributes/email';
  return refused ? 'refuse' : 'observe';
}

/** The row: filename and content "required", "422 (file not added)"; rule 2 for content. */
function fileVerdict(c: InvalidCase): Verdict {
  const absent =
    breaks(c, 'required', '/data', 'attributes') || ['filename', 'content'].some((m) => breaks(c, 'required', '/data/attributes', m));
  if (absent) return 'refuse';
  return breaks(c, 'pattern', '/data/attributes/content') ? 'content' : 'observe';
}

/** Educations: "school required", "422 (name blank)"; employments: "a blank company name gives 422". */
function relatedVerdict(kind: RelatedKind): (c: InvalidCase) => Verdict {
  const member = kind === 'educations' ? 'school' : 'company';
  return (c) => {
    const blank = breaks(c, 'required', `/data/attributes/${member}`, 'name') || breaks(c, 'pattern', `/data/attributes/${member}/name`);
    const absent =
      kind === 'educations' && (breaks(c, 'required', '/data', 'attributes') || breaks(c, 'required', '/data/attributes', 'school'));
    return blank || absent ? 'refuse' : 'observe';
  };
}

const accepted = (ex: Exchange): boolean => (ex.response?.status ?? 0) >= 200 && (ex.response?.status ?? 0) < 300;

type Observe = (category: 'status' | 'other', subject: string, value: string) => void;

/** Observed answers per broken rule, recorded once per property. */
class Outcomes {
  private readonly seen = new Map<string, Set<string>>();
  add(rule: string, ex: Exchange): void {
    const set = this.seen.get(rule) ?? new Set<string>();
    set.add(`${String(ex.response?.status)} ${bodyShape(ex.response?.text ?? '')}`);
    this.seen.set(rule, set);
  }
  /**
   * An answer to a broken rule that is only observed: no server error (`clause`), recorded under the
   * rule; a record it added all the same (`leftover.record`) is registered as a leftover.
   */
  observed(
    invalid: InvalidCase,
    ex: Exchange,
    clause: Parameters<typeof expectNoServerError>[1],
    leftover?: { cleanup: Cleanup; record: string },
  ): void {
    expectNoServerError(ex, clause);
    this.add(invalid.rule, ex);
    if (leftover && accepted(ex)) leftover.cleanup.leftover(`${leftover.record} (accepted although ${invalid.rule})`);
  }
  report(observe: Observe, what: string): void {
    for (const [rule, answers] of this.seen) observe('status', `${what}: ${rule}`, [...answers].join('; '));
  }
}

/**
 * The property `name` over the one-rule-broken bodies of a write (invalidBodies of `schema`, with
 * data.type `type`): each case goes to `predicate` with the Outcomes that record what is only
 * observed, reported under `what` once the property has run.
 */
async function checkInvalidBodies(
  observe: Observe,
  target: Target,
  property: { name: string; schema: string; type: string; what: string },
  predicate: (invalid: InvalidCase, outcomes: Outcomes, lane: number) => Promise<void>,
): Promise<void> {
  const outcomes = new Outcomes();
  await checkRmProperty(observe, {
    name: property.name,
    target,
    arbitrary: invalidBodies(property.schema, { '/data/type': property.type }),
    predicate: (invalid, lane) => predicate(invalid, outcomes, lane),
  });
  outcomes.report(observe, property.what);
}

test.describe('RM v2 properties @property', () => {
  test(
    'POST /candidates accepts every valid body: 201, and the candidate carries the e-mail and names sent',
    declares('rm.candidates.create 201', 'rm.candidates.list 200'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidates.create');
      const runId = target.run.runId;
      await checkRmProperty(observe, {
        name: 'POST /candidates valid bodies',
        target,
        arbitrary: validBodies(
          requestSchemaOf(op),
          (body) => {
            const attrs = attributesOf(body);
            attrs.email = taggedEmail(attrs.email, runId, nextN());
            return strictlyValid(body, runId);
          },
          { '/data/type': 'candidates' },
        ),
        predicate: async (generated) => {
          // Names as people have them; a 422 to their characters is lawful (D65): then the same body with plain names.
          let body = generated;
          let ex = await rm.call(op.id, { body });
          const plain = withPlainNames(body);
          if (judgeTyped(ex, attributesOf(body)) && plain !== null) ex = await rm.call(op.id, { body: (body = plain) });
          const attrs = attributesOf(body);
          const email = String(attrs.email);
          expectDocumented(ex, op, '201');
          cleanup.leftover(`RM candidate ${email} (generated; no delete operation)`);
          // Read back through the e-mail filter (000 §4 rule 3: the answer need not show the candidate).
          const found = await candidatesByEmailSoon(rm, email);
          const where = `GET /candidates?filter[email][eq]=${email}`;
          const stored = expectCreatedShown(ex, found.exchange, found.records[0], 'rm.op.candidates.create', where);
          const context = `candidate ${stored.id} read back`;
          for (const [field, kind] of CANDIDATE_READ_BACK) {
            const sent = attrs[field];
            if (typeof sent === 'string') expectStoredShown(ex, found.exchange, kind, field, sent, stored.attributes[field], context);
          }
        },
      });
    },
  );

  test(
    'POST /candidates refuses a body without e-mail, data or type, or with an invalid e-mail: 422, and nothing is created',
    declares('rm.candidates.create 422'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidates.create');
      const property = {
        name: 'POST /candidates invalid bodies',
        schema: requestSchemaOf(op),
        type: 'candidates',
        what: 'POST /candidates',
      };
      await checkInvalidBodies(observe, target, property, async (invalid, outcomes) => {
        const body = structuredClone(invalid.value);
        // Give a still-valid e-mail a unique, run-tagged value so "no trace" can be looked up.
        let email: string | null = null;
        if (invalid.instancePath !== '/data/attributes/email' && isRecord(body)) {
          const attrs = attributesOf(body);
          if (typeof attrs.email === 'string') attrs.email = email = taggedEmail(attrs.email, target.run.runId, nextN());
        }
        const ex = await rm.call(op.id, { body });
        if (candidateVerdict(invalid) === 'observe') {
          outcomes.observed(invalid, ex, 'rm.op.candidates.create', { cleanup, record: `RM candidate ${email ?? '(no e-mail)'}` });
          return;
        }
        expectValidationFailed(ex, invalid.rule);
        if (email) {
          const found = await candidatesByEmail(rm, email);
          const ids = found.records.map((r) => r.id);
          expectNothingStored(ex, [found.exchange], ids, 'rm.error.422', `GET /candidates?filter[email][eq]=${email} (its e-mail)`);
        }
      });
    },
  );

  test(
    'PATCH /candidates/{candidateId} accepts valid bodies (200); what one-rule-broken bodies get is observed',
    declares('rm.candidates.get 200', 'rm.candidates.update 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidates.update');
      const candidateId = await createCandidate(rm, target, cleanup, 'patch-property');
      const params = { candidateId };
      const schema = requestSchemaOf(op);
      // Far away the cases run in lanes at once: each lane patches a candidate of its own.
      const candidateOf = perLane(() => createCandidate(rm, target, cleanup, 'patch-property'), candidateId);
      await checkRmProperty(observe, {
        name: 'PATCH /candidates/{id} valid bodies',
        target,
        arbitrary: validBodies(schema, (b) => strictlyValid(b, target.run.runId), { '/data/type': 'candidates' }),
        predicate: async (generated, lane) => {
          // What was sent is what the candidate shows afterwards; names refused for their characters (422, D65) are sent plain.
          const candidateId = await candidateOf(lane);
          let body = generated;
          const plain = withPlainNames(body);
          if (plain !== null) {
            const first = await rm.call(op.id, { params: { candidateId }, body });
            if (judgeTyped(first, attributesOf(body))) body = plain;
          }
          const { write, read, attributes } = await patchCandidate(rm, op, candidateId, body);
          const attrs = attributesOf(body);
          const clause = 'rm.op.candidates.update';
          for (const name of ['first_name', 'last_name'] as const) {
            const sent = attrs[name];
            if (typeof sent === 'string') expectStoredShown(write, read, 'name', name, sent, attributes[name], 'after PATCH');
          }
          if (Array.isArray(attrs.skills))
            expectValueShown(write, read, 'skills', attrs.skills, attributes.skills, clause, 'after PATCH', sameMembers);
        },
      });
      // 000 §4 lists 422 for PATCH but ties it to no rule: every broken rule is observed.
      const property = { name: 'PATCH /candidates/{id} invalid bodies', schema, type: 'candidates', what: 'PATCH /candidates/{id}' };
      await checkInvalidBodies(observe, target, property, async (invalid, outcomes) => {
        outcomes.observed(invalid, await rm.call(op.id, { params, body: invalid.value }), 'rm.op.candidates.update');
      });
    },
  );

  for (const kind of ['educations', 'employments'] as const) {
    const verdict = relatedVerdict(kind);
    const refusal = kind === 'educations' ? 'without school, or with a blank school name' : 'with a blank company name';
    test(
      `POST /candidates/{candidateId}/${kind}: valid bodies 200 or 201; a body ${refusal} 422 and nothing added`,
      declares(`rm.${kind}.create 200`, `rm.${kind}.create 201`, `rm.${kind}.create 422`, `rm.${kind}.list 200`, 'rm.candidates.create'),
      async ({ rm, target, cleanup, observe }) => {
        const op = operation(`rm.${kind}.create`);
        const candidateId = await createCandidate(rm, target, cleanup, `${kind}-property`);
        const params = { candidateId };
        const schema = requestSchemaOf(op);
        await checkRmProperty(observe, {
          name: `POST ${kind} valid bodies`,
          target,
          numRuns: Math.min(target.run.numRuns, 10),
          arbitrary: validBodies(schema, (b) => strictlyValid(b, target.run.runId), { '/data/type': kind }),
          predicate: async (body) => {
            expectDocumented(await rm.call(op.id, { params, body }), op, ['200', '201']);
            cleanup.leftover(`RM ${kind} record of candidate ${candidateId} (generated; no delete operation)`);
          },
        });
        const property = { name: `POST ${kind} invalid bodies`, schema, type: kind, what: `POST ${kind}` };
        // Far away the cases run in lanes at once: each lane counts the records of a candidate of its own.
        const candidateOf = perLane(() => createCandidate(rm, target, cleanup, `${kind}-property`), candidateId);
        await checkInvalidBodies(observe, target, property, async (invalid, outcomes, lane) => {
          const candidateId = await candidateOf(lane);
          const params = { candidateId };
          const before = (await relatedRecords(rm, kind, candidateId)).ids.length;
          const ex = await rm.call(op.id, { params, body: invalid.value });
          if (verdict(invalid) === 'observe') {
            const clause = op.clause === 'rm.op.educations.create' ? 'rm.op.educations.create' : 'rm.op.employments.create';
            outcomes.observed(invalid, ex, clause, { cleanup, record: `RM ${kind} record of candidate ${candidateId}` });
            return;
          }
          expectValidationFailed(ex, invalid.rule);
          const after = await relatedRecords(rm, kind, candidateId);
          expectCountKept(ex, after.exchanges, before, after.ids.length, 'rm.error.422', `the ${kind} records of candidate ${candidateId}`);
        });
      },
    );
  }

  test(
    'POST /candidates/{candidateId}/candidate_files refuses a body without filename or content with 422; refused content attaches nothing',
    declares('rm.candidate-files.create 422', 'rm.candidates.get 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidate-files.create');
      const firstCandidate = await createCandidate(rm, target, cleanup, 'files-property');
      const schema = requestSchemaOf(op);
      const property = { name: 'POST candidate_files invalid bodies', schema, type: 'candidate_files', what: 'POST candidate_files' };
      // Far away the cases run in lanes at once: each lane counts the files of a candidate of its own.
      const candidateOf = perLane(() => createCandidate(rm, target, cleanup, 'files-property'), firstCandidate);
      await checkInvalidBodies(observe, target, property, async (invalid, outcomes, lane) => {
        const candidateId = await candidateOf(lane);
        const before = await shownFiles(rm, candidateId);
        const ex = await rm.call(op.id, { params: { candidateId }, body: invalid.value });
        const verdict = fileVerdict(invalid);
        if (verdict === 'observe') {
          outcomes.observed(invalid, ex, 'rm.op.candidate-files.create', {
            cleanup,
            record: `RM candidate file of candidate ${candidateId}`,
          });
          return;
        }
        if (verdict === 'content') {
          // Rule 2: content that is not accepted gives 422 and no file; accepting it is not excluded.
          expectAcceptedOr422(ex, 'rm.rule.file-refused', invalid.rule);
          outcomes.add(invalid.rule, ex);
          if (accepted(ex)) {
            cleanup.leftover(`RM candidate file of candidate ${candidateId} (accepted: ${invalid.rule})`);
            return;
          }
        } else {
          expectValidationFailed(ex, invalid.rule);
        }
        const now = await shownFiles(rm, candidateId);
        const clause = verdict === 'content' ? 'rm.rule.file-refused' : 'rm.op.candidate-files.create';
        const what = `the files candidate ${candidateId} shows through include=resumes`;
        expectCountKept(ex, [before.read, now.read], before.count, now.count, clause, what);
      });
    },
  );

  const reads = ['rm.candidates.list', 'rm.jobs.list', 'rm.lists.list', 'rm.candidate-events.list', 'rm.candidate-messages.list'] as const;
  for (const opId of reads) {
    const title = `${operation(opId).method} ${operation(opId).path}: generated documented filter, include, page and per_page combinations answer 200`;
    test(
      `${title} with a valid body`,
      declares(`${opId} 200`, ...(operation(opId).path.includes('{candidateId}') ? ['rm.candidates.create'] : [])),
      async ({ rm, target, cleanup, observe }) => {
        const op = operation(opId);
        const params: Record<string, string> = {};
        const pastEnd = new Set<string>();
        if (op.path.includes('{candidateId}')) params.candidateId = await createCandidate(rm, target, cleanup, 'read-property');
        await checkRmProperty(observe, {
          name: `${op.id} documented queries`,
          target,
          arbitrary: queryArbitrary(op),
          predicate: async (query) => {
            const ex = await sendQuery(rm, op, params, query);
            const page = typeof query.page === 'number' ? query.page : 1;
            const status = ex.response?.status ?? 0;
            // A page after the first refused with a 4xx: lawful when it lies past the end (D35), which a read of the records before it shows.
            if (page > 1 && status >= 400 && status < 500) {
              const perPage = Number(new URL(ex.request.url).searchParams.get('per_page') ?? 0);
              const { verdict } = perPage > 0 ? await pastTheEnd(rm, op, params, query, page, perPage) : { verdict: 'unknown' as const };
              if (verdict !== 'not-past-end') {
                expectPastEnd(ex, page);
                pastEnd.add(verdict === 'past-end' ? `${status}: a page past the end` : `${status}: whether past the end not shown`);
                return;
              }
            }
            expectDocumented(ex, op, '200');
          },
        });
        if (pastEnd.size > 0) observe('other', `${op.method} ${op.path}: generated pages after the first`, [...pastEnd].join('; '));
      },
    );
  }
});

/** Documented query parameters of an operation (000 §4), each present or not; pages kept well inside the filter cap. */
function queryArbitrary(op: OperationSpec): fc.Arbitrary<Record<string, QueryValue>> {
  const parts: Record<string, fc.Arbitrary<QueryValue>> = {};
  for (const q of op.query) {
    if (q.name === 'page') parts.page = fc.integer({ min: 1, max: 3 });
    else if (q.name === 'per_page') parts.per_page = fc.integer({ min: 1, max: 50 });
    else if (q.name === 'include' && op.include.length) {
      parts.include = fc.subarray([...op.include], { minLength: 1, maxLength: Math.min(2, op.include.length) });
    }
  }
  for (const f of op.filters)
    parts[f.name] = validArbitrary(f.schema).map((v) => (Array.isArray(v) ? (v as string[]) : (String(v) as QueryValue)));
  return fc.record(parts, { requiredKeys: [] });
}
