/**
 * Fixture records of the company rather than of one candidate: the records known only by id and type
 * (users, locations, categories, calls to action and their form fields, ...), jobs live and draft,
 * static lists (the first is identity.json's), the ATS integrations, and recruitment events placed
 * around `now` so that every time bucket has some.
 */
import { EMBEDDED } from '../../../contract/identity/embedded';
import { uidFrom, uuidFrom } from './ids';
import type { Job, Ref, StaticList } from './model';
import type { Random } from './random';
import type { Store } from './store';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Candidates are created from here on, four days apart. */
export const CREATED_BASE = Date.UTC(2023, 0, 2, 9, 0, 0);
/** The second ATS integration (whose candidates are known by a Candidate_ID field). */
export const SECOND_INTEGRATION = uuidFrom('rm:ats-integration:2');

export const ref = (type: string, id: string): Ref => ({ id, type });

export interface Context {
  store: Store;
  rnd: Random;
  /** A starting record's timestamp: with deterministic milliseconds, or whole seconds under the timestamps-seconds variant. */
  t: (ms: number) => number;
}

export interface Shared {
  users: string[];
  tagSources: string[];
  locations: string[];
  categories: string[];
  trafficSources: string[];
  userAgents: string[];
  pages: string[];
  callToActions: string[];
  atsStatuses: string[];
  atsSecondary: string[];
  projectStages: string[];
  templateFields: string[];
}

/** Adds a record known only by id and type (with a uid derived from both) and returns its id. */
export type StubAdder = (
  type: string,
  id: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, Ref | Ref[]>,
  times?: Record<string, number>,
) => string;

export function stubAdder(store: Store): StubAdder {
  return (type, id, attributes, relationships = {}, times) =>
    store.addStub({ id, type, attributes: { uid: uidFrom(`${type}:${id}`), ...attributes }, relationships, ...(times ? { times } : {}) })
      .id;
}

// Stubs are added in this order so that they (and `t`'s jitter) come out the same every time.
export function addSharedStubs({ store, t }: Context): Shared {
  const add = stubAdder(store);
  const users = addUsers(add);
  const tagSources = ['manual', 'api', 'import'].map((name) => add('tag_sources', `ts-${name}`, { name }));
  const locations = addLocations(add);
  const categories = ['Engineering', 'Nursing', 'Warehouse', 'Sales', 'Retail', 'Finance'].map((name, i) =>
    add('categories', `cat-${i + 1}`, { name }),
  );
  const trafficSources = ['Google', 'LinkedIn', 'Indeed', 'Direct'].map((name, i) => add('traffic_sources', `tsrc-${i + 1}`, { name }));
  const userAgents = ['Chrome on Windows', 'Safari on iOS', 'Firefox on Linux'].map((name, i) =>
    add('user_agents', `ua-${i + 1}`, { name }),
  );
  const pages = ['/careers', '/careers/jobs', '/careers/nursing', '/careers/events', '/careers/apply'].map((path, i) =>
    add('pages', `page-${i + 1}`, { url: `https://careers.example.com${path}` }),
  );
  const callToActions = addCallsToAction(add);
  const atsStatuses = ['New', 'Screening', 'Interview', 'Offer', 'Hired'].map((name, i) => add('ats_statuses', `as-${i + 1}`, { name }));
  const atsSecondary = ['Phone screen', 'Onsite', 'Background check'].map((name, i) =>
    add('ats_secondary_statuses', `ass-${i + 1}`, { name }),
  );
  const projectStages = ['Sourced', 'Contacted', 'Engaged'].map((name, i) => add('project_template_stages', `pts-${i + 1}`, { name }));
  const templateFields = addTemplateFields(add, t);
  return {
    users,
    tagSources,
    locations,
    categories,
    trafficSources,
    userAgents,
    pages,
    callToActions,
    atsStatuses,
    atsSecondary,
    projectStages,
    templateFields,
  };
}

/** The recruiters, each with an e-mail address derived from their first name. */
function addUsers(add: StubAdder): string[] {
  return ['Morgan Lee', 'Sam Patel', 'Alex Kim', 'Jordan Diaz'].map((name, i) =>
    add('users', `usr-${i + 1}`, { name, email: `${name.split(' ')[0]?.toLowerCase()}@recruiting.example.com` }),
  );
}

