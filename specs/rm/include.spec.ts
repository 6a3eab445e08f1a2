/**
 * include on GET /candidates and GET /candidates/{candidateId} (000 §4 Allowed include values):
 * one test per allowed value of the catalogue. Each test first makes the include observable: it
 * creates the related records the API lets it create (educations, employments, taggings through
 * POST tags, list membership through PUT, a resume file), and otherwise finds a candidate on the
 * target whose relationships name such records (bounded search). Then `include=<value>` must embed
 * those records, and where 000 §2's relationship table names the relation, the candidate's
 * relationship must name them ("where related records exist, `relationships`"). A value for which
 * no such record can be created or found is skipped with the reason, never passed; so is a nested
 * value whose later segments reach no record.
 */
import {
  declares,
  test,
  expectDocumented,
  expectKnownEmbedded,
  expectNoServerError,
  expectRelationshipNames,
  expectRelationshipsApart,
  expectOnlyFitting,
  expectSelects,
  readsAs,
  type ClauseOf,
  type KnownRecord,
  type Target,
  type ApiClient,
  type Exchange,
  type Cleanup,
} from '../kit';
import {
  eventually,
  dataOf,
  relationshipRefs,
  singleOf,
  type Resource,
  CANDIDATE_INCLUDES,
  expectIncluded,
  reachedBy,
  segmentTarget,
  type IncludeResult,
  resolveListId,
  runTag,
  addEducation,
  addEmployment,
  addFile,
  addTag,
  addToList,
  allLists,
  createCandidateRecord,
  refusedAsPastEnd,
  expectOwnEvents,
  expectOwnMessages,
} from '../kit/rm';
import { operation } from '../../contract/catalogue';

const getOp = operation('rm.candidates.get');
const listOp = operation('rm.candidates.list');

/** First segments whose records the suite can give a new candidate (000 §4 Operations). */
const CREATABLE = new Set(['educations', 'employments', 'taggings', 'lists', 'resumes']);

/**
 * The row of 000 §2's candidate relationship table that names the relation of an include value's
 * first segment; null where the table has no such relationship (taggings, first and last touch
 * events are include values only): then no relationship is required, only the embedding.
 */
const RELATIONSHIP_ROW: Readonly<Record<string, ClauseOf<'include'> | null>> = {
  educations: 'rm.candidate.rel.educations',
  employments: 'rm.candidate.rel.employments',
  lists: 'rm.candidate.rel.lists',
  job_alert_subscriptions: 'rm.candidate.rel.job_alert_subscription',
  resumes: 'rm.candidate.relationships',
  locations: 'rm.candidate.relationships',
  events: 'rm.candidate.relationships',
  jobs: 'rm.candidate.relationships',
  job_applications: 'rm.candidate.relationships',
  form_submissions: 'rm.candidate.relationships',
  messages_to: 'rm.candidate.relationships',
  messages_from: 'rm.candidate.relationships',
  notes: 'rm.candidate.relationships',
  project_template_stages: 'rm.candidate.relationships',
  taggings: null,
  first_touch_event: null,
  last_touch_event: null,
};

/** A related record the candidate surely has: by id (named by a relationship where the table has one), or a tagging by name. */
type Known = KnownRecord;

/** The candidate an include is checked on, the records it surely has, and how they were obtained. */
interface Subject {
  candidateId: string;
  email: string | null;
  known: Known[];
  how: string;
}

const describeKnown = (known: Known): string => (known.name !== null ? `"${known.name}"` : String(known.id));

/**
 * What include=<value> must show for the subject's candidate in `exchange`: each known record is
 * embedded, and, where 000 §2 names the relationship, the candidate's relationship names it.
 */
function expectKnown(exchange: Exchange, result: IncludeResult, subject: Subject, include: string, where: string, observe: Observe): void {
  const top = include.split('.')[0] ?? include;
  const row = RELATIONSHIP_ROW[top] ?? null;
  const candidate = dataOf(exchange).find((c) => c.id === subject.candidateId);
  const names = segmentTarget(top, 0).relationships;
  const refs = candidate ? names.flatMap((n) => relationshipRefs(candidate, n) ?? []) : [];
  // A relationship carried without linkage (links only) while its records are known was judged by expectIncluded (D80).
  const notGiven = candidate !== undefined && refs.length === 0 && names.every((n) => relationshipRefs(candidate, n) === undefined);
  for (const known of subject.known) {
    const what = `${where}: candidate ${subject.candidateId} has ${top} record ${describeKnown(known)} (${subject.how})`;
    expectKnownEmbedded(exchange, result.embedded, known, 'rm.include.candidates', what);
    if (known.id === null || notGiven) continue;
    if (row === null) {
      observe(
        'other',
        `include=${top}: the candidate's relationships`,
        refs.some((r) => r.id === known.id) ? 'name the embedded record' : 'do not name it',
      );
      continue;
    }
    expectRelationshipNames(exchange, refs, known.id, names, row, what);
  }
}

