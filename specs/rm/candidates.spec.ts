/**
 * Candidates (000 §4 Operations: GET/POST /candidates, GET/PATCH /candidates/{candidateId}, and
 * GET /candidates/{candidateId}/job_alert_subscriptions). Credentials and unknown ids of every
 * operation are in catalogue-rules.spec.ts; pagination and filters in pagination-and-filters.spec.ts.
 */
import {
  declares,
  test,
  expectCreatedShown,
  expectDocumented,
  expectNoServerError,
  expectAcceptedOrRefused,
  expectNothingStored,
  expectPageSizeReading,
  expectPagesWithin,
  expectRefused,
  expectResourceType,
  expectValidationFailed,
  expectStoredShown,
  expectValueKept,
  expectValueShown,
  readsAs,
  sameMembers,
  type ApiClient,
  type Cleanup,
  type Exchange,
  type Target,
  type Person,
  type Same,
  PEOPLE,
  phoneNumber,
  plainPerson,
  nextPerson,
  bodyShape,
} from '../kit';
import {
  CANDIDATE_READ_BACK,
  postPerson,
  patchPerson,
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
} from '../kit/rm';
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';

const show = (v: unknown): string => JSON.stringify(v) ?? 'undefined';

/** What a test that creates a candidate and reads it back holds. */
interface ReadBackContext {
  rm: ApiClient;
  target: Target;
  cleanup: Cleanup;
  observe: (category: 'other', subject: string, value: string) => void;
  op: OperationSpec;
}

/**
 * POST /candidates for `who` (with `attributes`): 201, found by its e-mail, read by its id, and what
 * was sent read back in a lawful reading of each field (expectReadBack); `label` names the person.
 */
async function createAndReadBack(
  { rm, target, cleanup, observe, op }: ReadBackContext,
  who: Person,
  purpose: string,
  attributes: Record<string, unknown>,
  label: string,
): Promise<void> {
  const { write, attributes: sent } = await postPerson(rm, target, who, purpose, attributes);
  const email = String(sent.email);
  expectDocumented(write, op, '201');
  cleanup.leftover(`RM candidate ${email} (000 §4 has no operation that deletes a candidate)`);
  const found = await createdCandidate(rm, write, email);
  const created = expectCreatedShown(
    write,
    found.read,
    found.resource,
    'rm.op.candidates.create',
    `GET /candidates?filter[email][eq]=${email}`,
  );
  const { exchange: read, resource } = await getCandidate(rm, created.id);
  expectReadBack(write, read, sent, resource.attributes, `candidate ${created.id}${label ? ` ${label}` : ''} read back`, observe);
}

/**
 * What a POST /candidates sent (`sent`: e-mail, names, phone number) is what a read shows of it
 * (`shown`), each in a lawful reading of its field (000 §2; D42, D50); how each read back is observed.
 */
function expectReadBack(
  write: Exchange,
  read: Exchange,
  sent: Record<string, unknown>,
  shown: Record<string, unknown>,
  context: string,
  observe: (category: 'other', subject: string, value: string) => void,
): void {
  for (const [field, kind] of CANDIDATE_READ_BACK) {
    const value = sent[field];
    if (typeof value !== 'string') continue;
    expectStoredShown(write, read, kind, field, value, shown[field], context);
    observe(
      'other',
      `POST /candidates ${field} read back`,
      shown[field] === value ? 'as sent' : `sent ${show(value)}, read ${show(shown[field])}`,
    );
  }
}

