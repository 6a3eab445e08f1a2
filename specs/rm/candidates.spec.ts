/**
 * Candidates (000 §4 Operations: GET/POST /candidates, GET/PATCH /candidates/{candidateId}, and
 * GET /candidates/{candidateId}/job_alert_subscriptions). Credentials and unknown ids of every
 * operation are in catalogue-rules.spec.ts; pagination and filters in pagination-and-filters.spec.ts.
 */
import {
  test,
  exactly,
  expectCreatedShown,
  expectDocumented,
  expectNoServerError,
  expectAcceptedOrRefused,
  expectNothingStored,
  expectPagesWithin,
  expectRefused,
  expectResourceType,
  expectValidationFailed,
  expectValueKept,
  expectValueShown,
  sameEmail,
  samePhone,
  sameMembers,
  bodyShape,
  dataOf,
  envelopeKeys,
  singleOf,
  candidateBody,
  findCandidatesWith,
  runEmail,
  candidatesByEmail,
  createCandidateRecord,
  createdCandidate,
  getCandidate,
  patchCandidate,
  walkNumeric,
  fence,
  candidateFence,
  expectNoCandidateFrom,
  runName,
  RM_UNTIED_RULE,
  RM_UNTYPED_BODY,
} from '../kit';
import { operation } from '../../src/catalogue';

const show = (v: unknown): string => JSON.stringify(v) ?? 'undefined';

