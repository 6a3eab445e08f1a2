/**
 * The RM starting records, built deterministically from a fixed PRNG seed (nothing is committed as JSON).
 * This file: the candidates and their records (starting-company.ts: everything else). In all:
 * 72 candidates (archived, anonymised, with and without ATS records, ATS status history and
 * extracted resumes), their events of every kind over two years, messages in and out of
 * conversations, notes, tags, educations, employments, job alert subscriptions and list
 * memberships; 8 jobs (live and draft) with categories and locations; 4 static lists; job
 * applications with events; recruitment events in every bucket relative to `now`; two ATS
 * integrations, one of them the integration of reference-data/identity.json.
 */
import { EMBEDDED } from '../../../contract/identity/embedded';
import { uidFrom } from './ids';
import {
  EVENT_KINDS,
  EXTRA_EVENT_KIND,
  noRelatedRecords,
  type Candidate,
  type CandidateEvent,
  type EventKind,
  type Job,
  type Ref,
  type StaticList,
} from './model';
import { Random } from './random';
import {
  CREATED_BASE,
  DAY,
  HOUR,
  ref,
  SECOND_INTEGRATION,
  addIntegrations,
  addJobs,
  addLists,
  addRecruitmentEvents,
  addSharedStubs,
  type Context,
  type Shared,
  stubAdder,
} from './starting-company';
import type { Store } from './store';

/** Every 11th candidate from this one is anonymised; this one is the embedded identity's anonymised candidate. */
const ANONYMISED = 7;

export const STARTING_CANDIDATES = 72;
const PRNG_SEED = 20_250_301;
/** Candidate updated_at values start here, each a distinct multiple of 3 h 17 min after it. */
const UPDATED_BASE = Date.UTC(2025, 0, 6, 8, 0, 0);

const FIRST = [
  'Amara',
  'Bruno',
  'Chen',
  'Dalia',
  'Emil',
  'Farah',
  'Goran',
  'Hana',
  'Ivan',
  'Jade',
  'Kofi',
  'Lena',
  'Mateo',
  'Nia',
  'Oskar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adeyemi',
  'Berg',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quist',
  'Rossi',
  'Silva',
  'Tanaka',
];
const SKILLS = [
  'TypeScript',
  'SQL',
  'Patient care',
  'Forklift',
  'Negotiation',
  'Python',
  'Excel',
  'Customer service',
  'Scheduling',
  'Kubernetes',
  'Phlebotomy',
  'Spanish',
];
const TAGS = ['silver-medallist', 'event-2024', 'referral', 'nurse', 'engineering', 'boomerang', 'priority'];
const SCHOOLS = ['University of Leeds', 'Ohio State University', 'TU Delft', 'Monash University', 'City College'];
const COMPANIES = ['Northwind Traders', 'Contoso Health', 'Fabrikam Logistics', 'Tailspin Toys', 'Adventure Works'];
const COURSES = ['Computer Science', 'Nursing', 'Business Administration', 'Logistics', 'Economics'];
const TITLES = ['Software Engineer', 'Staff Nurse', 'Shift Lead', 'Analyst', 'Account Manager'];

const secondsOf = (ms: number): number => Math.floor(ms / 1000) * 1000;

export interface FixtureOptions {
  now: number;
  /** Fixture timestamps carry milliseconds (false under the timestamps-seconds variant). */
  fractions: boolean;
  /** Events of kinds that concern no job (e-mail, subscription, consent) have no job and no page (null-to-one variant). */
  sparseEventLinks?: boolean;
  /** The first candidate also has an event of a kind the filter does not accept (extra-event-kind variant). */
  extraEventKind?: boolean;
  /** Fixture timestamps carry a fraction of a millisecond (timestamps-microseconds variant). */
  microseconds?: boolean;
}

/** Kinds whose events have no job and no page under `sparseEventLinks`. */
const JOBLESS_KINDS: ReadonlySet<string> = new Set(['email', 'subscription', 'unsubscription', 'consent_accepted', 'consent_rejected']);

