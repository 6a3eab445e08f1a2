// Seed data for candidates and their records (part 2 Candidate and its relationships; part 6 "Candidate events are
// stored activity records ... No operation creates them directly"): ~30 candidates, some archived, some anonymised, some
// with an ATS id, ATS status events, extracted resumes, educations, employments, taggings, events of every kind,
// messages (some in a conversation), notes, job alert subscriptions, list memberships and job applications.
import { type AttrValue, EVENT_KINDS, type Rec, type Rel, Stamp, T, link, stampAttr } from './model';
import { addCandidateRecord, addMembership, addTagging, createCandidate, newUid } from './mutations';
import { type Catalog, DAY } from './seed-catalog';
import type { Store } from './store';

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kara',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Priya',
  'Quinn',
  'Ravi',
  'Sofia',
  'Tom',
  'Uma',
  'Victor',
  'Wen',
  'Xavier',
  'Yara',
  'Zane',
  'Amir',
  'Bea',
  'Carlos',
  'Dina',
];
const LAST = [
  'Nguyen',
  'Smith',
  'Garcia',
  'Okafor',
  'Kowalski',
  'Schmidt',
  'Tanaka',
  'Rossi',
  'Murphy',
  'Dubois',
  'Silva',
  'Khan',
  'Larsen',
  'Cohen',
  'Ivanova',
  'Patel',
  'Walsh',
  'Mehta',
  'Lopez',
  'Becker',
  'Haddad',
  'Novak',
  'Li',
  'Moreau',
  'Said',
  'Brown',
  'Farah',
  'Jensen',
  'Ruiz',
  'Aziz',
];
const SKILLS = ['TypeScript', 'Negotiation', 'SQL', 'Forklift', 'Copywriting', 'Kubernetes', 'Excel', 'Public speaking'];
const TAGS = ['engineering', 'sales', 'graduate', 'referral', 'event-2024', 'priority'];
const NON_ATS_KINDS = EVENT_KINDS.filter((k) => k !== 'ats');
export const SEED_CANDIDATES = 30;
const ARCHIVED = new Set([3, 10, 17, 24]);
const ANONYMISED = new Set([5, 19]);

const pick = <X>(xs: X[], n: number): X => xs[((n % xs.length) + xs.length) % xs.length] as X;
const ref = (r: Rec | undefined | null): Rel => (r ? link(r.type, r.id) : null);

interface Ctx {
  store: Store;
  cat: Catalog;
  now: number;
  candidates: Rec[];
}

function addEvent(
  c: Ctx,
  cand: Rec,
  kind: string,
  at: number,
  rels: Record<string, Rel>,
  extra: Record<string, AttrValue> = {},
  jobApplicationId?: string,
): Rec {
  const base: Record<string, Rel> = {
    location: null,
    job: null,
    call_to_action: null,
    form_submission: null,
    user_agent: null,
    page: null,
    notes: [],
    ats_status: null,
    ats_secondary_status: null,
    traffic_source: null,
  };
  const ev = c.store.add(
    T.event,
    { uid: newUid(), created_at: new Stamp(at), updated_at: new Stamp(at + 60_000), kind, ats: null, referrer: null, ...extra },
    { ...base, ...rels },
    jobApplicationId === undefined ? { candidateId: cand.id } : { candidateId: cand.id, jobApplicationId },
  );
  c.store.attach(cand, 'events', ev);
  const job = c.store.related(ev, 'job')[0];
  if (job) c.store.attach(cand, 'jobs', job);
  return ev;
}

function atsObject(c: Ctx, at: number, n: number): Record<string, AttrValue> {
  return {
    ats: {
      created_at: new Stamp(at),
      updated_at: new Stamp(at + 3_600_000),
      initial: pick(['A', 'I', 'O'], n),
      ats_status: { name: String(pick(c.cat.atsStatuses, n).attrs.name) },
      ats_secondary_status: { name: String(pick(c.cat.atsSecondaryStatuses, n).attrs.name) },
    },
  };
}

interface KindParts {
  rels: Record<string, Rel>;
  extra: Record<string, AttrValue>;
}