test.describe('candidates', () => {
  test('GET /candidates answers 200 with candidate resources @smoke', async ({ rm, covers, observe }) => {
    const op = covers('rm.candidates.list', '200');
    const ex = await rm.call(op.id, { query: { per_page: 5 } });
    expectDocumented(ex, op, '200');
    observe('response-shape', 'GET /candidates top-level members', envelopeKeys(ex));
  });

  test('GET /candidates without per_page, and with a large per_page: page sizes are observed @smoke', async ({ rm, covers, observe }) => {
    // 000 §8: "Default and maximum per_page: not shown" -> a large per_page may be served or refused; observed.
    const op = covers('rm.candidates.list', '200');
    const plain = await rm.call(op.id);
    expectDocumented(plain, op, '200');
    observe('pagination', 'GET /candidates default page size (records on page 1 without per_page)', String(dataOf(plain).length));
    const large = await rm.call(op.id, { query: { page: 1, per_page: 500 } });
    expectNoServerError(large, 'rm.query.per_page');
    observe('pagination', 'GET /candidates?page=1&per_page=500', `${String(large.response?.status)}, ${dataOf(large).length} records`);
    if (large.response?.status === 200) {
      expectDocumented(large, op, '200');
      expectPagesWithin([{ exchange: large, records: dataOf(large) }], 500);
    }
  });

  test('POST /candidates creates a candidate: 201, and GET /candidates/{candidateId} shows what was sent @smoke', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    const op = covers('rm.candidates.create', '201');
    covers('rm.candidates.get', '200');
    const email = runEmail(target, 'create');
    const sent = { email, first_name: 'Ada', last_name: 'Lovelace', phone_number: '+15555550100' };
    const ex = await rm.call(op.id, { body: candidateBody(sent) });
    expectDocumented(ex, op, '201');
    cleanup.leftover(`RM candidate ${email} (000 §4 has no operation that deletes a candidate)`);
    observe('response-shape', 'POST /candidates 201 body', singleOf(ex) ? envelopeKeys(ex) : bodyShape(ex.response?.text ?? ''));
    const answered = singleOf(ex);
    if (answered) expectResourceType(ex, answered.type, 'candidates', 'rm.candidate.type');
    // 000 §4 rule 3: the answer need not show the candidate; then the e-mail filter finds it.
    const found = await createdCandidate(rm, ex, email);
    const where = `the answer and GET /candidates?filter[email][eq]=${email}`;
    const created = expectCreatedShown(ex, found.read, found.resource, 'rm.op.candidates.create', where);
    // What the write did is visible when the candidate is read back.
    const { exchange: read, resource } = await getCandidate(rm, created.id);
    const a = resource.attributes;
    const context = `candidate ${created.id} read back`;
    expectValueShown(ex, read, 'email', email, a.email, 'rm.op.candidates.create', context, sameEmail);
    for (const name of ['first_name', 'last_name'] as const) {
      expectValueShown(ex, read, name, sent[name], a[name], 'rm.op.candidates.create', context, exactly);
    }
    // The row sends phone_number (a string) with the candidate: it is shown, as sent or normalised (D42).
    expectValueShown(ex, read, 'phone_number', sent.phone_number, a.phone_number, 'rm.op.candidates.create', context, samePhone);
    observe(
      'other',
      'POST /candidates phone_number read back',
      a.phone_number === sent.phone_number ? 'verbatim' : `sent ${sent.phone_number}, read ${show(a.phone_number)}`,
    );
  });

  // Each refused body carries a run-unique last name, so that a candidate it left behind is found among those changed since.
  const refusals: { title: string; body: (email: string, lastName: string) => unknown; sends: 'email' | 'none' }[] = [
    { title: 'without email', body: (_, lastName) => candidateBody({ first_name: 'No', last_name: lastName }), sends: 'none' },
    {
      title: 'with an e-mail that is not an e-mail address',
      body: (email, lastName) => candidateBody({ email: email.replace('@', '.at.'), first_name: 'Bad', last_name: lastName }),
      sends: 'email',
    },
    // Neither is an address under any reading of "e-mail format" (RFC 5322 §3.4.1: local-part "@" domain).
    {
      title: 'with an e-mail that has no domain',
      body: (email, lastName) => candidateBody({ email: `${email.split('@')[0] ?? 'jane.doe'}@`, first_name: 'Bad', last_name: lastName }),
      sends: 'email',
    },
    {
      title: 'with an e-mail that has no local part',
      body: (email, lastName) =>
        candidateBody({ email: `@${email.split('@')[1] ?? 'example.com'}`, first_name: 'Bad', last_name: lastName }),
      sends: 'email',
    },
    {
      title: 'without data',
      body: (email, lastName) => ({ type: 'candidates', attributes: { email, last_name: lastName } }),
      sends: 'email',
    },
  ];
  for (const { title, body, sends } of refusals) {
    test(`POST /candidates ${title} answers 422 and creates nothing`, async ({ rm, target, covers, cleanup, observe }) => {
      // 000 §4 rule 1 (email required, e-mail format) and the row's "`data` and `type` required" with its 422;
      // 000 §7 422 "a rejected candidate": nothing is stored (no-trace, through every read that finds a candidate).
      const op = covers('rm.candidates.create', '422');
      const email = runEmail(target, 'refused');
      const lastName = runName('Refused');
      const before = await candidateFence(rm, target, cleanup);
      const sent = body(email, lastName);
      const ex = await rm.call(op.id, { body: sent });
      expectValidationFailed(ex, title);
      observe('error-body', `POST /candidates 422 (${title})`, bodyShape(ex.response?.text ?? ''));
      const data =
        (sent as { data?: { attributes?: { email?: unknown } }; attributes?: { email?: unknown } }).data?.attributes ??
        (sent as { attributes?: { email?: unknown } }).attributes;
      const sentEmail = sends === 'email' && typeof data?.email === 'string' ? data.email : undefined;
      await expectNoCandidateFrom(rm, ex, before, { ...(sentEmail === undefined ? {} : { email: sentEmail }), lastName });
    });
  }

  test('POST /candidates without data.type: 201, or 422 and nothing stored (D12 rm.write.untyped-body)', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    const op = covers('rm.candidates.create');
    const email = runEmail(target, 'untyped');
    const ex = await rm.call(op.id, { body: { data: { attributes: { email } } } });
    expectAcceptedOrRefused(ex, 'rm.op.candidates.create', RM_UNTYPED_BODY, [201], 'a body with an e-mail but without data.type');
    observe('status', 'POST /candidates without data.type', String(ex.response?.status ?? 'no answer'));
    if (ex.response?.status === 201) {
      cleanup.leftover(`RM candidate ${email} (accepted without data.type)`);
      return;
    }
    const stored = await candidatesByEmail(rm, email);
    const where = `GET /candidates?filter[email][eq]=${email} (its e-mail)`;
    expectNothingStored(
      ex,
      [stored.exchange],
      stored.records.map((r) => r.id),
      'rm.error.422',
      where,
    );
  });

  test('POST /candidates with an invalid e-mail leaves no candidate behind', async ({ rm, target, covers, cleanup }) => {
    // 000 §4 rule 1 and §7 (422 for "a rejected candidate"): the rejected candidate is not created.
    const op = covers('rm.candidates.create', '422');
    const list = covers('rm.candidates.list', '200');
    const before = await fence(rm, target, cleanup, 'notrace');
    const invalid = `conformance+${target.run.runId}-${process.pid}-invalid.example.com`;
    const ex = await rm.call(op.id, { body: candidateBody({ email: invalid, first_name: 'Refused' }) });
    expectValidationFailed(ex, `e-mail "${invalid}" is not an e-mail address`);
    const walk = await walkNumeric(rm, list, { 'filter[updated_at][gte]': before }, 100, 10);
    const stored = walk.records.filter((r) => sameEmail(invalid, r.attributes.email)).map((r) => r.id);
    const where = `GET /candidates?filter[updated_at][gte]=${before}, among candidates with e-mail "${invalid}",`;
    expectNothingStored(ex, walk.exchanges, stored, 'rm.error.422', where);
  });

  test('POST /candidates with a body that is not JSON is refused without a server error', async ({ rm, covers, observe }) => {
    // 000 §4 rule 1: a POST that lacks `email` is refused (422); the exact status for unparsable JSON is observed.
    const op = covers('rm.candidates.create', '422');
    const text = '{"data": {"type": "candidates", "attributes": {"email": ';
    const ex = await rm.call(op.id, { raw: { text, contentType: 'application/vnd.api+json' } });
    expectRefused(ex, 'rm.rule.candidate-email', 'the POST carries no e-mail');
    observe('status', 'POST /candidates with a body that is not JSON', String(ex.response?.status));
  });

  test('PATCH /candidates/{candidateId} changes first name, last name and skills: 200, visible afterwards', async ({
    rm,
    target,
    covers,
    cleanup,
  }) => {
    const op = covers('rm.candidates.update', '200');
    const created = await createCandidateRecord(rm, target, cleanup, 'patch');
    const changes = { first_name: 'Grace', last_name: 'Hopper', skills: ['cobol', 'compilers'] };
    const { write, read, attributes: a } = await patchCandidate(rm, op, created.id, candidateBody(changes));
    const clause = 'rm.op.candidates.update';
    expectValueShown(write, read, 'first_name', changes.first_name, a.first_name, clause, 'after PATCH');
    expectValueShown(write, read, 'last_name', changes.last_name, a.last_name, clause, 'after PATCH');
    expectValueShown(write, read, 'skills', changes.skills, a.skills, clause, 'after PATCH', sameMembers);
    // "no attribute is required": what the body leaves out stays as it was.
    expectValueKept(write, read, 'email', created.email, a.email, clause, 'PATCH without email', sameEmail);
    // skills is "array of string": a PATCH sets it to the array sent (the earlier skills do not stay beside it).
    const again = await patchCandidate(rm, op, created.id, candidateBody({ skills: ['testing'] }));
    const after = `after a second PATCH {skills: ["testing"]} (the first sent ${show(changes.skills)})`;
    expectValueShown(again.write, again.read, 'skills', ['testing'], again.attributes.skills, clause, after, sameMembers);
  });

  test('PATCH /candidates/{candidateId} with first_name alone keeps last_name and skills as they were', async ({
    rm,
    target,
    covers,
    cleanup,
  }) => {
    // 000 §4 PATCH row: "no attribute is required": an attribute the body does not carry is not changed.
    const op = covers('rm.candidates.update', '200');
    const created = await createCandidateRecord(rm, target, cleanup, 'patch-one');
    const first = { last_name: 'Hopper', skills: ['cobol', 'compilers'] };
    const clause = 'rm.op.candidates.update';
    const before = await patchCandidate(rm, op, created.id, candidateBody(first));
    const was = `after PATCH ${show(first)}`;
    expectValueShown(before.write, before.read, 'last_name', first.last_name, before.attributes.last_name, clause, was);
    expectValueShown(before.write, before.read, 'skills', first.skills, before.attributes.skills, clause, was, sameMembers);

    const { write, read, attributes: a } = await patchCandidate(rm, op, created.id, candidateBody({ first_name: 'Grace' }));
    expectValueShown(write, read, 'first_name', 'Grace', a.first_name, clause, 'after PATCH {first_name: "Grace"}');
    const alone = 'PATCH with first_name alone (no attribute is required; no other was sent)';
    expectValueKept(write, read, 'last_name', first.last_name, a.last_name, clause, alone);
    expectValueKept(write, read, 'skills', first.skills, a.skills, clause, alone, sameMembers);
  });

  const invalidPatches: { title: string; attributes: Record<string, unknown> }[] = [
    { title: 'skills that are not an array of strings', attributes: { skills: 'testing' } },
    { title: 'a first name that is not a string', attributes: { first_name: 42 } },
  ];
  for (const { title, attributes } of invalidPatches) {
    test(`PATCH /candidates/{candidateId} with ${title}: 200, or 422 and nothing changed (D32 rm.write.untied-rule)`, async ({
      rm,
      target,
      cleanup,
      observe,
    }) => {
      // 000 §4 lists 422 for PATCH but ties it to no rule: accepted (200) or refused with 422 (000 §7 "validation failed").
      const op = operation('rm.candidates.update');
      const created = await createCandidateRecord(rm, target, cleanup, 'patch422');
      const ex = await rm.call(op.id, { params: { candidateId: created.id }, body: candidateBody(attributes) });
      expectAcceptedOrRefused(ex, 'rm.op.candidates.update', RM_UNTIED_RULE, [200], title);
      const { exchange: read, resource } = await getCandidate(rm, created.id);
      if (ex.response?.status === 422) {
        // Refused: the record keeps what it had (000 §7 422 "validation failed"), none of the values sent.
        const changed = Object.keys(attributes).filter(
          (k) => JSON.stringify(resource.attributes[k]) !== JSON.stringify(created.resource.attributes[k]),
        );
        expectNothingStored(ex, [read], changed, 'rm.error.422', `GET /candidates/${created.id} (attributes changed since it was created)`);
      }
      const stored = Object.keys(attributes)
        .map((k) => `${k}=${show(resource.attributes[k])}`)
        .join(', ');
      observe(
        'status',
        `PATCH /candidates/{id} with ${title}`,
        `${String(ex.response?.status)} ${bodyShape(ex.response?.text ?? '')}; afterwards ${stored}`,
      );
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
      const ex = await rm.call(op.id, { params: { candidateId } });
      expectDocumented(ex, op, '200');
    }
  });
});