export function loadStartingRecords(store: Store, options: FixtureOptions): void {
  const rnd = new Random(PRNG_SEED);
  let jitter = 0;
  const whole = options.fractions ? (ms: number): number => secondsOf(ms) + ((jitter += 137) % 1000) : secondsOf;
  const t = options.microseconds ? (ms: number): number => whole(ms) + ((jitter % 997) + 1) / 1000 : whole;
  const cx: StartingRecordsContext = { store, rnd, t, sparse: options.sparseEventLinks === true };
  const shared = addSharedStubs(cx);
  const jobs = addJobs(cx, shared);
  const lists = addLists(cx);
  addIntegrations(cx);
  for (let i = 0; i < STARTING_CANDIDATES; i += 1) addCandidate(cx, i, shared, jobs, lists);
  addRecruitmentEvents(cx, options.now, shared);
  // Last, so that every other record comes out of the PRNG exactly as without the variant.
  if (options.extraEventKind) addExtraKindEvent(cx, shared, jobs);
}

interface StartingRecordsContext extends Context {
  sparse: boolean;
}

/** An event of kind "note" on the first starting candidate, halfway through its life. */
function addExtraKindEvent(cx: StartingRecordsContext, shared: Shared, jobs: Job[]): void {
  const first = [...cx.store.candidates.values()].sort((a, b) => a.seq - b.seq)[0];
  const job = jobs[0];
  if (!first || !job) return;
  const at = cx.t(first.created + Math.floor((first.updated - first.created) / 2));
  newEvent(cx, first, EXTRA_EVENT_KIND, at, shared, job, first.formSubmissions[0] ?? 'fs-0001', shared.callToActions[0] ?? 'cta-1');
}

/** The ATS candidate id of starting candidate `i`, if any; the last candidate carries identity.json's id. */
function atsIdOf(i: number): string | null {
  if (i === STARTING_CANDIDATES - 1) return EMBEDDED.rm.atsCandidateId;
  return i % 3 !== 2 ? `ATS-${200_001 + i}` : null;
}

// Every step draws from the PRNG, the timestamp jitter, the id counters and `seq` in this exact order.
function addCandidate(cx: StartingRecordsContext, i: number, shared: Shared, jobs: Job[], lists: StaticList[]): void {
  const c = newCandidate(cx, i, shared);
  registerCandidate(cx.store, c, i);
  const user = shared.users[i % shared.users.length] ?? 'usr-1';
  const { formSubmission, cta } = addProfileStubs(cx, c, i, shared);
  addNotes(cx, c, i, user);
  addEducations(cx, c, i);
  addEmployments(cx, c, i);
  addTaggings(cx, c, i, shared);
  addResumeFile(cx, c, i);
  addAlertSubscription(cx, c, i, shared);
  addEvents(cx, c, i, shared, jobs, formSubmission, cta);
  addMessages(cx, c, i, user);
  if (i % 2 === 0) addApplication(cx, c, i, jobs[i % 6] ?? (jobs[0] as Job), shared);
  addListMemberships(cx.store, c, i, lists);
  if (i % 11 === ANONYMISED) cx.store.anonymise(c, c.updated);
}

