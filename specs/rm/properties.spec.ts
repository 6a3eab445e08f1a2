/**
 * Property-based checks of RM v2 (000 §4), driven by the schemas: every valid body of a write is
 * accepted with the documented status and a valid answer; every body breaking one documented rule
 * is refused with 422 and leaves no trace; generated combinations of documented query parameters
 * on reads always answer 200 with a valid body. Seeded by CONFORMANCE_SEED, replayable.
 */
import fc from 'fast-check';
import { test } from '../fixtures';
import { operation } from '../../src/catalogue';
import { expectDocumented, expectThat } from '../../src/checks';
import { pathFor, type ApiClient, type QueryValue } from '../../src/http/client';
import { validArbitrary } from '../../src/generators';
import { checkProperty } from '../support/property';
import { invalidBodies, isRecord, nextN, taggedEmail, validBodies, type Json } from '../support/generated';
import { createCandidate, getCandidate, SEED } from '../support/rm';
import { dataOf, relationshipRefs } from '../support/rm-doc';

const CANDIDATE_CREATE = 'rm/candidate-create.request.json';
/**
 * Rules of a body whose breach the document does not tie to 422: the file `options` (000 §4: only the
 * content is said to be refused), and the optional fields of educations and employments (000 §4:
 * "422 (name blank)").
 */
const UNDOCUMENTED_REFUSAL = /^\/data\/(options|attributes\/(course|start_date|end_date|title|locality))(\/|$)/;
const documentedRefusals = (path: string, overrides: Record<string, unknown>) => invalidBodies(path, overrides).filter((c) => !UNDOCUMENTED_REFUSAL.test(c.instancePath));

const attributesOf = (body: Json): Json => (isRecord(body.data) && isRecord(body.data.attributes) ? body.data.attributes : {});

async function candidatesWithEmail(rm: ApiClient, email: string): Promise<number> {
  const op = operation('rm.candidates.list');
  const ex = await rm.send({ method: 'GET', path: op.path, query: { 'filter[email][eq]': email, per_page: 10 }, operationId: op.id });
  expectDocumented(ex, op, '200');
  return dataOf(ex).length;
}