type Observe = (category: 'other', subject: string, value: string) => void;

/** The records `subject` is known to have, by each relationship name of the include value's first segment (D80). */
function knownCounts(subject: Subject, include: string): Record<string, number> {
  const top = include.split('.')[0] ?? include;
  return Object.fromEntries(segmentTarget(top, 0).relationships.map((n) => [n, subject.known.length]));
}

/** The relationships whose records the candidate's own operations show (D82): events through its events, messages through its messages. */
const OWN_EVENTS = new Set(['events', 'first_touch_event', 'last_touch_event']);
const OWN_MESSAGES = new Set(['messages_to', 'messages_from']);

/** Gives a new candidate the records of `top`; null when the target offers no way (only one static list, a file its relationships do not show). */
async function created(rm: ApiClient, target: Target, cleanup: Cleanup, top: string): Promise<Subject | null> {
  const candidate = await createCandidateRecord(rm, target, cleanup, `inc-${top}`);
  const subject = (known: Known[], how: string): Subject => ({ candidateId: candidate.id, email: candidate.email, known, how });
  switch (top) {
    case 'educations':
      return subject([{ id: await addEducation(rm, cleanup, candidate.id), name: null }], 'added by POST educations');
    case 'employments':
      return subject([{ id: await addEmployment(rm, cleanup, candidate.id), name: null }], 'added by POST employments');
    case 'taggings': {
      const name = runTag(target, 'inc');
      // Matched by name: the id GET /candidates/{id}/tags lists need not be the embedded record's.
      const { tagId } = await addTag(rm, cleanup, candidate.id, name, candidate.email);
      return subject([{ id: tagId, name }], 'added by POST tags');
    }
    case 'lists': {
      // Another list than the one lists-membership.spec.ts counts, so that its counts stay exact.
      const membershipList = await resolveListId(rm, target);
      const other = (await allLists(rm, 3)).find((l) => l.id !== membershipList)?.id ?? null;
      if (other === null) return null;
      await addToList(rm, cleanup, other, candidate.id);
      return subject([{ id: other, name: null }], 'added by PUT list membership');
    }
    case 'resumes': {
      const answer = await addFile(rm, cleanup, candidate.id);
      const shown = singleOf(answer);
      // 000 §4 rule 3: the answer need not show the file; then the candidate's own relationship is the evidence.
      const fileId = shown !== null && shown.type !== 'candidates' && shown.id !== candidate.id ? shown.id : null;
      if (fileId !== null) return subject([{ id: fileId, name: null }], 'attached by POST candidate_files');
      const ex = await rm.call(getOp.id, { params: { candidateId: candidate.id } });
      expectDocumented(ex, getOp, '200');
      const refs = singleOf(ex) ? (relationshipRefs(singleOf(ex) as Resource, 'resumes') ?? []) : [];
      return refs.length
        ? subject(
            refs.map((r) => ({ id: r.id, name: null })),
            'attached by POST candidate_files',
          )
        : null;
    }
    default:
      return null;
  }
}

/**
 * A candidate among the first pages of GET /candidates whose relationship for the include names
 * records, preferring one from which every segment of the value reaches a record: first asked with
 * the include (its answers are checked too), then, when none shows any, without it. Null when none.
 */
async function seeded(rm: ApiClient, include: string, exchanges: Exchange[]): Promise<{ subject: Subject; deep: boolean } | null> {
  const top = include.split('.')[0] ?? include;
  const names = segmentTarget(top, 0).relationships;
  let best: { subject: Subject; deep: boolean } | null = null;
  for (const withInclude of [true, false]) {
    for (let page = 1; page <= 3; page += 1) {
      const query = withInclude ? { include, page, per_page: 20 } : { page, per_page: 20 };
      const ex = await rm.call(listOp.id, { query });
      if (refusedAsPastEnd(ex, page)) break;
      expectDocumented(ex, listOp, '200');
      if (withInclude) exchanges.push(ex);
      const records = dataOf(ex);
      for (const candidate of records) {
        const refs = names.flatMap((n) => relationshipRefs(candidate, n) ?? []);
        if (refs.length === 0) continue;
        const deep = withInclude && reachedBy(ex, include, CANDIDATE_INCLUDES, [candidate]).every((level) => level.length > 0);
        const how = `named by its ${names.join(' or ')} relationship on GET /candidates${withInclude ? `?include=${include}` : ''}`;
        const subject: Subject = { candidateId: candidate.id, email: null, known: refs.map((r) => ({ id: r.id, name: null })), how };
        if (deep) return { subject, deep };
        best ??= { subject, deep };
      }
      if (records.length < 20) break;
    }
    if (best) return best;
  }
  return best;
}