/** Starting candidate `i` itself, not yet in the store. */
function newCandidate({ store, rnd, t }: StartingRecordsContext, i: number, shared: Shared): Candidate {
  const first = FIRST[i % FIRST.length] ?? 'Alex';
  const last = LAST[(i * 7) % LAST.length] ?? 'Smith';
  const created = t(CREATED_BASE + i * 4 * DAY + rnd.int(0, 20) * HOUR);
  // A fixed permutation gives every candidate its own updated_at, in an order unlike creation's.
  const updated = t(UPDATED_BASE + PERMUTATION[i]! * (3 * HOUR + 17 * 60_000));
  const archived = i % 9 === 4;
  // The first archived and the first anonymised candidates are the embedded identity's, under every id scheme (uuid-ids too).
  const nextId = store.ids.next('candidate');
  return {
    seq: store.nextSeq(),
    id: i === 4 ? EMBEDDED.rm.archivedCandidateId : i === ANONYMISED ? EMBEDDED.rm.anonymisedCandidateId : nextId,
    uid: uidFrom(`candidate:${i}`),
    email: `${first}.${last}${i + 1}@example.com`.toLowerCase(),
    firstName: first,
    lastName: last,
    phone: `+1-555-01${String(i).padStart(2, '0')}`,
    profileUrl: `https://www.linkedin.com/in/${first}-${last}-${i + 1}`.toLowerCase(),
    skills: [SKILLS[i % SKILLS.length] ?? 'SQL', SKILLS[(i * 5 + 3) % SKILLS.length] ?? 'Excel'].filter(
      (s, k, all) => all.indexOf(s) === k,
    ),
    interactionScore: i === 1 ? 1 : i === 2 ? 0 : Math.round(rnd.next() * 100) / 100,
    subscription: i % 5 === 2 ? 'unsubscribed' : 'subscribed',
    internal: i % 10 === 3,
    manuallyAdded: i % 7 === 1,
    visitCount: rnd.int(1, 40),
    created,
    updated,
    firstSeen: created,
    lastSeen: updated - HOUR,
    archived,
    lastArchived: archived ? updated - 2 * DAY : i % 13 === 6 ? created + 30 * DAY : null,
    anonymised: false,
    atsUid: atsIdOf(i),
    ...noRelatedRecords(),
    projectStages: [shared.projectStages[i % shared.projectStages.length] ?? 'pts-1'],
  };
}

/** Stores the candidate and links it to the ATS integrations that know it. */
function registerCandidate(store: Store, c: Candidate, i: number): void {
  store.candidates.set(c.id, c);
  if (c.atsUid) store.integrations.get(EMBEDDED.rm.atsIntegrationId)?.candidates.set(c.atsUid, c.id);
  if (i % 6 === 0) store.integrations.get(SECOND_INTEGRATION)?.candidates.set(`CID-${5000 + i}`, c.id);
}

/** The candidate's location, project entry and form submission; returns the form submission and its call to action. */
function addProfileStubs({ store }: Context, c: Candidate, i: number, shared: Shared): { formSubmission: string; cta: string } {
  const stub = stubAdder(store);
  const n = String(i + 1).padStart(4, '0');
  c.locations.push(
    stub('candidate_locations', `cl-${n}`, {
      city: ['Austin', 'Leeds', 'Sydney', 'Columbus'][i % 4],
      country: ['US', 'GB', 'AU', 'US'][i % 4],
    }),
  );
  c.projectEntries.push(
    stub(
      'project_entries',
      `pe-${n}`,
      { stage: 'Sourced' },
      { project_template_stage: ref('project_template_stages', c.projectStages[0] ?? 'pts-1') },
    ),
  );
  const cta = shared.callToActions[i % shared.callToActions.length] ?? 'cta-1';
  const formSubmission = stub(
    'form_submissions',
    `fs-${n}`,
    {},
    {
      fields: [ref('form_fields', 'ff-1'), ref('form_fields', `ff-${1 + (i % 3)}`)].filter(
        (r, k, all) => all.findIndex((x) => x.id === r.id) === k,
      ),
      call_to_action: ref('call_to_actions', cta),
    },
    { created_at: c.created + HOUR },
  );
  c.formSubmissions.push(formSubmission);
  return { formSubmission, cta };
}