test.describe('RM v2 properties @property', () => {
  test('POST /candidates accepts every valid body: 201 and a valid candidate', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidates.create', '201');
    const runId = target.run.runId;
    await checkProperty({
      name: 'POST /candidates valid bodies',
      target,
      arbitrary: validBodies(CANDIDATE_CREATE, (body) => {
        const attrs = attributesOf(body);
        attrs.email = taggedEmail(attrs.email, runId, nextN());
        return body;
      }, { '/data/type': 'candidates' }),
      predicate: async (body) => {
        const ex = await rm.send({ method: 'POST', path: op.path, body, operationId: op.id });
        expectDocumented(ex, op, '201');
        cleanup.leftover(`RM candidate ${String(attributesOf(body).email)} (generated; no delete operation)`);
      },
    });
  });

  test('POST /candidates refuses every body breaking one rule: 422, and nothing is created', async ({ rm, target, covers }) => {
    const op = covers('rm.candidates.create', '422');
    await checkProperty({
      name: 'POST /candidates invalid bodies',
      target,
      arbitrary: invalidBodies(CANDIDATE_CREATE, { '/data/type': 'candidates' }),
      predicate: async (invalid) => {
        const body = structuredClone(invalid.value);
        // Give a still-valid e-mail a unique, run-tagged value so "no trace" can be looked up.
        let email: string | null = null;
        if (invalid.instancePath !== '/data/attributes/email' && isRecord(body)) {
          const attrs = attributesOf(body);
          if (typeof attrs.email === 'string') attrs.email = email = taggedEmail(attrs.email, target.run.runId, nextN());
        }
        const ex = await rm.send({ method: 'POST', path: op.path, body, operationId: op.id });
        expectDocumented(ex, op, '422', { statusCheck: 'validation', schema: false });
        if (email) {
          const found = await candidatesWithEmail(rm, email);
          expectThat(found === 0, 'no-trace', `a refused candidate (${invalid.rule}) was stored all the same: filter[email][eq]=${email} finds ${found}`, SEED.rule1);
        }
      },
    });
  });

  test('PATCH /candidates/{candidateId} accepts valid bodies (200) and refuses one-rule-broken ones (422) without change', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidates.update', '200', '422');
    const candidateId = await createCandidate(rm, target, cleanup, 'patch-property');
    const path = pathFor(op.path, { candidateId });
    await checkProperty({
      name: 'PATCH /candidates/{id} valid bodies',
      target,
      arbitrary: validBodies('rm/candidate-update.request.json', (b) => b, { '/data/type': 'candidates' }),
      predicate: async (body) => {
        expectDocumented(await rm.send({ method: 'PATCH', path, body, operationId: op.id }), op, '200');
      },
    });
    await checkProperty({
      name: 'PATCH /candidates/{id} invalid bodies',
      target,
      arbitrary: invalidBodies('rm/candidate-update.request.json', { '/data/type': 'candidates' }),
      predicate: async (invalid) => {
        const before = (await getCandidate(rm, candidateId)).resource.attributes;
        const ex = await rm.send({ method: 'PATCH', path, body: invalid.value, operationId: op.id });
        expectDocumented(ex, op, '422', { statusCheck: 'validation', schema: false });
        const after = (await getCandidate(rm, candidateId)).resource.attributes;
        for (const key of ['first_name', 'last_name', 'skills']) {
          expectThat(JSON.stringify(before[key]) === JSON.stringify(after[key]), 'no-trace', `a refused PATCH (${invalid.rule}) changed ${key}: ${JSON.stringify(before[key])} -> ${JSON.stringify(after[key])}`, SEED.errors);
        }
      },
    });
  });

  for (const kind of ['educations', 'employments'] as const) {
    test(`POST /candidates/{candidateId}/${kind}: valid bodies 200 or 201, one-rule-broken bodies 422`, async ({ rm, target, covers, cleanup }) => {
      const op = covers(`rm.${kind}.create`, '200', '201', '422');
      const candidateId = await createCandidate(rm, target, cleanup, `${kind}-property`);
      const path = pathFor(op.path, { candidateId });
      const schema = kind === 'educations' ? 'rm/education-create.request.json' : 'rm/employment-create.request.json';
      await checkProperty({
        name: `POST ${kind} valid bodies`,
        target,
        numRuns: Math.min(target.run.numRuns, 10),
        arbitrary: validBodies(schema, (b) => b, { '/data/type': kind }),
        predicate: async (body) => {
          expectDocumented(await rm.send({ method: 'POST', path, body, operationId: op.id }), op, ['200', '201']);
          cleanup.leftover(`RM ${kind} record of candidate ${candidateId} (generated; no delete operation)`);
        },
      });
      await checkProperty({
        name: `POST ${kind} invalid bodies`,
        target,
        arbitrary: documentedRefusals(schema, { '/data/type': kind }),
        predicate: async (invalid) => {
          expectDocumented(await rm.send({ method: 'POST', path, body: invalid.value, operationId: op.id }), op, '422', { statusCheck: 'validation', schema: false });
        },
      });
    });
  }

  test('POST /candidates/{candidateId}/candidate_files refuses one-rule-broken bodies with 422 and attaches nothing', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidate-files.create', '422');
    const candidateId = await createCandidate(rm, target, cleanup, 'files-property');
    const resumes = async (): Promise<number> => (relationshipRefs((await getCandidate(rm, candidateId, 'resumes')).resource, 'resumes') ?? []).length;
    await checkProperty({
      name: 'POST candidate_files invalid bodies',
      target,
      arbitrary: documentedRefusals('rm/candidate-file.request.json', { '/data/type': 'candidate_files' }),
      predicate: async (invalid) => {
        const before = await resumes();
        expectDocumented(await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId }), body: invalid.value, operationId: op.id }), op, '422', { statusCheck: 'validation', schema: false });
        const now = await resumes();
        expectThat(now === before, 'no-trace', `a refused file (${invalid.rule}) was attached: resumes ${before} -> ${now}`, SEED.rule2);
      },
    });
  });

  const reads = ['rm.candidates.list', 'rm.jobs.list', 'rm.lists.list', 'rm.candidate-events.list', 'rm.candidate-messages.list'] as const;
  for (const opId of reads) {
    test(`${operation(opId).method} ${operation(opId).path}: generated documented filter, include, page and per_page combinations answer 200 with a valid body`, async ({ rm, target, covers, cleanup }) => {
      const op = covers(opId, '200');
      const params: Record<string, string> = {};
      if (op.path.includes('{candidateId}')) params.candidateId = await createCandidate(rm, target, cleanup, 'read-property');
      await checkProperty({ name: `${op.id} documented queries`, target, arbitrary: queryArbitrary(opId), predicate: async (query) => {
        expectDocumented(await rm.send({ method: op.method, path: pathFor(op.path, params), query, operationId: op.id }), op, '200');
      } });
    });
  }
});

/** Documented query parameters of an operation (000 §4), each present or not; pages kept well inside the filter cap. */
function queryArbitrary(opId: string): fc.Arbitrary<Record<string, QueryValue>> {
  const op = operation(opId);
  const parts: Record<string, fc.Arbitrary<QueryValue>> = {};
  for (const q of op.query) {
    if (q.name === 'page') parts.page = fc.integer({ min: 1, max: 3 });
    else if (q.name === 'per_page') parts.per_page = fc.integer({ min: 1, max: 50 });
    else if (q.name === 'include' && op.include.length) parts.include = fc.subarray([...op.include], { minLength: 1, maxLength: Math.min(2, op.include.length) });
  }
  for (const f of op.filters) parts[f.name] = validArbitrary(f.schema).map((v) => (Array.isArray(v) ? (v as string[]) : (String(v) as QueryValue)));
  return fc.record(parts, { requiredKeys: [] });
}