function kindRels(c: Ctx, cand: Rec, kind: string, i: number, k: number, at: number): KindParts {
  const job = pick(c.cat.liveJobs, i + k);
  const page = pick(c.cat.pages, i + k);
  if (kind === 'view' || kind === 'search' || kind === 'video') {
    return {
      rels: {
        job: kind === 'view' ? ref(job) : null,
        page: ref(page),
        user_agent: ref(pick(c.cat.userAgents, i)),
        traffic_source: ref(pick(c.cat.trafficSources, i + k)),
        location: ref(pick(c.cat.jobLocations, i)),
      },
      extra: {
        referrer: {
          url: 'https://www.google.com/',
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: `campaign-${i % 4}`,
          utm_term: kind === 'search' ? 'engineer jobs' : 'careers',
        },
      },
    };
  }
  if (kind === 'cta' || kind === 'consent_accepted') {
    const cta = pick(c.cat.ctas, i);
    const fs = c.store.add(
      T.formSubmission,
      { uid: newUid(), created_at: new Stamp(at) },
      { fields: c.cat.formFields.map((f) => link(T.formField, f.id)) },
    );
    c.store.attach(cand, 'form_submissions', fs);
    const rels = {
      call_to_action: ref(cta),
      form_submission: ref(fs),
      page: ref(page),
      traffic_source: ref(pick(c.cat.trafficSources, i)),
    };
    return { rels, extra: {} };
  }
  if (kind === 'application' || kind === 'reapplication') return { rels: { job: ref(job) }, extra: {} };
  return { rels: {}, extra: {} };
}

function seedEvents(c: Ctx, cand: Rec, i: number, createdMs: number): void {
  if (i === SEED_CANDIDATES - 1) return; // one candidate without any activity
  const count = 3 + (i % 3);
  const span = c.now - createdMs - DAY;
  const kinds = [...(i % 2 === 0 ? ['view'] : []), ...Array.from({ length: count }, (_, k) => pick(NON_ATS_KINDS, i * 3 + k))];
  kinds.forEach((kind, k) => {
    const at = createdMs + Math.round(((k + 1) * span) / (kinds.length + 2));
    const { rels, extra } = kindRels(c, cand, kind, i, k, at);
    const ev = addEvent(c, cand, kind, at, rels, extra);
    if (k === 0 && i % 5 === 0) {
      const note = c.store.add(
        T.note,
        { uid: newUid(), body: 'Spoke at the booth; follow up.', created_at: new Stamp(at), updated_at: new Stamp(at) },
        { user: ref(pick(c.cat.users, i)) },
      );
      c.store.attach(ev, 'notes', note);
    }
  });
  if (i % 4 === 0) {
    const at = createdMs + Math.round(span * 0.8);
    const job = pick(c.cat.liveJobs, i);
    addEvent(
      c,
      cand,
      'ats',
      at,
      { job: ref(job), ats_status: ref(pick(c.cat.atsStatuses, i)), ats_secondary_status: ref(pick(c.cat.atsSecondaryStatuses, i)) },
      atsObject(c, at, i),
    );
  }
}

function seedJobApplication(c: Ctx, cand: Rec, i: number, createdMs: number): void {
  if (!(i % 4 === 0 || i % 7 === 2)) return;
  const job = pick(c.cat.liveJobs, i + 1);
  const at = createdMs + 5 * DAY;
  const ja = c.store.add(
    T.jobApplication,
    { uid: newUid(), created_at: new Stamp(at), updated_at: new Stamp(at + DAY) },
    { candidate: ref(cand), job: ref(job) },
  );
  c.store.attach(cand, 'job_applications', ja);
  c.store.attach(cand, 'jobs', job);
  addEvent(c, cand, 'application', at, { job: ref(job), page: ref(pick(c.cat.pages, 1)) }, {}, ja.id);
  addEvent(c, cand, 'lifecycle', at + 2 * DAY, { job: ref(job) }, {}, ja.id);
  if (i % 4 === 0) {
    addEvent(
      c,
      cand,
      'ats',
      at + 4 * DAY,
      {
        job: ref(job),
        ats_status: ref(pick(c.cat.atsStatuses, i + 1)),
        ats_secondary_status: ref(pick(c.cat.atsSecondaryStatuses, i + 1)),
      },
      atsObject(c, at + 4 * DAY, i + 1),
      ja.id,
    );
  }
}

function addMessage(
  c: Ctx,
  attrs: Record<string, AttrValue>,
  at: number,
  from: Rec | null,
  to: Rec | null,
  conversation: Rec | null,
  sender: Rec | null,
): Rec {
  const id = c.store.nextId(T.message);
  const msg = c.store.add(
    T.message,
    {
      uid: newUid(),
      ...attrs,
      links: { self: { url: `https://app.example.com/messages/${id}` } },
      created_at: new Stamp(at),
      updated_at: new Stamp(at),
    },
    { from: ref(from), to: ref(to), conversation: ref(conversation) },
    {},
    id,
  );
  if (to) c.store.attach(to, 'messages_to', msg);
  if (sender) c.store.attach(sender, 'messages_from', msg);
  return msg;
}