/** One note, or two for odd `i`. */
function addNotes({ store, t }: Context, c: Candidate, i: number, user: string): void {
  for (let k = 0; k <= i % 2; k += 1) {
    const id = store.ids.next('note');
    const at = t(c.created + (k + 2) * DAY);
    store.notes.set(id, {
      seq: store.nextSeq(),
      id,
      uid: uidFrom(`note:${id}`),
      candidateId: c.id,
      body: k === 0 ? `Met ${c.firstName} at a career fair; strong ${c.skills[0] ?? 'skills'}.` : 'Follow up after the next opening.',
      userId: user,
      created: at,
      updated: at + HOUR,
    });
    c.notes.push(id);
  }
}

/** One education, or two for odd `i`. */
function addEducations({ store, t }: Context, c: Candidate, i: number): void {
  for (let k = 0; k <= i % 2; k += 1) {
    const id = store.ids.next('education');
    const at = t(c.created + HOUR * (k + 1));
    store.educations.set(id, {
      seq: store.nextSeq(),
      id,
      uid: uidFrom(`education:${id}`),
      candidateId: c.id,
      schoolName: SCHOOLS[(i + k) % SCHOOLS.length] ?? 'City College',
      course: COURSES[(i + k) % COURSES.length] ?? null,
      startDate: `${2008 + (i % 8) + k * 4}-09-01`,
      endDate: `${2011 + (i % 8) + k * 4}-06-30`,
      created: at,
      updated: at,
    });
    c.educations.push(id);
  }
}

/** One employment, or two for even `i` (the first of them current). */
function addEmployments({ store, t }: Context, c: Candidate, i: number): void {
  for (let k = 0; k <= (i + 1) % 2; k += 1) {
    const id = store.ids.next('employment');
    const at = t(c.created + HOUR * (k + 3));
    store.employments.set(id, {
      seq: store.nextSeq(),
      id,
      uid: uidFrom(`employment:${id}`),
      candidateId: c.id,
      companyName: COMPANIES[(i + k) % COMPANIES.length] ?? 'Contoso',
      title: TITLES[(i + k) % TITLES.length] ?? null,
      locality: ['Austin', 'Leeds', 'Sydney'][(i + k) % 3] ?? null,
      startDate: `${2014 + k * 3}-0${1 + (i % 9)}-01`,
      endDate: k === 0 && i % 2 === 0 ? null : `${2017 + k * 3}-12-31`,
      created: at,
      updated: at,
    });
    c.employments.push(id);
  }
}

/** One to three tags. */
function addTaggings({ store, t }: Context, c: Candidate, i: number, shared: Shared): void {
  for (let k = 0; k <= i % 3; k += 1) {
    const id = store.ids.next('tagging');
    store.taggings.set(id, {
      seq: store.nextSeq(),
      id,
      uid: uidFrom(`tagging:${id}`),
      candidateId: c.id,
      name: TAGS[(i + k * 3) % TAGS.length] ?? 'priority',
      tagSourceId: shared.tagSources[k % shared.tagSources.length] ?? 'ts-manual',
      created: t(c.created + k * HOUR),
    });
    c.taggings.push(id);
  }
}

/** A resume file, except for every fourth candidate. */
function addResumeFile({ store, t }: Context, c: Candidate, i: number): void {
  if (i % 4 === 3) return;
  const id = store.ids.next('file');
  // i % 8 === 6: uploaded but text not yet extracted, so filter[resume][exists] does not count it.
  store.files.set(id, {
    seq: store.nextSeq(),
    id,
    uid: uidFrom(`file:${id}`),
    candidateId: c.id,
    filename: `resume-${c.firstName.toLowerCase()}-${c.lastName.toLowerCase()}.pdf`,
    size: 20_000 + i * 311,
    extracted: i % 8 !== 6,
    created: t(c.created + 2 * HOUR),
  });
  c.files.push(id);
}