/** What a test of an include calls besides GET /candidates and GET /candidates/{candidateId}: what makes and reads the related records. */
const INCLUDE_ALSO_CALLS: Readonly<Record<string, readonly string[]>> = {
  events: ['rm.candidate-events.list 200'],
  first_touch_event: ['rm.candidate-events.list 200'],
  last_touch_event: ['rm.candidate-events.list 200'],
  messages_to: ['rm.candidate-messages.list 200'],
  messages_from: ['rm.candidate-messages.list 200'],
  resumes: ['rm.candidates.create', 'rm.candidate-files.create'],
  educations: ['rm.candidates.create', 'rm.educations.create', 'rm.educations.list 200'],
  employments: ['rm.candidates.create', 'rm.employments.create', 'rm.employments.list 200'],
  lists: ['rm.candidates.create', 'rm.list-candidates.add', 'rm.list-candidates.remove', 'rm.lists.list 200'],
  taggings: ['rm.candidates.create', 'rm.candidate-tags.create', 'rm.candidate-tags.delete', 'rm.candidate-tags.list 200'],
};

test.describe('include on candidates', () => {
  for (const include of getOp.include) {
    const top = include.split('.')[0] ?? include;
    test(
      `GET /candidates and /candidates/{candidateId} with include=${include} embed the related records`,
      declares('rm.candidates.list 200', 'rm.candidates.get 200', ...(INCLUDE_ALSO_CALLS[top] ?? [])),
      async ({ rm, target, cleanup, observe }) => {
        const list = operation('rm.candidates.list');
        const get = operation('rm.candidates.get');
        if (!list.include.includes(include)) throw new Error(`include=${include} is allowed on get but not on list in the catalogue`);
        const exchanges: Exchange[] = [];
        const made = CREATABLE.has(top) ? await created(rm, target, cleanup, top) : null;
        let subject = made;
        if (subject === null) subject = (await seeded(rm, include, exchanges))?.subject ?? null;
        for (const e of exchanges) expectIncluded(e, include, CANDIDATE_INCLUDES, 'rm.include.candidates');
        const why = CREATABLE.has(top)
          ? `the suite could not give a candidate ${top} records, and no candidate on the first pages of GET /candidates has any`
          : `no operation creates ${top} records, and no candidate on the first pages of GET /candidates has any`;
        test.skip(subject === null, `include=${include}: ${why}; set up such a record to check this include value`);
        if (subject === null) return;
        const { candidateId } = subject;

        // One candidate by id. Records the suite just gave it may show a little later (D78, D88): read again, bounded,
        // while the answer does not mention each of them (the judgement below is exact).
        const read = () => rm.call(get.id, { params: { candidateId }, query: { include } });
        let byId = await read();
        const known = subject.known;
        const mentions = (): boolean => known.every((k) => (byId.response?.text ?? '').includes(k.name ?? String(k.id)));
        if (made !== null && byId.response?.status === 200 && !mentions())
          await eventually(async () => {
            byId = await read();
            return byId.response?.status !== 200 || mentions();
          });
        expectDocumented(byId, get, '200');
        const result = expectIncluded(byId, include, CANDIDATE_INCLUDES, 'rm.include.candidates', knownCounts(subject, include));
        expectKnown(byId, result, subject, include, `GET /candidates/${candidateId}?include=${include}`, observe);

        // The candidate's own records (D82, D83, D84): what its relationship names, its own operation shows.
        const through = { candidateId, relationship: top, naming: byId, named: result.topRefs, embedded: result.embedded };
        if (OWN_EVENTS.has(top)) await expectOwnEvents(rm, through, observe);
        if (OWN_MESSAGES.has(top)) await expectOwnMessages(rm, through, observe);

        // The list operation: a candidate of ours alone, by its e-mail. include embeds; the filter still selects
        // (000 §4 Filters "exact e-mail match"): that candidate, and only candidates with that e-mail.
        // Both ways of paging (000 §4 Common query parameters): a numeric page, and a cursor request (no page).
        for (const paging of subject.email === null ? [] : [{ page: 1, per_page: 10 }, { per_page: 10 }]) {
          const email = subject.email ?? '';
          const query = { include, 'filter[email][eq]': email, ...paging };
          let ex = await rm.call(list.id, { query });
          // A list served from an index may show a new candidate a little later (D78).
          if (ex.response?.status === 200 && !dataOf(ex).some((c) => c.id === candidateId))
            await eventually(async () => {
              ex = await rm.call(list.id, { query });
              return ex.response?.status !== 200 || dataOf(ex).some((c) => c.id === candidateId);
            });
          expectDocumented(ex, list, '200');
          const where = `GET /candidates?filter[email][eq]=${email}&include=${include}${'page' in paging ? '&page=1' : ''}&per_page=10`;
          const selection = { query: where, pages: [{ exchange: ex, records: dataOf(ex) }] };
          expectSelects(selection, [candidateId], 'rm.filter.email', 'which has that e-mail');
          const sameEmail = { text: `with the e-mail ${email}`, fits: (r: Resource) => readsAs('email', email, r.attributes.email) };
          expectOnlyFitting(
            selection,
            { ...sameEmail, shown: (r) => `${r.id} (e-mail ${JSON.stringify(r.attributes.email)})` },
            'rm.filter.email',
          );
          const listed = expectIncluded(ex, include, CANDIDATE_INCLUDES, 'rm.include.candidates', knownCounts(subject, include));
          expectKnown(ex, listed, subject, include, where, observe);
        }

        // A nested value means something only where its later segments reach records.
        const levels = reachedBy(byId, include, CANDIDATE_INCLUDES, dataOf(byId));
        const empty = levels.findIndex((level) => level.length === 0);
        const segments = include.split('.');
        test.skip(
          segments.length > 1 && empty > 0,
          `include=${include}: the ${segments.slice(0, empty).join('.')} records of candidate ${candidateId} name no ${segments[empty] ?? ''}: ` +
            'the nested part cannot be observed on this target',
        );
      },
    );
  }

  test(
    'include with several values at once answers 200 and embeds each @smoke',
    declares(
      'rm.candidates.get 200',
      'rm.educations.list 200',
      'rm.employments.list 200',
      'rm.candidates.create',
      'rm.educations.create',
      'rm.employments.create',
    ),
    async ({ rm, target, cleanup, observe }) => {
      const get = operation('rm.candidates.get');
      const candidate = await createCandidateRecord(rm, target, cleanup, 'inc-many');
      const records = {
        educations: await addEducation(rm, cleanup, candidate.id),
        employments: await addEmployment(rm, cleanup, candidate.id),
      };
      const values = Object.keys(records);
      const ex = await rm.call(get.id, { params: { candidateId: candidate.id }, query: { include: values } });
      expectDocumented(ex, get, '200');
      for (const [include, id] of Object.entries(records)) {
        const subject: Subject = {
          candidateId: candidate.id,
          email: candidate.email,
          known: [{ id, name: null }],
          how: `added by POST ${include}`,
        };
        const result = expectIncluded(ex, include, CANDIDATE_INCLUDES, 'rm.include.candidates', knownCounts(subject, include));
        expectKnown(ex, result, subject, include, `GET /candidates/${candidate.id}?include=${values.join(',')}`, observe);
      }
    },
  );

  test(
    'messages_to and messages_from of a candidate name no message in common',
    declares('rm.candidates.list 200'),
    async ({ rm, observe }) => {
      // 000 §2: messages_to are "messages (sent to the candidate)", messages_from "messages (sent by the candidate)".
      const list = operation('rm.candidates.list');
      const names = ['messages_to', 'messages_from'] as const;
      let judged = 0;
      for (let page = 1; page <= 3; page += 1) {
        const ex = await rm.call(list.id, { query: { include: [...names], page, per_page: 20 } });
        expectNoServerError(ex, 'rm.op.candidates.list');
        const candidates = dataOf(ex);
        for (const candidate of candidates) {
          const [to, from] = names.map((n) => relationshipRefs(candidate, n));
          if (!to || !from || to.length === 0 || from.length === 0) continue;
          judged += 1;
          expectRelationshipsApart(ex, to, from, names, 'rm.candidate.rel.messages_from', `candidate ${candidate.id}`);
        }
        if (ex.response?.status !== 200 || candidates.length < 20) break;
      }
      observe('other', 'messages_to and messages_from', `${judged} candidates with both given, judged`);
    },
  );

  test(
    'an include value outside the allowed list does not cause a server error',
    declares('rm.candidates.list 200'),
    async ({ rm, observe }) => {
      // 000 §4 lists the allowed values; what other values get is not shown -> observed. The row of
      // GET /candidates lists 200 and 401 only: a server error is none of them.
      const list = operation('rm.candidates.list');
      const ex = await rm.call(list.id, { query: { include: 'no_such_relationship', per_page: 1 } });
      expectNoServerError(ex, 'rm.op.candidates.list');
      observe('status', 'GET /candidates?include=no_such_relationship', String(ex.response?.status));
    },
  );
});