/** The company's locations (candidates' events and jobs point at them). */
function addLocations(add: StubAdder): string[] {
  const places = [
    ['Austin', 'Texas', 'TX', 'United States', '73301'],
    ['Leeds', 'West Yorkshire', 'WYK', 'United Kingdom', 'LS1 4AP'],
    ['Sydney', 'New South Wales', 'NSW', 'Australia', '2000'],
    ['Columbus', 'Ohio', 'OH', 'United States', '43004'],
    ['Rotterdam', 'South Holland', 'ZH', 'Netherlands', '3011'],
    ['Denver', 'Colorado', 'CO', 'United States', '80202'],
  ] as const;
  return places.map(([city, state, stateCode, country, postal], i) =>
    add('locations', `loc-${i + 1}`, { city, state, state_code: stateCode, country, postal_code: postal }),
  );
}

/** Form field options, then form fields, then the calls to action that use the first one to three fields. */
function addCallsToAction(add: StubAdder): string[] {
  const options = [
    ['Yes', 'No'],
    ['Full time', 'Part time', 'Contract'],
  ].map((names, f) => names.map((name, i) => add('form_field_options', `ffo-${f + 1}-${i + 1}`, { name })));
  const formFields = [
    ['Email address', 'email', []],
    ['Open to relocation?', 'select', options[0] ?? []],
    ['Preferred schedule', 'select', options[1] ?? []],
  ].map(([label, kind, opts], i) =>
    add(
      'form_fields',
      `ff-${i + 1}`,
      { label, field_type: kind },
      { options: (opts as string[]).map((id) => ref('form_field_options', id)) },
    ),
  );
  return ['Join our talent community', 'Register for the event', 'Get job alerts', 'Apply now'].map((name, i) =>
    add('call_to_actions', `cta-${i + 1}`, { name }, { form_fields: formFields.slice(0, 1 + (i % 3)).map((id) => ref('form_fields', id)) }),
  );
}

/** The job template fields, each added after its two options. */
function addTemplateFields(add: StubAdder, t: Context['t']): string[] {
  return [
    ['Job category', 'category'],
    ['Location', 'location'],
    ['Employment type', 'employment_type'],
  ].map(([display, mapping], f) => {
    const fieldId = `jtf-${f + 1}`;
    const optionRefs = ['A', 'B'].map((suffix, i) =>
      ref(
        'job_template_field_options',
        add(
          'job_template_field_options',
          `jtfo-${f + 1}-${i + 1}`,
          { name: `${display} ${suffix}` },
          { job_template_fields: ref('job_template_fields', fieldId) },
          { created_at: t(CREATED_BASE - 30 * DAY), updated_at: t(CREATED_BASE - 20 * DAY) },
        ),
      ),
    );
    // `options` mirrors job_template_field_options: the include path job_template_fields.options names it so.
    return add(
      'job_template_fields',
      fieldId,
      { display_name: display, mapping_name: mapping },
      { job_template_field_options: optionRefs, options: optionRefs },
    );
  });
}

/** The jobs: title, status, category index, location indexes, pay, pay frequency, remote, summary, description. */
const JOB_SPECS = [
  [
    'Senior Software Engineer',
    'live',
    0,
    [0],
    165_000,
    'annual',
    true,
    'Build the platform that connects candidates with employers.',
    'You will design and run TypeScript services on Kubernetes, mentor engineers and own reliability.',
  ],
  [
    'Registered Nurse - Night Shift',
    'live',
    1,
    [3],
    48,
    'hourly',
    false,
    'Care for patients on our acute medical ward.',
    'Provide compassionate patient care, administer medication and coordinate with physicians on night shifts.',
  ],
  [
    'Warehouse Associate',
    'live',
    2,
    [5, 3],
    21,
    'hourly',
    false,
    'Pick, pack and ship orders in a modern fulfilment centre.',
    'Operate scanners and forklifts safely; forklift certification is a plus.',
  ],
  [
    'Data Analyst',
    'live',
    0,
    [0, 1],
    92_000,
    'annual',
    true,
    'Turn recruitment data into decisions.',
    'Write SQL, build dashboards and explain funnel metrics to hiring teams.',
  ],
  [
    'Customer Success Manager',
    'live',
    3,
    [2],
    98_000,
    'annual',
    true,
    'Help our customers succeed with the product.',
    'Own renewals and onboarding for enterprise accounts across APAC.',
  ],
  [
    'Store Manager',
    'live',
    4,
    [4],
    61_000,
    'annual',
    false,
    'Lead a flagship retail store.',
    'Manage a team of twenty, scheduling and merchandising in Rotterdam.',
  ],
  [
    'Head of Finance',
    'draft',
    5,
    [1],
    140_000,
    'annual',
    false,
    'Lead the finance function.',
    'Own budgeting, reporting and audit for the European entities.',
  ],
  [
    'Marketing Intern',
    'draft',
    3,
    [0],
    18,
    'hourly',
    true,
    'Learn recruitment marketing hands-on.',
    'Support campaigns, write copy and analyse landing page conversion.',
  ],
] as const;