/** A job alert subscription, except for every fifth candidate. */
function addAlertSubscription({ store, t }: Context, c: Candidate, i: number, shared: Shared): void {
  if (i % 5 === 4) return;
  const id = store.ids.next('subscription');
  const field = shared.templateFields[i % shared.templateFields.length] ?? 'jtf-1';
  const fieldNo = field.slice(4);
  c.subscriptions.push(
    stubAdder(store)(
      'candidate_job_alert_subscriptions',
      id,
      { frequency: i % 2 ? 'weekly' : 'daily', active: true },
      {
        job_template_fields: [ref('job_template_fields', field)],
        job_template_field_options: [ref('job_template_field_options', `jtfo-${fieldNo}-1`)],
      },
      { created_at: t(c.created + DAY), updated_at: t(c.created + DAY) },
    ),
  );
}

/** Adds the candidate to some of the static lists; every list's frozen count follows. */
function addListMemberships(store: Store, c: Candidate, i: number, lists: StaticList[]): void {
  const memberOf = [i % 6 === 0, i % 4 === 1, i % 5 === 2, i % 7 === 3];
  lists.forEach((list, k) => {
    if (memberOf[k]) store.addMember(list, c);
  });
  for (const list of lists) list.frozenCount = list.members.size;
}

/** The ATS status history of starting candidate `i` (000 §4 filter[ats_candidates][exists]). */
function hasAtsHistory(i: number): boolean {
  return atsIdOf(i) !== null ? i % 4 !== 1 : i % 5 === 0;
}

function newEvent(
  cx: StartingRecordsContext,
  c: Candidate,
  kind: CandidateEvent['kind'],
  at: number,
  shared: Shared,
  job: Job,
  formSubmission: string,
  cta: string,
): CandidateEvent {
  const { store, rnd } = cx;
  const id = store.ids.next('event');
  const links: Record<string, Ref> = {
    location: ref('locations', rnd.pick(shared.locations)),
    job: ref('jobs', job.id),
    call_to_action: ref('call_to_actions', cta),
    form_submission: ref('form_submissions', formSubmission),
    user_agent: ref('user_agents', rnd.pick(shared.userAgents)),
    page: ref('pages', rnd.pick(shared.pages)),
    traffic_source: ref('traffic_sources', rnd.pick(shared.trafficSources)),
  };
  if (cx.sparse && JOBLESS_KINDS.has(kind)) {
    delete links.job;
    delete links.page;
  }
  let ats: CandidateEvent['ats'] = null;
  if (kind === 'ats') {
    const status = rnd.int(0, shared.atsStatuses.length - 1);
    const secondary = rnd.int(0, shared.atsSecondary.length - 1);
    links.ats_status = ref('ats_statuses', shared.atsStatuses[status] ?? 'as-1');
    links.ats_secondary_status = ref('ats_secondary_statuses', shared.atsSecondary[secondary] ?? 'ass-1');
    ats = {
      created: at,
      updated: at,
      initial: status === 0 ? 'true' : 'false',
      status: ['New', 'Screening', 'Interview', 'Offer', 'Hired'][status] ?? 'New',
      secondaryStatus: ['Phone screen', 'Onsite', 'Background check'][secondary] ?? 'Onsite',
    };
  }
  const source = ['google', 'linkedin', 'indeed', 'newsletter'][rnd.int(0, 3)] ?? 'google';
  const event: CandidateEvent = {
    seq: store.nextSeq(),
    id,
    uid: uidFrom(`event:${id}`),
    candidateId: c.id,
    kind,
    created: at,
    updated: at,
    referrer: {
      url: `https://www.${source}.com/`,
      utm_source: source,
      utm_medium: source === 'newsletter' ? 'email' : 'cpc',
      utm_campaign: `spring-${2023 + (at > Date.UTC(2024, 0, 1) ? 1 : 0)}`,
      utm_term: job.title.toLowerCase().split(' ')[0] ?? 'jobs',
    },
    ats,
    links,
    notes: [],
    jobApplicationId: null,
  };
  store.events.set(id, event);
  c.events.push(id);
  if (links.job && !c.jobs.includes(job.id)) c.jobs.push(job.id);
  return event;
}

