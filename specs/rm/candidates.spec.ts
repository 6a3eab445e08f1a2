/**
 * Candidates (000 §4 Operations: GET/POST /candidates, GET/PATCH /candidates/{candidateId}, and
 * GET /candidates/{candidateId}/job_alert_subscriptions). Credentials and unknown ids of every
 * operation are in catalogue-rules.spec.ts; pagination and filters in pagination-and-filters.spec.ts.
 */
import { test } from '../fixtures';
import { expectDocumented, expectNoServerError, expectStatus, expectThat } from '../../src/checks';
import { pathFor } from '../../src/http/client';
import { bodyShape } from '../../src/reporting/observations';
import { dataOf, envelopeKeys, singleOf } from '../support/rm-doc';
import { candidateBody, createCandidateRecord, findCandidatesWith, getCandidate, runEmail, SEED, walkNumeric } from '../support/rm';
import { fence } from '../support/rm-window';

const sameText = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

test.describe('candidates', () => {
  test('GET /candidates answers 200 with candidate resources @smoke', async ({ rm, covers, observe }) => {
    const op = covers('rm.candidates.list', '200');
    const ex = await rm.send({ method: 'GET', path: op.path, query: { per_page: 5 }, operationId: op.id });
    expectDocumented(ex, op, '200');
    observe('response-shape', 'GET /candidates top-level members', envelopeKeys(ex));
  });

  test('GET /candidates without per_page, and with a large per_page: page sizes are observed @smoke', async ({ rm, covers, observe }) => {
    // 000 §8: default and maximum per_page are not shown -> observations only.
    const op = covers('rm.candidates.list', '200');
    const plain = await rm.send({ method: 'GET', path: op.path, operationId: op.id });
    expectDocumented(plain, op, '200');
    observe('pagination', 'GET /candidates default page size (records on page 1 without per_page)', String(dataOf(plain).length));
    const large = await rm.send({ method: 'GET', path: op.path, query: { page: 1, per_page: 500 }, operationId: op.id });
    expectDocumented(large, op, '200');
    observe('pagination', 'GET /candidates records on page 1 with per_page=500', String(dataOf(large).length));
  });

  test('POST /candidates creates a candidate: 201, and GET /candidates/{candidateId} shows what was sent @smoke', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidates.create', '201');
    covers('rm.candidates.get', '200');
    const email = runEmail(target, 'create');
    const sent = { email, first_name: 'Ada', last_name: 'Lovelace', phone_number: '+15555550100' };
    const ex = await rm.send({ method: 'POST', path: op.path, body: candidateBody(sent), operationId: op.id });
    expectDocumented(ex, op, '201');
    cleanup.leftover(`RM candidate ${email} (000 §4 has no operation that deletes a candidate)`);
    const created = singleOf(ex);
    expectThat(created !== null, 'schema', 'POST /candidates answered 201 without a candidate in data', SEED.layout);
    expectThat(created.type === 'candidates', 'schema', `the created resource has type "${created.type}", not "candidates"`, SEED.shapes);
    // What the write did is visible when the candidate is read back (000 §4 Operations).
    const { resource } = await getCandidate(rm, created.id);
    expectThat(resource.id === created.id, 'state', `GET /candidates/${created.id} answered candidate ${resource.id}`, SEED.ops);
    for (const [name, value] of Object.entries(sent)) {
      expectThat(sameText(resource.attributes[name], value), 'state', `candidate ${created.id}: ${name} is ${JSON.stringify(resource.attributes[name])}, sent ${JSON.stringify(value)}`, SEED.ops);
    }
  });

  const refusals: { title: string; body: (email: string) => unknown }[] = [
    { title: 'without email', body: () => candidateBody({ first_name: 'No', last_name: 'Email' }) },
    { title: 'with an e-mail that is not an e-mail address', body: (email) => candidateBody({ email: email.replace('@', '.at.'), first_name: 'Bad' }) },
    { title: 'without data', body: (email) => ({ type: 'candidates', attributes: { email } }) },
    { title: 'without type', body: (email) => ({ data: { attributes: { email } } }) },
  ];
  for (const { title, body } of refusals) {
    test(`POST /candidates ${title} answers 422`, async ({ rm, target, covers, observe }) => {
      // 000 §4 rule 1 (email required, e-mail format) and the body rule "`data` and `type` required".
      const op = covers('rm.candidates.create', '422');
      const ex = await rm.send({ method: 'POST', path: op.path, body: body(runEmail(target, 'refused')), operationId: op.id });
      expectDocumented(ex, op, '422', { statusCheck: 'validation', schema: false });
      observe('error-body', `POST /candidates 422 (${title})`, bodyShape(ex.response?.text ?? ''));
    });
  }

  test('POST /candidates with an invalid e-mail leaves no candidate behind', async ({ rm, target, covers, cleanup }) => {
    // 000 §4 rule 1 and §7: a rejected candidate (422) is not created.
    const op = covers('rm.candidates.create', '422');
    const list = covers('rm.candidates.list', '200');
    const before = await fence(rm, target, cleanup, 'notrace');
    const invalid = `conformance+${target.run.runId}-${process.pid}-invalid.example.com`;
    const ex = await rm.send({ method: 'POST', path: op.path, body: candidateBody({ email: invalid, first_name: 'Refused' }), operationId: op.id });
    expectDocumented(ex, op, '422', { statusCheck: 'validation', schema: false });
    const walk = await walkNumeric(rm, list, { 'filter[updated_at][gte]': before }, 100, 10);
    const stored = walk.records.filter((r) => sameText(r.attributes.email, invalid));
    expectThat(stored.length === 0, 'no-trace', `POST /candidates answered 422 for e-mail "${invalid}" but candidate ${stored[0]?.id ?? ''} carries it`, SEED.rule1);
  });

  test('POST /candidates with a body that is not JSON is refused without a server error', async ({ rm, covers, observe }) => {
    // 000 §4 rule 1 (an invalid POST is refused) and §7; the exact status for unparsable JSON is observed.
    const op = covers('rm.candidates.create', '422');
    const ex = await rm.send({ method: 'POST', path: op.path, raw: { text: '{"data": {"type": "candidates", "attributes": {"email": ', contentType: 'application/vnd.api+json' }, operationId: op.id });
    expectNoServerError(ex, { seed: SEED.rule1 });
    expectStatus(ex, '4xx', { check: 'validation', seed: SEED.rule1 });
    observe('status', 'POST /candidates with a body that is not JSON', String(ex.response?.status));
  });

  test('PATCH /candidates/{candidateId} changes first name, last name and skills: 200, visible afterwards', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidates.update', '200');
    const created = await createCandidateRecord(rm, target, cleanup, 'patch');
    const changes = { first_name: 'Grace', last_name: 'Hopper', skills: ['cobol', 'compilers'] };
    const ex = await rm.send({ method: 'PATCH', path: pathFor(op.path, { candidateId: created.id }), body: candidateBody(changes), operationId: op.id });
    expectDocumented(ex, op, '200');
    const { resource } = await getCandidate(rm, created.id);
    expectThat(sameText(resource.attributes.first_name, changes.first_name), 'state', `after PATCH, first_name is ${JSON.stringify(resource.attributes.first_name)}`, SEED.ops);
    expectThat(sameText(resource.attributes.last_name, changes.last_name), 'state', `after PATCH, last_name is ${JSON.stringify(resource.attributes.last_name)}`, SEED.ops);
    const skills = resource.attributes.skills;
    expectThat(Array.isArray(skills) && changes.skills.every((s) => skills.includes(s)) && skills.length === changes.skills.length, 'state', `after PATCH, skills are ${JSON.stringify(skills)}, sent ${JSON.stringify(changes.skills)}`, SEED.ops);
    expectThat(sameText(resource.attributes.email, created.email), 'state', `PATCH without email changed email to ${JSON.stringify(resource.attributes.email)}`, SEED.ops);
  });

  const invalidPatches: { title: string; attributes: Record<string, unknown> }[] = [
    { title: 'skills that are not an array of strings', attributes: { skills: 'testing' } },
    { title: 'a first name that is not a string', attributes: { first_name: 42 } },
  ];
  for (const { title, attributes } of invalidPatches) {
    test(`PATCH /candidates/{candidateId} with ${title} answers 422`, async ({ rm, target, covers, cleanup, observe }) => {
      // 000 §4 Operations: first_name, last_name strings; skills array of string; 422 listed.
      const op = covers('rm.candidates.update', '422');
      const created = await createCandidateRecord(rm, target, cleanup, 'patch422');
      const ex = await rm.send({ method: 'PATCH', path: pathFor(op.path, { candidateId: created.id }), body: candidateBody(attributes), operationId: op.id });
      expectDocumented(ex, op, '422', { statusCheck: 'validation', schema: false });
      observe('error-body', `PATCH /candidates/{id} 422 (${title})`, bodyShape(ex.response?.text ?? ''));
    });
  }

  test('GET /candidates/{candidateId}/job_alert_subscriptions answers 200 @smoke', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.job-alert-subscriptions.list', '200');
    const ids = [await createCandidateRecord(rm, target, cleanup, 'alerts').then((c) => c.id)];
    // A candidate with subscriptions, when the first pages show one (bounded search).
    for (const name of ['job_alert_subscriptions', 'job_alert_subscription']) {
      const { found } = await findCandidatesWith(rm, 'job_alert_subscriptions', name, 2);
      if (found[0]) {
        ids.push(found[0].candidate.id);
        break;
      }
    }
    for (const candidateId of ids) {
      const ex = await rm.send({ method: 'GET', path: pathFor(op.path, { candidateId }), operationId: op.id });
      expectDocumented(ex, op, '200');
    }
  });
});