export function addJobs(cx: Context, shared: Shared): Job[] {
  return JOB_SPECS.map((spec, i) => addJob(cx, spec, i, shared));
}

/** Job `i` of JOB_SPECS, stored. */
function addJob({ store, t }: Context, spec: (typeof JOB_SPECS)[number], i: number, shared: Shared): Job {
  const [title, status, category, locs, amount, frequency, remote, summary, description] = spec;
  const created = t(Date.UTC(2024, 2 + i, 4, 10));
  const job: Job = {
    seq: store.nextSeq(),
    id: store.ids.next('job'),
    uid: uidFrom(`job:${i}`),
    atsUid: `REQ-${2001 + i}`,
    requisitionId: `R${7101 + i}`,
    title,
    summary,
    description,
    timeZone:
      ['America/Chicago', 'America/New_York', 'America/Denver', 'Europe/London', 'Australia/Sydney', 'Europe/Amsterdam'][i % 6] ?? 'UTC',
    remote,
    status,
    paymentAmount: amount,
    paymentFrequency: frequency,
    currency: i === 4 ? 'AUD' : i === 5 || i === 6 ? 'EUR' : 'USD',
    created,
    updated: created + 3 * DAY,
    opening: created + DAY,
    closing: created + 120 * DAY,
    categories: [shared.categories[category] ?? 'cat-1'],
    locations: locs.map((l) => shared.locations[l] ?? 'loc-1'),
  };
  store.jobs.set(job.id, job);
  return job;
}

export function addLists({ store, t }: Context): StaticList[] {
  const names = ['Talent pool', 'Nurses 2025', 'Engineering silver medallists', 'Event attendees'];
  return names.map((name, i) => {
    const generated = store.ids.next('list');
    const id = i === 0 ? EMBEDDED.rm.listId : generated;
    const created = t(Date.UTC(2023, 5, 1 + i * 7));
    const list: StaticList = {
      seq: store.nextSeq(),
      id,
      uid: uidFrom(`list:${i}`),
      name,
      created,
      updated: created,
      members: new Set(),
      frozenCount: 0,
    };
    store.lists.set(id, list);
    return list;
  });
}

export function addIntegrations({ store }: Context): void {
  store.integrations.set(EMBEDDED.rm.atsIntegrationId, {
    id: EMBEDDED.rm.atsIntegrationId,
    name: 'Primary ATS (id field)',
    candidates: new Map(),
  });
  store.integrations.set(SECOND_INTEGRATION, { id: SECOND_INTEGRATION, name: 'Secondary ATS (Candidate_ID field)', candidates: new Map() });
}

export function addRecruitmentEvents({ store, t }: Context, now: number, shared: Shared): void {
  const specs: [string, number, number, boolean, string][] = [
    ['Nursing career fair', now + 7 * DAY, now + 7 * DAY + 6 * HOUR, false, 'Columbus Convention Center'],
    ['Graduate open day', now + 21 * DAY, now + 21 * DAY + 4 * HOUR, false, 'Leeds campus'],
    ['Virtual careers week', now - 2 * DAY, now + 5 * DAY, false, 'Online'],
    ['Warehouse hiring day', now - 30 * DAY, now - 30 * DAY + 8 * HOUR, false, 'Denver fulfilment centre'],
    ['Engineering meetup', now - 60 * DAY, now - 60 * DAY + 3 * HOUR, false, 'Austin office'],
    ['Spring hiring event 2023', Date.UTC(2023, 3, 12, 9), Date.UTC(2023, 3, 12, 17), true, 'Sydney office'],
    ['Cancelled roadshow', now + 40 * DAY, now + 41 * DAY, true, 'Rotterdam'],
  ];
  specs.forEach(([name, starts, ends, archived, venue], i) => {
    const id = store.ids.next('recruitment-event');
    const created = t(Math.min(starts, now) - 45 * DAY);
    store.recruitmentEvents.set(id, {
      seq: store.nextSeq(),
      id,
      uid: uidFrom(`recruitment-event:${i}`),
      name,
      starts: t(starts),
      ends: t(ends),
      archived,
      venue,
      created,
      updated: created + DAY,
      callToActions: [shared.callToActions[1] ?? 'cta-2', shared.callToActions[i % 2 === 0 ? 0 : 2] ?? 'cta-1'],
    });
  });
}