function addEvents(
  cx: StartingRecordsContext,
  c: Candidate,
  i: number,
  shared: Shared,
  jobs: Job[],
  formSubmission: string,
  cta: string,
): void {
  const count = 4 + (i % 5);
  const history = hasAtsHistory(i);
  const kinds: EventKind[] = [];
  for (let k = 0; k < count; k += 1) {
    const kind = EVENT_KINDS[(i * 3 + k) % EVENT_KINDS.length] ?? 'view';
    kinds.push(kind === 'ats' && !history ? 'view' : kind);
  }
  if (history && !kinds.includes('ats')) kinds[count - 1] = 'ats';
  const span = c.updated - c.created;
  kinds.forEach((kind, k) => {
    const at = cx.t(c.created + Math.floor((span * (k + 1)) / (count + 1)));
    const event = newEvent(cx, c, kind, at, shared, jobs[(i + k) % jobs.length] ?? (jobs[0] as Job), formSubmission, cta);
    if (k === 0 && c.notes[0]) event.notes.push(c.notes[0]);
  });
}

function addMessages({ store, t }: Context, c: Candidate, i: number, user: string): void {
  const conversation = store.addStub({
    id: `conv-${String(i + 1).padStart(4, '0')}`,
    type: 'conversations',
    attributes: { uid: uidFrom(`conversation:${i}`), channel: 'sms' },
    relationships: {},
  }).id;
  const plan: ['to' | 'from', 'sms' | 'email' | 'linkedin', string, string | null, boolean][] = [
    ['to', 'email', 'Thanks for joining our talent community', null, false],
    ['to', 'sms', 'Interview reminder', `Hi ${c.firstName}, a reminder of your interview tomorrow at 10:00.`, true],
    ['from', 'sms', 'Re: Interview reminder', 'Thanks, see you then!', true],
  ];
  if (i % 2 === 0) plan.push(['to', 'linkedin', 'An opportunity you may like', null, false]);
  plan.forEach(([direction, kind, subject, contents, inConversation], k) => {
    const id = store.ids.next('message');
    const at = t(c.created + (k + 5) * DAY + k * HOUR);
    store.messages.set(id, {
      seq: store.nextSeq(),
      id,
      uid: uidFrom(`message:${id}`),
      candidateId: c.id,
      direction,
      kind,
      subject,
      contents,
      deliveryStatus: direction === 'from' ? 'received' : k === 0 && i % 9 === 0 ? 'bounced' : 'delivered',
      userId: user,
      conversationId: inConversation ? conversation : null,
      created: at,
      updated: at,
    });
    c.messages.push(id);
  });
}

function addApplication(cx: StartingRecordsContext, c: Candidate, i: number, job: Job, shared: Shared): void {
  const { store, t } = cx;
  const id = store.ids.next('application');
  const at = t(c.created + 9 * DAY);
  const application = {
    seq: store.nextSeq(),
    id,
    uid: uidFrom(`application:${id}`),
    candidateId: c.id,
    jobId: job.id,
    status: ['submitted', 'in_review', 'interview', 'hired'][i % 4] ?? 'submitted',
    created: at,
    updated: at + DAY,
    events: [] as string[],
  };
  store.applications.set(id, application);
  c.jobApplications.push(id);
  const kinds: EventKind[] = ['application', hasAtsHistory(i) ? 'ats' : 'lifecycle', 'email'];
  kinds.forEach((kind, k) => {
    const event = newEvent(
      cx,
      c,
      kind,
      t(at + k * 2 * DAY),
      shared,
      job,
      c.formSubmissions[0] ?? 'fs-0001',
      shared.callToActions[3] ?? 'cta-4',
    );
    event.jobApplicationId = id;
    application.events.push(event.id);
  });
}

/** A fixed permutation of 0..71 (from the PRNG), computed once. */
const PERMUTATION: readonly number[] = new Random(PRNG_SEED + 1).permutation(STARTING_CANDIDATES);