function seedMessages(c: Ctx, cand: Rec, i: number, createdMs: number): void {
  const user = pick(c.cat.users, i);
  const at = createdMs + 3 * DAY;
  if (i % 2 === 0 && !ANONYMISED.has(i)) {
    addMessage(c, { kind: 'email', subject: 'Thanks for your interest', delivery_status: 'delivered' }, at, user, cand, null, null);
  }
  if (i % 3 === 0) {
    const conv = c.store.add(T.conversation, { uid: newUid(), created_at: new Stamp(at + DAY) });
    addMessage(
      c,
      { kind: 'sms', subject: null, contents: 'Hi! Are you free for a quick call this week?', delivery_status: 'delivered' },
      at + DAY,
      user,
      cand,
      conv,
      null,
    );
    addMessage(
      c,
      { kind: 'sms', subject: null, contents: 'Yes, Thursday afternoon works for me.', delivery_status: 'received' },
      at + DAY + 3_600_000,
      null,
      null,
      conv,
      cand,
    );
  }
  if (i % 5 === 2) {
    addMessage(
      c,
      { kind: 'linkedin', subject: 'An opportunity you may like', delivery_status: 'sent' },
      at + 2 * DAY,
      user,
      cand,
      null,
      null,
    );
  }
  const friend = c.candidates[i + 1];
  if (i % 7 === 1 && friend) {
    addMessage(
      c,
      { kind: 'email', subject: 'Take a look at this job', delivery_status: 'delivered' },
      at + 4 * DAY,
      null,
      friend,
      null,
      cand,
    );
  }
}