test.describe('candidates', () => {
  test('GET /candidates answers 200 with candidate resources @smoke', declares('rm.candidates.list 200'), async ({ rm, observe }) => {
    const op = operation('rm.candidates.list');
    const ex = await rm.call(op.id, { query: { per_page: 5 } });
    expectDocumented(ex, op, '200');
    observe('response-shape', 'GET /candidates top-level members', envelopeKeys(ex));
  });

  test(
    'GET /candidates without per_page, and with a large per_page: page sizes are observed @smoke',
    declares('rm.candidates.list 200'),
    async ({ rm, observe }) => {
      // 000 §8: "Default and maximum per_page: not shown" -> a large per_page may be served or refused; observed.
      const op = operation('rm.candidates.list');
      const plain = await rm.call(op.id);
      expectDocumented(plain, op, '200');
      observe('pagination', 'GET /candidates default page size (records on page 1 without per_page)', String(dataOf(plain).length));
      const large = await rm.call(op.id, { query: { page: 1, per_page: 500 } });
      expectNoServerError(large, 'rm.query.per_page');
      observe('pagination', 'GET /candidates?page=1&per_page=500', `${String(large.response?.status)}, ${dataOf(large).length} records`);
      let more: boolean | null = null;
      if (large.response?.status === 200) {
        expectDocumented(large, op, '200');
        expectPagesWithin([{ exchange: large, records: dataOf(large) }], 500);
        // Fewer than asked: the end of the records, or a clamped size (page 2 tells them apart).
        if (dataOf(large).length < 500) {
          const next = await rm.call(op.id, { query: { page: 2, per_page: 500 } });
          more = next.response?.status === 200 ? dataOf(next).length > 0 : false;
        }
      }
      // Honoured, clamped, or refused with 400 or 422 (D44); any other status is none of them.
      expectPageSizeReading(large, 500, dataOf(large).length, more);
    },
  );

  test(
    'POST /candidates creates a candidate: 201, and GET /candidates/{candidateId} shows what was sent @smoke',
    declares('rm.candidates.create 201', 'rm.candidates.get 200'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidates.create');
      // A person as people have them (an accent, a family name with a space) with a number of their country as they type it.
      const who = PEOPLE[0] as Person;
      const phone = phoneNumber(who.country, 1);
      const { write: ex, attributes: sent } = await postPerson(rm, target, who, 'create', { phone_number: phone.e164 });
      const email = String(sent.email);
      expectDocumented(ex, op, '201');
      cleanup.leftover(`RM candidate ${email} (000 §4 has no operation that deletes a candidate)`);
      observe('response-shape', 'POST /candidates 201 body', singleOf(ex) ? envelopeKeys(ex) : bodyShape(ex.response?.text ?? ''));
      const answered = singleOf(ex);
      if (answered) expectResourceType(ex, answered.type, 'candidates', 'rm.candidate.type');
      // 000 §4 rule 3: the answer need not show the candidate; then the e-mail filter finds it.
      const found = await createdCandidate(rm, ex, email);
      const where = `the answer and GET /candidates?filter[email][eq]=${email}`;
      const created = expectCreatedShown(ex, found.read, found.resource, 'rm.op.candidates.create', where);
      // What the write did is visible when the candidate is read back, in a lawful reading of each field (D42, D50).
      const { exchange: read, resource } = await getCandidate(rm, created.id);
      expectReadBack(ex, read, sent, resource.attributes, `candidate ${created.id} read back`, observe);
    },
  );

  test(
    "POST /candidates with names as people have them (José, O'Brien, Nguyễn, Müller-Lüdenscheidt, 李, Zoë, Mary Ann, ...): each is taken or refused with 422, and what is taken reads back in a lawful reading",
    declares('rm.candidates.create 201', 'rm.candidates.get 200'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidates.create');
      for (const [i, who] of PEOPLE.entries()) {
        // Each with a number of their own country, in E.164 or as people type it (international format).
        const phone = phoneNumber(who.country, i);
        await createAndReadBack(
          { rm, target, cleanup, observe, op },
          who,
          'person',
          { phone_number: phone.e164 },
          `(${who.first} ${who.last})`,
        );
      }
    },
  );

  test(
    'POST /candidates with phone numbers as people type them (+44 20 7123 4567): taken and read back as the same number, or refused with 422 and taken in E.164',
    declares('rm.candidates.create 201', 'rm.candidates.get 200'),
    async ({ rm, target, cleanup, observe }) => {
      // 000 §2 "| email, phone_number | string |": no format; a target may take E.164 alone (D65), then E.164 is sent.
      const op = operation('rm.candidates.create');
      for (const [i, country] of (['GB', 'US', 'DE', 'JP'] as const).entries()) {
        const who = plainPerson(nextPerson());
        const phone = phoneNumber(country, i + 100);
        await createAndReadBack({ rm, target, cleanup, observe, op }, who, 'typed-phone', { phone_number: phone.typed }, '');
      }
    },
  );

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
    test(
      `POST /candidates ${title} answers 422 and creates nothing`,
      declares('rm.candidates.create 422', 'rm.candidates.get 200', 'rm.candidates.list 200'),
      async ({ rm, target, cleanup, observe }) => {
        // 000 §4 rule 1 (email required, e-mail format) and the row's "`data` and `type` required" with its 422;
        // 000 §7 422 "a rejected candidate": nothing is stored (no-trace, through every read that finds a candidate).
        const op = operation('rm.candidates.create');
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
      },
    );
  }

  test(
    'POST /candidates without data.type: 201, or 422 and nothing stored (D12 rm.write.untyped-body)',
    declares('rm.candidates.create 422', 'rm.candidates.list 200'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidates.create');
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
    },
  );

  test(
    'POST /candidates with an invalid e-mail leaves no candidate behind',
    declares('rm.candidates.create 422', 'rm.candidates.get 200', 'rm.candidates.list 200'),
    async ({ rm, target, cleanup }) => {
      // 000 §4 rule 1 and §7 (422 for "a rejected candidate"): the rejected candidate is not created.
      const op = operation('rm.candidates.create');
      const list = operation('rm.candidates.list');
      const before = await fence(rm, target, cleanup, 'notrace');
      // An address with its @ typed as a dot: no e-mail address under any reading.
      const invalid = runEmail(target, 'invalid').replace('@', '.');
      const ex = await rm.call(op.id, { body: candidateBody({ email: invalid, first_name: 'Refused' }) });
      expectValidationFailed(ex, `e-mail "${invalid}" is not an e-mail address`);
      const walk = await walkNumeric(rm, list, { 'filter[updated_at][gte]': before }, 100, 10);
      const stored = walk.records.filter((r) => readsAs('email', invalid, r.attributes.email)).map((r) => r.id);
      const where = `GET /candidates?filter[updated_at][gte]=${before}, among candidates with e-mail "${invalid}",`;
      expectNothingStored(ex, walk.exchanges, stored, 'rm.error.422', where);
    },
  );

  test(
    'POST /candidates with a body that is not JSON is refused without a server error',
    declares('rm.candidates.create 422'),
    async ({ rm, observe }) => {
      // 000 §4 rule 1: a POST that lacks `email` is refused (422); the exact status for unparsable JSON is observed.
      const op = operation('rm.candidates.create');
      const text = '{"data": {"type": "candidates", "attributes": {"email": ';
      const ex = await rm.call(op.id, { raw: { text, contentType: 'application/vnd.api+json' } });
      expectRefused(ex, 'rm.rule.candidate-email', 'the POST carries no e-mail');
      observe('status', 'POST /candidates with a body that is not JSON', String(ex.response?.status));
    },
  );

  test(
    'PATCH /candidates/{candidateId} changes first name, last name and skills: 200, visible afterwards',
    declares('rm.candidates.get 200', 'rm.candidates.update 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      const op = operation('rm.candidates.update');
      const created = await createCandidateRecord(rm, target, cleanup, 'patch');
      // Names of another script than Latin-1's (a target may refuse them with 422, D65: then their plain forms are sent).
      const skills = ['cobol', 'compilers'];
      const who = PEOPLE.find((p) => p.last === 'Nguyễn') as Person;
      const { write, read, attributes: a, sent } = await patchPerson(rm, op, created.id, who, ['first_name', 'last_name'], { skills });
      const clause = 'rm.op.candidates.update';
      for (const name of ['first_name', 'last_name'] as const)
        expectStoredShown(write, read, 'name', name, String(sent[name]), a[name], `after PATCH ${show(sent)}`);
      expectValueShown(write, read, 'skills', skills, a.skills, clause, 'after PATCH', sameMembers);
      // "no attribute is required": what the body leaves out stays as it was (in a lawful reading of what was first sent, D42).
      expectStoredShown(write, read, 'email', 'email', created.email, a.email, 'PATCH without email (kept)');
      // skills is "array of string": a PATCH sets it to the array sent (the earlier skills do not stay beside it).
      const again = await patchCandidate(rm, op, created.id, candidateBody({ skills: ['testing'] }));
      const after = `after a second PATCH {skills: ["testing"]} (the first sent ${show(skills)})`;
      expectValueShown(again.write, again.read, 'skills', ['testing'], again.attributes.skills, clause, after, sameMembers);
      // An empty array is an "array of string" too: a PATCH {skills: []} leaves the candidate without skills
      // (read back as [], or as no value: null or absent, D1).
      const cleared = await patchCandidate(rm, op, created.id, candidateBody({ skills: [] }));
      const noSkill: Same = (_sent, read) => read === null || read === undefined || (Array.isArray(read) && read.length === 0);
      const emptied = 'after a third PATCH {skills: []} (the second sent ["testing"])';
      expectValueShown(cleared.write, cleared.read, 'skills', [], cleared.attributes.skills, clause, emptied, noSkill);
    },
  );

  test(
    'PATCH /candidates/{candidateId} with first_name alone keeps last_name and skills as they were',
    declares('rm.candidates.get 200', 'rm.candidates.update 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      // 000 §4 PATCH row: "no attribute is required": an attribute the body does not carry is not changed.
      const op = operation('rm.candidates.update');
      const created = await createCandidateRecord(rm, target, cleanup, 'patch-one');
      const first = { last_name: 'Okonkwo-Eze', skills: ['cobol', 'compilers'] };
      const clause = 'rm.op.candidates.update';
      const before = await patchCandidate(rm, op, created.id, candidateBody(first));
      const was = `after PATCH ${show(first)}`;
      expectStoredShown(before.write, before.read, 'name', 'last_name', first.last_name, before.attributes.last_name, was);
      expectValueShown(before.write, before.read, 'skills', first.skills, before.attributes.skills, clause, was, sameMembers);

      const who = PEOPLE.find((p) => p.first === 'Zoë') as Person;
      const { write, read, attributes: a, sent } = await patchPerson(rm, op, created.id, who, ['first_name']);
      const alone = `PATCH ${show(sent)} (no attribute is required; no other was sent)`;
      expectStoredShown(write, read, 'name', 'first_name', String(sent.first_name), a.first_name, `after ${alone}`);
      // Kept: what the read before it showed, unchanged.
      expectValueKept(write, read, 'last_name', before.attributes.last_name, a.last_name, clause, alone);
      expectValueKept(write, read, 'skills', first.skills, a.skills, clause, alone, sameMembers);
    },
  );

  const invalidPatches: { title: string; attributes: Record<string, unknown> }[] = [
    { title: 'skills that are not an array of strings', attributes: { skills: 'testing' } },
    { title: 'a first name that is not a string', attributes: { first_name: 42 } },
  ];
  for (const { title, attributes } of invalidPatches) {
    test(
      `PATCH /candidates/{candidateId} with ${title}: 200, or 422 and nothing changed (D32 rm.write.untied-rule)`,
      declares('rm.candidates.get 200', 'rm.candidates.update 422', 'rm.candidates.create'),
      async ({ rm, target, cleanup, observe }) => {
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
          expectNothingStored(
            ex,
            [read],
            changed,
            'rm.error.422',
            `GET /candidates/${created.id} (attributes changed since it was created)`,
          );
        }
        const stored = Object.keys(attributes)
          .map((k) => `${k}=${show(resource.attributes[k])}`)
          .join(', ');
        observe(
          'status',
          `PATCH /candidates/{id} with ${title}`,
          `${String(ex.response?.status)} ${bodyShape(ex.response?.text ?? '')}; afterwards ${stored}`,
        );
      },
    );
  }

  test(
    'GET /candidates/{candidateId}/job_alert_subscriptions answers 200 @smoke',
    declares('rm.candidates.list 200', 'rm.job-alert-subscriptions.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      const op = operation('rm.job-alert-subscriptions.list');
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
    },
  );
});