function seedRecords(c: Ctx, cand: Rec, i: number, createdMs: number): void {
  const s = c.store;
  const stamp = new Stamp(createdMs + DAY);
  const schools = ['State University', 'City College', 'Institute of Technology'];
  for (let n = 0; n < (i % 2 === 0 ? (i % 4 === 0 ? 2 : 1) : 0); n += 1) {
    addCandidateRecord(s, cand, T.education, 'educations', {
      school: { name: pick(schools, i + n) },
      course: pick(['BSc', 'MBA', 'BA'], i + n),
      start_date: `${2008 + (i % 6) + n * 4}-09-01`,
      end_date: `${2012 + (i % 6) + n * 4}-06-30`,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  if (i % 3 !== 2) {
    addCandidateRecord(s, cand, T.employment, 'employments', {
      company: { name: pick(['Acme Corp', 'Globex', 'Initech'], i) },
      title: pick(['Engineer', 'Account Executive', 'Analyst'], i),
      locality: pick(['Boston', 'Austin', 'London'], i),
      start_date: `${2015 + (i % 5)}-01-15`,
      end_date: i % 2 === 0 ? null : `${2021 + (i % 3)}-03-31`,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  if (i % 5 !== 4) {
    addTagging(s, cand, pick(TAGS, i), pick(c.cat.tagSources, i));
    if (i % 3 === 0) addTagging(s, cand, pick(TAGS, i + 2), pick(c.cat.tagSources, i + 1));
  }
  if (i % 5 === 1 || i % 5 === 2) {
    addCandidateRecord(
      s,
      cand,
      T.file,
      'resumes',
      {
        filename: `resume-${i}.pdf`,
        byte_size: 48_213 + i,
        parse_resume: true,
        resume_extracted: i % 5 === 1,
        created_at: stamp,
        updated_at: stamp,
      },
      i % 5 === 1,
    );
  }
  if (i % 4 === 1) {
    for (let n = 0; n <= i % 3; n += 1) {
      const body = pick(['Strong communicator.', 'Prefers remote roles.', 'Call back in May.'], i + n);
      const note = s.add(T.note, { uid: newUid(), body, created_at: stamp, updated_at: stamp }, { user: ref(pick(c.cat.users, i + n)) });
      s.attach(cand, 'notes', note);
    }
  }
  if (i % 6 === 0) seedSubscription(c, cand, i, true, stamp);
  if (i === 12) seedSubscription(c, cand, i + 1, false, stamp);
  if (i % 2 === 1) {
    s.attach(
      cand,
      'locations',
      s.add(T.candidateLocation, {
        uid: newUid(),
        city: pick(['Boston', 'London', 'Sydney'], i),
        country: pick(['United States', 'United Kingdom', 'Australia'], i),
      }),
    );
  }
  if (i % 8 === 0) {
    s.attach(cand, 'project_template_stages', pick(c.cat.projectStages, i));
    s.attach(cand, 'project_entries', s.add(T.projectEntry, { uid: newUid(), created_at: stamp }));
  }
}

function seedSubscription(c: Ctx, cand: Rec, n: number, active: boolean, stamp: Stamp): void {
  const field = pick(c.cat.templateFields, n);
  const options = c.store.related(field, 'job_template_field_options').slice(0, 1 + (n % 2));
  const sub = c.store.add(
    T.subscription,
    { uid: newUid(), frequency: 'weekly', active, created_at: stamp, updated_at: stamp },
    {
      job_template_fields: [link(T.templateField, field.id)],
      job_template_field_options: options.map((o) => link(T.templateFieldOption, o.id)),
    },
    { active },
  );
  c.store.attach(cand, 'job_alert_subscription', sub);
}

function touchPoints(c: Ctx, cand: Rec): void {
  const events = c.store.related(cand, 'events').sort((a, b) => (stampAttr(a, 'created_at') ?? 0) - (stampAttr(b, 'created_at') ?? 0));
  const first = events[0];
  const last = events[events.length - 1];
  cand.rels.first_touch_event = ref(first);
  cand.rels.last_touch_event = ref(last);
  if (first && last && cand.hidden.anonymised !== true) {
    cand.attrs.first_seen_at = new Stamp(stampAttr(first, 'created_at') ?? c.now);
    cand.attrs.last_seen_at = new Stamp(stampAttr(last, 'created_at') ?? c.now);
  }
  cand.attrs.visit_count = events.filter((e) => e.attrs.kind === 'view').length;
}

export function seedCandidates(store: Store, cat: Catalog, now: number): Rec[] {
  const c: Ctx = { store, cat, now, candidates: [] };
  for (let i = 0; i < SEED_CANDIDATES; i += 1) {
    const createdMs = now - (720 - i * 20) * DAY;
    const updatedMs = createdMs + (10 + i) * DAY + i * 3_600_000;
    const anonymised = ANONYMISED.has(i);
    const first = pick(FIRST, i);
    const last = pick(LAST, i);
    const cand = createCandidate(store, {
      email: anonymised ? null : `${first}.${last}${i}@example.com`.toLowerCase(),
      first_name: anonymised ? null : first,
      last_name: anonymised ? null : last,
      phone_number: anonymised ? null : `+1 617 555 ${String(100 + i).padStart(4, '0')}`,
      skills: anonymised ? [] : [pick(SKILLS, i), pick(SKILLS, i + 3)],
      createdMs,
      updatedMs,
      interaction_score: ((i * 37) % 101) / 100,
      subscription_status: i % 8 === 7 ? 'unsubscribed' : 'subscribed',
      internal_candidate: i % 10 === 9,
      manually_added: i % 4 === 2,
      archivedMs: ARCHIVED.has(i) ? updatedMs : null,
    });
    if (anonymised) cand.hidden.anonymised = true;
    if (i % 3 === 0) {
      cand.hidden.atsUid = i % 2 === 0 ? `GH-${70000 + i}` : String(500000 + i);
      cand.hidden.atsIntegrationId = cat.integration.id;
    }
    if (i % 2 === 1 && !anonymised) cand.hidden.linkedin = `https://www.linkedin.com/in/${first}-${last}-${i}`.toLowerCase();
    c.candidates.push(cand);
  }
  c.candidates.forEach((cand, i) => {
    const createdMs = stampAttr(cand, 'created_at') ?? now;
    seedEvents(c, cand, i, createdMs);
    seedJobApplication(c, cand, i, createdMs);
    seedMessages(c, cand, i, createdMs);
    seedRecords(c, cand, i, createdMs);
    touchPoints(c, cand);
    const [l0, l1, l2] = cat.lists;
    if (l0 && i % 4 === 0) addMembership(store, l0, cand, 0);
    if (l1 && i % 5 === 0) addMembership(store, l1, cand, 0);
    if (l2 && [1, 2, 7].includes(i)) addMembership(store, l2, cand, 0);
  });
  return c.candidates;
}
